import type { Money } from '../money.ts';
import { money, obj, optInt, optObj, optStr, type PosObject, str, toPosMoney } from './read.ts';
import { type PosConfig, posRequest } from './request.ts';

/** A Pos payment, normalized. */
export interface PosPayment {
  id: string;
  /** `APPROVED`, `PENDING`, `COMPLETED`, `CANCELED` or `FAILED`. */
  status: string | null;
  orderId: string | null;
  locationId: string | null;
  customerId: string | null;
  referenceId: string | null;
  amountMoney: Money | null;
  /** The amount plus any tip. */
  totalMoney: Money | null;
  approvedMoney: Money | null;
  /** `CARD`, `CASH`, `WALLET`, ... */
  sourceType: string | null;
  /** The card charged (never its number: brand, last 4, expiry), or null when it was not a card. */
  card: { brand: string | null; last4: string | null; expMonth: number | null; expYear: number | null } | null;
  receiptNumber: string | null;
  receiptUrl: string | null;
  createdAt: string | null;
}

export interface PosPaymentInput {
  /** The one-time token the web-payments card form produced (`cnon:...`), or a card-on-file id (`ccof:...`). */
  sourceId: string;
  /** The order paid: Pos marks it completed once payments cover its total. */
  orderId: string;
  /** What to charge; with an order, its total (`PosOrder.totalMoney`) or the part of it paid now. */
  amount: Money;
  locationId?: string | undefined;
  /** Needed with a card-on-file source. */
  customerId?: string | undefined;
  /** Your own id (max 40 characters). */
  referenceId?: string | undefined;
  note?: string | undefined;
  /** The buyer verification token (SCA / 3-D Secure) the card form returned, where it asked for one. */
  verificationToken?: string | undefined;
  buyerEmailAddress?: string | undefined;
  /** 1 to 45 characters; default derived from the payment, so a retried or repeated call charges once. */
  idempotencyKey?: string | undefined;
}

export function mapPayment(raw: PosObject, operation: string): PosPayment {
  const card = optObj(optObj(raw, 'card_details'), 'card');
  return {
    id: str(raw, 'id', operation),
    status: optStr(raw, 'status'),
    orderId: optStr(raw, 'order_id'),
    locationId: optStr(raw, 'location_id'),
    customerId: optStr(raw, 'customer_id'),
    referenceId: optStr(raw, 'reference_id'),
    amountMoney: money(raw, 'amount_money'),
    totalMoney: money(raw, 'total_money'),
    approvedMoney: money(raw, 'approved_money'),
    sourceType: optStr(raw, 'source_type'),
    card:
      card === null
        ? null
        : { brand: optStr(card, 'card_brand'), last4: optStr(card, 'last_4'), expMonth: optInt(card, 'exp_month'), expYear: optInt(card, 'exp_year') },
    receiptNumber: optStr(raw, 'receipt_number'),
    receiptUrl: optStr(raw, 'receipt_url'),
    createdAt: optStr(raw, 'created_at'),
  };
}

const OPTIONAL = {
  locationId: 'location_id',
  customerId: 'customer_id',
  note: 'note',
  verificationToken: 'verification_token',
  buyerEmailAddress: 'buyer_email_address',
} as const;

/**
 * Charges a web-payments card token against an order. Safe to retry under
 * `config.retry`: every attempt carries the same idempotency key (max 45), so
 * Pos charges once. A decline throws a `PosApiError` with category
 * `PAYMENT_METHOD_ERROR` and the provider's `code` (`CARD_DECLINED`,
 * `GENERIC_DECLINE`, `CVV_FAILURE`, ...): the buyer's to fix with another card.
 */
export async function createPayment(config: PosConfig, input: PosPaymentInput): Promise<PosPayment> {
  if (typeof input !== 'object' || input === null) throw new TypeError('Pos createPayment needs { sourceId, orderId, amount }');
  if (typeof input.sourceId !== 'string' || input.sourceId === '') throw new TypeError('Pos createPayment needs the sourceId the card form returned');
  if (typeof input.orderId !== 'string' || input.orderId === '') throw new TypeError('Pos createPayment needs the orderId of the order it pays');
  const amount_money = toPosMoney(input.amount, 'createPayment amount');
  if (amount_money.amount <= 0) throw new TypeError('Pos createPayment amount must be more than zero');
  const body: PosObject = { source_id: input.sourceId, amount_money, order_id: input.orderId };
  for (const [key, wire] of Object.entries(OPTIONAL)) {
    const value = input[key as keyof typeof OPTIONAL];
    if (value === undefined) continue;
    if (typeof value !== 'string' || value === '') throw new TypeError(`Pos createPayment ${key} must be a non-empty string`);
    body[wire] = value;
  }
  if (input.referenceId !== undefined) {
    if (typeof input.referenceId !== 'string' || input.referenceId === '' || input.referenceId.length > 40) {
      throw new TypeError('Pos createPayment referenceId must be 1 to 40 characters');
    }
    body['reference_id'] = input.referenceId;
  }
  const answer = await posRequest(config, 'POST', '/v2/payments', { body, idempotency: { key: input.idempotencyKey, maxLength: 45 } });
  return mapPayment(obj(answer, 'payment', 'POST /v2/payments'), 'POST /v2/payments');
}
