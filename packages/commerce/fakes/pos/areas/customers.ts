import { badRequest, notFound, type Obj, type PosHandler, type PosState, page, versionMismatch } from '../state.ts';

const IDENTIFYING = ['given_name', 'family_name', 'company_name', 'email_address', 'phone_number'];

export function foundCustomer(state: PosState, id: unknown): Obj {
  const customer = state.table('customers').get(String(id ?? ''));
  if (!customer) throw notFound('Customer', 'customer_id');
  return customer;
}

/** A profile as Pos answers it, from a create's fields (also used to seed tests). */
export function newCustomer(state: PosState, fields: Obj): Obj {
  const now = state.isoNow();
  const { idempotency_key: _key, ...rest } = fields;
  return { id: state.id(), created_at: now, updated_at: now, ...rest, preferences: { email_unsubscribed: false }, creation_source: 'THIRD_PARTY', version: 0 };
}

/** The fake's customers operations, keyed by OpenAPI operation id. */
export const customersHandlers: Record<string, PosHandler> = {
  SearchCustomers: ({ state, body }) => {
    const query = (body['query'] ?? {}) as Obj;
    const filter = (query['filter'] ?? {}) as Obj;
    for (const key of Object.keys(filter)) if (key !== 'email_address') throw badRequest('BAD_REQUEST', `the fake does not filter by ${key}`);
    const email = (filter['email_address'] ?? {}) as Obj;
    if (email['fuzzy'] != null) throw badRequest('BAD_REQUEST', 'the fake does not do fuzzy email search');
    let found = [...state.table('customers').values()].filter((c) => email['exact'] == null || c['email_address'] === email['exact']);
    const sort = (query['sort'] ?? {}) as Obj;
    if (sort['field'] === 'CREATED_AT') {
      // Insertion order is creation order.
      if (sort['order'] === 'DESC') found = found.reverse();
    } else {
      const name = (c: Obj) => `${c['given_name'] ?? ''} ${c['family_name'] ?? ''}`;
      found = found.sort((a, b) => name(a).localeCompare(name(b)));
    }
    const got = page(found, body['cursor'] as string | undefined, (body['limit'] as number | undefined) ?? 100);
    return { body: { customers: got.items, ...(got.cursor ? { cursor: got.cursor } : {}) } };
  },
  RetrieveCustomer: ({ state, params }) => ({ body: { customer: foundCustomer(state, params['customer_id']) } }),
  CreateCustomer: ({ state, body }) => {
    if (!IDENTIFYING.some((key) => typeof body[key] === 'string' && body[key] !== '')) {
      throw badRequest('MISSING_REQUIRED_PARAMETER', 'At least one of given_name, family_name, company_name, email_address or phone_number is required');
    }
    const customer = newCustomer(state, body);
    state.table('customers').set(String(customer['id']), customer);
    return { body: { customer } };
  },
  UpdateCustomer: ({ state, params, body }) => {
    const customer = foundCustomer(state, params['customer_id']);
    if (body['version'] !== undefined && body['version'] !== customer['version']) throw versionMismatch('Customer');
    for (const [key, value] of Object.entries(body)) {
      if (key === 'version') continue;
      // Null clears: Pos drops the field from the profile.
      if (value === null) delete customer[key];
      else customer[key] = value;
    }
    customer['version'] = Number(customer['version']) + 1;
    customer['updated_at'] = state.isoNow();
    return { body: { customer } };
  },
};
