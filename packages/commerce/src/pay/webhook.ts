import { hmacSha256Hex, safeEqual } from '../../../../src/security/crypto.ts';

/** Pay's default: a signature older than five minutes is a replay. */
const DEFAULT_TOLERANCE_SEC = 300;
// A real header is about 80 characters per signature; anything this long is hostile.
const HEADER_MAX = 4096;

/**
 * Checks a Pay webhook's `Stripe-Signature` header (`t=<unix s>,v1=<hex>[,v1=..][,v0=..]`)
 * against the raw body, as Pay's own SDK does: HMAC-SHA256 of `${t}.${body}`
 * under the endpoint secret (`whsec_...`, used as is), any `v1` entry may
 * match (several appear while a secret is rolled), `v0` and other schemes are
 * ignored. A timestamp more than `toleranceSec` (default 300) in the past is
 * refused; 0 turns the age check off; a future timestamp is accepted, like
 * the SDK. A missing or malformed header is false, never an exception.
 * `body` must be the exact text received (`await request.text()`), before
 * any JSON parsing. An empty secret throws: it is a missing setting.
 * Verified events are still pointers: re-read the object before acting on it.
 * @example if (!(await verifyPaySignature(body, request.headers.get('stripe-signature'), env.PAY_WEBHOOK_SECRET))) return new Response(null, { status: 400 });
 */
export async function verifyPaySignature(
  body: string,
  header: string | null,
  secret: string,
  options: { toleranceSec?: number | undefined; now?: (() => number) | undefined } = {},
): Promise<boolean> {
  if (typeof secret !== 'string' || secret === '')
    throw new TypeError('Pay webhook secret is empty: set the endpoint signing secret (whsec_...) from the Pay dashboard.');
  const { toleranceSec = DEFAULT_TOLERANCE_SEC, now = Date.now } = options;
  if (!Number.isFinite(toleranceSec) || toleranceSec < 0) throw new RangeError(`toleranceSec must be a non-negative number of seconds, got ${toleranceSec}`);
  if (typeof header !== 'string' || typeof body !== 'string' || header.length > HEADER_MAX) return false;

  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const item of header.split(',')) {
    const eq = item.indexOf('=');
    if (eq < 0) continue;
    const key = item.slice(0, eq);
    const value = item.slice(eq + 1);
    if (key === 't') {
      // Two timestamps leave it unclear which one was signed.
      if (timestamp !== null || !/^\d{1,12}$/.test(value)) return false;
      timestamp = Number(value);
    } else if (key === 'v1' && value !== '') {
      signatures.push(value);
    }
  }
  if (timestamp === null || signatures.length === 0) return false;
  if (toleranceSec > 0 && Math.floor(now() / 1000) - timestamp > toleranceSec) return false;

  const expected = await hmacSha256Hex(secret, `${timestamp}.${body}`);
  let match = false;
  // Every entry is compared (no early exit), each in constant time.
  for (const signature of signatures) match = safeEqual(expected, signature) || match;
  return match;
}
