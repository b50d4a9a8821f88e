import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRateLimiter, durableRateLimitStorage, type RateLimiterNamespace } from './durable-rate-limit.ts';
import { checkRateArgs, kvRateLimitStorage, matchRateRule, rateLimit, type RateRule } from './rate-limit.ts';

// In-memory stand-in for the two KV calls the limiter makes (our own structural interface).
class MemoryKV {
  readonly values = new Map<string, string>();
  readonly ttls = new Map<string, number | undefined>();
  async get(key: string): Promise<string | null> {
    return this.values.get(key) ?? null;
  }
  async put(key: string, value: string, options?: { expirationTtl?: number }): Promise<void> {
    this.values.set(key, value);
    this.ttls.set(key, options?.expirationTtl);
  }
}

// A window boundary for windowSec 60 and 600 alike.
const T0 = 1_800_000_000_000;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('rateLimit', () => {
  it('admits `limit` hits per window, then blocks until the window ends', async () => {
    const kv = new MemoryKV();
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await rateLimit(kv, 'ip:1', 3, 60, T0 + i * 1000));
    expect(results).toEqual([
      { ok: true, remaining: 2, retryAfter: 0 },
      { ok: true, remaining: 1, retryAfter: 0 },
      { ok: true, remaining: 0, retryAfter: 0 },
      { ok: false, remaining: 0, retryAfter: 57 },
    ]);
    expect(await rateLimit(kv, 'ip:1', 3, 60, T0 + 59_999)).toEqual({ ok: false, remaining: 0, retryAfter: 1 });
    expect(await rateLimit(kv, 'ip:1', 3, 60, T0 + 60_000)).toEqual({ ok: true, remaining: 2, retryAfter: 0 });
  });

  it('keys each window separately and lets it expire through KV', async () => {
    const kv = new MemoryKV();
    await rateLimit(kv, 'form:contact', 5, 600, T0 + 5_000);
    const key = `rl:form:contact:${T0 / 1000}`;
    expect(kv.values.get(key)).toBe('1');
    expect(kv.ttls.get(key)).toBe(600);
  });

  it('counts keys independently', async () => {
    const kv = new MemoryKV();
    expect((await rateLimit(kv, 'a', 1, 60, T0)).ok).toBe(true);
    expect((await rateLimit(kv, 'a', 1, 60, T0)).ok).toBe(false);
    expect((await rateLimit(kv, 'b', 1, 60, T0)).ok).toBe(true);
  });

  it('restarts the count when the stored value is not a count', async () => {
    const kv = new MemoryKV();
    kv.values.set(`rl:k:${T0 / 1000}`, 'garbage');
    expect(await rateLimit(kv, 'k', 2, 60, T0)).toEqual({ ok: true, remaining: 1, retryAfter: 0 });
    expect(kv.values.get(`rl:k:${T0 / 1000}`)).toBe('1');
  });

  it.each([59, 0, -60, 60.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses windowSec %s (KV TTL minimum is 60)', async (windowSec) => {
    await expect(rateLimit(new MemoryKV(), 'k', 5, windowSec)).rejects.toThrow(/windowSec must be an integer >= 60/);
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses limit %s', async (limit) => {
    await expect(rateLimit(new MemoryKV(), 'k', limit, 60)).rejects.toThrow(RangeError);
    await expect(rateLimit(new MemoryKV(), 'k', limit, 60)).rejects.toThrow(`rateLimit: limit must be an integer >= 1, got ${limit}`);
  });

  it('fails open when the store cannot be read', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const broken = {
      get: () => Promise.reject(new Error('KV GET failed: 503 secret-token-xyz')),
      put: () => Promise.resolve(),
    };
    expect(await rateLimit(broken, 'user@example.com', 5, 60)).toEqual({ ok: true, remaining: 5, retryAfter: 0 });
    expect(warn).toHaveBeenCalledTimes(1);
    const line = String(warn.mock.calls[0]?.[0]);
    expect(line).not.toContain('user@example.com');
    expect(line).not.toContain('secret-token-xyz');
  });

  it('fails open when the store cannot be written', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const broken = { get: async () => '1', put: () => Promise.reject(new Error('429 Too Many Requests')) };
    expect(await rateLimit(broken, 'k', 5, 60)).toEqual({ ok: true, remaining: 5, retryAfter: 0 });
  });

  it('admits exactly min(hits, limit) within one window', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 20 }), fc.array(fc.integer({ min: 0, max: 59_999 }), { maxLength: 40 }), async (limit, offsets) => {
        const kv = new MemoryKV();
        let admitted = 0;
        for (const offset of offsets.sort((a, b) => a - b)) {
          const r = await rateLimit(kv, 'k', limit, 60, T0 + offset);
          if (r.ok) admitted++;
          else expect(r.retryAfter).toBe(60 - Math.floor(offset / 1000));
        }
        expect(admitted).toBe(Math.min(offsets.length, limit));
      }),
    );
  });
});

describe('kvRateLimitStorage', () => {
  it('counts hits through the same fixed window', async () => {
    const kv = new MemoryKV();
    const storage = kvRateLimitStorage(kv);
    expect(await storage.hit('login:ip', 2, 60)).toMatchObject({ ok: true, remaining: 1 });
    expect(await storage.hit('login:ip', 2, 60)).toMatchObject({ ok: true, remaining: 0 });
    const blocked = await storage.hit('login:ip', 2, 60);
    expect(blocked.ok).toBe(false);
    expect(blocked.retryAfter).toBeGreaterThan(0);
    expect(blocked.retryAfter).toBeLessThanOrEqual(60);
  });
});

describe('matchRateRule', () => {
  const rules: RateRule[] = [
    { name: 'login', limit: 5, windowSec: 60, method: 'POST', path: '/api/cms/login' },
    { name: 'form-submit', limit: 10, windowSec: 600, method: 'post', path: '/api/cms/forms/*' },
    { name: 'forms-any', limit: 100, windowSec: 60, path: '/api/cms/forms/*' },
    { name: 'api', limit: 300, windowSec: 60, path: '/api/*' },
  ];

  it.each([
    ['POST', '/api/cms/login', 'login'],
    ['post', '/api/cms/login', 'login'],
    ['GET', '/api/cms/login', 'api'],
    ['POST', '/api/cms/login/', 'api'],
    ['POST', '/api/cms/forms/contact', 'form-submit'],
    ['POST', '/api/cms/forms/', 'form-submit'],
    ['GET', '/api/cms/forms/contact', 'forms-any'],
    ['POST', '/api/cms/forms', 'api'],
    ['POST', '/api/cms/formsx', 'api'],
    ['DELETE', '/api/', 'api'],
    ['GET', '/api', null],
    ['GET', '/about', null],
  ])('%s %s -> %s', (method, path, name) => {
    expect(matchRateRule(rules, method, path)?.name ?? null).toBe(name);
  });

  it('returns the rule object itself, extra fields included', () => {
    const custom = [{ name: 'x', limit: 1, windowSec: 60, path: '/x', key: 'ip' as const }];
    expect(matchRateRule(custom, 'GET', '/x')).toBe(custom[0]);
  });

  it('returns null for no rules', () => {
    expect(matchRateRule([], 'GET', '/')).toBeNull();
  });

  it('refuses a * that does not end the path', () => {
    const bad: RateRule[] = [{ name: 'bad', limit: 1, windowSec: 60, path: '/api/*/forms' }];
    expect(() => matchRateRule(bad, 'GET', '/api/x/forms')).toThrow(/may only end a rule path/);
  });
});

describe('checkRateArgs', () => {
  it('names the caller, the argument and the bad value', () => {
    expect(() => checkRateArgs('here', 0, 60)).toThrow(new RangeError('here: limit must be an integer >= 1, got 0'));
    expect(() => checkRateArgs('here', 5, 0.5)).toThrow(new RangeError('here: windowSec must be an integer >= 1, got 0.5'));
    expect(() => checkRateArgs('here', 5, 59, { minWindowSec: 60, why: 'a reason' })).toThrow(
      new RangeError('here: windowSec must be an integer >= 60 (a reason), got 59'),
    );
    expect(() => checkRateArgs('here', 1, 1)).not.toThrow();
    expect(() => checkRateArgs('here', 5, 60, { minWindowSec: 60 })).not.toThrow();
  });

  it('is the check of every limiter: KV, the Durable Object client and the object itself', async () => {
    // Never reached: the check runs before any store call.
    const unreachable = () => {
      throw new Error('the store was called');
    };
    const namespace = { idFromName: unreachable, get: unreachable } as unknown as RateLimiterNamespace;
    const storage = { sql: { exec: () => ({ toArray: () => [] }) }, setAlarm: unreachable } as never;
    await expect(durableRateLimitStorage(namespace).hit('k', 0, 60)).rejects.toThrow('durableRateLimitStorage: limit must be an integer >= 1, got 0');
    await expect(durableRateLimitStorage(namespace).hit('k', 5, 1.5)).rejects.toThrow('durableRateLimitStorage: windowSec must be an integer >= 1, got 1.5');
    await expect(createRateLimiter({ storage }).hit(5, -1)).rejects.toThrow('DurableRateLimiter.hit: windowSec must be an integer >= 1, got -1');
    await expect(kvRateLimitStorage(new MemoryKV()).hit('k', 5, 30)).rejects.toThrow(
      'rateLimit: windowSec must be an integer >= 60 (the minimum KV expirationTtl), got 30',
    );
  });
});
