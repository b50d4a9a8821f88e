import { badRequest, notFound, type Obj, type PosHandler, type PosState, versionMismatch } from '../state.ts';

type Money = { amount: number; currency: string };

function found(state: PosState, id: string | undefined): Obj {
  const invoice = state.table('invoices').get(id ?? '');
  if (!invoice) throw notFound('Invoice', 'invoice_id');
  return invoice;
}

/**
 * The payment schedules Pos takes (as the service spec states them): one
 * BALANCE, last, preceded by an optional DEPOSIT (first) and none or 2 to 12
 * INSTALLMENTs. Written apart from the client's check on purpose.
 */
function checkSchedule(types: string[]): void {
  const refuse = (detail: string) => badRequest('INVALID_VALUE', detail, 'invoice.payment_requests');
  if (types.length === 0) throw refuse('payment_requests must contain at least one payment request');
  if (types.filter((t) => t === 'BALANCE').length !== 1 || types.at(-1) !== 'BALANCE') throw refuse('exactly one BALANCE request, as the last one');
  let i = 0;
  if (types[0] === 'DEPOSIT') i = 1;
  let installments = 0;
  for (; i < types.length - 1; i++) {
    if (types[i] !== 'INSTALLMENT') throw refuse(`payment request ${i} (${types[i]}) is out of place`);
    installments += 1;
  }
  if (installments === 1 || installments > 12) throw refuse('use 2 to 12 INSTALLMENT requests');
}

/**
 * A customer pays `amountCents` toward a published invoice (the hosted page,
 * in Pos), applied to its requests in order. A DRAFT cannot be paid: nothing
 * is collected before publishing.
 */
export function payInvoice(state: PosState, invoiceId: string, amountCents: number): Obj {
  const invoice = found(state, invoiceId);
  if (!['UNPAID', 'PARTIALLY_PAID', 'SCHEDULED'].includes(invoice['status'] as string)) {
    throw new Error(`invoice ${invoiceId} is ${String(invoice['status'])}: it cannot take a payment`);
  }
  let left = amountCents;
  for (const request of invoice['payment_requests'] as Obj[]) {
    const asked = (request['computed_amount_money'] as Money).amount;
    const done = request['total_completed_amount_money'] as Money;
    const pay = Math.min(left, asked - done.amount);
    done.amount += pay;
    left -= pay;
  }
  const requests = invoice['payment_requests'] as Obj[];
  const paid = requests.every((r) => (r['total_completed_amount_money'] as Money).amount === (r['computed_amount_money'] as Money).amount);
  invoice['status'] = paid ? 'PAID' : 'PARTIALLY_PAID';
  invoice['version'] = (invoice['version'] as number) + 1;
  invoice['updated_at'] = state.isoNow();
  return invoice;
}

/** The fake's invoice operations, keyed by OpenAPI operation id. */
export const invoicesHandlers: Record<string, PosHandler> = {
  CreateInvoice: ({ state, body }) => {
    const input = body['invoice'] as Obj;
    const location = state.table('locations').get(input['location_id'] as string);
    if (!location) throw notFound('Location', 'invoice.location_id');
    const order = state.table('orders').get(input['order_id'] as string);
    if (!order) throw notFound('Order', 'invoice.order_id');
    if (order['state'] !== 'OPEN') throw badRequest('BAD_REQUEST', 'The order must be OPEN', 'invoice.order_id');
    if (order['location_id'] !== input['location_id']) throw badRequest('BAD_REQUEST', 'The order belongs to another location', 'invoice.location_id');
    if (!input['delivery_method']) throw badRequest('MISSING_REQUIRED_PARAMETER', 'delivery_method is required', 'invoice.delivery_method');
    if (!Object.values((input['accepted_payment_methods'] ?? {}) as Obj).includes(true)) {
      throw badRequest('MISSING_REQUIRED_PARAMETER', 'accepted_payment_methods must enable at least one method', 'invoice.accepted_payment_methods');
    }
    const requests = (input['payment_requests'] ?? []) as Obj[];
    checkSchedule(requests.map((r) => String(r['request_type'])));
    const total = order['total_money'] as Money;
    let asked = 0;
    const payment_requests = requests.map((r, i) => {
      const fixed = r['fixed_amount_requested_money'] as Money | undefined;
      if (!/^\d{4}-\d{2}-\d{2}$/.test(String(r['due_date'])))
        throw badRequest('INVALID_DATE', 'due_date must be YYYY-MM-DD', `invoice.payment_requests[${i}].due_date`);
      if (r['request_type'] === 'BALANCE' && fixed) throw badRequest('INVALID_VALUE', 'A BALANCE request takes no amount', `invoice.payment_requests[${i}]`);
      if (r['request_type'] !== 'BALANCE' && (!fixed || fixed.amount <= 0))
        throw badRequest('INVALID_VALUE', 'The request needs a positive amount', `invoice.payment_requests[${i}]`);
      if (fixed && fixed.currency !== total.currency)
        throw badRequest('INVALID_CURRENCY', 'The amount is not in the order currency', `invoice.payment_requests[${i}]`);
      const amount = r['request_type'] === 'BALANCE' ? total.amount - asked : (fixed as Money).amount;
      asked += amount;
      return {
        ...r,
        uid: crypto.randomUUID(),
        automatic_payment_source: 'NONE',
        computed_amount_money: { amount, currency: total.currency },
        total_completed_amount_money: { amount: 0, currency: total.currency },
      };
    });
    if ((payment_requests.at(-1)?.computed_amount_money.amount ?? 0) <= 0) {
      throw badRequest('INVALID_VALUE', 'The payment requests add up to more than the order total', 'invoice.payment_requests');
    }
    const id = `inv:0-${state.id()}`;
    const invoice: Obj = {
      ...input,
      id,
      version: 0,
      status: 'DRAFT',
      invoice_number: String(state.table('invoices').size + 1).padStart(6, '0'),
      payment_requests,
      next_payment_amount_money: payment_requests[0]?.computed_amount_money,
      timezone: location['timezone'],
      created_at: state.isoNow(),
      updated_at: state.isoNow(),
    };
    state.table('invoices').set(id, invoice);
    return { body: { invoice } };
  },
  GetInvoice: ({ state, params }) => ({ body: { invoice: found(state, params['invoice_id']) } }),
  PublishInvoice: ({ state, params, body }) => {
    const invoice = found(state, params['invoice_id']);
    if (body['version'] !== invoice['version']) throw versionMismatch('Invoice');
    if (invoice['status'] !== 'DRAFT') throw badRequest('BAD_REQUEST', 'Only a DRAFT invoice can be published', 'invoice_id');
    const customerId = (invoice['primary_recipient'] as Obj | undefined)?.['customer_id'];
    if (!customerId) throw badRequest('MISSING_REQUIRED_PARAMETER', 'primary_recipient.customer_id is required to publish', 'invoice.primary_recipient');
    const scheduledAt = invoice['scheduled_at'] as string | undefined;
    invoice['status'] = scheduledAt && Date.parse(scheduledAt) > state.now() ? 'SCHEDULED' : 'UNPAID';
    invoice['public_url'] = `https://pos.fake.test/pay-invoice/${encodeURIComponent(invoice['id'] as string)}`;
    invoice['version'] = (invoice['version'] as number) + 1;
    invoice['updated_at'] = state.isoNow();
    // With EMAIL, Pos emails the customer the invoice: the outbox shows what was sent.
    if (invoice['delivery_method'] === 'EMAIL')
      state.table('invoiceEmails').set(invoice['id'] as string, { customer_id: customerId, url: invoice['public_url'] });
    return { body: { invoice } };
  },
};
