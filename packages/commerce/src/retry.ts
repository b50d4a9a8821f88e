import { UpstreamError } from '../../../src/security/upstream.ts';

/** Retry policy of a provider client; off unless the site sets it. */
export interface RetryPolicy {
  /** Total tries including the first, at least 1 (1 means no retry). */
  attempts: number;
  /** The first back-off; each further one doubles, before jitter. */
  baseDelayMs: number;
  /** Cap on one back-off, and on how long a provider's `retry-after` is honoured. */
  maxDelayMs: number;
}

/** Time as a retrying or throttled client sees it; injectable so tests need no real waiting. */
export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** Checks a policy once, where the site passes it, so a typo fails loudly instead of silently never retrying. */
export function checkRetryPolicy(policy: RetryPolicy, what: string): RetryPolicy {
  const { attempts, baseDelayMs, maxDelayMs } = policy;
  if (!Number.isInteger(attempts) || attempts < 1 || attempts > 10) {
    throw new RangeError(`${what} retry.attempts must be an integer from 1 to 10 (tries in all), got ${String(attempts)}`);
  }
  for (const [name, value] of [
    ['baseDelayMs', baseDelayMs],
    ['maxDelayMs', maxDelayMs],
  ] as const) {
    if (!Number.isFinite(value) || value < 0) throw new RangeError(`${what} retry.${name} must be a non-negative number of ms, got ${String(value)}`);
  }
  if (maxDelayMs < baseDelayMs) throw new RangeError(`${what} retry.maxDelayMs (${maxDelayMs}) must be at least retry.baseDelayMs (${baseDelayMs})`);
  return policy;
}

/**
 * The wait before try `attempt + 1` (attempt counts from 1): the provider's
 * `retry-after` when it sent one, else "full jitter" (a random wait up to the
 * doubled base), so clients that failed together do not retry together.
 * Both are capped at `maxDelayMs`.
 */
export function retryDelay(error: UpstreamError, attempt: number, policy: RetryPolicy, random: () => number = Math.random): number {
  if (error.retryAfterMs !== null) return Math.min(error.retryAfterMs, policy.maxDelayMs);
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.floor(random() * ceiling);
}

/**
 * Runs `call`, trying again on a retryable `UpstreamError` (429, 5xx, no
 * answer) while `policy` allows; any other error, or the last one, is thrown
 * as is. With no policy it is one try. Only for calls that are safe to repeat:
 * reads, and writes the provider deduplicates.
 */
export async function withRetry<T>(
  call: () => Promise<T>,
  policy: RetryPolicy | undefined,
  options: { clock?: Clock | undefined; random?: (() => number) | undefined } = {},
): Promise<T> {
  const attempts = policy?.attempts ?? 1;
  const clock = options.clock ?? systemClock;
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof UpstreamError) || !error.retryable || attempt >= attempts || policy === undefined) throw error;
      await clock.sleep(retryDelay(error, attempt, policy, options.random));
    }
  }
}
