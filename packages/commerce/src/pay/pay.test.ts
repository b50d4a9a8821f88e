import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFakePay, type FakePay, type SentEvent } from '../../fakes/pay/fake-pay.ts';
import {
  PAY_API_VERSION,
  confirmPaymentIntent,
  createAndSendInvoice,
  createLineItemInvoice,
  createPaymentIntent,
  ensureCustomer,
  payRequest,
  retrievePaymentIntent,
  verifyPaySignature,
} from './index.ts';
import { thrown } from '../upstream.testing.ts';

const KEY = 'sk_test_louise_0123456789';
const WEBHOOK_SECRET = 'whsec_pay_test';
const cart = [
  { name: 'Mug', unitAmount: 1250, quantity: 2 },
  { name: 'Print', unitAmount: 999, quantity: 3 },
];

let fake: FakePay;
let delivered: { body: string; signature: string | null }[];
let o: { baseUrl: string; fetch: FakePay['fetch'] };

beforeEach(() => {
  delivered = [];
  fake = createFakePay({
    webhookUrl: 'https://shop.test/api/pay/webhook',
    webhookSecret: WEBHOOK_SECRET,
    webhookFetch: async (_url, init) => {
      delivered.push({ body: String(init?.body), signature: new Headers(init?.headers).get('stripe-signature') });
      return new Response(null, { status: 200 });
    },
  });
  o = { baseUrl: 'http://pay.test', fetch: fake.fetch };
});

// Every request the client made must have passed Pay's contract.
afterEach(() => {
  expect(fake.violations).toEqual([]);
});

describe('createPaymentIntent', () => {
  it('charges the exact cart total with the pinned version, the key and a derived idempotency key', async () => {
    const pi = await createPaymentIntent(KEY, cart, { ...o, currency: 'USD', metadata: { order: 'o-1 (a&b)' }, receiptEmail: 'buyer@shop.test' });
    expect(pi).toMatchObject({
      status: 'requires_payment_method',
      amount: 5497,
      currency: 'usd',
      customer: null,
      metadata: { order: 'o-1 (a&b)' },
      lastPaymentError: null,
    });
    expect(pi.clientSecret).toMatch(/^pi_\w+_secret_\w+$/);
    const [request] = fake.requests;
    expect(request?.headers['stripe-version']).toBe(PAY_API_VERSION);
    expect(request?.headers['authorization']).toMatch(/^Bearer sk_test_/);
    expect(request?.idempotencyKey).toMatch(/^louise-[0-9a-f]{64}$/);
    expect(request?.rawBody).toBe(
      'amount=5497&currency=usd&automatic_payment_methods[enabled]=true&receipt_email=buyer%40shop.test&metadata[order]=o-1%20%28a%26b%29',
    );
  });

  it('replays the first answer when the same call is retried, and refuses a reused key with other parameters', async () => {
    const first = await createPaymentIntent(KEY, cart, { ...o, currency: 'usd' });
    const again = await createPaymentIntent(KEY, cart, { ...o, currency: 'usd' });
    expect(again.id).toBe(first.id);
    expect(fake.requests[1]?.replayed).toBe(true);
    expect(fake.paymentIntents.size).toBe(1);

    await createPaymentIntent(KEY, cart, { ...o, currency: 'usd', idempotencyKey: 'order-42' });
    const error = await thrown(createPaymentIntent(KEY, cart.slice(1), { ...o, currency: 'usd', idempotencyKey: 'order-42' }));
    expect(error).toMatchObject({ status: 400, code: 'idempotency_error', retryable: false });
  });

  it('refuses a cart it cannot charge exactly, before calling Pay', async () => {
    const bad = [
      [],
      [{ name: 'a', unitAmount: 12.5, quantity: 1 }],
      [{ name: 'a', unitAmount: 100, quantity: 0 }],
      [{ name: 'a', unitAmount: 100, quantity: 1.5 }],
      [{ name: 'a', unitAmount: -1, quantity: 1 }],
      [{ name: 'a', unitAmount: 0, quantity: 3 }],
      [{ name: 'a', unitAmount: Number.MAX_SAFE_INTEGER, quantity: 2 }],
    ];
    for (const items of bad) await expect(createPaymentIntent(KEY, items, { ...o, currency: 'usd' }), JSON.stringify(items)).rejects.toThrow(RangeError);
    await expect(createPaymentIntent(KEY, cart, { ...o, currency: 'dollars' })).rejects.toThrow(TypeError);
    expect(fake.requests).toEqual([]);
  });

  it('refuses an empty or non-secret key with a message that never shows the key', async () => {
    for (const key of ['', 'pk_test_visible_123', 'not_a_key', 'sk_test_with space']) {
      const error = await createPaymentIntent(key, cart, { ...o, currency: 'usd' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TypeError);
      if (key !== '') expect(String((error as Error).message)).not.toContain(key);
    }
    expect(fake.requests).toEqual([]);
  });
});

describe('confirmPaymentIntent and retrievePaymentIntent', () => {
  it('succeeds with pm_card_visa, then Pay sends a signed payment_intent.succeeded that both verifiers accept', async () => {
    const pi = await createPaymentIntent(KEY, cart, { ...o, currency: 'usd' });
    const done = await confirmPaymentIntent(KEY, pi.id, { ...o, paymentMethod: 'pm_card_visa', returnUrl: 'https://shop.test/thanks' });
    expect(done).toMatchObject({ id: pi.id, status: 'succeeded', amount: 5497 });
    expect(await retrievePaymentIntent(KEY, pi.id, o)).toMatchObject({ status: 'succeeded' });

    await fake.settled();
    expect(delivered).toHaveLength(1);
    const [hook] = delivered as [(typeof delivered)[number]];
    expect(await verifyPaySignature(hook.body, hook.signature, WEBHOOK_SECRET)).toBe(true);
    const event = Stripe.webhooks.constructEvent(hook.body, hook.signature ?? '', WEBHOOK_SECRET);
    expect(event.type).toBe('payment_intent.succeeded');
    expect((event.data.object as { id: string }).id).toBe(pi.id);
    expect(event.api_version).toBe(PAY_API_VERSION);
  });

  it('turns a decline into UpstreamError 402 card_declined, the provider message only in detail', async () => {
    const pi = await createPaymentIntent(KEY, cart, { ...o, currency: 'usd', allowRedirects: 'never' });
    const error = await thrown(confirmPaymentIntent(KEY, pi.id, { ...o, paymentMethod: 'pm_card_chargeDeclined' }));
    expect(error).toMatchObject({
      provider: 'Pay',
      status: 402,
      code: 'card_declined',
      retryable: false,
      operation: `POST /v1/payment_intents/${pi.id}/confirm`,
    });
    expect(error.message).not.toContain('Your card was declined');
    expect(error.detail).toContain('Your card was declined.');
    expect(error.detail).toContain('decline_code=generic_decline');
    expect(JSON.stringify(error)).not.toContain('declined.');

    const after = await retrievePaymentIntent(KEY, pi.id, o);
    expect(after).toMatchObject({ status: 'requires_payment_method', lastPaymentError: { code: 'card_declined', declineCode: 'generic_decline' } });
    await fake.settled();
    expect(fake.events.map((e: SentEvent) => e.event['type'])).toEqual(['payment_intent.payment_failed']);
  });

  it("needs returnUrl unless redirects are off, as Pay's automatic payment methods do", async () => {
    const pi = await createPaymentIntent(KEY, cart, { ...o, currency: 'usd' });
    const error = await thrown(confirmPaymentIntent(KEY, pi.id, { ...o, paymentMethod: 'pm_card_visa' }));
    expect(error.status).toBe(400);
    expect(error.detail).toContain('return_url');
  });

  it('answers 404 for an unknown intent and refuses an id that would change the path', async () => {
    expect(await thrown(retrievePaymentIntent(KEY, 'pi_missing', o))).toMatchObject({ status: 404, code: 'resource_missing' });
    for (const id of ['pi_1/../../customers', 'pi_1?expand[]=x', '', 'pi 1']) await expect(retrievePaymentIntent(KEY, id, o)).rejects.toThrow(TypeError);
    expect(fake.requests).toHaveLength(1);
  });
});

describe('failures from Pay', () => {
  it('times out a hanging answer as status 0 code timeout', async () => {
    fake.script({ hang: true });
    const started = Date.now();
    const error = await thrown(retrievePaymentIntent(KEY, 'pi_1', { ...o, timeoutMs: 50 }));
    expect(error).toMatchObject({ status: 0, code: 'timeout', retryable: true, operation: 'GET /v1/payment_intents/pi_1' });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('marks 429 (with or without retry-after) and 5xx retryable', async () => {
    fake.script({ status: 429, headers: { 'retry-after': '2' } }, { status: 429 }, { status: 503 });
    expect(await thrown(createPaymentIntent(KEY, cart, { ...o, currency: 'usd' }))).toMatchObject({ status: 429, code: 'rate_limit', retryable: true });
    expect(await thrown(createPaymentIntent(KEY, cart, { ...o, currency: 'usd' }))).toMatchObject({ status: 429, code: 'rate_limit', retryable: true });
    expect(await thrown(createPaymentIntent(KEY, cart, { ...o, currency: 'usd' }))).toMatchObject({ status: 503, code: 'api_error', retryable: true });
  });

  it('refuses a 2xx whose body is not JSON as invalid_response', async () => {
    fake.script({ malformed: true });
    expect(await thrown(retrievePaymentIntent(KEY, 'pi_1', o))).toMatchObject({ status: 200, code: 'invalid_response' });
  });
});

describe('ensureCustomer', () => {
  it('creates once, then reuses by email, updating only what changed', async () => {
    const address = { line1: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'us' };
    const created = await ensureCustomer(KEY, { email: 'ana@shop.test', name: 'Ana', address }, o);
    expect(created).toMatchObject({ email: 'ana@shop.test', name: 'Ana', address: { ...address, country: 'US' } });

    const same = await ensureCustomer(KEY, { email: 'ana@shop.test', name: 'Ana', address }, o);
    expect(same.id).toBe(created.id);
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/customers', 'POST /v1/customers', 'GET /v1/customers']);

    const moved = await ensureCustomer(KEY, { email: 'ana@shop.test', address: { line1: '2 Oak Ave', country: 'US' } }, o);
    expect(moved).toMatchObject({ id: created.id, name: 'Ana', address: { line1: '2 Oak Ave', country: 'US' } });
    expect(moved.address?.city).toBeUndefined();
    expect(fake.customers.size).toBe(1);
  });
});

describe('invoices', () => {
  it('createAndSendInvoice bills one amount as an open, sent invoice with a hosted URL', async () => {
    const customer = await ensureCustomer(KEY, { email: 'bo@shop.test' }, o);
    const invoice = await createAndSendInvoice(KEY, { customer: customer.id, amount: 5000, currency: 'usd', description: 'Deposit', daysUntilDue: 14 }, o);
    expect(invoice).toMatchObject({ status: 'open', amountDue: 5000, currency: 'usd' });
    expect(invoice.hostedInvoiceUrl).toMatch(/^https:\/\//);
    expect(invoice.number).toMatch(/-0001$/);
    const draft = fake.requests.find((r) => r.path === '/v1/invoices');
    expect(draft?.body).toMatchObject({ collection_method: 'send_invoice', days_until_due: '14', pending_invoice_items_behavior: 'exclude' });
    expect(draft?.body['automatic_tax']).toBeUndefined();
  });

  it('createLineItemInvoice attaches every line to its draft and turns on automatic tax for a customer with an address', async () => {
    const customer = await ensureCustomer(KEY, { email: 'cy@shop.test', address: { line1: '1 Main St', postalCode: '94107', country: 'US' } }, o);
    const items = [
      { description: 'Prints', unitAmount: 500, quantity: 3 },
      { description: 'Frame', unitAmount: 2000, quantity: 1 },
    ];
    const invoice = await createLineItemInvoice(KEY, { customer, currency: 'usd', items }, o);
    expect(invoice).toMatchObject({ status: 'open', amountDue: 3500 });
    const lineRequests = fake.requests.filter((r) => r.path === '/v1/invoiceitems');
    expect(lineRequests.map((r) => r.body)).toEqual([
      { customer: customer.id, invoice: invoice.id, currency: 'usd', description: 'Prints', unit_amount_decimal: '500', quantity: '3' },
      { customer: customer.id, invoice: invoice.id, currency: 'usd', description: 'Frame', unit_amount_decimal: '2000', quantity: '1' },
    ]);
    expect(fake.requests.find((r) => r.path === '/v1/invoices')?.body['automatic_tax']).toEqual({ enabled: 'true' });

    // By id, the customer is read first; without an address there is no automatic tax (Pay would refuse it).
    const bare = await ensureCustomer(KEY, { email: 'di@shop.test' }, o);
    await createLineItemInvoice(KEY, { customer: bare.id, currency: 'usd', items }, o);
    const drafts = fake.requests.filter((r) => r.path === '/v1/invoices');
    expect(drafts[1]?.body['automatic_tax']).toBeUndefined();
  });

  it('a retry after a failure halfway replays the steps done and duplicates nothing', async () => {
    const customer = await ensureCustomer(KEY, { email: 'ed@shop.test' }, o);
    const items = [
      { description: 'A', unitAmount: 100, quantity: 1 },
      { description: 'B', unitAmount: 200, quantity: 2 },
    ];
    fake.script({ match: { path: /\/finalize$/ }, status: 500 });
    const input = { customer, currency: 'usd', items };
    expect(await thrown(createLineItemInvoice(KEY, input, { ...o, idempotencyKey: 'order-7' }))).toMatchObject({ status: 500, retryable: true });
    const invoice = await createLineItemInvoice(KEY, input, { ...o, idempotencyKey: 'order-7' });
    expect(invoice).toMatchObject({ status: 'open', amountDue: 500 });
    expect(fake.invoices.size).toBe(1);
    expect(fake.invoiceItems.size).toBe(2);
    const keys = fake.requests.filter((r) => r.method === 'POST' && r.path !== '/v1/customers').map((r) => r.idempotencyKey);
    expect(new Set(keys)).toEqual(new Set(['order-7:invoice', 'order-7:line-0', 'order-7:line-1', 'order-7:finalize', 'order-7:send']));

    // Without a caller key the derived keys do the same.
    fake.script({ match: { path: /\/send$/ }, status: 502 });
    await thrown(createAndSendInvoice(KEY, { customer: customer.id, amount: 900, currency: 'usd', description: 'Extra' }, o));
    await createAndSendInvoice(KEY, { customer: customer.id, amount: 900, currency: 'usd', description: 'Extra' }, o);
    expect(fake.invoices.size).toBe(2);
    expect(fake.invoiceItems.size).toBe(3);
  });
});

describe('payRequest', () => {
  it('refuses a path outside /v1/ or with query, traversal or encoded characters', async () => {
    for (const path of ['/v2/x', '/v1/customers/../charges', '/v1/customers?limit=1', '/v1/customers/%2e%2e', 'https://evil.test/v1/x', '/v1/']) {
      await expect(payRequest(KEY, 'GET', path, {}, o), path).rejects.toThrow(TypeError);
    }
    expect(fake.requests).toEqual([]);
  });
});
