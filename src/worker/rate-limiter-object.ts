import { DurableObject } from 'cloudflare:workers';
import { createRateLimiter, type DurableRateLimiter } from '../security/durable-rate-limit.ts';
import type { BackoffOp, BackoffResult } from '../security/backoff.ts';
import type { RateResult } from '../security/rate-limit.ts';

/**
 * Per-key coordination object for `durableRateLimitStorage`: bind it (SQLite-backed,
 * `new_sqlite_classes`) and address it with `namespace.idFromName(key)`.
 */
// It reads no bindings, hence Env = unknown.
export class RateLimiterObject extends DurableObject<unknown> {
  private readonly limiter: DurableRateLimiter;

  constructor(ctx: DurableObjectState, env: unknown) {
    super(ctx, env);
    this.limiter = createRateLimiter(ctx);
  }

  /** Counts one hit against this key's fixed window. */
  hit(limit: number, windowSec: number): Promise<RateResult> {
    return this.limiter.hit(limit, windowSec);
  }

  /** One operation on this key's back-off counter (sign-in failures). */
  backoff(op: BackoffOp): Promise<BackoffResult> {
    return this.limiter.backoff(op);
  }

  /** Reaps the counter at the end of its window. */
  override async alarm(): Promise<void> {
    await this.limiter.reap();
  }
}
