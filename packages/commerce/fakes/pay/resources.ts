/**
 * The fake's state behind the contract check: payment intents with Pay's test
 * payment methods, customers, invoice items and invoices, shaped like the
 * current fixtures (pay-fixtures-current.json, copied then overridden). Error
 * codes are Pay's documented ones (resource_missing, parameter_missing,
 * payment_intent_unexpected_state, invoice_not_editable, card_declined...).
 */

export type Obj = Record<string, unknown>;

/** An error answer from a handler; `after` runs once the answer is settled (a failure event). */
export class PayFault extends Error {
  readonly status: number;
  readonly error: Obj;
  readonly after: (() => void) | undefined;
  constructor(status: number, error: Obj, after?: () => void) {
    super(String(error['message']));
    this.status = status;
    this.error = error;
    this.after = after;
  }
}

export const fail = (status: number, message: string, extra: Obj = {}): PayFault => new PayFault(status, { type: 'invalid_request_error', message, ...extra });
export const missing = (what: string, id: string, param?: string): PayFault =>
  fail(404, `No such ${what}: '${id}'`, { code: 'resource_missing', ...(param ? { param } : {}) });

/** Pay's test PaymentMethods (docs.stripe.com/testing) the fake knows: a decline, or success. */
const DECLINES: Record<string, { code: string; decline_code: string; message: string }> = {
  pm_card_chargeDeclined: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  pm_card_chargeDeclinedInsufficientFunds: { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  pm_card_chargeDeclinedExpiredCard: { code: 'expired_card', decline_code: 'expired_card', message: 'Your card has expired.' },
  pm_card_chargeDeclinedIncorrectCvc: { code: 'incorrect_cvc', decline_code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
};
const SUCCEEDS = new Set(['pm_card_visa', 'pm_card_mastercard', 'pm_card_amex', 'pm_card_us']);

export function randomId(prefix: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return `${prefix}_${Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('')}`;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const obj = (v: unknown): Obj | undefined => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Obj) : undefined);

/** Pay's metadata update: given keys are set, an empty value removes a key, `metadata=` clears all. */
function mergeMetadata(stored: unknown, update: unknown): Obj {
  if (update === '') return {};
  const out: Obj = { ...(obj(stored) ?? {}) };
  for (const [k, v] of Object.entries(obj(update) ?? {})) {
    if (v === '') delete out[k];
    else out[k] = v;
  }
  return out;
}

function addressObject(value: unknown): Obj | null {
  const a = obj(value);
  if (!a) return null;
  const part = (k: string) => (typeof a[k] === 'string' && a[k] !== '' ? a[k] : null);
  return { city: part('city'), country: part('country'), line1: part('line1'), line2: part('line2'), postal_code: part('postal_code'), state: part('state') };
}

/** What the resources need from the fake around them. */
export interface ResourceContext {
  fixture(name: string): Obj;
  nowSec(): number;
  hostedBase: string;
  /** Sends an event after the answer (the fake signs and delivers it). */
  sendEvent(type: string, object: Obj, requestId: string, idempotencyKey: string | null): void;
  /** A request the fake cannot answer faithfully: reported as a violation, never guessed at. */
  limitation(what: string): PayFault;
}

export function payResources(ctx: ResourceContext) {
  const { fixture, nowSec, hostedBase, sendEvent, limitation } = ctx;
  const paymentIntents = new Map<string, Obj>();
  const customers = new Map<string, Obj>();
  const invoices = new Map<string, Obj>();
  const invoiceItems = new Map<string, Obj>();
  const invoiceSequence = new Map<string, number>();

  // --- payment intents ----------------------------------------------------

  function createPaymentIntent(body: Obj): Obj {
    if (body['confirm'] === true) throw limitation('confirm=true on create');
    const customer = str(body['customer']);
    if (customer !== undefined && !customers.has(customer)) throw missing('customer', customer, 'customer');
    const amount = body['amount'] as number;
    const currency = String(body['currency']).toLowerCase();
    if (amount < 50 && ['usd', 'eur'].includes(currency)) throw fail(400, 'Amount must be at least $0.50 usd', { code: 'amount_too_small', param: 'amount' });
    const id = randomId('pi');
    const apm = obj(body['automatic_payment_methods']);
    const pi: Obj = {
      ...fixture('payment_intent'),
      id,
      amount,
      amount_received: 0,
      currency,
      automatic_payment_methods: apm
        ? { enabled: apm['enabled'] === true, ...(apm['allow_redirects'] ? { allow_redirects: apm['allow_redirects'] } : {}) }
        : null,
      canceled_at: null,
      client_secret: `${id}_secret_${randomId('x').slice(2)}`,
      created: nowSec(),
      customer: customer ?? null,
      description: str(body['description']) ?? null,
      last_payment_error: null,
      latest_charge: null,
      metadata: mergeMetadata({}, body['metadata']),
      next_action: null,
      payment_method: null,
      processing: null,
      receipt_email: str(body['receipt_email']) ?? null,
      shipping: null,
      status: 'requires_payment_method',
      transfer_data: null,
    };
    paymentIntents.set(id, pi);
    return pi;
  }

  function confirmPaymentIntent(id: string, body: Obj, requestId: string, key: string | null): Obj {
    const pi = paymentIntents.get(id);
    if (!pi) throw missing('payment_intent', id, 'intent');
    if (!['requires_payment_method', 'requires_confirmation'].includes(String(pi['status']))) {
      throw fail(400, `This PaymentIntent's status is ${pi['status']}, so it cannot be confirmed.`, {
        code: 'payment_intent_unexpected_state',
        payment_intent: pi,
      });
    }
    const method = str(body['payment_method']);
    if (method === undefined)
      throw fail(400, "You cannot confirm this PaymentIntent because it's missing a payment method.", { code: 'payment_intent_unexpected_state' });
    const apm = obj(pi['automatic_payment_methods']);
    if (apm?.['enabled'] === true && apm['allow_redirects'] !== 'never' && body['return_url'] === undefined) {
      throw fail(
        400,
        'This PaymentIntent is configured to accept payment methods enabled in your Dashboard. Because some of these payment methods might redirect your customer off of your page, you must provide a `return_url`.',
        { param: 'return_url' },
      );
    }
    const decline = DECLINES[method];
    if (!decline && !SUCCEEDS.has(method)) throw missing('PaymentMethod', method, 'payment_method');
    const paymentMethod = { id: randomId('pm'), object: 'payment_method', type: 'card' };
    const charge = randomId('ch');
    pi['latest_charge'] = charge;
    if (decline) {
      const error: Obj = {
        type: 'card_error',
        ...decline,
        charge,
        doc_url: `https://docs.stripe.com/error-codes/${decline.code.replace(/_/g, '-')}`,
        payment_method: paymentMethod,
      };
      Object.assign(pi, { status: 'requires_payment_method', payment_method: null, last_payment_error: error });
      throw new PayFault(402, { ...error, payment_intent: structuredClone(pi) }, () => sendEvent('payment_intent.payment_failed', pi, requestId, key));
    }
    Object.assign(pi, { status: 'succeeded', payment_method: paymentMethod.id, amount_received: pi['amount'], last_payment_error: null });
    if (body['receipt_email'] !== undefined) pi['receipt_email'] = body['receipt_email'];
    sendEvent('payment_intent.succeeded', pi, requestId, key);
    return pi;
  }

  // --- customers ----------------------------------------------------------

  function createCustomer(body: Obj): Obj {
    const id = randomId('cus');
    const customer: Obj = {
      ...fixture('customer'),
      id,
      address: addressObject(body['address']),
      created: nowSec(),
      currency: null,
      discount: null,
      email: str(body['email']) ?? null,
      invoice_prefix: randomId('x').slice(2, 10).toUpperCase(),
      metadata: mergeMetadata({}, body['metadata']),
      name: str(body['name']) || null,
      phone: str(body['phone']) || null,
      shipping: null,
    };
    customers.set(id, customer);
    return customer;
  }

  function updateCustomer(id: string, body: Obj): Obj {
    const customer = customers.get(id);
    if (!customer) throw missing('customer', id, 'customer');
    for (const key of ['email', 'name', 'phone', 'description'] as const) if (key in body) customer[key] = str(body[key]) || null;
    if ('address' in body) customer['address'] = addressObject(body['address']);
    if ('metadata' in body) customer['metadata'] = mergeMetadata(customer['metadata'], body['metadata']);
    return customer;
  }

  function listCustomers(query: Obj): Obj {
    const email = str(query['email']);
    const limit = typeof query['limit'] === 'number' ? query['limit'] : 10;
    const all = [...customers.values()].filter((c) => email === undefined || c['email'] === email).reverse();
    return { object: 'list', data: all.slice(0, limit), has_more: all.length > limit, url: '/v1/customers' };
  }

  // --- invoices -----------------------------------------------------------

  function recalc(invoice: Obj): void {
    const lines = (obj(invoice['lines'])?.['data'] as Obj[]) ?? [];
    const subtotal = lines.reduce((sum, line) => sum + (line['amount'] as number), 0);
    // No tax engine here: automatic tax is "complete" with zero tax.
    Object.assign(invoice, {
      subtotal,
      subtotal_excluding_tax: subtotal,
      total: subtotal,
      total_excluding_tax: subtotal,
      amount_due: subtotal,
      amount_remaining: subtotal,
    });
  }

  function attachLine(invoice: Obj, item: Obj): void {
    const lines = obj(invoice['lines']) as Obj;
    const line: Obj = {
      ...fixture('line_item'),
      id: randomId('il'),
      amount: item['amount'],
      currency: item['currency'],
      description: item['description'],
      invoice: invoice['id'],
      metadata: item['metadata'],
      parent: {
        type: 'invoice_item_details',
        invoice_item_details: { invoice_item: item['id'], proration: false, proration_details: { credited_items: null }, subscription: null },
        subscription_item_details: null,
      },
      period: item['period'],
      pricing: item['pricing'],
      quantity: item['quantity'],
      subtotal: item['amount'],
    };
    (lines['data'] as Obj[]).push(line);
    recalc(invoice);
  }

  function createInvoiceItem(body: Obj): Obj {
    const customerId = String(body['customer']);
    const customer = customers.get(customerId);
    if (!customer) throw missing('customer', customerId, 'customer');
    const invoiceId = str(body['invoice']);
    const invoice = invoiceId === undefined ? undefined : invoices.get(invoiceId);
    if (invoiceId !== undefined && !invoice) throw missing('invoice', invoiceId, 'invoice');
    if (invoice && invoice['status'] !== 'draft')
      throw fail(400, 'You can only add invoice items to draft invoices.', { code: 'invoice_not_editable', param: 'invoice' });
    if (invoice && invoice['customer'] !== customerId) throw fail(400, 'The invoice belongs to another customer.', { param: 'invoice' });
    const currency = String(body['currency'] ?? invoice?.['currency'] ?? customer['currency'] ?? 'usd').toLowerCase();
    if (invoice && invoice['currency'] !== currency)
      throw fail(400, `The invoice is in ${invoice['currency']}, the item in ${currency}.`, { param: 'currency' });
    const quantity = typeof body['quantity'] === 'number' ? body['quantity'] : 1;
    const unitDecimal = str(body['unit_amount_decimal']);
    if (body['amount'] !== undefined && unitDecimal !== undefined)
      throw fail(400, 'You may only specify one of amount and unit_amount_decimal.', { param: 'amount' });
    if (body['amount'] === undefined && unitDecimal === undefined && body['price_data'] === undefined && body['pricing'] === undefined) {
      throw fail(400, 'Must provide one of amount, unit_amount_decimal or price_data.', { code: 'parameter_missing', param: 'amount' });
    }
    if (body['price_data'] !== undefined || body['pricing'] !== undefined) throw limitation('invoice items priced by price_data or pricing');
    const amount = typeof body['amount'] === 'number' ? body['amount'] : Math.round(Number(unitDecimal) * quantity);
    const item: Obj = {
      ...fixture('invoiceitem'),
      id: randomId('ii'),
      amount,
      currency,
      customer: customerId,
      date: nowSec(),
      description: str(body['description']) ?? null,
      invoice: invoiceId ?? null,
      metadata: mergeMetadata({}, body['metadata']),
      net_amount: amount,
      parent: null,
      period: { end: nowSec(), start: nowSec() },
      pricing: { type: 'price_details', unit_amount_decimal: unitDecimal ?? String(amount / quantity) },
      quantity,
      quantity_decimal: String(quantity),
    };
    invoiceItems.set(item['id'] as string, item);
    if (invoice) attachLine(invoice, item);
    return item;
  }

  function createInvoice(body: Obj): Obj {
    const customerId = str(body['customer']);
    if (customerId === undefined) throw fail(400, 'Missing required param: customer.', { code: 'parameter_missing', param: 'customer' });
    const customer = customers.get(customerId);
    if (!customer) throw missing('customer', customerId, 'customer');
    const sendInvoice = body['collection_method'] === 'send_invoice';
    if (sendInvoice && body['days_until_due'] === undefined && body['due_date'] === undefined) {
      throw fail(400, 'Missing required param: days_until_due.', { code: 'parameter_missing', param: 'days_until_due' });
    }
    const automaticTax = obj(body['automatic_tax'])?.['enabled'] === true;
    const address = obj(customer['address']);
    if (automaticTax && !address?.['country']) {
      throw fail(400, "The customer's location isn't recognized, so automatic tax cannot be calculated.", {
        code: 'customer_tax_location_invalid',
        param: 'customer',
      });
    }
    const id = randomId('in');
    const created = nowSec();
    const invoice: Obj = {
      ...fixture('invoice'),
      id,
      amount_overpaid: 0,
      auto_advance: body['auto_advance'] === true,
      automatic_tax: {
        enabled: automaticTax,
        liability: automaticTax ? { type: 'self' } : null,
        status: automaticTax ? 'complete' : null,
        disabled_reason: null,
        provider: null,
      },
      collection_method: sendInvoice ? 'send_invoice' : 'charge_automatically',
      created,
      currency: String(body['currency'] ?? customer['currency'] ?? 'usd').toLowerCase(),
      customer: customerId,
      customer_address: customer['address'],
      customer_email: customer['email'],
      customer_name: customer['name'],
      description: str(body['description']) ?? null,
      due_date: sendInvoice ? (typeof body['due_date'] === 'number' ? body['due_date'] : created + (body['days_until_due'] as number) * 86_400) : null,
      effective_at: null,
      from_invoice: null,
      hosted_invoice_url: null,
      invoice_pdf: null,
      last_finalization_error: null,
      lines: { data: [], has_more: false, object: 'list', url: `/v1/invoices/${id}/lines` },
      metadata: mergeMetadata({}, body['metadata']),
      next_payment_attempt: null,
      number: null,
      parent: null,
      shipping_cost: null,
      status: 'draft',
      status_transitions: { finalized_at: null, marked_uncollectible_at: null, paid_at: null, voided_at: null },
      total_taxes: [],
      webhooks_delivered_at: null,
    };
    invoices.set(id, invoice);
    recalc(invoice);
    if (body['pending_invoice_items_behavior'] === 'include') {
      for (const item of invoiceItems.values()) {
        if (item['customer'] === customerId && item['invoice'] === null) {
          item['invoice'] = id;
          attachLine(invoice, item);
        }
      }
    }
    return invoice;
  }

  function finalizeInvoice(id: string): Obj {
    const invoice = invoices.get(id);
    if (!invoice) throw missing('invoice', id, 'invoice');
    if (invoice['status'] !== 'draft')
      throw fail(400, "This invoice is already finalized, you can't re-finalize a non-draft invoice.", { code: 'invoice_not_editable' });
    const customer = customers.get(String(invoice['customer'])) as Obj;
    const seq = (invoiceSequence.get(customer['id'] as string) ?? 0) + 1;
    invoiceSequence.set(customer['id'] as string, seq);
    Object.assign(invoice, {
      status: (invoice['amount_due'] as number) === 0 ? 'paid' : 'open',
      number: `${customer['invoice_prefix']}-${String(seq).padStart(4, '0')}`,
      hosted_invoice_url: `${hostedBase}/i/acct_fake/${id}`,
      invoice_pdf: `${hostedBase}/i/acct_fake/${id}/pdf`,
      effective_at: nowSec(),
      status_transitions: { ...(obj(invoice['status_transitions']) ?? {}), finalized_at: nowSec() },
    });
    return invoice;
  }

  function sendInvoice(id: string): Obj {
    const invoice = invoices.get(id);
    if (!invoice) throw missing('invoice', id, 'invoice');
    if (invoice['collection_method'] !== 'send_invoice') throw fail(400, 'You can only send invoices whose collection_method is send_invoice.');
    if (invoice['status'] !== 'open') throw fail(400, `You can only send open invoices; this one is ${invoice['status']}.`);
    return invoice;
  }

  // --- routing ------------------------------------------------------------

  function route(operation: string, params: Record<string, string>, query: Obj, body: Obj, requestId: string, key: string | null): Obj {
    switch (operation) {
      case 'POST /v1/payment_intents':
        return createPaymentIntent(body);
      case 'GET /v1/payment_intents/{intent}': {
        const pi = paymentIntents.get(params['intent'] ?? '');
        if (!pi) throw missing('payment_intent', params['intent'] ?? '', 'intent');
        return pi;
      }
      case 'POST /v1/payment_intents/{intent}/confirm':
        return confirmPaymentIntent(params['intent'] ?? '', body, requestId, key);
      case 'GET /v1/customers':
        return listCustomers(query);
      case 'POST /v1/customers':
        return createCustomer(body);
      case 'GET /v1/customers/{customer}': {
        const customer = customers.get(params['customer'] ?? '');
        if (!customer) throw missing('customer', params['customer'] ?? '', 'customer');
        return customer;
      }
      case 'POST /v1/customers/{customer}':
        return updateCustomer(params['customer'] ?? '', body);
      case 'POST /v1/invoiceitems':
        return createInvoiceItem(body);
      case 'POST /v1/invoices':
        return createInvoice(body);
      case 'GET /v1/invoices/{invoice}': {
        const invoice = invoices.get(params['invoice'] ?? '');
        if (!invoice) throw missing('invoice', params['invoice'] ?? '', 'invoice');
        return invoice;
      }
      case 'POST /v1/invoices/{invoice}/finalize':
        return finalizeInvoice(params['invoice'] ?? '');
      case 'POST /v1/invoices/{invoice}/send':
        return sendInvoice(params['invoice'] ?? '');
      default:
        throw limitation(operation);
    }
  }

  return { route, paymentIntents, customers, invoices, invoiceItems };
}
