import { afterEach, describe, expect, it, vi } from 'vitest';
import { UpstreamError } from '../../../../src/security/upstream.ts';
import { type MerchLimiterNamespace, createProduct, getExternalOrder, getProductInventory, type MerchProductInput } from './index.ts';
import { fakeShop } from '../../fakes/merch/platform-shop.ts';
import { createVirtualClock } from '../../fakes/merch/virtual-clock.ts';

// The client against the fake's own limits, on one virtual clock: a client
// that sends one request too many in any window gets a 429 from the fake,
// which counts it in `rateLimited`.

const ORDER = '9d2e4f60-1a2b-4c3d-8e9f-000000000001';
const TEE = '6f1c2b1e-0d1a-4a53-9a51-7e0f1b2c3d01';

const digital = (i: number): MerchProductInput => ({
  kind: 'digital',
  name: `Wallpaper ${i}`,
  description: 'A phone wallpaper.',
  price: { value: 3, currency: 'USD' },
});

const minutes = (ms: number) => ms / 60_000;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('product creations', () => {
  it('imports 50 products one after another with zero 429s in about ten minutes of fake time, in well under a second of real time', async () => {
    const { fake, clock, config } = fakeShop();
    const start = clock.now();
    const realStart = performance.now();
    for (let i = 0; i < 50; i++) await createProduct(config, digital(i));
    expect(fake.rateLimited).toBe(0);
    expect(fake.products.size).toBe(3 + 50);
    // 5 at once, then one per 12 s: 45 x 12 s = 9 min.
    expect(minutes(clock.now() - start)).toBeGreaterThanOrEqual(8.5);
    expect(minutes(clock.now() - start)).toBeLessThanOrEqual(10.5);
    expect(performance.now() - realStart).toBeLessThan(3000);
    expect(fake.violations).toEqual([]);
  });

  it('50 concurrent creations queue fairly: no 429, 5 at once and then one every 12 s', async () => {
    const { fake, clock, config } = fakeShop();
    const start = clock.now();
    await Promise.all(Array.from({ length: 50 }, (_, i) => createProduct(config, digital(i))));
    expect(fake.rateLimited).toBe(0);
    const times = fake.requests.filter((r) => r.operation === 'POST /products').map((r) => r.at - start);
    expect(times).toEqual([0, 0, 0, 0, ...Array.from({ length: 46 }, (_, i) => i * 12_000)]);
    expect(minutes(clock.now() - start)).toBe(9);
    expect(fake.violations).toEqual([]);
  });

  it('a creation waits for a request token too when the shop is busy, and neither limit is broken', async () => {
    const { fake, config } = fakeShop();
    // 130 reads queue up first, so the request bucket is 30 tokens in debt when the creations come.
    const reads = Array.from({ length: 130 }, () => getProductInventory(config, TEE));
    const creations = Array.from({ length: 12 }, (_, i) => createProduct(config, digital(i)));
    await Promise.all([...reads, ...creations]);
    expect(fake.rateLimited).toBe(0);
    expect(fake.violations).toEqual([]);
  });
});

describe('a creation that waited its turn', () => {
  it('spends its request token when it is sent, not when it started waiting, so a burst at that moment stays within the limit', async () => {
    const { fake, clock, config } = fakeShop();
    const creations = Array.from({ length: 6 }, (_, i) => createProduct(config, digital(i)));
    // The sixth creation goes at 12 s; a burst of 100 reads arrives at the same moment.
    const burst = (async () => {
      await clock.sleep(12_000);
      await Promise.all(Array.from({ length: 100 }, () => getExternalOrder(config, ORDER)));
    })();
    await Promise.all([...creations, burst]);
    expect(fake.rateLimited).toBe(0);
    expect(fake.violations).toEqual([]);
  });
});

describe('requests per 10 s', () => {
  it('20 client instances sharing one key stay under the limit together', async () => {
    const { fake, clock, config } = fakeShop();
    const start = clock.now();
    // Twenty separate config objects, as twenty requests of a site would build them.
    const clients = Array.from({ length: 20 }, () => ({ ...config }));
    await Promise.all(clients.flatMap((c) => Array.from({ length: 15 }, () => getExternalOrder(c, ORDER))));
    expect(fake.requests).toHaveLength(300);
    expect(fake.rateLimited).toBe(0);
    // 100 at once, then 10 per second: 200 more take 20 s, and not much longer.
    expect(clock.now() - start).toBeGreaterThanOrEqual(19_900);
    expect(clock.now() - start).toBeLessThanOrEqual(20_100);
    expect(fake.violations).toEqual([]);
  });

  it('two keys (two shops) do not block each other', async () => {
    const clock = createVirtualClock();
    const one = fakeShop({}, clock);
    const two = fakeShop({}, clock);
    const start = clock.now();
    await Promise.all([
      ...Array.from({ length: 100 }, () => getExternalOrder(one.config, ORDER)),
      ...Array.from({ length: 100 }, () => getExternalOrder(two.config, ORDER)),
    ]);
    // Each shop spent its own 100: nobody waited.
    expect(clock.now()).toBe(start);
    expect(one.fake.rateLimited + two.fake.rateLimited).toBe(0);
    await clock.sleep(10_000);
    // The same two shops under one shared key would queue: the second 100 wait 10 s.
    await Promise.all([
      ...Array.from({ length: 100 }, () => getExternalOrder({ ...one.config, rateLimitKey: `shared-${one.config.username}` }, ORDER)),
      ...Array.from({ length: 100 }, () => getExternalOrder({ ...two.config, rateLimitKey: `shared-${one.config.username}` }, ORDER)),
    ]);
    expect(clock.now() - start).toBe(20_000);
    expect(one.fake.rateLimited + two.fake.rateLimited).toBe(0);
  });

  it('rateLimit: false lets a burst through, and the fake answers it 429', async () => {
    const { fake, config } = fakeShop({ rateLimit: false });
    const results = await Promise.allSettled(Array.from({ length: 120 }, () => getExternalOrder(config, ORDER)));
    const refused = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason as UpstreamError);
    expect(fake.rateLimited).toBe(20);
    expect(refused).toHaveLength(20);
    expect(refused[0]).toBeInstanceOf(UpstreamError);
    expect(refused[0]).toMatchObject({ status: 429, retryable: true, retryAfterMs: 1000 });
  });

  it('honours a lower number', async () => {
    const { fake, clock, config } = fakeShop({ rateLimit: { requestsPer10s: 10, productCreationsPerMinute: 2 } });
    const start = clock.now();
    await Promise.all(Array.from({ length: 30 }, () => getExternalOrder(config, ORDER)));
    // 10 at once, then one per second.
    expect(clock.now() - start).toBe(20_000);
    const mid = clock.now();
    await Promise.all(Array.from({ length: 4 }, (_, i) => createProduct(config, digital(i))));
    // 2 as soon as request tokens come (1 s, 2 s: that bucket was spent), then one per 30 s.
    expect(clock.now() - mid).toBeGreaterThanOrEqual(60_000);
    expect(clock.now() - mid).toBeLessThanOrEqual(62_000);
    expect(fake.rateLimited).toBe(0);
  });

  it('clamps a higher number to the provider limit', async () => {
    const { fake, clock, config } = fakeShop({ rateLimit: { requestsPer10s: 1000, productCreationsPerMinute: 60 } });
    const start = clock.now();
    await Promise.all(Array.from({ length: 150 }, () => getExternalOrder(config, ORDER)));
    expect(clock.now() - start).toBe(5_000);
    const mid = clock.now();
    await Promise.all(Array.from({ length: 7 }, (_, i) => createProduct(config, digital(i))));
    // 5, then one per 12 s (at 5 per minute, not 60), a few 100 ms late for the spent request bucket.
    expect(clock.now() - mid).toBeGreaterThanOrEqual(24_000);
    expect(clock.now() - mid).toBeLessThanOrEqual(24_500);
    expect(fake.rateLimited).toBe(0);
  });

  it('refuses a limit that is not a positive integer, naming the setting', async () => {
    const { fake, config } = fakeShop();
    for (const requestsPer10s of [0, -5, 2.5, Number.NaN]) {
      await expect(getExternalOrder({ ...config, rateLimit: { requestsPer10s } }, ORDER)).rejects.toThrow(/rateLimit\.requestsPer10s/);
    }
    expect(fake.requests).toHaveLength(0);
  });
});

describe('with a Durable Object limiter', () => {
  it('falls back to the in-isolate bucket when the object is unreachable: still throttled, one warning per failure without the key', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const unreachable: MerchLimiterNamespace = {
      idFromName: (name) => ({ name }),
      get: () => ({
        reserve: () => Promise.reject(new Error('Network connection lost')),
        refund: () => Promise.reject(new Error('Network connection lost')),
      }),
    };
    const { fake, clock, config } = fakeShop({ limiter: unreachable });
    const start = clock.now();
    await Promise.all(Array.from({ length: 110 }, () => getExternalOrder(config, ORDER)));
    expect(fake.rateLimited).toBe(0);
    expect(clock.now() - start).toBe(1_000);
    expect(warn).toHaveBeenCalledTimes(110);
    const line = String(warn.mock.calls[0]?.[0]);
    expect(line).toMatch(/Merch limiter object unreachable/);
    expect(line).not.toContain(config.username);
  });
});
