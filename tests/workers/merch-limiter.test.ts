import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { getExternalOrder, type MerchLimiterNamespace, type MerchPlatformConfig } from '../../packages/commerce/src/merch-platform/index.ts';
import { createMerchLimiter } from '../../packages/commerce/src/merch-platform/limiter-object.ts';
import type { Clock } from '../../packages/commerce/src/retry.ts';

// Keys are unique per test so no test sees another's bucket.
const freshKey = (label: string): string => `${label}:${crypto.randomUUID()}`;
const stubFor = (key: string) => env.MERCH_LIMITER.get(env.MERCH_LIMITER.idFromName(key));
const ONE_PER_SECOND = { capacity: 1, periodMs: 1_000 };

type Row = { name: string; tokens: number; at: number; seq: number };
const readRows = (state: DurableObjectState): Row[] => state.storage.sql.exec<Row>('SELECT name, tokens, at, seq FROM merch_bucket ORDER BY name').toArray();

/** Real time, but sleeps are only recorded: the test needs the waits the object hands out, not to sit through them. */
function recordingClock(): Clock & { sleeps: number[] } {
  const sleeps: number[] = [];
  return { now: () => Date.now(), sleep: async (ms) => void sleeps.push(ms), sleeps };
}

const ORDER = '9d2e4f60-1a2b-4c3d-8e9f-000000000001';
const answer = async () => new Response(JSON.stringify({ orderId: ORDER, status: 'CONFIRMED' }), { headers: { 'content-type': 'application/json' } });

function client(key: string, clock: Clock): MerchPlatformConfig {
  return {
    username: 'api-user',
    password: 'api-password',
    rateLimitKey: key,
    rateLimit: { requestsPer10s: 10 },
    limiter: env.MERCH_LIMITER satisfies MerchLimiterNamespace,
    fetch: answer,
    clock,
  };
}

describe('MerchLimiterObject', () => {
  it('reserves from one stored bucket: a burst of capacity, then waits one interval apart', async () => {
    await runInDurableObject(stubFor(freshKey('math')), async (_instance, state) => {
      const limiter = createMerchLimiter(state);
      const t0 = 1_000_000;
      expect(await limiter.reserve('requests', ONE_PER_SECOND, t0)).toEqual({ waitMs: 0, at: t0, seq: 1 });
      expect(await limiter.reserve('requests', ONE_PER_SECOND, t0)).toEqual({ waitMs: 1_000, at: t0 + 1_000, seq: 2 });
      // Another bucket of the same key is separate.
      expect((await limiter.reserve('creations', ONE_PER_SECOND, t0)).waitMs).toBe(0);
      expect(readRows(state).map((r) => [r.name, r.seq])).toEqual([
        ['creations', 1],
        ['requests', 2],
      ]);
    });
  });

  it('gives back only the latest reservation, and keeps a token others queued behind', async () => {
    await runInDurableObject(stubFor(freshKey('refund')), async (_instance, state) => {
      const limiter = createMerchLimiter(state);
      const t0 = 2_000_000;
      const a = await limiter.reserve('requests', ONE_PER_SECOND, t0);
      const b = await limiter.reserve('requests', ONE_PER_SECOND, t0);
      await limiter.refund('requests', ONE_PER_SECOND, a, t0);
      expect((await limiter.reserve('requests', ONE_PER_SECOND, t0)).at).toBe(t0 + 2_000);
      const d = await limiter.reserve('requests', ONE_PER_SECOND, t0 + 3_000);
      await limiter.refund('requests', ONE_PER_SECOND, d, d.at);
      expect((await limiter.reserve('requests', ONE_PER_SECOND, d.at)).at).toBe(d.at);
      expect(b.at).toBe(t0 + 1_000);
    });
  });

  it('refuses a bad bucket name or size instead of admitting', async () => {
    await runInDurableObject(stubFor(freshKey('bad')), async (_instance, state) => {
      const limiter = createMerchLimiter(state);
      await expect(limiter.reserve('uploads' as 'requests', ONE_PER_SECOND)).rejects.toThrow(RangeError);
      await expect(limiter.reserve('requests', { capacity: 0, periodMs: 1_000 })).rejects.toThrow(RangeError);
      expect(readRows(state)).toEqual([]);
    });
  });
});

describe('Merch clients with the MERCH_LIMITER binding', () => {
  it('two clients through the object share one bucket', async () => {
    const key = freshKey('shared');
    const [clockA, clockB] = [recordingClock(), recordingClock()];
    const [a, b] = [client(key, clockA), client(key, clockB)];
    await Promise.all([...Array.from({ length: 10 }, () => getExternalOrder(a, ORDER)), ...Array.from({ length: 10 }, () => getExternalOrder(b, ORDER))]);
    // 20 requests against 10 per 10 s: the first 10 go at once, the other 10 are told to wait 1 s apart, whichever client sent them.
    const sleeps = [...clockA.sleeps, ...clockB.sleeps].sort((x, y) => x - y);
    expect(sleeps).toHaveLength(10);
    sleeps.forEach((ms, i) => {
      expect(ms).toBeGreaterThan((i + 1) * 1_000 - 500);
      expect(ms).toBeLessThanOrEqual((i + 1) * 1_000);
    });
    await runInDurableObject(stubFor(key), (_instance, state) => {
      expect(readRows(state).find((r) => r.name === 'requests')?.seq).toBe(20);
    });
  });

  it('clients with different keys do not wait for each other', async () => {
    const [clockA, clockB] = [recordingClock(), recordingClock()];
    const [a, b] = [client(freshKey('a'), clockA), client(freshKey('b'), clockB)];
    await Promise.all([...Array.from({ length: 10 }, () => getExternalOrder(a, ORDER)), ...Array.from({ length: 10 }, () => getExternalOrder(b, ORDER))]);
    expect([...clockA.sleeps, ...clockB.sleeps]).toEqual([]);
  });
});
