import type { KVLike } from './secrets.ts';

/** Outcome of one counted hit; `retryAfter` is whole seconds until the window resets, 0 when ok. */
export interface RateResult {
  ok: boolean;
  remaining: number;
  retryAfter: number;
}

/** What every limited caller uses: count one hit for `key` in a fixed window. */
export interface RateLimitStorage {
  hit(key: string, limit: number, windowSec: number): Promise<RateResult>;
}

/**
 * A limit for requests matching `method` (any when left out) and `path`: an exact
 * pathname, or a prefix ending in `*` (`/api/cms/forms/*` matches `/api/cms/forms/contact`
 * and `/api/cms/forms/`, not `/api/cms/forms`). A `*` anywhere else is not allowed.
 */
export interface RateRule {
  name: string;
  limit: number;
  windowSec: number;
  method?: string;
  path: string;
}

// Workers KV refuses expirationTtl below 60 seconds.
const KV_MIN_TTL_SEC = 60;

/**
 * Fixed-window limiter over key-value storage. Approximate by design: KV is
 * eventually consistent across locations and takes about one write per second per key
 * in production, so concurrent hits can both pass. Use `durableRateLimitStorage`
 * where the count must be exact. Fails open (ok: true, `remaining: limit`) on any store error.
 * @example const r = await rateLimit(env.KV, `form:${ip}`, 5, 600); if (!r.ok) return tooMany(r.retryAfter);
 */
export async function rateLimit(kv: KVLike, key: string, limit: number, windowSec: number, now: number = Date.now()): Promise<RateResult> {
  checkRateArgs('rateLimit', limit, windowSec, { minWindowSec: KV_MIN_TTL_SEC, why: 'the minimum KV expirationTtl' });
  const nowSec = Math.floor(now / 1000);
  const windowStart = nowSec - (nowSec % windowSec);
  const storeKey = `rl:${key}:${windowStart}`;
  try {
    const count = parseCount(await kv.get(storeKey));
    if (count >= limit) {
      return { ok: false, remaining: 0, retryAfter: Math.max(1, windowStart + windowSec - nowSec) };
    }
    // The key names its window, so letting it outlive the window by up to windowSec is harmless.
    await kv.put(storeKey, String(count + 1), { expirationTtl: windowSec });
    return { ok: true, remaining: limit - count - 1, retryAfter: 0 };
  } catch (error) {
    console.warn(`louise: rate limit store failed, allowing request (${error instanceof Error ? error.name : typeof error})`);
    return { ok: true, remaining: limit, retryAfter: 0 };
  }
}

/**
 * Throws a RangeError naming `caller` unless `limit` is an integer >= 1 and
 * `windowSec` an integer >= `minWindowSec` (default 1). Every limiter checks
 * with this, so a bad rule fails the same way whichever store it meets,
 * instead of admitting every request.
 */
export function checkRateArgs(caller: string, limit: number, windowSec: number, min: { minWindowSec: number; why?: string } = { minWindowSec: 1 }): void {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`${caller}: limit must be an integer >= 1, got ${limit}`);
  if (!Number.isInteger(windowSec) || windowSec < min.minWindowSec) {
    const why = min.why ? ` (${min.why})` : '';
    throw new RangeError(`${caller}: windowSec must be an integer >= ${min.minWindowSec}${why}, got ${windowSec}`);
  }
}

/** A `RateLimitStorage` backed by `rateLimit` on a KV namespace (approximate; see `rateLimit`). */
export function kvRateLimitStorage(kv: KVLike): RateLimitStorage {
  return { hit: (key, limit, windowSec) => rateLimit(kv, key, limit, windowSec) };
}

/**
 * The first rule matching the request, or null. Pass `url.pathname` (no query);
 * methods compare case-insensitively.
 */
export function matchRateRule<R extends RateRule>(rules: readonly R[], method: string, path: string): R | null {
  const verb = method.toUpperCase();
  for (const rule of rules) {
    if (rule.method !== undefined && rule.method.toUpperCase() !== verb) continue;
    if (pathMatches(rule.path, path)) return rule;
  }
  return null;
}

function pathMatches(pattern: string, path: string): boolean {
  const star = pattern.indexOf('*');
  if (star === -1) return pattern === path;
  if (star !== pattern.length - 1) {
    throw new RangeError(`matchRateRule: '*' may only end a rule path, got ${JSON.stringify(pattern)}`);
  }
  return path.startsWith(pattern.slice(0, -1));
}

// A value this limiter did not write restarts the count: the next put repairs the key.
function parseCount(raw: string | null): number {
  const n = raw === null ? 0 : Number(raw);
  return Number.isSafeInteger(n) && n >= 0 ? n : 0;
}
