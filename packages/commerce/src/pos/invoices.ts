import type { Money } from '../money.ts';
import { retrieveLocation } from './locations.ts';
import { int, money, obj, objects, optObj, optStr, type PosObject, str } from './read.ts';
import { type PosConfig, posPathId, posRequest } from './request.ts';

export type PosInvoiceRequestType = 'DEPOSIT' | 'INSTALLMENT' | 'BALANCE';

/** One payment the invoice asks for. */
export interface PosInvoicePaymentRequestInput {
  type: PosInvoiceRequestType;
  /** `YYYY-MM-DD`, in the location's time zone. */
  dueDate: string;
  /** Required on `DEPOSIT` and `INSTALLMENT`; left out on `BALANCE`, which is always what remains of the order. */
  amountCents?: number | undefined;
}

/** What `createInvoice` takes: an invoice for an existing OPEN order. */
export interface PosInvoiceInput {
  locationId: string;
  orderId: string;
  /** The customer billed; Pos needs one to publish. */
  customerId: string;
  /**
   * The schedule: exactly one `BALANCE`, last, preceded by nothing, by one
   * `DEPOSIT`, by 2 to 12 `INSTALLMENT`s, or by a `DEPOSIT` then 2 to 12
   * `INSTALLMENT`s.
   */
  paymentRequests: PosInvoicePaymentRequestInput[];
  /** `SHARE_MANUALLY` (default): you share `publicUrl`. `EMAIL`: Pos emails the customer. */
  deliveryMethod?: 'SHARE_MANUALLY' | 'EMAIL' | undefined;
  title?: string | undefined;
  /** How the customer may pay on the hosted page; default card only. Pos needs at least one. */
  acceptedPaymentMethods?: { card?: boolean; bankAccount?: boolean; giftCard?: boolean; buyNowPayLater?: boolean } | undefined;
  /** The currency of the amounts; default the location's (one extra read, only when an amount is given). */
  currency?: string | undefined;
  idempotencyKey?: string | undefined;
}

export interface PosInvoicePaymentRequest {
  uid: string | null;
  type: string | null;
  dueDate: string | null;
  /** What this request asks for (Pos computes the `BALANCE` one). */
  amountCents: number | null;
  /** Paid so far against this request; null when Pos did not say. */
  totalCompletedAmountCents: number | null;
  currency: string | null;
}

/** An invoice, normalized. Reconcile payments through `retrieveInvoice`. */
export interface PosInvoice {
  id: string;
  /** Pass it to `publishInvoice`: publishing an older version is rejected. */
  version: number;
  /** `DRAFT`, then `UNPAID` or `SCHEDULED` once published, `PARTIALLY_PAID`, `PAID`, `CANCELED`, ... */
  status: string | null;
  locationId: string | null;
  orderId: string | null;
  customerId: string | null;
  deliveryMethod: string | null;
  /** The hosted payment page; present once published. */
  publicUrl: string | null;
  paymentRequests: PosInvoicePaymentRequest[];
  nextPaymentAmount: Money | null;
  createdAt: string | null;
  updatedAt: string | null;
}

export function mapInvoice(raw: PosObject, operation: string): PosInvoice {
  return {
    id: str(raw, 'id', operation),
    version: int(raw, 'version', operation),
    status: optStr(raw, 'status'),
    locationId: optStr(raw, 'location_id'),
    orderId: optStr(raw, 'order_id'),
    customerId: optStr(optObj(raw, 'primary_recipient'), 'customer_id'),
    deliveryMethod: optStr(raw, 'delivery_method'),
    publicUrl: optStr(raw, 'public_url'),
    paymentRequests: objects(raw, 'payment_requests', operation).map((r) => {
      const asked = money(r, 'computed_amount_money') ?? money(r, 'fixed_amount_requested_money');
      const completed = money(r, 'total_completed_amount_money');
      return {
        uid: optStr(r, 'uid'),
        type: optStr(r, 'request_type'),
        dueDate: optStr(r, 'due_date'),
        amountCents: asked?.amount ?? null,
        totalCompletedAmountCents: completed?.amount ?? null,
        currency: asked?.currency ?? completed?.currency ?? null,
      };
    }),
    nextPaymentAmount: money(raw, 'next_payment_amount_money'),
    createdAt: optStr(raw, 'created_at'),
    updatedAt: optStr(raw, 'updated_at'),
  };
}

const TYPES: readonly string[] = ['DEPOSIT', 'INSTALLMENT', 'BALANCE'];

function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * Refuses a schedule Pos would refuse, before anything is sent: exactly one
 * `BALANCE` as the last request, preceded by an optional `DEPOSIT` (first),
 * and either no `INSTALLMENT` or 2 to 12 of them. Every due date is a real
 * `YYYY-MM-DD`; a `DEPOSIT` or `INSTALLMENT` names a positive whole amount in
 * minor units, and a `BALANCE` none (it is the remainder).
 */
export function checkInvoiceSchedule(requests: readonly PosInvoicePaymentRequestInput[]): void {
  const shape = 'one BALANCE last, preceded by an optional DEPOSIT (first) and/or 2 to 12 INSTALLMENTs';
  if (!Array.isArray(requests) || requests.length === 0) throw new TypeError(`Pos createInvoice paymentRequests is empty: it needs ${shape}`);
  requests.forEach((request, i) => {
    const at = `Pos createInvoice paymentRequests[${i}]`;
    if (typeof request !== 'object' || request === null || !TYPES.includes(request.type)) {
      throw new TypeError(`${at}.type must be DEPOSIT, INSTALLMENT or BALANCE`);
    }
    if (!isCalendarDate(request.dueDate)) throw new TypeError(`${at}.dueDate must be a real date as YYYY-MM-DD, got ${JSON.stringify(request.dueDate)}`);
    if (request.type === 'BALANCE') {
      if (request.amountCents !== undefined) throw new TypeError(`${at} is the BALANCE: leave amountCents out, it is what remains of the order`);
    } else if (!Number.isSafeInteger(request.amountCents) || (request.amountCents as number) <= 0) {
      throw new TypeError(`${at}.amountCents must be a positive integer in minor units (cents), got ${JSON.stringify(request.amountCents)}`);
    }
  });
  const types = requests.map((r) => r.type);
  if (types.indexOf('BALANCE') !== types.length - 1 || types.lastIndexOf('BALANCE') !== types.length - 1) {
    throw new TypeError(`Pos createInvoice paymentRequests must have exactly one BALANCE, as the last request (${shape})`);
  }
  const before = types.slice(0, -1);
  const installments = before[0] === 'DEPOSIT' ? before.slice(1) : before;
  if (installments.some((t) => t !== 'INSTALLMENT')) {
    throw new TypeError(`Pos createInvoice paymentRequests: a DEPOSIT may only come first, once (${shape})`);
  }
  if (installments.length === 1 || installments.length > 12) {
    throw new TypeError(`Pos createInvoice paymentRequests has ${installments.length} INSTALLMENTs: use none or 2 to 12 (${shape})`);
  }
}

function checkId(value: unknown, what: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw new TypeError(`Pos createInvoice ${what} must be a non-empty id string`);
  return value;
}

/**
 * A DRAFT invoice for an existing OPEN order. Nothing is sent to the
 * customer and nothing is collected until `publishInvoice` is called with the
 * draft's `version`. The schedule is checked first (`checkInvoiceSchedule`):
 * a bad one throws a TypeError and sends nothing.
 */
export async function createInvoice(config: PosConfig, input: PosInvoiceInput): Promise<PosInvoice> {
  const op = 'POST /v2/invoices';
  if (typeof input !== 'object' || input === null) throw new TypeError('Pos createInvoice needs an input object');
  checkId(input.locationId, 'locationId');
  checkId(input.orderId, 'orderId');
  checkId(input.customerId, 'customerId');
  checkInvoiceSchedule(input.paymentRequests);
  const deliveryMethod = input.deliveryMethod ?? 'SHARE_MANUALLY';
  if (deliveryMethod !== 'SHARE_MANUALLY' && deliveryMethod !== 'EMAIL')
    throw new TypeError("Pos createInvoice deliveryMethod must be 'SHARE_MANUALLY' or 'EMAIL'");
  if (input.currency !== undefined && (typeof input.currency !== 'string' || !/^[A-Za-z]{3}$/.test(input.currency))) {
    throw new TypeError('Pos createInvoice currency must be a 3-letter ISO 4217 code');
  }
  const methods = input.acceptedPaymentMethods ?? { card: true };
  const accepted = {
    ...(methods.card !== undefined ? { card: methods.card } : {}),
    ...(methods.bankAccount !== undefined ? { bank_account: methods.bankAccount } : {}),
    ...(methods.giftCard !== undefined ? { square_gift_card: methods.giftCard } : {}),
    ...(methods.buyNowPayLater !== undefined ? { buy_now_pay_later: methods.buyNowPayLater } : {}),
  };
  if (!Object.values(accepted).includes(true)) throw new TypeError('Pos createInvoice acceptedPaymentMethods must allow at least one method');

  const needsCurrency = input.paymentRequests.some((r) => r.amountCents !== undefined);
  const currency = !needsCurrency ? null : (input.currency?.toUpperCase() ?? (await retrieveLocation(config, input.locationId)).currency);
  if (needsCurrency && currency === null) throw new TypeError('Pos createInvoice: the location has no currency; pass currency');
  const invoice = {
    location_id: input.locationId,
    order_id: input.orderId,
    primary_recipient: { customer_id: input.customerId },
    payment_requests: input.paymentRequests.map((r) => ({
      request_type: r.type,
      due_date: r.dueDate,
      ...(r.amountCents !== undefined ? { fixed_amount_requested_money: { amount: r.amountCents, currency } } : {}),
    })),
    delivery_method: deliveryMethod,
    accepted_payment_methods: accepted,
    ...(input.title !== undefined ? { title: input.title } : {}),
  };
  const answer = await posRequest(config, 'POST', '/v2/invoices', { body: { invoice }, idempotency: { key: input.idempotencyKey, maxLength: 128 } });
  return mapInvoice(obj(answer, 'invoice', op), op);
}

/**
 * Publishes a draft: from here Pos collects (the customer pays on
 * `publicUrl`, or Pos emails them with `EMAIL`). `version` must be the
 * draft's current version; if the invoice changed since, Pos rejects it
 * (`VERSION_MISMATCH`) rather than publish something you did not see.
 */
export async function publishInvoice(
  config: PosConfig,
  invoiceId: string,
  version: number,
  options: { idempotencyKey?: string | undefined } = {},
): Promise<PosInvoice> {
  const path = `/v2/invoices/${posPathId(invoiceId, 'invoice')}/publish`;
  if (!Number.isSafeInteger(version) || version < 0) throw new TypeError('Pos publishInvoice needs the draft version (an integer from the created invoice)');
  const answer = await posRequest(config, 'POST', path, { body: { version }, idempotency: { key: options.idempotencyKey, maxLength: 128 } });
  return mapInvoice(obj(answer, 'invoice', `POST ${path}`), `POST ${path}`);
}

/** One invoice, with what has been paid per request; a 404 is thrown like any failure. */
export async function retrieveInvoice(config: PosConfig, invoiceId: string): Promise<PosInvoice> {
  const path = `/v2/invoices/${posPathId(invoiceId, 'invoice')}`;
  return mapInvoice(obj(await posRequest(config, 'GET', path), 'invoice', `GET ${path}`), `GET ${path}`);
}
