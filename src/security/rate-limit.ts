import { applyBackoff, checkBackoffPolicy, type BackoffOp, type BackoffResult, type BackoffState } from './backoff.ts';
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
  /** One operation on `key`'s back-off counter (sign-in failures; see `applyBackoff`). */
  backoff(key: string, op: BackoffOp): Promise<BackoffResult>;
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
  return { hit: (key, limit, windowSec) => rateLimit(kv, key, limit, windowSec), backoff: (key, op) => kvBackoff(kv, key, op) };
}

/**
 * A back-off counter in KV: approximate like `rateLimit` (two isolates can
 * both read the same count), fails open with one warning line.
 */
async function kvBackoff(kv: KVLike, key: string, op: BackoffOp): Promise<BackoffResult> {
  if (op.kind === 'take') checkBackoffPolicy('kvRateLimitStorage.backoff', op.policy);
  const storeKey = `bo:${key}`;
  try {
    const { result, next } = applyBackoff(parseBackoff(await kv.get(storeKey)), op);
    // KVLike has no delete: an empty value reads as no state, and expires.
    if (next === null) await kv.put(storeKey, '', { expirationTtl: KV_MIN_TTL_SEC });
    else if (op.kind !== 'take' || result.ok) {
      const ttl = Math.max(KV_MIN_TTL_SEC, Math.ceil((next.forgetAt - Date.now()) / 1000));
      await kv.put(storeKey, JSON.stringify(next), { expirationTtl: ttl });
    }
    return result;
  } catch (error) {
    console.warn(`louise: rate limit store failed, allowing request (${error instanceof Error ? error.name : typeof error})`);
    return { ok: true, retryAfter: 0, failures: 0 };
  }
}

function parseBackoff(raw: string | null): BackoffState | null {
  if (raw === null) return null;
  try {
    const { failures, lastAt, forgetAt } = JSON.parse(raw) as Record<string, unknown>;
    if ([failures, lastAt, forgetAt].every((n) => Number.isSafeInteger(n) && (n as number) >= 0)) return { failures, lastAt, forgetAt } as BackoffState;
  } catch {}
  // A value this counter did not write restarts the count.
  return null;
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
