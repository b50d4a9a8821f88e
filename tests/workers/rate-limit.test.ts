import { env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRateLimiter, durableRateLimitStorage, type RateLimiterNamespace } from '../../src/security/durable-rate-limit.ts';
import { rateLimit, type RateResult } from '../../src/security/rate-limit.ts';

// Keys are unique per test so no test sees another's counter.
const freshKey = (label: string): string => `${label}:${crypto.randomUUID()}`;
const stubFor = (key: string) => env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(key));

type Row = { count: number; resets_at: number };
const readRow = (state: DurableObjectState): Row | undefined => state.storage.sql.exec<Row>('SELECT count, resets_at FROM rate_window').toArray()[0];

afterEach(() => {
  vi.restoreAllMocks();
});

describe('rateLimit on local KV', () => {
  it('admits the limit, then blocks with retry-after inside the window', async () => {
    const key = freshKey('kv');
    const now = Date.now();
    const results: RateResult[] = [];
    for (let i = 0; i < 4; i++) results.push(await rateLimit(env.KV, key, 3, 60, now));
    expect(results.map((r) => [r.ok, r.remaining])).toEqual([
      [true, 2],
      [true, 1],
      [true, 0],
      [false, 0],
    ]);
    const blocked = results[3]!;
    expect(blocked.retryAfter).toBe(60 - (Math.floor(now / 1000) % 60));

    const { keys } = await env.KV.list({ prefix: `rl:${key}:` });
    expect(keys).toHaveLength(1);
    // expirationTtl 60 from "now": the counter cannot outlive its window by more than one window.
    expect(keys[0]!.expiration).toBeGreaterThanOrEqual(Math.floor(now / 1000) + 59);
    expect(keys[0]!.expiration).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 61);
  });
});

describe('RateLimiterObject', () => {
  it('admits exactly `limit` of 50 concurrent hits on one key', async () => {
    const stub = stubFor(freshKey('burst'));
    const results = await Promise.all(Array.from({ length: 50 }, () => stub.hit(10, 60)));
    const admitted = results.filter((r) => r.ok);
    expect(admitted).toHaveLength(10);
    expect(admitted.map((r) => r.remaining).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    for (const r of results.filter((r) => !r.ok)) {
      expect(r.remaining).toBe(0);
      expect(r.retryAfter).toBeGreaterThan(0);
      expect(r.retryAfter).toBeLessThanOrEqual(60);
    }
  });

  it('admits exactly `limit` through durableRateLimitStorage and keeps keys apart', async () => {
    const storage = durableRateLimitStorage(env.RATE_LIMITER);
    const [a, b] = [freshKey('a'), freshKey('b')];
    const results = await Promise.all([
      ...Array.from({ length: 30 }, () => storage.hit(a, 7, 120)),
      ...Array.from({ length: 5 }, () => storage.hit(b, 7, 120)),
    ]);
    expect(results.slice(0, 30).filter((r) => r.ok)).toHaveLength(7);
    expect(results.slice(30).every((r) => r.ok)).toBe(true);
  });

  it('schedules an alarm at the end of the window', async () => {
    const stub = stubFor(freshKey('alarm-at'));
    await stub.hit(1, 90);
    await runInDurableObject(stub, async (_instance, state) => {
      const row = readRow(state)!;
      expect(await state.storage.getAlarm()).toBe(row.resets_at);
      expect(row.resets_at - Date.now()).toBeGreaterThan(80_000);
      expect(row.resets_at - Date.now()).toBeLessThanOrEqual(90_000);
    });
  });

  it('reaps the counter when the alarm fires after the window, and admits again', async () => {
    const stub = stubFor(freshKey('reap'));
    // A window that began 60.5 s ago has just ended; its alarm is due.
    await runInDurableObject(stub, async (_instance, state) => {
      const limiter = createRateLimiter(state);
      const start = Date.now() - 60_500;
      expect((await limiter.hit(1, 60, start)).ok).toBe(true);
      expect((await limiter.hit(1, 60, start + 1000)).ok).toBe(false);
      expect(readRow(state)).toEqual({ count: 1, resets_at: start + 60_000 });
    });
    // Runs the alarm unless workerd already fired it (it was due): either way it reaped.
    await runDurableObjectAlarm(stub);
    await runInDurableObject(stub, (_instance, state) => {
      expect(readRow(state)).toBeUndefined();
    });
    expect(await stub.hit(1, 60)).toEqual({ ok: true, remaining: 0, retryAfter: 0 });
  });

  it('an early alarm keeps the open window and re-arms at its end', async () => {
    const stub = stubFor(freshKey('early'));
    const result = await stub.hit(1, 60);
    expect(result.ok).toBe(true);
    expect((await stub.hit(1, 60)).ok).toBe(false);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    await runInDurableObject(stub, async (_instance, state) => {
      const row = readRow(state)!;
      expect(row.count).toBe(1);
      expect(await state.storage.getAlarm()).toBe(row.resets_at);
    });
    expect((await stub.hit(1, 60)).ok).toBe(false);
  });

  it('never extends the window while blocking', async () => {
    const stub = stubFor(freshKey('no-extend'));
    await runInDurableObject(stub, async (_instance, state) => {
      const limiter = createRateLimiter(state);
      const t0 = Date.now();
      expect(await limiter.hit(2, 60, t0)).toEqual({ ok: true, remaining: 1, retryAfter: 0 });
      expect(await limiter.hit(2, 60, t0 + 1_000)).toEqual({ ok: true, remaining: 0, retryAfter: 0 });
      expect(await limiter.hit(2, 60, t0 + 30_000)).toEqual({ ok: false, remaining: 0, retryAfter: 30 });
      expect(await limiter.hit(2, 60, t0 + 59_001)).toEqual({ ok: false, remaining: 0, retryAfter: 1 });
      expect(readRow(state)).toEqual({ count: 2, resets_at: t0 + 60_000 });
      expect(await state.storage.getAlarm()).toBe(t0 + 60_000);
      // The first hit after the original end opens a new window.
      expect(await limiter.hit(2, 60, t0 + 60_000)).toEqual({ ok: true, remaining: 1, retryAfter: 0 });
      expect(readRow(state)).toEqual({ count: 1, resets_at: t0 + 120_000 });
    });
  });

  it('refuses a bad limit or window instead of admitting', async () => {
    const storage = durableRateLimitStorage(env.RATE_LIMITER);
    await expect(storage.hit(freshKey('bad'), 0, 60)).rejects.toThrow(RangeError);
    await expect(storage.hit(freshKey('bad'), 5, 0.5)).rejects.toThrow(RangeError);
    // Checked inside the object as well (caught here: a rejection crossing RPC is
    // reported by the test pool as an unhandled error).
    await runInDurableObject(stubFor(freshKey('bad')), async (_instance, state) => {
      await expect(createRateLimiter(state).hit(5, -1)).rejects.toThrow(/windowSec/);
      expect(readRow(state)).toBeUndefined();
    });
  });
});

describe('durableRateLimitStorage when the object is unreachable', () => {
  it('fails open with one warning that names neither key nor error text', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const unreachable: RateLimiterNamespace = {
      idFromName: (name) => env.RATE_LIMITER.idFromName(name),
      get: () => ({
        hit: () => Promise.reject(new Error('Network connection lost: token=abc123')),
        backoff: () => Promise.reject(new Error('Network connection lost: token=abc123')),
      }),
    };
    const result = await durableRateLimitStorage(unreachable).hit('login:user@example.com', 5, 60);
    expect(result).toEqual({ ok: true, remaining: 5, retryAfter: 0 });
    expect(warn).toHaveBeenCalledTimes(1);
    const line = String(warn.mock.calls[0]?.[0]);
    expect(line).toMatch(/rate limiter unreachable/);
    expect(line).not.toContain('user@example.com');
    expect(line).not.toContain('abc123');
  });

  it('fails open when getting the stub itself throws', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const broken: RateLimiterNamespace = {
      idFromName: () => {
        throw new TypeError('binding missing');
      },
      get: () => {
        throw new Error('unreachable');
      },
    };
    expect((await durableRateLimitStorage(broken).hit('k', 3, 60)).ok).toBe(true);
  });
});
