import { DurableObject } from 'cloudflare:workers';
import type { BucketSpec, MerchBucketName, Reservation } from '../../packages/commerce/src/merch-platform/limiter.ts';
import { createMerchLimiter, type MerchLimiter } from '../../packages/commerce/src/merch-platform/limiter-object.ts';

/**
 * Per-shop coordination object for the Merch platform throttle: bind it
 * (SQLite-backed, `new_sqlite_classes`) as `MERCH_LIMITER` and pass the
 * binding as the client config's `limiter`; the client addresses it with
 * `idFromName(rateLimitKey)`, so every isolate shares one bucket per shop.
 */
// It reads no bindings, hence Env = unknown.
export class MerchLimiterObject extends DurableObject<unknown> {
  private readonly limiter: MerchLimiter;

  constructor(ctx: DurableObjectState, env: unknown) {
    super(ctx, env);
    this.limiter = createMerchLimiter(ctx);
  }

  /** Reserves one token of `bucket`: wait `waitMs`, then send. */
  reserve(bucket: MerchBucketName, spec: BucketSpec): Promise<Reservation> {
    return this.limiter.reserve(bucket, spec);
  }

  /** Gives back a reserved token the caller will not use. */
  refund(bucket: MerchBucketName, spec: BucketSpec, reservation: Reservation): Promise<void> {
    return this.limiter.refund(bucket, spec, reservation);
  }
}
