import { mapAddress, type PosAddress } from './locations.ts';
import { collectPages, cursorOf, obj, objects, optInt, optObj, optStr, type PosObject, str } from './read.ts';
import { type PosConfig, posPathId, posRequest } from './request.ts';
import { wireObject } from './wire.ts';

/** A Pos customer profile, normalized. */
export interface PosCustomer {
  id: string;
  email: string | null;
  givenName: string | null;
  familyName: string | null;
  companyName: string | null;
  nickname: string | null;
  phoneNumber: string | null;
  /** Your own id for the customer (a user id). */
  referenceId: string | null;
  note: string | null;
  /** `YYYY-MM-DD` (`0000-MM-DD` without a year). */
  birthday: string | null;
  address: PosAddress | null;
  /** For `updateCustomer(..., { version })`: a write over a newer profile is refused. */
  version: number | null;
  createdAt: string | null;
  updatedAt: string | null;
}

/** The writable fields of a profile. */
export interface PosCustomerFields {
  email?: string | undefined;
  givenName?: string | undefined;
  familyName?: string | undefined;
  companyName?: string | undefined;
  nickname?: string | undefined;
  /** 9 to 16 digits, optionally with a leading `+` and country code. */
  phoneNumber?: string | undefined;
  referenceId?: string | undefined;
  note?: string | undefined;
  /** `YYYY-MM-DD` or `MM-DD`. */
  birthday?: string | undefined;
  address?: PosAddress | undefined;
}

/** A sparse update: a field passed is set, `null` clears it, one left out stays. */
export type PosCustomerUpdate = { [K in keyof PosCustomerFields]?: PosCustomerFields[K] | null } & {
  /** The version read; with it Pos refuses the write if the profile changed since (409 VERSION_MISMATCH). */
  version?: number | undefined;
};

const WIRE: Record<keyof PosCustomerFields, string> = {
  email: 'email_address',
  givenName: 'given_name',
  familyName: 'family_name',
  companyName: 'company_name',
  nickname: 'nickname',
  phoneNumber: 'phone_number',
  referenceId: 'reference_id',
  note: 'note',
  birthday: 'birthday',
  address: 'address',
};

export function mapCustomer(raw: PosObject, operation: string): PosCustomer {
  return {
    id: str(raw, 'id', operation),
    email: optStr(raw, 'email_address'),
    givenName: optStr(raw, 'given_name'),
    familyName: optStr(raw, 'family_name'),
    companyName: optStr(raw, 'company_name'),
    nickname: optStr(raw, 'nickname'),
    phoneNumber: optStr(raw, 'phone_number'),
    referenceId: optStr(raw, 'reference_id'),
    note: optStr(raw, 'note'),
    birthday: optStr(raw, 'birthday'),
    address: mapAddress(optObj(raw, 'address')),
    version: optInt(raw, 'version'),
    createdAt: optStr(raw, 'created_at'),
    updatedAt: optStr(raw, 'updated_at'),
  };
}

/** The wire fields of `fields`; `null` is kept only where `clearable` (an update). Unknown keys are refused, not dropped. */
function fieldsWire(fields: object, what: string, clearable: boolean): PosObject {
  if (typeof fields !== 'object' || fields === null) throw new TypeError(`Pos ${what} needs an object of fields`);
  const out: PosObject = {};
  for (const [key, value] of Object.entries(fields)) {
    if (key === 'version' || key === 'idempotencyKey' || value === undefined) continue;
    const wire = WIRE[key as keyof PosCustomerFields];
    if (wire === undefined || !Object.hasOwn(WIRE, key)) throw new TypeError(`Pos ${what}: ${JSON.stringify(key)} is not a customer field`);
    if (value === null && clearable) out[wire] = null;
    else if (key === 'address' && typeof value === 'object' && value !== null) out[wire] = wireObject(value);
    else if (typeof value === 'string' && value !== '') out[wire] = value;
    else throw new TypeError(`Pos ${what} ${key} must be a non-empty string${clearable ? ', or null to clear it' : ''}`);
  }
  return out;
}

function customerOf(answer: PosObject, operation: string): PosCustomer {
  return mapCustomer(obj(answer, 'customer', operation), operation);
}

function emailOf(email: unknown, what: string): string {
  if (typeof email !== 'string' || !/^[^\s@]+@[^\s@]+$/.test(email.trim()))
    throw new TypeError(`Pos ${what} needs an email address, got ${JSON.stringify(email)}`);
  return email.trim();
}

/**
 * The profiles whose email is exactly `email`, oldest first (Pos does not
 * keep emails unique: a profile made at the till can share one).
 */
export async function searchCustomersByEmail(config: PosConfig, email: string): Promise<PosCustomer[]> {
  const exact = emailOf(email, 'searchCustomersByEmail');
  const op = 'POST /v2/customers/search';
  const query = { filter: { email_address: { exact } }, sort: { field: 'CREATED_AT', order: 'ASC' } };
  return collectPages(op, async (cursor) => {
    const page = await posRequest(config, 'POST', '/v2/customers/search', { body: { query, limit: 100, ...(cursor ? { cursor } : {}) } });
    return { items: objects(page, 'customers', op).map((raw) => mapCustomer(raw, op)), cursor: cursorOf(page) };
  });
}

/** One profile; a 404 is thrown like any failure (`err.status === 404`). */
export async function retrieveCustomer(config: PosConfig, customerId: string): Promise<PosCustomer> {
  const path = `/v2/customers/${posPathId(customerId, 'customer')}`;
  return customerOf(await posRequest(config, 'GET', path), `GET ${path}`);
}

/**
 * A new profile. Pos needs at least one of the names, the email or the phone
 * number. The idempotency key defaults to one derived from the fields, so a
 * retry or a double submit makes one profile.
 */
export async function createCustomer(config: PosConfig, fields: PosCustomerFields & { idempotencyKey?: string | undefined }): Promise<PosCustomer> {
  const body = fieldsWire(fields, 'createCustomer', false);
  if (!['given_name', 'family_name', 'company_name', 'email_address', 'phone_number'].some((key) => key in body)) {
    throw new TypeError('Pos createCustomer needs at least one of givenName, familyName, companyName, email or phoneNumber');
  }
  if (typeof body['email_address'] === 'string') body['email_address'] = emailOf(body['email_address'], 'createCustomer');
  const answer = await posRequest(config, 'POST', '/v2/customers', { body, idempotency: { key: fields.idempotencyKey, maxLength: 128 } });
  return customerOf(answer, 'POST /v2/customers');
}

/**
 * The profile with this email, else a new one. Names and phone apply only
 * when it is created: an existing profile is never changed (the buyer, or the
 * seller at the till, may have corrected it since). With several profiles on
 * the email, the oldest.
 */
export async function ensureCustomer(
  config: PosConfig,
  input: {
    email: string;
    givenName?: string | undefined;
    familyName?: string | undefined;
    phoneNumber?: string | undefined;
    idempotencyKey?: string | undefined;
  },
): Promise<PosCustomer> {
  const email = emailOf(input?.email, 'ensureCustomer');
  const { givenName, familyName, phoneNumber, idempotencyKey } = input;
  const create = { email, givenName, familyName, phoneNumber, idempotencyKey };
  fieldsWire(create, 'ensureCustomer', false); // refuses a bad name or phone before the search, not after it
  const [existing] = await searchCustomersByEmail(config, email);
  return existing ?? createCustomer(config, create);
}

/**
 * A sparse update: only the fields passed are sent; `null` clears one (Pos
 * removes it). Pass the `version` you read to refuse a write over a newer
 * profile.
 */
export async function updateCustomer(config: PosConfig, customerId: string, fields: PosCustomerUpdate): Promise<PosCustomer> {
  const path = `/v2/customers/${posPathId(customerId, 'customer')}`;
  const body = fieldsWire(fields, 'updateCustomer', true);
  if (Object.keys(body).length === 0) throw new TypeError('Pos updateCustomer needs at least one field to change');
  if (typeof body['email_address'] === 'string') body['email_address'] = emailOf(body['email_address'], 'updateCustomer');
  if (fields.version !== undefined) {
    if (!Number.isSafeInteger(fields.version) || fields.version < 0) throw new TypeError('Pos updateCustomer version must be the integer version read');
    body['version'] = fields.version;
  }
  return customerOf(await posRequest(config, 'PUT', path, { body }), `PUT ${path}`);
}
