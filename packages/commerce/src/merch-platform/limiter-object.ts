import type { LimiterStorage } from '../../../../src/security/durable-rate-limit.ts';
import { type BucketSpec, type BucketState, type MerchBucketName, type Reservation, refundToken, reserveToken } from './limiter.ts';

/** The Merch throttle of one key (one shop), kept by its coordination object. */
export interface MerchLimiter {
  /** Reserves a token of `bucket`; `now` (ms) is injectable for tests. */
  reserve(bucket: MerchBucketName, spec: BucketSpec, now?: number): Promise<Reservation>;
  /** Gives back a reserved token that was not used (see `refundToken`). */
  refund(bucket: MerchBucketName, spec: BucketSpec, reservation: Reservation, now?: number): Promise<void>;
}

const BUCKETS: readonly string[] = ['requests', 'creations'] satisfies MerchBucketName[];

function checkSpec(spec: BucketSpec): void {
  if (!Number.isSafeInteger(spec?.capacity) || spec.capacity < 1 || !Number.isFinite(spec.periodMs) || spec.periodMs <= 0) {
    throw new RangeError('Merch limiter bucket needs a positive integer capacity and a positive periodMs');
  }
}

/**
 * Builds the limiter of one coordination object from its state (`{ storage }`),
 * with the same bucket math as the in-isolate buckets (`reserveToken`), so
 * every isolate of a site queues in the one bucket of its shop. Uses the
 * object's synchronous SQLite API: read-modify-write has no await inside it.
 * Two small rows per key and no alarm: a bucket left idle is simply full again
 * the next time it is read.
 */
export function createMerchLimiter(ctx: { storage: Pick<LimiterStorage, 'sql'> }): MerchLimiter {
  const { sql } = ctx.storage;
  sql.exec('CREATE TABLE IF NOT EXISTS merch_bucket (name TEXT PRIMARY KEY, tokens REAL NOT NULL, at REAL NOT NULL, seq INTEGER NOT NULL)');

  const read = (bucket: MerchBucketName): BucketState | undefined => {
    const row = sql.exec('SELECT tokens, at, seq FROM merch_bucket WHERE name = ?', bucket).toArray()[0];
    return row ? { tokens: Number(row['tokens']), at: Number(row['at']), seq: Number(row['seq']) } : undefined;
  };
  const write = (bucket: MerchBucketName, state: BucketState): void => {
    sql.exec('INSERT OR REPLACE INTO merch_bucket (name, tokens, at, seq) VALUES (?, ?, ?, ?)', bucket, state.tokens, state.at, state.seq);
  };
  const check = (bucket: MerchBucketName, spec: BucketSpec): void => {
    if (!BUCKETS.includes(bucket)) throw new RangeError(`Merch limiter bucket must be one of ${BUCKETS.join(', ')}`);
    checkSpec(spec);
  };

  return {
    async reserve(bucket, spec, now = Date.now()) {
      check(bucket, spec);
      const { state, reservation } = reserveToken(read(bucket), spec, now);
      write(bucket, state);
      return reservation;
    },
    async refund(bucket, spec, reservation, now = Date.now()) {
      check(bucket, spec);
      const state = refundToken(read(bucket), spec, reservation, now);
      if (state) write(bucket, state);
    },
  };
}
