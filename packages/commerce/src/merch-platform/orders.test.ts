import { describe, expect, it } from 'vitest';
import { UpstreamError, upstreamLogLine } from '../../../../src/security/upstream.ts';
import {
  cancelExternalOrder,
  createExternalOrder,
  findExternalOrder,
  getExternalOrder,
  isCancellable,
  listExternalOrders,
  MerchNotCancellableError,
  validateExternalOrder,
} from './index.ts';
import { checkedShops } from '../../fakes/merch/platform-shop.ts';

const TEE = '6f1c2b1e-0d1a-4a53-9a51-7e0f1b2c3d01';
const TEE_S = '0b3f6a52-5f7e-4a8a-8f0e-2c9d1e4b5a01';
const TEE_L = '0b3f6a52-5f7e-4a8a-8f0e-2c9d1e4b5a03';
const seeded = (n: number) => `9d2e4f60-1a2b-4c3d-8e9f-00000000000${n}`;
const address = { firstName: 'Grace', lastName: 'Hopper', address1: '2 Navy Way', city: 'Arlington', zip: '22201', country: 'US' };
const items = [
  { offerId: TEE, variantId: TEE_S, quantity: 2 },
  { offerId: TEE, variantId: TEE_L, quantity: 1 },
];
const RETRY = { attempts: 4, baseDelayMs: 200, maxDelayMs: 5_000 };

// Every request the client made must have kept the provider contract.
const shop = checkedShops();

async function thrown(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => null,
    (e: unknown) => e,
  );
}

describe('validateExternalOrder', () => {
  it('returns the at-cost breakdown in minor units without creating anything', async () => {
    const { fake, config } = shop();
    const result = await validateExternalOrder(config, { items, shippingAddress: address });
    expect(result).toMatchObject({
      valid: true,
      errors: [],
      costs: {
        manufacturingCost: { amount: 2850, currency: 'USD' },
        fulfillmentFee: { amount: 400, currency: 'USD' },
        shippingCost: { amount: 499, currency: 'USD' },
        totalCreatorCost: { amount: 3749, currency: 'USD' },
      },
    });
    expect(result.estimatedDelivery?.minDate).toMatch(/^\d{4}-/);
    expect(fake.orders.size).toBe(6);
    expect(fake.requests[0]?.body).toEqual({ items, shippingAddress: address });
  });

  it('reports an order the provider would refuse as valid: false with its errors', async () => {
    const { config } = shop();
    const result = await validateExternalOrder(config, {
      items: [{ offerId: TEE, variantId: '0b3f6a52-5f7e-4a8a-8f0e-2c9d1e4b5a02', quantity: 1 }],
      shippingAddress: address,
    });
    expect(result.valid).toBe(false);
    expect(result.errors).toEqual([{ code: 'OUT_OF_STOCK', field: 'items[0].quantity', message: 'Not enough stock.' }]);
  });

  it('checks the input before sending, without echoing the address', async () => {
    const { fake, config } = shop();
    const error = await thrown(validateExternalOrder(config, { items: [], shippingAddress: { ...address, country: 'United States', nickname: 'x' } as never }));
    expect(error).toBeInstanceOf(TypeError);
    expect(String(error)).toMatch(/items/);
    expect(String(error)).toMatch(/nickname: unknown field/);
    expect(String(error)).not.toContain('United States');
    expect(fake.requests).toHaveLength(0);
  });
});

describe('createExternalOrder and the reconcile helper', () => {
  const input = { externalSource: 'etsy', externalId: 'etsy-7001', items, shippingAddress: address };

  it('creates one order and findExternalOrder finds it by its externalId', async () => {
    const { fake, config } = shop();
    const order = await createExternalOrder(config, input);
    expect(order).toMatchObject({ externalSource: 'etsy', externalId: 'etsy-7001', status: 'CONFIRMED' });
    expect(fake.requests[0]?.body).toMatchObject({ externalSource: 'etsy', externalOrderId: 'etsy-7001' });
    expect(await findExternalOrder(config, { externalSource: 'etsy', externalId: 'etsy-7001' })).toEqual(order);
    expect(await findExternalOrder(config, { externalSource: 'etsy', externalId: 'etsy-nope' })).toBeNull();
  });

  it('sends exactly one request on a 500, even with retry set; the order did land, and reconciling finds it', async () => {
    const { fake, config } = shop({ retry: RETRY });
    fake.script({ match: { method: 'POST', path: '/external-orders' }, status: 500, applied: true });
    const error = await thrown(createExternalOrder(config, input));
    expect(error).toMatchObject({ status: 500, retryable: true });
    expect(fake.requests.filter((r) => r.operation === 'POST /external-orders')).toHaveLength(1);
    const found = await findExternalOrder(config, input);
    expect(found?.externalId).toBe('etsy-7001');
    expect([...fake.orders.values()].filter((o) => o.externalOrderId === 'etsy-7001')).toHaveLength(1);
  });

  it('sends exactly one request on a timeout, even with retry set; reconciling finds the order', async () => {
    const { fake, config } = shop({ retry: RETRY, timeoutMs: 30 });
    fake.script({ match: { method: 'POST', path: '/external-orders' }, hang: true, applied: true });
    const error = await thrown(createExternalOrder(config, input));
    expect(error).toMatchObject({ status: 0, code: 'timeout', operation: 'POST /external-orders' });
    expect(fake.requests.filter((r) => r.operation === 'POST /external-orders')).toHaveLength(1);
    expect(await findExternalOrder(config, input)).not.toBeNull();
  });

  it('reads on past a page of other orders when the provider ignores the filter, rather than answering "not there"', async () => {
    const { fake, config } = shop();
    const pageOf = (ids: string[], page: number) => ({
      results: ids.map((id) => ({ orderId: `o-${id}`, externalSource: 'etsy', externalOrderId: id, status: 'CONFIRMED' })),
      page,
      totalPages: 2,
      total: 101,
    });
    fake.script(
      {
        match: { path: '/external-orders' },
        body: pageOf(
          Array.from({ length: 100 }, (_, i) => `other-${i}`),
          0,
        ),
      },
      { match: { path: '/external-orders' }, body: pageOf(['etsy-7001'], 1) },
    );
    expect((await findExternalOrder(config, input))?.orderId).toBe('o-etsy-7001');
    expect(fake.requests.map((r) => r.query.find(([k]) => k === 'page')?.[1])).toEqual(['0', '1']);
  });
});

describe('listExternalOrders', () => {
  it('filters by one or several statuses and pages', async () => {
    const { fake, config } = shop();
    const packed = await listExternalOrders(config, { status: 'PACKAGED' });
    expect(packed.results.map((o) => o.status)).toEqual(['PACKAGED']);
    const two = await listExternalOrders(config, { status: ['SHIPPED', 'DELIVERED'], size: 1, page: 1 });
    expect(two).toMatchObject({ page: 1, totalPages: 2, total: 2 });
    expect(two.results).toHaveLength(1);
    expect(fake.requests[1]?.query).toEqual([
      ['status', 'SHIPPED'],
      ['status', 'DELIVERED'],
      ['page', '1'],
      ['size', '1'],
    ]);
  });

  it('refuses a page size over 100 before sending', async () => {
    const { fake, config } = shop();
    await expect(listExternalOrders(config, { size: 101 })).rejects.toThrow(RangeError);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('getExternalOrder', () => {
  it('returns the order, or null on 404 only', async () => {
    const { fake, config } = shop();
    expect((await getExternalOrder(config, seeded(1)))?.status).toBe('CONFIRMED');
    expect(await getExternalOrder(config, '00000000-0000-0000-0000-000000000000')).toBeNull();
    fake.script({ status: 500 });
    expect(await thrown(getExternalOrder(config, seeded(1)))).toMatchObject({ status: 500 });
    fake.script({ status: 200, malformed: true });
    expect(await thrown(getExternalOrder(config, seeded(1)))).toMatchObject({ status: 200, code: 'invalid_response' });
    fake.script({ status: 200, body: { orderId: seeded(1) } });
    expect(await thrown(getExternalOrder(config, seeded(1)))).toMatchObject({ code: 'invalid_response' });
  });

  it('refuses an id that would change the path', async () => {
    const { fake, config } = shop();
    for (const id of ['../products', 'a/b', 'x?y=1', '']) await expect(getExternalOrder(config, id)).rejects.toThrow(TypeError);
    expect(fake.requests).toHaveLength(0);
  });

  it('retries a 503 and a 429 when retry is set, honouring retry-after', async () => {
    const { fake, clock, config } = shop({ retry: RETRY });
    fake.script({ status: 503 }, { status: 429, headers: { 'retry-after': '3' } });
    const start = clock.now();
    expect((await getExternalOrder(config, seeded(1)))?.orderId).toBe(seeded(1));
    expect(fake.requests).toHaveLength(3);
    // Jitter is random() x 200 ms with random 0.5, then the provider's 3 s.
    expect(clock.sleeps).toEqual([100, 3_000]);
    expect(clock.now() - start).toBe(3_100);
  });

  it('does not retry without a retry policy, nor a 4xx with one', async () => {
    const { fake, config } = shop();
    fake.script({ status: 503 });
    expect(await thrown(getExternalOrder(config, seeded(1)))).toMatchObject({ status: 503 });
    expect(fake.requests).toHaveLength(1);
    const retrying = shop({ retry: RETRY });
    retrying.fake.script({ status: 403 });
    expect(await thrown(getExternalOrder(retrying.config, seeded(1)))).toMatchObject({ status: 403 });
    expect(retrying.fake.requests).toHaveLength(1);
  });
});

describe('cancelling', () => {
  it('isCancellable refuses PACKAGED and SHIPPED (and later), allows the rest', () => {
    for (const status of ['PACKAGED', 'SHIPPED', 'DELIVERED']) expect(isCancellable({ status })).toBe(false);
    for (const status of ['CONFIRMED', 'IN_PRODUCTION', 'CANCELLED', 'SOMETHING_NEW']) expect(isCancellable({ status })).toBe(true);
  });

  it('refuses a PACKAGED or SHIPPED order locally: zero cancel requests', async () => {
    const { fake, config } = shop();
    for (const n of [3, 4]) {
      const error = await thrown(cancelExternalOrder(config, seeded(n)));
      expect(error).toBeInstanceOf(MerchNotCancellableError);
      expect(error).toMatchObject({ orderId: seeded(n), orderStatus: n === 3 ? 'PACKAGED' : 'SHIPPED' });
    }
    const order = await getExternalOrder(config, seeded(3));
    const before = fake.requests.length;
    await expect(cancelExternalOrder(config, order!)).rejects.toBeInstanceOf(MerchNotCancellableError);
    expect(fake.requests.length).toBe(before);
    expect(fake.requests.filter((r) => r.path.endsWith('/cancel'))).toHaveLength(0);
    expect(fake.orders.get(seeded(3))?.status).toBe('PACKAGED');
  });

  it('cancels a CONFIRMED order (by id: read first, then cancel) and an IN_PRODUCTION one (given the order)', async () => {
    const { fake, config } = shop();
    expect((await cancelExternalOrder(config, seeded(1))).status).toBe('CANCELLED');
    expect(fake.requests.map((r) => r.operation)).toEqual(['GET /external-orders/{orderId}', 'POST /external-orders/{orderId}/cancel']);
    expect(fake.requests[1]?.assumed).toBe(true);
    const inProduction = (await getExternalOrder(config, seeded(2)))!;
    expect((await cancelExternalOrder(config, inProduction)).status).toBe('CANCELLED');
  });

  it('cancelling a CANCELLED order again asks the provider nothing and returns it as it is', async () => {
    const { fake, config } = shop();
    const before = fake.requests.length;
    expect((await cancelExternalOrder(config, seeded(6))).status).toBe('CANCELLED');
    expect(fake.requests.slice(before).map((r) => r.operation)).toEqual(['GET /external-orders/{orderId}']);
  });

  it('an unknown id is a 404 UpstreamError', async () => {
    const { config } = shop();
    expect(await thrown(cancelExternalOrder(config, '00000000-0000-0000-0000-000000000000'))).toMatchObject({ status: 404 });
  });
});

describe('credentials', () => {
  it('never appear in an error message, operation, JSON or log line', async () => {
    const { fake, config } = shop();
    const wrong = { ...config, password: 'hunter2-Sup3rSecret' };
    const error = (await thrown(getExternalOrder(wrong, seeded(1)))) as UpstreamError;
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error.status).toBe(401);
    const surfaces = [error.message, error.operation, JSON.stringify(error), upstreamLogLine(error), String(error.detail)];
    for (const text of surfaces) {
      expect(text).not.toContain('hunter2');
      expect(text).not.toContain(config.username);
      expect(text).not.toContain(btoa(`${config.username}:hunter2-Sup3rSecret`));
    }
    expect(fake.violations).toEqual([]);
  });

  it('a bad username or password is refused before sending, naming the setting and not the value', async () => {
    const { fake, config } = shop();
    for (const bad of [{ username: 'a:b-secretname' }, { username: '' }, { password: '' }, { password: 'line\nbreak-secretpw' }]) {
      const error = await thrown(getExternalOrder({ ...config, ...bad }, seeded(1)));
      expect(error).toBeInstanceOf(TypeError);
      expect(String(error)).toMatch(/Merch platform (username|password)/);
      expect(String(error)).not.toMatch(/secretname|secretpw/);
    }
    expect(fake.requests).toHaveLength(0);
  });

  it('sends HTTP Basic with UTF-8 credentials', async () => {
    const { config } = shop();
    let header: string | null = null;
    await getExternalOrder(
      {
        ...config,
        password: 'pässword',
        fetch: async (input, init) => {
          header = new Request(input, init).headers.get('authorization');
          return new Response('{"orderId":"x","status":"CONFIRMED"}');
        },
      },
      seeded(1),
    );
    expect(header).toBe(`Basic ${Buffer.from(`${config.username}:pässword`, 'utf8').toString('base64')}`);
  });
});
