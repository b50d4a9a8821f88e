import type { Money } from '../money.ts';
import { collectPages, cursorOf, money, obj, objects, optInt, optStr, type PosObject, str, toPosMoney } from './read.ts';
import { type PosConfig, posInvalidResponse, posPathId, posRequest } from './request.ts';

/** One line of a Pos order, normalized. Amounts are ours (`Money`, minor units). */
export interface PosOrderLine {
  uid: string | null;
  name: string | null;
  /** A decimal string, as Pos keeps it (`"2"`, `"1.5"`). */
  quantity: string;
  /** The catalog variation the line sells, or null for an ad-hoc line. */
  catalogObjectId: string | null;
  variationName: string | null;
  basePrice: Money | null;
  grossSalesMoney: Money | null;
  totalTaxMoney: Money | null;
  totalDiscountMoney: Money | null;
  totalMoney: Money | null;
}

/** What `calculateOrder` answers: an order's prices, with nothing stored. */
export interface PosOrderTotals {
  locationId: string;
  customerId: string | null;
  referenceId: string | null;
  lineItems: PosOrderLine[];
  /** What the buyer pays: what a payment against the order must add up to. */
  totalMoney: Money;
  totalTaxMoney: Money | null;
  totalDiscountMoney: Money | null;
  totalTipMoney: Money | null;
  totalServiceChargeMoney: Money | null;
  /** What is still unpaid; null when Pos leaves it out. */
  netAmountDueMoney: Money | null;
}

/** A stored Pos order, normalized. */
export interface PosOrder extends PosOrderTotals {
  id: string;
  /** `OPEN`, `COMPLETED`, `CANCELED` or `DRAFT`. */
  state: string | null;
  version: number | null;
  createdAt: string | null;
  updatedAt: string | null;
  closedAt: string | null;
}

/** A line to sell: a catalog variation by id (Pos prices it), or an ad-hoc `name` with a `basePrice`. */
export type PosOrderLineInput =
  | { catalogObjectId: string; quantity: number | string; note?: string | undefined }
  | { name: string; basePrice: Money; quantity: number | string; note?: string | undefined };

export interface PosOrderInput {
  locationId: string;
  lineItems: PosOrderLineInput[];
  customerId?: string | undefined;
  /** Your own id for the order (max 40 characters), such as a cart id. */
  referenceId?: string | undefined;
}

export const POS_ORDER_STATES = ['OPEN', 'COMPLETED', 'CANCELED', 'DRAFT'] as const;
export type PosOrderState = (typeof POS_ORDER_STATES)[number];

/** An inclusive start and exclusive end; either may be left open. */
export interface PosTimeRange {
  startAt?: string | Date | undefined;
  endAt?: string | Date | undefined;
}

export interface PosOrderSearch {
  /** Any number of locations: searched 10 at a time (the provider's ceiling per search). */
  locationIds: string[];
  states?: PosOrderState[] | undefined;
  /** At most one of the three ranges: Pos sorts by the field it filters on and takes only one. */
  createdAt?: PosTimeRange | undefined;
  updatedAt?: PosTimeRange | undefined;
  closedAt?: PosTimeRange | undefined;
  /** Orders per page asked of Pos (1 to 1000; Pos's default is 500). Every page is read either way. */
  limit?: number | undefined;
}

/** Pos refuses a search over more locations than this. */
export const POS_SEARCH_LOCATIONS_MAX = 10;

/** A total a caller acts on (what to charge): missing is `invalid_response`, not a null to charge. */
function requiredMoney(raw: PosObject, key: string, operation: string): Money {
  const value = money(raw, key);
  if (value === null) throw posInvalidResponse(operation, key);
  return value;
}

function mapLine(raw: PosObject, operation: string): PosOrderLine {
  return {
    uid: optStr(raw, 'uid'),
    name: optStr(raw, 'name'),
    quantity: str(raw, 'quantity', operation),
    catalogObjectId: optStr(raw, 'catalog_object_id'),
    variationName: optStr(raw, 'variation_name'),
    basePrice: money(raw, 'base_price_money'),
    grossSalesMoney: money(raw, 'gross_sales_money'),
    totalTaxMoney: money(raw, 'total_tax_money'),
    totalDiscountMoney: money(raw, 'total_discount_money'),
    totalMoney: money(raw, 'total_money'),
  };
}

function mapTotals(raw: PosObject, operation: string): PosOrderTotals {
  return {
    locationId: str(raw, 'location_id', operation),
    customerId: optStr(raw, 'customer_id'),
    referenceId: optStr(raw, 'reference_id'),
    lineItems: objects(raw, 'line_items', operation).map((line) => mapLine(line, operation)),
    totalMoney: requiredMoney(raw, 'total_money', operation),
    totalTaxMoney: money(raw, 'total_tax_money'),
    totalDiscountMoney: money(raw, 'total_discount_money'),
    totalTipMoney: money(raw, 'total_tip_money'),
    totalServiceChargeMoney: money(raw, 'total_service_charge_money'),
    netAmountDueMoney: money(raw, 'net_amount_due_money'),
  };
}

export function mapOrder(raw: PosObject, operation: string): PosOrder {
  return {
    id: str(raw, 'id', operation),
    ...mapTotals(raw, operation),
    state: optStr(raw, 'state'),
    version: optInt(raw, 'version'),
    createdAt: optStr(raw, 'created_at'),
    updatedAt: optStr(raw, 'updated_at'),
    closedAt: optStr(raw, 'closed_at'),
  };
}

function nonEmpty(value: unknown, what: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw new TypeError(`Pos ${what} must be a non-empty string`);
  return value;
}

/** Pos quantities are decimal strings with up to 5 decimals; a number must be a positive integer. */
function quantityOf(value: unknown, index: number): string {
  const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
  if (typeof text !== 'string' || !/^\d{1,7}(?:\.\d{1,5})?$/.test(text) || Number(text) <= 0) {
    throw new TypeError(`Pos order line ${index} quantity must be a positive integer or a decimal string such as "1.5", got ${JSON.stringify(value)}`);
  }
  return text;
}

/** The wire `order` of a create or calculate, checked before anything is sent. */
function orderWire(input: PosOrderInput, what: string): PosObject {
  if (typeof input !== 'object' || input === null) throw new TypeError(`Pos ${what} needs { locationId, lineItems }`);
  nonEmpty(input.locationId, `${what} locationId`);
  if (!Array.isArray(input.lineItems) || input.lineItems.length === 0) throw new TypeError(`Pos ${what} needs at least one line item`);
  const line_items = input.lineItems.map((line, i) => {
    const quantity = quantityOf(line?.quantity, i);
    const note = line.note === undefined ? {} : { note: nonEmpty(line.note, `order line ${i} note`) };
    if ('catalogObjectId' in line && line.catalogObjectId !== undefined) {
      if ('basePrice' in line) throw new TypeError(`Pos order line ${i}: a catalog line takes its price from the catalog; leave basePrice out`);
      return { catalog_object_id: nonEmpty(line.catalogObjectId, `order line ${i} catalogObjectId`), quantity, ...note };
    }
    if (!('name' in line) || !('basePrice' in line)) {
      throw new TypeError(`Pos order line ${i} needs a catalogObjectId, or a name and a basePrice for an ad-hoc line`);
    }
    const base_price_money = toPosMoney(line.basePrice, `order line ${i} basePrice`);
    if (base_price_money.amount < 0) throw new TypeError(`Pos order line ${i} basePrice must not be negative`);
    return { name: nonEmpty(line.name, `order line ${i} name`), quantity, base_price_money, ...note };
  });
  if (input.referenceId !== undefined && nonEmpty(input.referenceId, `${what} referenceId`).length > 40) {
    throw new TypeError(`Pos ${what} referenceId must be at most 40 characters`);
  }
  return {
    location_id: input.locationId,
    ...(input.customerId === undefined ? {} : { customer_id: nonEmpty(input.customerId, `${what} customerId`) }),
    ...(input.referenceId === undefined ? {} : { reference_id: input.referenceId }),
    line_items,
  };
}

/**
 * A new open order. Pos prices catalog lines from the catalog (the price at
 * that location), so a tampered cart cannot set its own price there. The
 * idempotency key (max 192) defaults to one derived from the order, so a
 * retry or a double submit makes one order, not two.
 */
export async function createOrder(config: PosConfig, input: PosOrderInput & { idempotencyKey?: string | undefined }): Promise<PosOrder> {
  const order = orderWire(input, 'createOrder');
  const answer = await posRequest(config, 'POST', '/v2/orders', { body: { order }, idempotency: { key: input.idempotencyKey, maxLength: 192 } });
  return mapOrder(obj(answer, 'order', 'POST /v2/orders'), 'POST /v2/orders');
}

/** What the order would cost (catalog prices, taxes, discounts), without storing it. */
export async function calculateOrder(config: PosConfig, input: PosOrderInput): Promise<PosOrderTotals> {
  const op = 'POST /v2/orders/calculate';
  const answer = await posRequest(config, 'POST', '/v2/orders/calculate', { body: { order: orderWire(input, 'calculateOrder') } });
  return mapTotals(obj(answer, 'order', op), op);
}

/** One order; a 404 is thrown like any failure (`err.status === 404`). */
export async function retrieveOrder(config: PosConfig, orderId: string): Promise<PosOrder> {
  const path = `/v2/orders/${posPathId(orderId, 'order')}`;
  return mapOrder(obj(await posRequest(config, 'GET', path), 'order', `GET ${path}`), `GET ${path}`);
}

function timeOf(value: unknown, what: string): string {
  if (value instanceof Date && !Number.isNaN(value.getTime())) return value.toISOString();
  if (typeof value === 'string' && !Number.isNaN(Date.parse(value))) return value;
  throw new TypeError(`Pos ${what} must be a Date or an RFC 3339 timestamp, got ${JSON.stringify(value)}`);
}

function rangeOf(range: PosTimeRange, what: string): PosObject {
  if (typeof range !== 'object' || range === null) throw new TypeError(`Pos ${what} must be { startAt?, endAt? }`);
  const out: PosObject = {};
  if (range.startAt !== undefined) out['start_at'] = timeOf(range.startAt, `${what}.startAt`);
  if (range.endAt !== undefined) out['end_at'] = timeOf(range.endAt, `${what}.endAt`);
  if (Object.keys(out).length === 0) throw new TypeError(`Pos ${what} needs a startAt, an endAt or both`);
  return out;
}

/** The search's `query`, shared by every chunk and page (Pos wants the original query with a cursor). */
function queryOf(search: PosOrderSearch & { customerIds?: string[] | undefined }): PosObject | undefined {
  const filter: PosObject = {};
  if (search.states !== undefined) {
    if (!Array.isArray(search.states) || search.states.length === 0 || search.states.some((s) => !POS_ORDER_STATES.includes(s))) {
      throw new TypeError(`Pos searchOrders states must be a non-empty list of ${POS_ORDER_STATES.join(', ')}`);
    }
    filter['state_filter'] = { states: search.states };
  }
  const ranges = (['createdAt', 'updatedAt', 'closedAt'] as const).filter((key) => search[key] !== undefined);
  if (ranges.length > 1)
    throw new TypeError('Pos searchOrders takes one of createdAt, updatedAt or closedAt, not several (Pos filters and sorts on one field)');
  const field = ranges[0];
  let sort: PosObject | undefined;
  if (field !== undefined) {
    const wireField = field.replace(/At$/, '_at');
    filter['date_time_filter'] = { [wireField]: rangeOf(search[field] as PosTimeRange, `searchOrders ${field}`) };
    sort = { sort_field: wireField.toUpperCase() };
  }
  if (search.customerIds !== undefined) filter['customer_filter'] = { customer_ids: search.customerIds };
  if (Object.keys(filter).length === 0 && sort === undefined) return undefined;
  return { filter, ...(sort ? { sort } : {}) };
}

/** The location ids in the order asked, each once, checked. */
function locationIdsOf(value: unknown, what: string): string[] {
  if (!Array.isArray(value) || value.length === 0) throw new TypeError(`Pos ${what} needs locationIds: a non-empty list of location ids`);
  return [...new Set(value.map((id) => nonEmpty(id, `${what} location id`)))];
}

async function search(config: PosConfig, input: PosOrderSearch & { customerIds?: string[] | undefined }, what: string): Promise<PosOrder[]> {
  if (typeof input !== 'object' || input === null) throw new TypeError(`Pos ${what} needs { locationIds }`);
  const locationIds = locationIdsOf(input.locationIds, what);
  const query = queryOf(input);
  if (input.limit !== undefined && (!Number.isSafeInteger(input.limit) || input.limit < 1 || input.limit > 1000)) {
    throw new TypeError(`Pos ${what} limit must be an integer from 1 to 1000`);
  }
  const op = 'POST /v2/orders/search';
  const chunks: string[][] = [];
  for (let i = 0; i < locationIds.length; i += POS_SEARCH_LOCATIONS_MAX) chunks.push(locationIds.slice(i, i + POS_SEARCH_LOCATIONS_MAX));
  const seen = new Set<string>();
  const orders: PosOrder[] = [];
  // One chunk after the other, so the result keeps the requested location order.
  for (const location_ids of chunks) {
    const found = await collectPages(op, async (cursor) => {
      const body = { location_ids, ...(query ? { query } : {}), ...(input.limit ? { limit: input.limit } : {}), ...(cursor ? { cursor } : {}) };
      const page = await posRequest(config, 'POST', '/v2/orders/search', { body });
      return { items: objects(page, 'orders', op).map((raw) => mapOrder(raw, op)), cursor: cursorOf(page) };
    });
    for (const order of found) {
      if (seen.has(order.id)) continue;
      seen.add(order.id);
      orders.push(order);
    }
  }
  return orders;
}

/**
 * Orders at any number of locations, filtered by state and one date range.
 * Pos searches at most 10 locations at a time, so the ids are searched in
 * chunks of 10, each followed to its last page. The result is in the order
 * the locations were asked for (chunk by chunk; Pos's order within a chunk,
 * newest first by default), each order once.
 */
export async function searchOrders(config: PosConfig, input: PosOrderSearch): Promise<PosOrder[]> {
  return search(config, input, 'searchOrders');
}

/** A customer's orders at the given locations (Pos always searches by location), with the same options as `searchOrders`. */
export async function searchOrdersByCustomer(config: PosConfig, input: PosOrderSearch & { customerId: string }): Promise<PosOrder[]> {
  const customerId = nonEmpty(input?.customerId, 'searchOrdersByCustomer customerId');
  return search(config, { ...input, customerIds: [customerId] }, 'searchOrdersByCustomer');
}
