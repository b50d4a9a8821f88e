import { describe, expect, it } from 'vitest';
import { UpstreamError, parseRetryAfter } from '../../../src/security/upstream.ts';
import { type Clock, checkRetryPolicy, retryDelay, withRetry } from './retry.ts';

const policy = { attempts: 3, baseDelayMs: 100, maxDelayMs: 1000 };
const failure = (status: number, retryAfterMs: number | null = null) => new UpstreamError({ provider: 'Merch', status, retryAfterMs });

function fakeClock(): Clock & { slept: number[] } {
  let now = 0;
  const slept: number[] = [];
  return {
    slept,
    now: () => now,
    sleep: async (ms) => {
      slept.push(ms);
      now += ms;
    },
  };
}

function scripted<T>(outcomes: (T | Error)[]): { call: () => Promise<T>; calls: () => number } {
  let calls = 0;
  return {
    calls: () => calls,
    call: async () => {
      const next = outcomes[calls++];
      if (next instanceof Error) throw next;
      return next as T;
    },
  };
}

describe('withRetry', () => {
  it('tries once without a policy, even on a retryable failure', async () => {
    const s = scripted([failure(503), 'ok']);
    await expect(withRetry(s.call, undefined)).rejects.toMatchObject({ status: 503 });
    expect(s.calls()).toBe(1);
  });

  it('retries 429, 5xx and no answer up to the attempts, then throws the last failure', async () => {
    const clock = fakeClock();
    const s = scripted([failure(429), failure(0), failure(502), 'never']);
    await expect(withRetry(s.call, policy, { clock, random: () => 0.5 })).rejects.toMatchObject({ status: 502 });
    expect(s.calls()).toBe(3);
    // Full jitter: half of 100, then half of 200.
    expect(clock.slept).toEqual([50, 100]);
  });

  it('returns the first success', async () => {
    const s = scripted([failure(500), 'ok']);
    expect(await withRetry(s.call, policy, { clock: fakeClock() })).toBe('ok');
    expect(s.calls()).toBe(2);
  });

  it('never retries another 4xx or a non-upstream error', async () => {
    for (const error of [failure(400), failure(404), failure(409), new TypeError('bad input')]) {
      const s = scripted([error, 'ok']);
      await expect(withRetry(s.call, policy, { clock: fakeClock() })).rejects.toBe(error);
      expect(s.calls()).toBe(1);
    }
  });

  it("waits the provider's retry-after instead of the jitter, capped at maxDelayMs", async () => {
    const clock = fakeClock();
    const s = scripted([failure(429, 700), failure(429, 60_000), 'ok']);
    expect(await withRetry(s.call, policy, { clock, random: () => 0 })).toBe('ok');
    expect(clock.slept).toEqual([700, 1000]);
  });
});

describe('retryDelay', () => {
  it('stays within [0, min(max, base * 2^(n-1))) for any random draw', () => {
    for (let attempt = 1; attempt <= 8; attempt++) {
      for (const r of [0, 0.25, 0.999999]) {
        const wait = retryDelay(failure(503), attempt, policy, () => r);
        expect(wait).toBeGreaterThanOrEqual(0);
        expect(wait).toBeLessThan(Math.min(1000, 100 * 2 ** (attempt - 1)));
      }
    }
  });
});

describe('checkRetryPolicy', () => {
  it('refuses a policy that would silently never retry or never stop', () => {
    expect(() => checkRetryPolicy({ attempts: 0, baseDelayMs: 1, maxDelayMs: 1 }, 'Merch')).toThrow(/attempts/);
    expect(() => checkRetryPolicy({ attempts: 1.5, baseDelayMs: 1, maxDelayMs: 1 }, 'Merch')).toThrow(/attempts/);
    expect(() => checkRetryPolicy({ attempts: 3, baseDelayMs: -1, maxDelayMs: 1 }, 'Merch')).toThrow(/baseDelayMs/);
    expect(() => checkRetryPolicy({ attempts: 3, baseDelayMs: 500, maxDelayMs: 100 }, 'Merch')).toThrow(/at least/);
    expect(checkRetryPolicy(policy, 'Merch')).toBe(policy);
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates, and nothing else', () => {
    const now = Date.parse('2026-11-27T10:00:00Z');
    expect(parseRetryAfter('2', now)).toBe(2000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Fri, 27 Nov 2026 10:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Fri, 27 Nov 2026 09:00:00 GMT', now)).toBe(0);
    for (const bad of [null, '', '-1', '1.5', 'soon', '1e3']) expect(parseRetryAfter(bad, now)).toBeNull();
  });

  it('is carried by UpstreamError.fromResponse', async () => {
    const res = new Response('{"code":"RATE_LIMITED"}', { status: 429, headers: { 'retry-after': '3' } });
    const error = await UpstreamError.fromResponse('Merch', 'GET /products', res);
    expect(error).toMatchObject({ status: 429, code: 'RATE_LIMITED', retryAfterMs: 3000 });
  });
});
