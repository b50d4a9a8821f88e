import { hmacSha256Base64, safeEqual } from '../../../../src/security/crypto.ts';

/** The header Pos signs notifications with (lower-case, as `Headers.get` takes it). The legacy SHA-1 `x-square-signature` is not accepted. */
export const POS_SIGNATURE_HEADER = 'x-square-hmacsha256-signature';

// A real value is 44 characters (base64 of 32 bytes); anything much longer is hostile.
const HEADER_MAX = 256;

/**
 * Checks a Pos webhook notification: the header must be exactly the base64
 * HMAC-SHA256, under the subscription's signature key, of the notification
 * URL followed by the raw body. The URL is part of what is signed, so it must
 * be byte-identical to the one registered with the subscription (scheme,
 * host, path, trailing slash): compute it from configuration, not from the
 * request's Host header. `body` is the exact text received, before JSON
 * parsing. A missing, empty or differently encoded header is false, never an
 * exception; the compare is constant-time. An empty key or URL throws: each
 * is a missing setting. De-duplicate on the notification's `event_id`.
 * @example if (!(await verifyPosSignature(env.POS_WEBHOOK_URL, body, request.headers.get(POS_SIGNATURE_HEADER), env.POS_WEBHOOK_SIGNATURE_KEY))) return new Response(null, { status: 401 });
 */
export async function verifyPosSignature(url: string, body: string, header: string | null, key: string): Promise<boolean> {
  if (typeof key !== 'string' || key === '') {
    throw new TypeError('Pos webhook signature key is empty: set the key shown on the webhook subscription (developer dashboard, Webhooks).');
  }
  if (typeof url !== 'string' || url === '') {
    throw new TypeError('Pos notification URL is empty: pass the exact URL registered for the webhook subscription.');
  }
  if (typeof body !== 'string' || typeof header !== 'string' || header === '' || header.length > HEADER_MAX) return false;
  return safeEqual(await hmacSha256Base64(key, url + body), header);
}
