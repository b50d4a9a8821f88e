import type { Money } from '../money.ts';
import { collectPages, cursorOf, money, obj, objects, optInt, optStr, type PosObject, str, strings, toPosMoney } from './read.ts';
import { type PosConfig, posRequest } from './request.ts';

/** A customer's subscription to a plan, normalized. */
export interface PosSubscription {
  id: string;
  locationId: string | null;
  customerId: string | null;
  planVariationId: string | null;
  /** `PENDING`, `ACTIVE`, `CANCELED`, `DEACTIVATED` or `PAUSED`. */
  status: string | null;
  /** `YYYY-MM-DD`. */
  startDate: string | null;
  canceledDate: string | null;
  /** Billed up to (not including) this date. */
  chargedThroughDate: string | null;
  cardId: string | null;
  timezone: string | null;
  /** Replaces the plan's price for this subscription, when set. */
  priceOverride: Money | null;
  invoiceIds: string[];
  version: number | null;
  createdAt: string | null;
}

/** What `createSubscription` takes. */
export interface PosSubscriptionInput {
  locationId: string;
  customerId: string;
  /** The plan variation (a catalog `SUBSCRIPTION_PLAN_VARIATION`) the customer subscribes to. */
  planVariationId: string;
  /** The card on file billed each period; without one Pos emails an invoice instead. */
  cardId?: string | undefined;
  /** `YYYY-MM-DD`, default today in the location's time zone. */
  startDate?: string | undefined;
  timezone?: string | undefined;
  priceOverride?: Money | undefined;
  idempotencyKey?: string | undefined;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function mapSubscription(raw: PosObject, operation: string): PosSubscription {
  return {
    id: str(raw, 'id', operation),
    locationId: optStr(raw, 'location_id'),
    customerId: optStr(raw, 'customer_id'),
    planVariationId: optStr(raw, 'plan_variation_id'),
    status: optStr(raw, 'status'),
    startDate: optStr(raw, 'start_date'),
    canceledDate: optStr(raw, 'canceled_date'),
    chargedThroughDate: optStr(raw, 'charged_through_date'),
    cardId: optStr(raw, 'card_id'),
    timezone: optStr(raw, 'timezone'),
    priceOverride: money(raw, 'price_override_money'),
    invoiceIds: strings(raw, 'invoice_ids'),
    version: optInt(raw, 'version'),
    createdAt: optStr(raw, 'created_at'),
  };
}

function requireId(value: unknown, what: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw new TypeError(`Pos ${what} must be a non-empty id string`);
  return value;
}

/** Every subscription of one customer, in every status, following the cursor to the last page. */
export async function searchSubscriptionsByCustomer(config: PosConfig, customerId: string): Promise<PosSubscription[]> {
  const op = 'POST /v2/subscriptions/search';
  const filter = { customer_ids: [requireId(customerId, 'searchSubscriptionsByCustomer customerId')] };
  return collectPages(op, async (cursor) => {
    const answer = await posRequest(config, 'POST', '/v2/subscriptions/search', { body: { query: { filter }, ...(cursor ? { cursor } : {}) } });
    return { items: objects(answer, 'subscriptions', op).map((raw) => mapSubscription(raw, op)), cursor: cursorOf(answer) };
  });
}

/**
 * Subscribes a customer to a plan variation. Idempotent: the same input (or
 * the same `idempotencyKey`) replays the first subscription instead of
 * starting a second one, so a retry after a lost answer is safe.
 */
export async function createSubscription(config: PosConfig, input: PosSubscriptionInput): Promise<PosSubscription> {
  const op = 'POST /v2/subscriptions';
  requireId(input?.locationId, 'createSubscription locationId');
  requireId(input.customerId, 'createSubscription customerId');
  requireId(input.planVariationId, 'createSubscription planVariationId');
  if (input.cardId !== undefined) requireId(input.cardId, 'createSubscription cardId');
  if (input.startDate !== undefined && (typeof input.startDate !== 'string' || !DATE.test(input.startDate))) {
    throw new TypeError(`Pos createSubscription startDate must be YYYY-MM-DD, got ${JSON.stringify(input.startDate)}`);
  }
  const body: Record<string, unknown> = {
    location_id: input.locationId,
    customer_id: input.customerId,
    plan_variation_id: input.planVariationId,
  };
  if (input.cardId !== undefined) body['card_id'] = input.cardId;
  if (input.startDate !== undefined) body['start_date'] = input.startDate;
  if (input.timezone !== undefined) body['timezone'] = input.timezone;
  if (input.priceOverride !== undefined) body['price_override_money'] = toPosMoney(input.priceOverride, 'createSubscription priceOverride');
  const answer = await posRequest(config, 'POST', '/v2/subscriptions', { body, idempotency: { key: input.idempotencyKey, maxLength: 128 } });
  return mapSubscription(obj(answer, 'subscription', op), op);
}
