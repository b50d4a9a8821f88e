import { payCustomer, type PayCustomer } from './customers.ts';
import { flowKey, pathId, payRequest, stepKey, type PayOptions } from './request.ts';
import { currencyParam, int, optStr, str, type PayObject } from './read.ts';

/** One invoice line: unit price in minor units (cents) times a quantity, shown with its description. */
export interface InvoiceLineItem {
  description: string;
  unitAmount: number;
  quantity: number;
}

/** A sent invoice, normalized: `hostedInvoiceUrl` is the page where the customer pays. */
export interface Invoice {
  id: string;
  /** `draft`, `open`, `paid`, `uncollectible`, `void`. */
  status: string | null;
  number: string | null;
  hostedInvoiceUrl: string | null;
  amountDue: number;
  currency: string;
}

/** What every invoice flow takes besides its lines. */
interface InvoiceInput {
  currency: string;
  /** Days the customer has to pay, default 30. */
  daysUntilDue?: number | undefined;
  description?: string | undefined;
  metadata?: Record<string, string> | undefined;
}

function invoice(raw: PayObject, operation: string): Invoice {
  return {
    id: str(raw, 'id', operation),
    status: optStr(raw, 'status'),
    number: optStr(raw, 'number'),
    hostedInvoiceUrl: optStr(raw, 'hosted_invoice_url'),
    amountDue: int(raw, 'amount_due', operation),
    currency: str(raw, 'currency', operation),
  };
}

function lineItems(items: readonly InvoiceLineItem[]): InvoiceLineItem[] {
  if (items.length === 0) throw new RangeError('An invoice needs at least one line item.');
  items.forEach((item, i) => {
    if (typeof item.description !== 'string' || item.description.trim() === '') throw new TypeError(`Invoice line ${i} needs a description.`);
    if (!Number.isSafeInteger(item.unitAmount) || item.unitAmount < 0) {
      throw new RangeError(`Invoice line ${i} unitAmount must be a non-negative integer in minor units, got ${item.unitAmount}`);
    }
    if (!Number.isSafeInteger(item.quantity) || item.quantity <= 0)
      throw new RangeError(`Invoice line ${i} quantity must be a positive integer, got ${item.quantity}`);
  });
  return [...items];
}

/**
 * The shared flow: an empty draft (`pending_invoice_items_behavior=exclude`,
 * so items pending on the customer from elsewhere never ride along), each
 * line attached to that draft by id, then finalize and send. Every step has
 * its own idempotency key derived from the flow's key: a call retried after a
 * failure halfway replays the steps already done (same draft, same lines)
 * and performs only the rest.
 */
async function issueInvoice(
  secretKey: string,
  flow: string,
  customerId: string,
  lines: readonly InvoiceLineItem[],
  input: InvoiceInput & { automaticTax: boolean },
  options: PayOptions | undefined,
): Promise<Invoice> {
  const customer = pathId(customerId, 'customer');
  const currency = currencyParam(input.currency);
  const daysUntilDue = input.daysUntilDue ?? 30;
  if (!Number.isSafeInteger(daysUntilDue) || daysUntilDue < 0) throw new RangeError(`daysUntilDue must be a non-negative integer, got ${daysUntilDue}`);
  const draftParams = {
    customer,
    currency,
    collection_method: 'send_invoice',
    days_until_due: daysUntilDue,
    pending_invoice_items_behavior: 'exclude',
    // Finalized here, not by Pay an hour later, so the hosted URL exists when we return.
    auto_advance: false,
    automatic_tax: input.automaticTax ? { enabled: true } : undefined,
    description: input.description,
    metadata: input.metadata,
  };
  const lineParams = lines.map((line) => ({ description: line.description, unit_amount_decimal: String(line.unitAmount), quantity: line.quantity }));
  const base = await flowKey(flow, { ...draftParams, lines: lineParams }, options);
  const step = async (name: string) => ({ ...options, idempotencyKey: await stepKey(base, name) });

  const draft = await payRequest(secretKey, 'POST', '/v1/invoices', draftParams, await step('invoice'));
  const id = pathId(str(draft, 'id', 'POST /v1/invoices'), 'invoice');
  for (const [i, line] of lineParams.entries()) {
    // unit_amount_decimal, not unit_amount: the current API dropped unit_amount on invoice items.
    await payRequest(secretKey, 'POST', '/v1/invoiceitems', { customer, invoice: id, currency, ...line }, await step(`line-${i}`));
  }
  await payRequest(secretKey, 'POST', `/v1/invoices/${id}/finalize`, { auto_advance: false }, await step('finalize'));
  const sent = await payRequest(secretKey, 'POST', `/v1/invoices/${id}/send`, {}, await step('send'));
  return invoice(sent, `POST /v1/invoices/${id}/send`);
}

/**
 * Bills one amount (a deposit, a custom quote) as a hosted invoice Pay emails
 * to the customer: one line, due in `daysUntilDue` days. Returns the sent
 * invoice with its `hostedInvoiceUrl`.
 * @example await createAndSendInvoice(key, { customer: customer.id, amount: 50_00, currency: 'usd', description: 'Deposit' }, { idempotencyKey: `deposit-${booking.id}` })
 */
export async function createAndSendInvoice(
  secretKey: string,
  input: InvoiceInput & { customer: string; amount: number; description: string },
  options?: PayOptions,
): Promise<Invoice> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0)
    throw new RangeError(`Invoice amount must be a positive integer in minor units, got ${input.amount}`);
  const lines = lineItems([{ description: input.description, unitAmount: input.amount, quantity: 1 }]);
  return issueInvoice(secretKey, 'createAndSendInvoice', input.customer, lines, { ...input, description: undefined, automaticTax: false }, options);
}

/**
 * A hosted invoice with one line per item, emailed by Pay. Tax is computed
 * by Pay (`automatic_tax`) when the customer has an address, because Pay
 * refuses automatic tax without a location. Pass the customer `ensureCustomer`
 * returned (its address is known), or an id, which is then read first.
 */
export async function createLineItemInvoice(
  secretKey: string,
  input: InvoiceInput & { customer: string | PayCustomer; items: readonly InvoiceLineItem[] },
  options?: PayOptions,
): Promise<Invoice> {
  const lines = lineItems(input.items);
  let customer: Pick<PayCustomer, 'id' | 'address'>;
  if (typeof input.customer === 'string') {
    const path = `/v1/customers/${pathId(input.customer, 'customer')}`;
    customer = payCustomer(await payRequest(secretKey, 'GET', path, {}, options), `GET ${path}`);
  } else {
    customer = input.customer;
  }
  return issueInvoice(secretKey, 'createLineItemInvoice', customer.id, lines, { ...input, automaticTax: customer.address !== null }, options);
}
