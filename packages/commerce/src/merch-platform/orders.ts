import * as v from 'valibot';
import { UpstreamError } from '../../../../src/security/upstream.ts';
import type { Money } from '../money.ts';
import { parseInput, text } from './input.ts';
import { invalidResponse, list, money, obj, optStr, pageInfo, str } from './read.ts';
import { type MerchPlatformConfig, merchRequest, pathId } from './request.ts';

/**
 * External orders: orders paid on another marketplace that the Merch provider
 * makes and ships, charging the shop its costs. Creating one is chargeable,
 * so `createExternalOrder` is one request, never retried; reconcile with
 * `findExternalOrder` after an uncertain outcome.
 */

/** Known statuses; the provider may send others. */
export type MerchOrderStatus = 'CONFIRMED' | 'IN_PRODUCTION' | 'PACKAGED' | 'SHIPPED' | 'DELIVERED' | 'CANCELLED' | (string & {});

export interface MerchExternalOrder {
  orderId: string;
  friendlyId: string | null;
  externalSource: string | null;
  /** The caller's own order id (`externalOrderId` on the wire). */
  externalId: string | null;
  status: MerchOrderStatus;
  createdAt: string | null;
  updatedAt: string | null;
}

const Id = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,128}$/));
const Items = v.pipe(
  v.array(v.strictObject({ offerId: Id, variantId: Id, quantity: v.pipe(v.number(), v.safeInteger(), v.minValue(1), v.maxValue(10_000)) })),
  v.minLength(1),
  v.maxLength(100),
);
const ShippingAddress = v.strictObject({
  firstName: text(),
  lastName: text(),
  address1: text(),
  address2: v.optional(text()),
  city: text(),
  state: v.optional(text()),
  zip: text(32),
  country: v.pipe(v.string(), v.regex(/^[A-Z]{2}$/)),
  phone: v.optional(text(64)),
});
const OrderInput = v.strictObject({ items: Items, shippingAddress: ShippingAddress });
const CreateInput = v.strictObject({ externalSource: text(100), externalId: text(200), items: Items, shippingAddress: ShippingAddress });

export type MerchOrderInput = v.InferInput<typeof OrderInput>;
export type MerchShippingAddress = v.InferInput<typeof ShippingAddress>;
export type MerchCreateOrderInput = v.InferInput<typeof CreateInput>;

/** What the shop would be charged, in minor units. */
export interface MerchOrderCosts {
  manufacturingCost: Money;
  fulfillmentFee: Money;
  shippingCost: Money;
  totalCreatorCost: Money;
}

export interface MerchOrderValidation {
  valid: boolean;
  errors: { code: string; field: string | null; message: string }[];
  costs: MerchOrderCosts | null;
  estimatedDelivery: { minDate: string; maxDate: string } | null;
}

export function externalOrder(value: unknown, operation: string): MerchExternalOrder {
  const o = obj(value, 'an external order', operation);
  return {
    orderId: pathId(str(o, 'orderId', operation), 'order'),
    friendlyId: optStr(o, 'friendlyId'),
    externalSource: optStr(o, 'externalSource'),
    externalId: optStr(o, 'externalOrderId'),
    status: str(o, 'status', operation),
    createdAt: optStr(o, 'createdAt'),
    updatedAt: optStr(o, 'updatedAt'),
  };
}

/**
 * Prices an order without creating it: the only source of the at-cost
 * breakdown before money is committed. An order the provider would refuse
 * comes back `valid: false` with its `errors`, not as a thrown error.
 */
export async function validateExternalOrder(config: MerchPlatformConfig, input: MerchOrderInput): Promise<MerchOrderValidation> {
  const body = parseInput(OrderInput, input, 'validateExternalOrder input');
  const operation = 'POST /external-orders/validate';
  const o = obj(await merchRequest(config, 'POST', '/external-orders/validate', { body }), 'a validation', operation);
  if (typeof o['valid'] !== 'boolean') throw invalidResponse(operation, 'valid');
  const errors = list(o['errors'] ?? [], 'errors', operation).map((e) => {
    const item = obj(e, 'an error', operation);
    return { code: str(item, 'code', operation), field: optStr(item, 'field'), message: optStr(item, 'message') ?? '' };
  });
  // Costs sit under `estimatedCosts` on the wire.
  const rawCosts = o['estimatedCosts'];
  let costs: MerchOrderCosts | null = null;
  if (rawCosts !== undefined && rawCosts !== null) {
    const c = obj(rawCosts, 'estimatedCosts', operation);
    costs = {
      manufacturingCost: money(c['manufacturingCost'], 'manufacturingCost', operation),
      fulfillmentFee: money(c['fulfillmentFee'], 'fulfillmentFee', operation),
      shippingCost: money(c['shippingCost'], 'shippingCost', operation),
      totalCreatorCost: money(c['totalCreatorCost'], 'totalCreatorCost', operation),
    };
  }
  const delivery = o['estimatedDelivery'];
  let estimatedDelivery: MerchOrderValidation['estimatedDelivery'] = null;
  if (delivery !== undefined && delivery !== null) {
    const d = obj(delivery, 'estimatedDelivery', operation);
    estimatedDelivery = { minDate: str(d, 'minDate', operation), maxDate: str(d, 'maxDate', operation) };
  }
  return { valid: o['valid'], errors, costs, estimatedDelivery };
}

/**
 * Creates a chargeable order: exactly one request, never retried, even with
 * `config.retry` set, because a lost answer does not mean a lost order. For
 * at-most-once delivery pass your own `externalId`; on an uncertain outcome
 * (status 0, 5xx) call `findExternalOrder` with it before trying again.
 * @example
 * try { return await createExternalOrder(config, input) }
 * catch (error) {
 *   if (!(error instanceof UpstreamError) || !error.retryable) throw error;
 *   const existing = await findExternalOrder(config, input);   // did it land?
 *   if (existing) return existing;
 *   throw error;                                               // not created: safe to try later
 * }
 */
export async function createExternalOrder(config: MerchPlatformConfig, input: MerchCreateOrderInput): Promise<MerchExternalOrder> {
  const { externalSource, externalId, items, shippingAddress } = parseInput(CreateInput, input, 'createExternalOrder input');
  // Body field names past items and address are not in the provider notes; externalOrderId mirrors the list filter (assumed).
  const body = { externalSource, externalOrderId: externalId, items, shippingAddress };
  return externalOrder(await merchRequest(config, 'POST', '/external-orders', { body, retry: false }), 'POST /external-orders');
}

export interface MerchOrderListOptions {
  status?: MerchOrderStatus | readonly MerchOrderStatus[] | undefined;
  externalSource?: string | undefined;
  externalId?: string | undefined;
  /** 0-based, default 0. */
  page?: number | undefined;
  /** Default 20, at most 100. */
  size?: number | undefined;
}

export interface MerchOrderPage {
  results: MerchExternalOrder[];
  page: number;
  totalPages: number | null;
  total: number | null;
}

/** One page of external orders, optionally filtered by status (one or several) and by the caller's ids. */
export async function listExternalOrders(config: MerchPlatformConfig, options: MerchOrderListOptions = {}): Promise<MerchOrderPage> {
  const page = options.page ?? 0;
  const size = options.size ?? 20;
  if (!Number.isSafeInteger(page) || page < 0) throw new RangeError(`Merch list page must be a non-negative integer, got ${String(page)}`);
  if (!Number.isSafeInteger(size) || size < 1 || size > 100) throw new RangeError(`Merch list size must be an integer from 1 to 100, got ${String(size)}`);
  const status = options.status === undefined ? undefined : typeof options.status === 'string' ? [options.status] : options.status;
  const query = { status, externalSource: options.externalSource, externalOrderId: options.externalId, page, size };
  const operation = 'GET /external-orders';
  const o = obj(await merchRequest(config, 'GET', '/external-orders', { query }), 'a page', operation);
  return { results: list(o['results'], 'results', operation).map((r) => externalOrder(r, operation)), ...pageInfo(o, page, operation) };
}

const FIND_MAX_PAGES = 20;

/**
 * The reconcile helper: the order created with this `externalSource` and
 * `externalId`, or null when the provider has none. Filters on the provider
 * and checks every result itself, reading on while pages remain (bounded): a
 * provider that ignored the filter must not make a placed order look missing,
 * because null means "safe to create".
 */
export async function findExternalOrder(config: MerchPlatformConfig, ids: { externalSource: string; externalId: string }): Promise<MerchExternalOrder | null> {
  const { externalSource, externalId } = parseInput(v.object({ externalSource: text(100), externalId: text(200) }), ids, 'findExternalOrder input');
  for (let page = 0; page < FIND_MAX_PAGES; page++) {
    const found = await listExternalOrders(config, { externalSource, externalId, page, size: 100 });
    const match = found.results.find((o) => o.externalSource === externalSource && o.externalId === externalId);
    if (match) return match;
    const more = found.totalPages === null ? found.results.length === 100 : page + 1 < found.totalPages;
    if (!more) return null;
  }
  throw new UpstreamError({
    provider: 'Merch',
    status: 200,
    code: 'invalid_response',
    detail: `no answer to the externalOrderId filter within ${FIND_MAX_PAGES} pages`,
    operation: 'GET /external-orders',
  });
}

/**
 * One order by the provider's `orderId`, or null when it does not exist (404
 * only: any other failure throws). The by-id path is assumed: the provider
 * notes list `GET /external-orders/{externalSource}/{externalOrderId}` but no
 * read by order id.
 */
export async function getExternalOrder(config: MerchPlatformConfig, orderId: string): Promise<MerchExternalOrder | null> {
  const path = `/external-orders/${pathId(orderId, 'order')}`;
  try {
    return externalOrder(await merchRequest(config, 'GET', path), `GET ${path}`);
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) return null;
    throw error;
  }
}

/** Statuses past which an order cannot be called back: packed, on its way, or arrived. */
const NOT_CANCELLABLE = new Set(['PACKAGED', 'SHIPPED', 'PARTIALLY_SHIPPED', 'DELIVERED', 'PARTIALLY_DELIVERED', 'COMPLETED']);

/**
 * Local check: false once an order is PACKAGED or SHIPPED (or later). Any
 * other state can be cancelled (a CANCELLED order already is); unknown
 * statuses are left to the provider.
 */
export function isCancellable(order: Pick<MerchExternalOrder, 'status'>): boolean {
  return !NOT_CANCELLABLE.has(order.status);
}

/** Thrown by `cancelExternalOrder` for an order `isCancellable` refuses; nothing was sent to cancel it. */
export class MerchNotCancellableError extends Error {
  readonly orderId: string;
  readonly orderStatus: string;
  constructor(order: Pick<MerchExternalOrder, 'orderId' | 'status'>) {
    super(`Merch order ${order.orderId} is ${order.status} and can no longer be cancelled`);
    this.name = 'MerchNotCancellableError';
    this.orderId = order.orderId;
    this.orderStatus = order.status;
  }
}

/**
 * Cancels an order. Given an id it reads the order first; a PACKAGED or
 * SHIPPED order (see `isCancellable`) is refused here with
 * `MerchNotCancellableError` and the provider is never asked. An unknown id
 * is an `UpstreamError` 404. The cancel path (`POST /external-orders/{orderId}/cancel`)
 * is assumed: the provider notes name the operation but not its path.
 */
export async function cancelExternalOrder(config: MerchPlatformConfig, order: MerchExternalOrder | string): Promise<MerchExternalOrder> {
  let current: MerchExternalOrder;
  if (typeof order === 'string') {
    const found = await getExternalOrder(config, order);
    if (found === null) {
      throw new UpstreamError({
        provider: 'Merch',
        status: 404,
        code: 'not_found',
        detail: 'no such external order',
        operation: 'GET /external-orders/{orderId}',
      });
    }
    current = found;
  } else {
    current = order;
  }
  if (!isCancellable(current)) throw new MerchNotCancellableError(current);
  // Cancelling twice changes nothing: the order is already where the caller wants it.
  if (current.status === 'CANCELLED') return current;
  const path = `/external-orders/${pathId(current.orderId, 'order')}/cancel`;
  return externalOrder(await merchRequest(config, 'POST', path), `POST ${path}`);
}
