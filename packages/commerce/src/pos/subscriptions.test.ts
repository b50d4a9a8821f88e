import { describe, expect, it } from 'vitest';
import { newLocation } from '../../fakes/pos/areas/locations.ts';
import { thrown } from '../upstream.testing.ts';
import { fakePosPerTest, posConfigFor } from './pos.testing.ts';
import { createSubscription, searchSubscriptionsByCustomer } from './subscriptions.ts';

const pos = fakePosPerTest();

function seed() {
  const location = newLocation(pos.fake.state, {});
  pos.fake.state.table('locations').set(location['id'] as string, location);
  pos.fake.state.table('customers').set('CUST1', { id: 'CUST1' });
  pos.fake.state.table('customers').set('CUST2', { id: 'CUST2' });
  return location['id'] as string;
}

describe('subscriptions', () => {
  it('creates a subscription and sends the plan, customer and price override in Pos words', async () => {
    const locationId = seed();
    const sub = await createSubscription(posConfigFor(pos.fake), {
      locationId,
      customerId: 'CUST1',
      planVariationId: 'PLANVAR1',
      startDate: '2099-01-01',
      priceOverride: { amount: 1500, currency: 'usd' },
    });
    expect(sub).toMatchObject({ customerId: 'CUST1', planVariationId: 'PLANVAR1', status: 'PENDING', priceOverride: { amount: 1500, currency: 'USD' } });
    const body = pos.fake.requests.at(-1)?.body as Record<string, unknown>;
    expect(body).toMatchObject({ location_id: locationId, customer_id: 'CUST1', plan_variation_id: 'PLANVAR1', start_date: '2099-01-01' });
    expect(typeof body['idempotency_key']).toBe('string');
  });

  it('createSubscription is idempotent: the same input replays the first subscription', async () => {
    const locationId = seed();
    const config = posConfigFor(pos.fake);
    const input = { locationId, customerId: 'CUST1', planVariationId: 'PLANVAR1' };
    const first = await createSubscription(config, input);
    const again = await createSubscription(config, input);
    expect(again.id).toBe(first.id);
    expect(pos.fake.requests.at(-1)?.replayed).toBe(true);
    expect(pos.fake.state.table('subscriptions').size).toBe(1);
    const other = await createSubscription(config, { ...input, idempotencyKey: 'second-subscription' });
    expect(other.id).not.toBe(first.id);
  });

  it('searchSubscriptionsByCustomer follows the cursor and keeps only that customer', async () => {
    const locationId = seed();
    for (let i = 0; i < 150; i++) {
      pos.fake.state
        .table('subscriptions')
        .set(`S${i}`, { id: `S${i}`, location_id: locationId, customer_id: i % 3 === 0 ? 'CUST2' : 'CUST1', status: 'ACTIVE', version: 1 });
    }
    const subs = await searchSubscriptionsByCustomer(posConfigFor(pos.fake), 'CUST1');
    expect(subs).toHaveLength(100);
    expect(subs.every((s) => s.customerId === 'CUST1')).toBe(true);
    expect(pos.fake.requests.map((r) => r.operation)).toEqual(['SearchSubscriptions']);
    const all = await searchSubscriptionsByCustomer(posConfigFor(pos.fake), 'CUST2');
    expect(all).toHaveLength(50);
    pos.fake.state.table('subscriptions').clear();
    for (let i = 0; i < 250; i++) pos.fake.state.table('subscriptions').set(`T${i}`, { id: `T${i}`, customer_id: 'CUST1' });
    const paged = await searchSubscriptionsByCustomer(posConfigFor(pos.fake), 'CUST1');
    expect(paged.map((s) => s.id)).toEqual(Array.from({ length: 250 }, (_, i) => `T${i}`));
    expect(pos.fake.requests.filter((r) => r.operation === 'SearchSubscriptions')).toHaveLength(5);
    expect(((pos.fake.requests.at(-1)?.body ?? {}) as { cursor?: string }).cursor).toEqual(expect.any(String));
  });

  it('a provider refusal is a PosApiError; bad input sends nothing', async () => {
    const locationId = seed();
    const config = posConfigFor(pos.fake);
    const error = await thrown(createSubscription(config, { locationId, customerId: 'NOBODY', planVariationId: 'P' }));
    expect(error).toMatchObject({ status: 400, code: 'CUSTOMER_NOT_FOUND' });
    const before = pos.fake.requests.length;
    await expect(searchSubscriptionsByCustomer(config, '')).rejects.toThrow(TypeError);
    await expect(createSubscription(config, { locationId, customerId: 'CUST1', planVariationId: 'P', startDate: '1/1/2030' })).rejects.toThrow(/YYYY-MM-DD/);
    await expect(createSubscription(config, { locationId, customerId: 'CUST1', planVariationId: '' })).rejects.toThrow(TypeError);
    expect(pos.fake.requests).toHaveLength(before);
  });

  it('called every subscription operation with a valid request', () => {
    expect([...pos.called].sort()).toEqual(expect.arrayContaining(['CreateSubscription', 'SearchSubscriptions']));
  });
});
