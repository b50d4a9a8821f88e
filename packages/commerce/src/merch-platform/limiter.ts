import { errorName } from '../../../../src/security/degraded.ts';
import { type Clock, systemClock } from '../retry.ts';

/**
 * Client-side throttle for the Merch platform API, so a shop's clients never
 * earn a 429: the provider allows 100 requests per 10 s per shop (every
 * endpoint) and 5 product creations per minute per shop.
 *
 * Token buckets with continuous refill, reservation style: a caller takes a
 * token now, possibly driving the bucket negative, and waits until the refill
 * has paid it back (`-tokens / rate`). Concurrent callers therefore queue in
 * arrival order without polling, and the send times of one bucket always
 * conform to a bucket of the same size on the provider's side.
 */

/** The provider's per-shop limits; configured values above these are clamped to them. */
export const MERCH_REQUESTS_PER_10S = 100;
export const MERCH_PRODUCT_CREATIONS_PER_MINUTE = 5;

export type MerchBucketName = 'requests' | 'creations';

/** A bucket's size: `capacity` tokens, refilled continuously at `capacity` per `periodMs`. */
export interface BucketSpec {
  capacity: number;
  periodMs: number;
}

/** Tokens (negative while reservations are queued) as of time `at`; `seq` counts reservations. */
export interface BucketState {
  tokens: number;
  at: number;
  seq: number;
}

/** One reserved token: wait `waitMs`, then send; `at` is the send time on the bucket's own clock, `seq` its place in the bucket. */
export interface Reservation {
  waitMs: number;
  at: number;
  seq: number;
}

/** The limits one client applies, or null when `rateLimit: false`. */
export interface MerchLimits {
  requests: BucketSpec;
  creations: BucketSpec;
}

function refilled(state: BucketState | undefined, spec: BucketSpec, now: number): BucketState {
  if (state === undefined) return { tokens: spec.capacity, at: now, seq: 0 };
  // A clock that went back (another isolate's, a reset test clock) refills nothing rather than draining.
  const elapsed = Math.max(0, now - state.at);
  // elapsed * capacity first: whole numbers stay exact (100 ms of 100 per 10 s is exactly 1 token).
  return { tokens: Math.min(spec.capacity, state.tokens + (elapsed * spec.capacity) / spec.periodMs), at: Math.max(now, state.at), seq: state.seq };
}

/**
 * Takes one token at `now` and says how long to wait before sending: zero
 * while the bucket has a whole token, else the time the refill needs to bring
 * it back to zero. Pure: the in-isolate buckets and the Durable Object share it.
 */
export function reserveToken(state: BucketState | undefined, spec: BucketSpec, now: number): { state: BucketState; reservation: Reservation } {
  const next = refilled(state, spec, now);
  next.tokens -= 1;
  next.seq += 1;
  // Rounded up to whole ms: sending a little late is always within the limit, early never is.
  const waitMs = next.tokens >= 0 ? 0 : Math.ceil((-next.tokens * spec.periodMs) / spec.capacity);
  return { state: next, reservation: { waitMs, at: next.at + waitMs, seq: next.seq } };
}

/**
 * Gives back a token that will not be used after all, when that is exact:
 * only the bucket's latest reservation, at its send time (within one refill
 * interval). Then the bucket is as if the token had never been taken. A token
 * with reservations queued behind it is forfeited instead: those were
 * scheduled around it, and handing it to a newcomer would let the newcomer
 * and them through closer together than the limit allows. Keeping a token
 * only ever slows later callers; giving one back wrongly lets one too many through.
 */
export function refundToken(state: BucketState | undefined, spec: BucketSpec, reservation: Reservation, now: number): BucketState | undefined {
  if (state === undefined) return state;
  const next = refilled(state, spec, now);
  if (next.seq !== reservation.seq || now - reservation.at >= spec.periodMs / spec.capacity) return next;
  // seq moves on too, so nothing can be given back twice.
  return { tokens: Math.min(spec.capacity, next.tokens + 1), at: next.at, seq: next.seq + 1 };
}

/**
 * The limits a config asks for: on by default at the provider's numbers;
 * `false` turns them off; a lower number is honoured and a higher one clamped,
 * because the provider's limit does not move. Throws a RangeError for a number
 * that is not a positive integer.
 */
export function merchLimits(
  rateLimit: false | { requestsPer10s?: number | undefined; productCreationsPerMinute?: number | undefined } | undefined,
): MerchLimits | null {
  if (rateLimit === false) return null;
  const pick = (value: number | undefined, max: number, name: string): number => {
    if (value === undefined) return max;
    if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`Merch rateLimit.${name} must be a positive integer, got ${String(value)}`);
    return Math.min(value, max);
  };
  return {
    requests: { capacity: pick(rateLimit?.requestsPer10s, MERCH_REQUESTS_PER_10S, 'requestsPer10s'), periodMs: 10_000 },
    creations: { capacity: pick(rateLimit?.productCreationsPerMinute, MERCH_PRODUCT_CREATIONS_PER_MINUTE, 'productCreationsPerMinute'), periodMs: 60_000 },
  };
}

/** One limiter object per key, reached over RPC (`MerchLimiterObject`). */
export interface MerchLimiterStub {
  reserve(bucket: MerchBucketName, spec: BucketSpec): Promise<Reservation>;
  refund(bucket: MerchBucketName, spec: BucketSpec, reservation: Reservation): Promise<void>;
}

/** A Durable Object namespace of `MerchLimiterObject`s (the `MERCH_LIMITER` binding). */
export interface MerchLimiterNamespace {
  idFromName(name: string): object;
  get(id: object): MerchLimiterStub;
}

/** A token held by one caller, with the way to give it back. */
interface Held {
  reservation: Reservation;
  refund(): Promise<void>;
}

// One pair of buckets per rateLimitKey for the whole isolate: every client
// built with the same key shares them, whatever config object it was given.
const local = new Map<string, Partial<Record<MerchBucketName, BucketState>>>();

function reserveLocal(key: string, bucket: MerchBucketName, spec: BucketSpec, clock: Clock): Held {
  const buckets = local.get(key) ?? {};
  local.set(key, buckets);
  // Read-modify-write with no await inside: atomic within the isolate.
  const { state, reservation } = reserveToken(buckets[bucket], spec, clock.now());
  buckets[bucket] = state;
  return {
    reservation,
    refund: async () => {
      const next = refundToken(buckets[bucket], spec, reservation, clock.now());
      if (next) buckets[bucket] = next;
    },
  };
}

async function reserveDurable(namespace: MerchLimiterNamespace, key: string, bucket: MerchBucketName, spec: BucketSpec, clock: Clock): Promise<Held> {
  let stub: MerchLimiterStub;
  let reservation: Reservation;
  try {
    stub = namespace.get(namespace.idFromName(key));
    reservation = await stub.reserve(bucket, spec);
  } catch (error) {
    // Never unthrottled: this isolate's own bucket still holds its share.
    // The key is the API username by default: only the error's name is logged.
    console.warn(`louise: Merch limiter object unreachable, throttling in this isolate only (${errorName(error)})`);
    return reserveLocal(key, bucket, spec, clock);
  }
  return {
    reservation,
    refund: async () => {
      // A lost refund only slows later callers; it never lets one too many through.
      await stub.refund(bucket, spec, reservation).catch((error: unknown) => {
        console.warn(`louise: Merch limiter object unreachable, token not refunded (${errorName(error)})`);
      });
    },
  };
}

/** What `acquireMerchSlot` needs from the client config. */
export interface MerchSlotOptions {
  key: string;
  limits: MerchLimits | null;
  limiter?: MerchLimiterNamespace | undefined;
  clock?: Clock | undefined;
}

/**
 * Waits until one request may be sent: a `requests` token for every call and,
 * for a product creation, a `creations` token at the same instant. A token is
 * only ever spent at its own send time, because a token taken for one moment
 * but used later lets a later request through too soon. So a creation queues
 * for its request token first; at its turn it reserves the creation token,
 * and when that one needs a wait, it lets the request token go (`refundToken`:
 * given back, or forfeited when others queued behind it, a loss of 100 ms of
 * the shop's request budget) and holds the creation token instead,
 * alternating until both are there at once. When the shop is not busy with
 * other requests, the second try succeeds.
 */
export async function acquireMerchSlot(options: MerchSlotOptions, creation: boolean): Promise<void> {
  const { key, limits, limiter } = options;
  if (limits === null) return;
  const clock = options.clock ?? systemClock;
  const reserve = (bucket: MerchBucketName): Promise<Held> | Held =>
    limiter ? reserveDurable(limiter, key, bucket, limits[bucket], clock) : reserveLocal(key, bucket, limits[bucket], clock);
  let bucket: MerchBucketName = 'requests';
  let held = await reserve(bucket);
  if (held.reservation.waitMs > 0) await clock.sleep(held.reservation.waitMs);
  if (!creation) return;
  for (;;) {
    const other: MerchBucketName = bucket === 'creations' ? 'requests' : 'creations';
    const next = await reserve(other);
    if (next.reservation.waitMs === 0) return;
    await held.refund();
    await clock.sleep(next.reservation.waitMs);
    bucket = other;
    held = next;
  }
}
