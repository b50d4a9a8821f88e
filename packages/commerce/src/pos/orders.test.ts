import { describe, expect, it } from 'vitest';
import { newLocation } from '../../fakes/pos/areas/locations.ts';
import type { FakePos } from '../../fakes/pos/fake-pos.ts';
import { seedPosShop } from '../../fakes/pos/seed.ts';
import { thrown } from '../upstream.testing.ts';
import { calculateOrder, createOrder, type PosOrder, retrieveOrder, searchOrders, searchOrdersByCustomer } from './orders.ts';
import { fakePosPerTest, posConfigFor } from './pos.testing.ts';
import { posRequest } from './request.ts';

/** One second per reading, so every order has its own `created_at`. */
function ticking(): () => number {
  let t = Date.parse('2026-03-01T09:00:00Z');
  return () => (t += 1000);
}

const pos = fakePosPerTest(() => ({ now: ticking() }));

function seedLocations(target: FakePos, count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const location = newLocation(target.state, { name: `Stand ${i + 1}` });
    target.state.table('locations').set(String(location['id']), location);
    return String(location['id']);
  });
}

/** A variation at 4.50 under an item named "Flat white", as the catalog area stores them. */
function seedVariation(target: FakePos): string {
  const catalog = target.state.table('catalog');
  catalog.set('ITEM1', { type: 'ITEM', id: 'ITEM1', version: 1, item_data: { name: 'Flat white' } });
  catalog.set('VAR1', {
    type: 'ITEM_VARIATION',
    id: 'VAR1',
    version: 1,
    item_variation_data: { item_id: 'ITEM1', name: 'Regular', pricing_type: 'FIXED_PRICING', price_money: { amount: 450, currency: 'USD' } },
  });
  return 'VAR1';
}

describe('createOrder, retrieveOrder, calculateOrder', () => {
  it('prices catalog lines from the catalog and ad-hoc lines from their base price', async () => {
    const config = posConfigFor(pos.fake);
    const [locationId] = seedLocations(pos.fake, 1) as [string];
    const variation = seedVariation(pos.fake);
    const order = await createOrder(config, {
      locationId,
      referenceId: 'cart-7',
      lineItems: [
        { catalogObjectId: variation, quantity: 2 },
        { name: 'Gift wrap', basePrice: { amount: 300, currency: 'usd' }, quantity: '1' },
      ],
    });
    expect(pos.fake.requests.at(-1)?.body).toMatchObject({
      order: {
        location_id: locationId,
        reference_id: 'cart-7',
        line_items: [
          { catalog_object_id: 'VAR1', quantity: '2' },
          { name: 'Gift wrap', quantity: '1', base_price_money: { amount: 300, currency: 'USD' } },
        ],
      },
      idempotency_key: expect.any(String),
    });
    expect(order).toMatchObject({
      locationId,
      state: 'OPEN',
      referenceId: 'cart-7',
      totalMoney: { amount: 1200, currency: 'USD' },
      totalTaxMoney: { amount: 0, currency: 'USD' },
      totalDiscountMoney: { amount: 0, currency: 'USD' },
      lineItems: [
        { catalogObjectId: 'VAR1', name: 'Flat white', variationName: 'Regular', quantity: '2', basePrice: { amount: 450, currency: 'USD' } },
        { name: 'Gift wrap', totalMoney: { amount: 300, currency: 'USD' } },
      ],
    });
    expect(order.version).toBe(1);
    expect(await retrieveOrder(config, order.id)).toEqual(order);
  });

  it("prices a catalog line at the order's location: its override there, else its own price", async () => {
    const shop = seedPosShop(pos.fake.state);
    const config = posConfigFor(pos.fake);
    const line = { catalogObjectId: shop.variations.flatWhiteLarge, quantity: 2 };
    const atStation = await createOrder(config, { locationId: shop.locations.stationStand, lineItems: [line] });
    const atHarbour = await createOrder(config, { locationId: shop.locations.harbourCafe, lineItems: [line] });
    expect(atStation.totalMoney).toEqual({ amount: 1040, currency: 'USD' });
    expect(atHarbour.totalMoney).toEqual({ amount: 960, currency: 'USD' });
  });

  it('calculateOrder prices without storing anything', async () => {
    const [locationId] = seedLocations(pos.fake, 1) as [string];
    const totals = await calculateOrder(posConfigFor(pos.fake), { locationId, lineItems: [{ catalogObjectId: seedVariation(pos.fake), quantity: '1.5' }] });
    expect(totals.totalMoney).toEqual({ amount: 675, currency: 'USD' });
    expect(pos.fake.state.table('orders').size).toBe(0);
  });

  it('the same order sent twice (a double submit) makes one order', async () => {
    const config = posConfigFor(pos.fake);
    const [locationId] = seedLocations(pos.fake, 1) as [string];
    const input = { locationId, lineItems: [{ name: 'Tote', basePrice: { amount: 1500, currency: 'USD' }, quantity: 1 }] };
    const first = await createOrder(config, input);
    const second = await createOrder(config, input);
    expect(second.id).toBe(first.id);
    expect(pos.fake.requests.at(-1)?.replayed).toBe(true);
    expect(pos.fake.state.table('orders').size).toBe(1);
  });

  it('a missing order is a 404 PosApiError', async () => {
    const error = await thrown(retrieveOrder(posConfigFor(pos.fake), 'NOPE'));
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('refuses unusable lines before any request', async () => {
    const config = posConfigFor(pos.fake);
    const base = { amount: 100, currency: 'USD' };
    await expect(createOrder(config, { locationId: 'L1', lineItems: [] })).rejects.toThrow(/at least one line/);
    await expect(createOrder(config, { locationId: 'L1', lineItems: [{ name: 'X', basePrice: base, quantity: 0 }] })).rejects.toThrow(/quantity/);
    await expect(createOrder(config, { locationId: 'L1', lineItems: [{ name: 'X', basePrice: base, quantity: 1.5 }] })).rejects.toThrow(/quantity/);
    await expect(createOrder(config, { locationId: 'L1', lineItems: [{ name: 'X', quantity: 1 } as never] })).rejects.toThrow(/basePrice/);
    await expect(createOrder(config, { locationId: 'L1', lineItems: [{ catalogObjectId: 'V', basePrice: base, quantity: 1 } as never] })).rejects.toThrow(
      /from the catalog/,
    );
    await expect(
      createOrder(config, { locationId: 'L1', lineItems: [{ name: 'X', basePrice: { amount: 1.5, currency: 'USD' }, quantity: 1 }] }),
    ).rejects.toThrow(TypeError);
    await expect(
      createOrder(config, { locationId: 'L1', lineItems: [{ name: 'X', basePrice: base, quantity: 1 }], idempotencyKey: 'k'.repeat(193) }),
    ).rejects.toThrow(/1 to 192/);
    expect(pos.fake.requests).toHaveLength(0);
  });
});

describe('searchOrders', () => {
  it('over 23 locations returns every order once, in the requested location order, chunked 10+10+3 and paged', async () => {
    const config = posConfigFor(pos.fake);
    const locations = seedLocations(pos.fake, 23);
    // Created in the reverse of the order asked, two per location, so Pos's own order differs from the one asked for.
    for (const locationId of [...locations].reverse()) {
      for (const n of [1, 2])
        await createOrder(config, { locationId, lineItems: [{ name: `Order ${n}`, basePrice: { amount: n * 100, currency: 'USD' }, quantity: 1 }] });
    }
    const asked = [...locations.slice(5), ...locations.slice(0, 5)];
    const before = pos.fake.requests.length;

    const found = await searchOrders(config, { locationIds: asked });

    const searches = pos.fake.requests.slice(before);
    const chunkOf = (r: (typeof searches)[number]) => (r.body as { location_ids: string[] }).location_ids;
    expect(searches.every((r) => r.operation === 'SearchOrders' && r.status === 200 && chunkOf(r).length <= 10)).toBe(true);
    const chunks = [...new Map(searches.map((r) => [chunkOf(r).join(), chunkOf(r)])).values()];
    expect(chunks).toEqual([asked.slice(0, 10), asked.slice(10, 20), asked.slice(20)]);
    // Several pages per chunk (the fake's page is 5 orders): 20, 20 and 6 orders.
    for (const chunk of chunks) expect(searches.filter((r) => chunkOf(r).join() === chunk.join()).length).toBeGreaterThan(1);

    expect(found).toHaveLength(46);
    expect(new Set(found.map((o) => o.id)).size).toBe(46);
    // Chunk by chunk in the order asked; within a chunk Pos's order (newest first).
    const newestFirst = (a: PosOrder, b: PosOrder) => String(b.createdAt).localeCompare(String(a.createdAt));
    const all = [...pos.fake.state.table('orders').keys()].map((id) => found.find((o) => o.id === id) as PosOrder);
    const expected = chunks.flatMap((chunk) => all.filter((o) => chunk.includes(o.locationId)).sort(newestFirst));
    expect(found.map((o) => o.id)).toEqual(expected.map((o) => o.id));
  });

  it('returns an order once even when Pos repeats it on the next page (a page shifted by a new order)', async () => {
    const config = posConfigFor(pos.fake);
    const [locationId] = seedLocations(pos.fake, 1) as [string];
    const line = [{ name: 'Pin', basePrice: { amount: 250, currency: 'USD' }, quantity: 1 }];
    const first = await createOrder(config, { locationId, lineItems: line });
    const second = await createOrder(config, { locationId, lineItems: line, referenceId: 'b' });
    const raw = (id: string) => pos.fake.state.table('orders').get(id);
    pos.fake.script({ body: { orders: [raw(second.id)], cursor: 'next' } }, { body: { orders: [raw(second.id), raw(first.id)] } });
    const found = await searchOrders(config, { locationIds: [locationId, locationId] });
    expect(found.map((o) => o.id)).toEqual([second.id, first.id]);
    expect(pos.fake.requests.at(-2)?.body).toMatchObject({ location_ids: [locationId] });
  });

  it('the fake refuses more than 10 locations in one search, as Pos does', async () => {
    const error = await thrown(posRequest(posConfigFor(pos.fake), 'POST', '/v2/orders/search', { body: { location_ids: seedLocations(pos.fake, 11) } }));
    expect(error).toMatchObject({ status: 400, code: 'VALUE_TOO_HIGH' });
  });

  it('filters by state, one date range and customer, and sends the sort field the range needs', async () => {
    const config = posConfigFor(pos.fake);
    const [a, b] = seedLocations(pos.fake, 2) as [string, string];
    const line = [{ name: 'Mug', basePrice: { amount: 900, currency: 'USD' }, quantity: 1 }];
    const early = await createOrder(config, { locationId: a, customerId: 'CUST1', lineItems: line });
    const mine = await createOrder(config, { locationId: b, customerId: 'CUST1', lineItems: line, referenceId: 'r2' });
    await createOrder(config, { locationId: b, customerId: 'CUST2', lineItems: line });

    const found = await searchOrdersByCustomer(config, {
      customerId: 'CUST1',
      locationIds: [a, b],
      states: ['OPEN'],
      createdAt: { startAt: new Date(Date.parse(String(early.createdAt)) + 1) },
      limit: 50,
    });
    expect(found.map((o) => o.id)).toEqual([mine.id]);
    expect(pos.fake.requests.at(-1)?.body).toEqual({
      location_ids: [a, b],
      query: {
        filter: {
          state_filter: { states: ['OPEN'] },
          date_time_filter: { created_at: { start_at: new Date(Date.parse(String(early.createdAt)) + 1).toISOString() } },
          customer_filter: { customer_ids: ['CUST1'] },
        },
        sort: { sort_field: 'CREATED_AT' },
      },
      limit: 50,
    });
    expect(await searchOrders(config, { locationIds: [a, b], states: ['COMPLETED'] })).toEqual([]);
  });

  it('refuses an unusable search before any request', async () => {
    const config = posConfigFor(pos.fake);
    await expect(searchOrders(config, { locationIds: [] })).rejects.toThrow(/locationIds/);
    await expect(searchOrders(config, { locationIds: ['L1'], createdAt: { startAt: 'x' }, closedAt: { endAt: new Date() } })).rejects.toThrow(/one of/);
    await expect(searchOrders(config, { locationIds: ['L1'], createdAt: { startAt: 'not a date' } })).rejects.toThrow(/RFC 3339/);
    await expect(searchOrders(config, { locationIds: ['L1'], states: ['PAID' as never] })).rejects.toThrow(/states/);
    await expect(searchOrders(config, { locationIds: ['L1'], limit: 0 })).rejects.toThrow(/limit/);
    await expect(searchOrdersByCustomer(config, { locationIds: ['L1'], customerId: '' })).rejects.toThrow(/customerId/);
    expect(pos.fake.requests).toHaveLength(0);
  });

  it('every orders operation was called through the fake with a valid request', () => {
    expect([...pos.called].sort()).toEqual(expect.arrayContaining(['CalculateOrder', 'CreateOrder', 'RetrieveOrder', 'SearchOrders']));
  });
});
