import { badRequest, notFound, type Obj, type PosHandler, type PosState, page } from '../state.ts';

/** Orders per search page when the request gives no `limit`: small, so tests see several pages (Pos's own default is 500). */
export const FAKE_ORDERS_PAGE = 5;
/** Pos refuses a search over more locations than this. */
const MAX_LOCATIONS = 10;

type PosMoney = { amount: number; currency: string };

const moneyOf = (amount: number, currency: string): PosMoney => ({ amount, currency });

/** A catalog variation's price at the order's location (its override there, else its own), when the line names one the catalog has. */
function catalogLine(state: PosState, id: unknown, locationId: string): { price: PosMoney | null; name: string | null; variationName: string | null } | null {
  const variation = typeof id === 'string' ? state.table('catalog').get(id) : undefined;
  if (variation?.['type'] !== 'ITEM_VARIATION') return null;
  const data = (variation['item_variation_data'] ?? {}) as Obj;
  const item = state.table('catalog').get(String(data['item_id'] ?? ''));
  const itemName = ((item?.['item_data'] ?? {}) as Obj)['name'];
  const override = ((data['location_overrides'] as Obj[] | undefined) ?? []).find((o) => o['location_id'] === locationId);
  return {
    price: ((override?.['price_money'] ?? data['price_money']) as PosMoney | undefined) ?? null,
    name: typeof itemName === 'string' ? itemName : null,
    variationName: typeof data['name'] === 'string' ? data['name'] : null,
  };
}

/**
 * An order priced as Pos prices it: catalog lines at the catalog's price (a
 * line's own `base_price_money` only where the catalog has no such object),
 * ad-hoc lines at theirs. No taxes or discounts: the client sends none.
 */
function priced(state: PosState, order: Obj): Obj {
  const location = state.table('locations').get(String(order['location_id']));
  if (!location) throw notFound('Location', 'order.location_id');
  const currency = String(location['currency'] ?? 'USD');
  let total = 0;
  const lines = ((order['line_items'] as Obj[] | undefined) ?? []).map((line, i) => {
    const fromCatalog = catalogLine(state, line['catalog_object_id'], String(order['location_id']));
    const base = fromCatalog?.price ?? (line['base_price_money'] as PosMoney | undefined);
    if (!base) throw badRequest('MISSING_REQUIRED_PARAMETER', `line ${i} needs a catalog variation or a base_price_money`, `order.line_items[${i}]`);
    if (base.currency !== currency) throw badRequest('CURRENCY_MISMATCH', `line ${i} is in ${base.currency}, the location in ${currency}`);
    const amount = Math.round(base.amount * Number(line['quantity']));
    total += amount;
    return {
      uid: state.id(),
      ...line,
      ...(fromCatalog?.name && line['name'] === undefined ? { name: fromCatalog.name } : {}),
      ...(fromCatalog?.variationName ? { variation_name: fromCatalog.variationName } : {}),
      base_price_money: base,
      variation_total_price_money: moneyOf(amount, currency),
      gross_sales_money: moneyOf(amount, currency),
      total_tax_money: moneyOf(0, currency),
      total_discount_money: moneyOf(0, currency),
      total_money: moneyOf(amount, currency),
    };
  });
  return {
    ...order,
    line_items: lines,
    total_money: moneyOf(total, currency),
    total_tax_money: moneyOf(0, currency),
    total_discount_money: moneyOf(0, currency),
    total_tip_money: moneyOf(0, currency),
    total_service_charge_money: moneyOf(0, currency),
    net_amount_due_money: moneyOf(total, currency),
  };
}

export function foundOrder(state: PosState, id: unknown): Obj {
  const order = state.table('orders').get(String(id ?? ''));
  if (!order) throw notFound('Order', 'order_id');
  return order;
}

const inRange = (value: unknown, range: Obj | undefined): boolean => {
  if (!range) return true;
  if (typeof value !== 'string') return false;
  const at = Date.parse(value);
  return (range['start_at'] == null || at >= Date.parse(String(range['start_at']))) && (range['end_at'] == null || at < Date.parse(String(range['end_at'])));
};

/** The fake's orders operations, keyed by OpenAPI operation id. */
export const ordersHandlers: Record<string, PosHandler> = {
  CreateOrder: ({ state, body }) => {
    const now = state.isoNow();
    const order = { ...priced(state, body['order'] as Obj), id: state.id(), state: 'OPEN', version: 1, created_at: now, updated_at: now };
    state.table('orders').set(order.id, order);
    return { body: { order } };
  },
  CalculateOrder: ({ state, body }) => ({ body: { order: priced(state, body['order'] as Obj) } }),
  RetrieveOrder: ({ state, params }) => ({ body: { order: foundOrder(state, params['order_id']) } }),
  SearchOrders: ({ state, body }) => {
    const locationIds = (body['location_ids'] as string[] | undefined) ?? [];
    if (locationIds.length === 0) throw badRequest('MISSING_REQUIRED_PARAMETER', 'location_ids is required', 'location_ids');
    if (locationIds.length > MAX_LOCATIONS) throw badRequest('VALUE_TOO_HIGH', `at most ${MAX_LOCATIONS} location_ids`, 'location_ids');
    const query = (body['query'] ?? {}) as Obj;
    const filter = (query['filter'] ?? {}) as Obj;
    const sort = (query['sort'] ?? {}) as Obj;
    const dates = (filter['date_time_filter'] ?? {}) as Obj;
    const sortField = String(sort['sort_field'] ?? 'CREATED_AT');
    const dateFields = Object.keys(dates).filter((k) => dates[k] != null);
    if (dateFields.some((field) => field.toUpperCase() !== sortField)) {
      throw badRequest('INVALID_VALUE', 'sort_field must match the date_time_filter field', 'query.sort.sort_field');
    }
    for (const key of Object.keys(filter)) {
      if (!['state_filter', 'date_time_filter', 'customer_filter'].includes(key)) throw badRequest('BAD_REQUEST', `the fake does not filter by ${key}`);
    }
    const states = ((filter['state_filter'] ?? {}) as Obj)['states'] as string[] | undefined;
    const customers = ((filter['customer_filter'] ?? {}) as Obj)['customer_ids'] as string[] | undefined;
    const key = sortField.toLowerCase();
    const matches = [...state.table('orders').values()].filter(
      (o) =>
        locationIds.includes(String(o['location_id'])) &&
        (!states || states.includes(String(o['state']))) &&
        (!customers || customers.includes(String(o['customer_id']))) &&
        dateFields.every((field) => inRange(o[field], dates[field] as Obj)),
    );
    // Newest first by default; ties keep creation order reversed, as a DESC sort on a sequence would.
    const asc = sort['sort_order'] === 'ASC';
    const sorted = matches
      .map((o, i) => ({ o, i }))
      .sort((a, b) => {
        const d = String(a.o[key] ?? '').localeCompare(String(b.o[key] ?? '')) || a.i - b.i;
        return asc ? d : -d;
      })
      .map(({ o }) => o);
    const got = page(sorted, body['cursor'] as string | undefined, (body['limit'] as number | undefined) ?? FAKE_ORDERS_PAGE);
    return { body: { orders: got.items, ...(got.cursor ? { cursor: got.cursor } : {}) } };
  },
};
