import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createProduct, getExternalOrder } from './index.ts';
import { type BucketSpec, type BucketState, merchLimits, refundToken, reserveToken } from './limiter.ts';
import { fakeShop } from '../../fakes/merch/platform-shop.ts';

const REQUESTS: BucketSpec = { capacity: 100, periodMs: 10_000 };
const ONE: BucketSpec = { capacity: 1, periodMs: 1_000 };

/** Reserves `n` tokens at `now`, returning the state and each wait. */
function reserveMany(state: BucketState | undefined, spec: BucketSpec, n: number, now: number) {
  const waits: number[] = [];
  for (let i = 0; i < n; i++) {
    const r = reserveToken(state, spec, now);
    state = r.state;
    waits.push(r.reservation.waitMs);
  }
  return { state, waits };
}

describe('reserveToken', () => {
  it('lets a full bucket burst, then spaces reservations by the refill interval', () => {
    const { waits } = reserveMany(undefined, REQUESTS, 103, 0);
    expect(waits.slice(0, 100).every((w) => w === 0)).toBe(true);
    expect(waits.slice(100)).toEqual([100, 200, 300]);
  });

  it('refills continuously, never above capacity', () => {
    const { state } = reserveMany(undefined, REQUESTS, 100, 0);
    expect(reserveToken(state, REQUESTS, 50).reservation.waitMs).toBe(50);
    expect(reserveToken(state, REQUESTS, 250).state.tokens).toBeCloseTo(1.5);
    expect(reserveToken(state, REQUESTS, 3_600_000).state.tokens).toBe(99);
  });

  it('a clock that went back refills nothing and drains nothing', () => {
    const { state } = reserveMany(undefined, ONE, 1, 10_000);
    const r = reserveToken(state, ONE, 9_000);
    expect(r.reservation).toMatchObject({ waitMs: 1_000, at: 11_000 });
  });
});

describe('refundToken', () => {
  it('gives back the latest reservation at its send time, exactly', () => {
    const first = reserveToken(undefined, ONE, 0);
    const second = reserveToken(first.state, ONE, 0);
    expect(second.reservation.waitMs).toBe(1_000);
    const refunded = refundToken(second.state, ONE, second.reservation, 1_000);
    // As if the second had never reserved: the next one goes at once.
    expect(reserveToken(refunded, ONE, 1_000).reservation.waitMs).toBe(0);
  });

  it('forfeits a token that others queued behind, so a newcomer cannot go beside them', () => {
    const a = reserveToken(undefined, ONE, 0);
    const b = reserveToken(a.state, ONE, 0);
    expect(b.reservation.at).toBe(1_000);
    // a gives up its token at 0 while b is queued for 1 000.
    const after = refundToken(b.state, ONE, a.reservation, 0);
    const c = reserveToken(after, ONE, 0);
    // Given back, c would be scheduled for 1 000 too: two sends in one interval of a one-token bucket.
    expect(c.reservation.at).toBeGreaterThanOrEqual(b.reservation.at + 1_000);
  });

  it('keeps a token given back more than one interval late, when the bucket may have filled in between', () => {
    const a = reserveToken(undefined, ONE, 0);
    const kept = refundToken(a.state, ONE, a.reservation, 5_000);
    expect(kept?.tokens).toBe(1);
    expect(reserveToken(kept, ONE, 5_000).reservation.waitMs).toBe(0);
    expect(reserveToken(reserveToken(kept, ONE, 5_000).state, ONE, 5_000).reservation.waitMs).toBe(1_000);
  });
});

describe('merchLimits', () => {
  it('defaults to the provider limits, honours lower numbers, clamps higher ones, and is off with false', () => {
    expect(merchLimits(undefined)).toEqual({ requests: { capacity: 100, periodMs: 10_000 }, creations: { capacity: 5, periodMs: 60_000 } });
    expect(merchLimits({ requestsPer10s: 40 })?.requests.capacity).toBe(40);
    expect(merchLimits({ requestsPer10s: 500, productCreationsPerMinute: 9 })).toMatchObject({ requests: { capacity: 100 }, creations: { capacity: 5 } });
    expect(merchLimits(false)).toBeNull();
    expect(() => merchLimits({ productCreationsPerMinute: 0 })).toThrow(/productCreationsPerMinute/);
  });
});

describe('any mix of reads and creations', () => {
  it('never earns a 429 from the fake, however the calls are spread and whatever the configured limits', async () => {
    const call = fc.record({ at: fc.integer({ min: 0, max: 30_000 }), create: fc.boolean() });
    await fc.assert(
      fc.asyncProperty(
        fc.array(call, { minLength: 1, maxLength: 160 }),
        fc.option(fc.record({ requestsPer10s: fc.integer({ min: 1, max: 150 }), productCreationsPerMinute: fc.integer({ min: 1, max: 8 }) }), {
          nil: undefined,
        }),
        async (calls, rateLimit) => {
          const { fake, clock, config } = fakeShop({ rateLimit });
          await Promise.all(
            calls.map(async ({ at, create }, i) => {
              await clock.sleep(at);
              if (create) await createProduct(config, { kind: 'digital', name: `P${i}`, description: 'x', price: { value: 1, currency: 'USD' } });
              else await getExternalOrder(config, '9d2e4f60-1a2b-4c3d-8e9f-000000000001');
            }),
          );
          expect(fake.rateLimited).toBe(0);
          expect(fake.violations).toEqual([]);
        },
      ),
      { numRuns: 40 },
    );
  });
});
