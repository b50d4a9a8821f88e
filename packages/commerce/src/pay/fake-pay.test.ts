import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { createFakePay } from '../../fakes/pay/fake-pay.ts';
import { PAY_API_VERSION } from './request.ts';

// The fake is only worth its violations list if it refuses what Pay refuses
// and accepts what Pay accepts; these tests hold it to both.

const headers = (extra: Record<string, string> = {}) => ({
  authorization: 'Bearer sk_test_fake',
  'stripe-version': PAY_API_VERSION,
  'content-type': 'application/x-www-form-urlencoded',
  'idempotency-key': crypto.randomUUID(),
  ...extra,
});

describe('fake Pay contract check', () => {
  it('refuses an unknown parameter, a removed one, a wrong type and an unknown nested key, each as a violation', async () => {
    const fake = createFakePay();
    const cases = [
      'amount=100&currency=usd&bogus=1',
      'amount=100&currency=usd&payment_method_types[0]=card',
      'amount=ten&currency=usd',
      'currency=usd',
      'amount=100&currency=usd&automatic_payment_methods[enabled]=true&automatic_payment_methods[colour]=red',
      'amount=100&currency=usd&metadata[a]=1&metadata[a][b]=2',
    ];
    for (const body of cases) {
      const res = await fake.fetch('http://pay.test/v1/payment_intents', { method: 'POST', headers: headers(), body });
      expect(res.status, body).toBe(400);
      expect(((await res.json()) as { error: { type: string } }).error.type).toBe('invalid_request_error');
    }
    expect(fake.violations).toHaveLength(cases.length);
    expect(fake.violations[0]).toMatch(/unknown parameter "bogus"/);
    expect(fake.violations[1]).toMatch(/payment_method_types: removed/);
    expect(fake.violations[4]).toMatch(/colour/);
    expect(fake.paymentIntents.size).toBe(0);
  });

  it('refuses missing headers, a live or absent key, a stale version, an unknown query parameter and a retired endpoint', async () => {
    const fake = createFakePay();
    const post = (h: Record<string, string>) => fake.fetch('http://pay.test/v1/customers', { method: 'POST', headers: h, body: 'email=a%40b.test' });
    const { 'idempotency-key': _drop, ...noKey } = headers();
    expect((await post(noKey)).status).toBe(400);
    expect((await post(headers({ authorization: 'Bearer sk_live_real' }))).status).toBe(401);
    expect((await post(headers({ 'stripe-version': '2023-08-16' }))).status).toBe(400);
    expect((await fake.fetch('http://pay.test/v1/customers?emial=a', { headers: headers() })).status).toBe(400);
    expect((await fake.fetch('http://pay.test/v1/invoices/upcoming', { headers: headers() })).status).toBe(400);
    expect((await fake.fetch('http://pay.test/v1/nope', { headers: headers() })).status).toBe(404);
    expect(fake.violations).toHaveLength(6);
    expect(fake.violations.join('\n')).toMatch(/not in the current API/);
    expect(fake.customers.size).toBe(0);
  });

  it("accepts Pay's official SDK (stripe-node) and answers in shapes it reads", async () => {
    const fake = createFakePay();
    const stripe = new Stripe('sk_test_sdk', { httpClient: Stripe.createFetchHttpClient(fake.fetch as typeof fetch), maxNetworkRetries: 0 });
    const customer = await stripe.customers.create({ email: 'sdk@shop.test', name: 'SDK', address: { line1: '1 Main', country: 'US' }, metadata: { a: 'b' } });
    expect(customer).toMatchObject({ object: 'customer', email: 'sdk@shop.test' });
    const listed = await stripe.customers.list({ email: 'sdk@shop.test', limit: 1 });
    expect(listed.data[0]?.id).toBe(customer.id);
    const pi = await stripe.paymentIntents.create({
      amount: 1500,
      currency: 'usd',
      customer: customer.id,
      automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
    });
    const confirmed = await stripe.paymentIntents.confirm(pi.id, { payment_method: 'pm_card_visa' });
    expect(confirmed.status).toBe('succeeded');
    await expect(stripe.paymentIntents.retrieve('pi_nope')).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
    const invoice = await stripe.invoices.create({
      customer: customer.id,
      collection_method: 'send_invoice',
      days_until_due: 7,
      pending_invoice_items_behavior: 'exclude',
    });
    await stripe.invoiceItems.create({ customer: customer.id, invoice: invoice.id, amount: 700, currency: 'usd', description: 'Item' });
    const finalized = await stripe.invoices.finalizeInvoice(invoice.id ?? '');
    expect(finalized).toMatchObject({ status: 'open', amount_due: 700 });
    expect(fake.requests.every((r) => r.headers['stripe-version'] === PAY_API_VERSION)).toBe(true);
    expect(fake.violations).toEqual([]);
  });

  it('declines pm_card_chargeDeclined the way the SDK reports a card error', async () => {
    const fake = createFakePay();
    const stripe = new Stripe('sk_test_sdk', { httpClient: Stripe.createFetchHttpClient(fake.fetch as typeof fetch), maxNetworkRetries: 0 });
    const pi = await stripe.paymentIntents.create({ amount: 1500, currency: 'usd', automatic_payment_methods: { enabled: true, allow_redirects: 'never' } });
    const error = await stripe.paymentIntents.confirm(pi.id, { payment_method: 'pm_card_chargeDeclined' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error).toMatchObject({ statusCode: 402, code: 'card_declined', decline_code: 'generic_decline' });
    expect(fake.violations).toEqual([]);
  });
});
