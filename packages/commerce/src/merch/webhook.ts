import { hmacSha256Base64, safeEqual } from '../../../../src/security/crypto.ts';

/**
 * The header the provider signs order webhooks with (lower-case, as
 * `Headers.get` takes it). Platform apps use a different header and key.
 */
export const MERCH_SIGNATURE_HEADER = 'x-fourthwall-hmac-sha256';

// A real value is 44 characters (base64 of 32 bytes); anything much longer is hostile.
const HEADER_MAX = 256;

/**
 * Checks a Merch webhook: the header must be exactly the base64 (standard
 * alphabet, padded) HMAC-SHA256 of the raw body under the shop's webhook
 * secret. Nothing is normalized: base64url, hex, surrounding whitespace, an
 * empty or missing header are all false, never an exception. The compare is
 * constant-time. The signed material has no timestamp, so there is no replay
 * window: de-duplicate on the event `id`. `body` must be the exact text
 * received (`await request.text()`), before any JSON parsing. An empty secret
 * throws: it is a missing setting, and would sign with a key anyone knows.
 * @example if (!(await verifyMerchSignature(body, request.headers.get(MERCH_SIGNATURE_HEADER), env.MERCH_WEBHOOK_SECRET))) return new Response(null, { status: 401 });
 */
export async function verifyMerchSignature(body: string, header: string | null, secret: string): Promise<boolean> {
  if (typeof secret !== 'string' || secret === '') {
    throw new TypeError('Merch webhook secret is empty: set the secret shown when the webhook was created (shop settings, Webhooks).');
  }
  if (typeof body !== 'string' || typeof header !== 'string' || header === '' || header.length > HEADER_MAX) return false;
  return safeEqual(await hmacSha256Base64(secret, body), header);
}
