import { describe, expect, it } from 'vitest';
import { newLocation } from '../../fakes/pos/areas/locations.ts';
import { SANDBOX_TOKEN_DECLINED, SANDBOX_TOKEN_OK } from '../../fakes/pos/areas/payments.ts';
import { thrown } from '../upstream.testing.ts';
import { createOrder, retrieveOrder } from './orders.ts';
import { createPayment } from './payments.ts';
import { fakePosPerTest, posConfigFor } from './pos.testing.ts';
import { PosApiError } from './request.ts';

const pos = fakePosPerTest();

const retry = { attempts: 3, baseDelayMs: 0, maxDelayMs: 0 };

/** An open order of 12.00 at a new location. */
async function openOrder() {
  const location = newLocation(pos.fake.state, { name: 'Shop' });
  pos.fake.state.table('locations').set(String(location['id']), location);
  return createOrder(posConfigFor(pos.fake), {
    locationId: String(location['id']),
    lineItems: [{ name: 'Print', basePrice: { amount: 1200, currency: 'USD' }, quantity: 1 }],
  });
}

const payments = () => pos.fake.requests.filter((r) => r.operation === 'CreatePayment');

describe('createPayment', () => {
  it('charges a card token against the order, which is then completed', async () => {
    const order = await openOrder();
    const payment = await createPayment(posConfigFor(pos.fake), {
      sourceId: SANDBOX_TOKEN_OK,
      orderId: order.id,
      amount: order.totalMoney,
      referenceId: 'cart-9',
    });
    expect(payments()[0]?.body).toEqual({
      source_id: SANDBOX_TOKEN_OK,
      amount_money: { amount: 1200, currency: 'USD' },
      order_id: order.id,
      reference_id: 'cart-9',
      idempotency_key: expect.stringMatching(/^[0-9a-f]{40}$/),
    });
    expect(payment).toMatchObject({
      status: 'COMPLETED',
      orderId: order.id,
      locationId: order.locationId,
      amountMoney: { amount: 1200, currency: 'USD' },
      card: { brand: 'VISA', last4: '1111' },
    });
    expect((await retrieveOrder(posConfigFor(pos.fake), order.id)).state).toBe('COMPLETED');
  });

  it('a declined card is a PosApiError of category PAYMENT_METHOD_ERROR with the provider code', async () => {
    const order = await openOrder();
    const error = await thrown(
      createPayment(posConfigFor(pos.fake, { retry }), { sourceId: SANDBOX_TOKEN_DECLINED, orderId: order.id, amount: order.totalMoney }),
    );
    expect(error).toBeInstanceOf(PosApiError);
    expect(error).toMatchObject({ status: 402, code: 'CARD_DECLINED', category: 'PAYMENT_METHOD_ERROR', retryable: false });
    expect(payments()).toHaveLength(1); // a decline is not retried
    expect(pos.fake.state.table('payments').size).toBe(0);
    expect((await retrieveOrder(posConfigFor(pos.fake), order.id)).state).toBe('OPEN');
  });

  it('retried under config.retry after a 503, it sends the same idempotency key and charges once', async () => {
    const order = await openOrder();
    pos.fake.script({ status: 503, match: { method: 'POST', path: '/v2/payments' } });
    const config = posConfigFor(pos.fake, { retry });
    const input = { sourceId: SANDBOX_TOKEN_OK, orderId: order.id, amount: order.totalMoney, idempotencyKey: 'checkout-42' };
    const payment = await createPayment(config, input);
    expect(payments().map((r) => [r.status, (r.body as { idempotency_key: string }).idempotency_key])).toEqual([
      [503, 'checkout-42'],
      [200, 'checkout-42'],
    ]);
    // A double submit after the success replays the same payment.
    expect((await createPayment(config, input)).id).toBe(payment.id);
    expect(pos.fake.state.table('payments').size).toBe(1);
  });

  it('without a key, a retry still carries one derived key', async () => {
    const order = await openOrder();
    pos.fake.script({ status: 503, match: { path: '/v2/payments' } });
    await createPayment(posConfigFor(pos.fake, { retry }), { sourceId: SANDBOX_TOKEN_OK, orderId: order.id, amount: order.totalMoney });
    const keys = payments().map((r) => (r.body as { idempotency_key: string }).idempotency_key);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    expect(pos.fake.state.table('payments').size).toBe(1);
  });

  it('refuses an unusable payment before any request', async () => {
    const config = posConfigFor(pos.fake);
    const ok = { sourceId: SANDBOX_TOKEN_OK, orderId: 'O1', amount: { amount: 100, currency: 'USD' } };
    await expect(createPayment(config, { ...ok, sourceId: '' })).rejects.toThrow(/sourceId/);
    await expect(createPayment(config, { ...ok, orderId: '' })).rejects.toThrow(/orderId/);
    await expect(createPayment(config, { ...ok, amount: { amount: 0, currency: 'USD' } })).rejects.toThrow(/more than zero/);
    await expect(createPayment(config, { ...ok, amount: { amount: 1.5, currency: 'USD' } })).rejects.toThrow(/integer/);
    await expect(createPayment(config, { ...ok, idempotencyKey: 'k'.repeat(46) })).rejects.toThrow(/1 to 45/);
    await expect(createPayment(config, { ...ok, referenceId: 'r'.repeat(41) })).rejects.toThrow(/referenceId/);
    expect(pos.fake.requests).toHaveLength(0);
  });

  it('every payments operation was called through the fake with a valid request', () => {
    expect([...pos.called]).toContain('CreatePayment');
  });
});
