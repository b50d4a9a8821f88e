import { encodeBase64, encodeHexLowerCase } from '@oslojs/encoding';

const encoder = new TextEncoder();

async function hmacSha256(secret: string, message: string): Promise<Uint8Array> {
  // An empty secret is a missing setting, and would sign with a key anyone knows.
  if (secret === '') throw new TypeError('HMAC secret is empty: set the signing secret the provider gave you (for example the webhook endpoint secret).');
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(message)));
}

/**
 * Lower-case hex HMAC-SHA256 of `message` under `secret` (both UTF-8), the
 * form Pay signs webhooks with.
 * @example await hmacSha256Hex('whsec_x', `${t}.${body}`)
 */
export async function hmacSha256Hex(secret: string, message: string): Promise<string> {
  return encodeHexLowerCase(await hmacSha256(secret, message));
}

/**
 * Base64 (standard alphabet, padded) HMAC-SHA256 of `message` under `secret`,
 * the form Pos and Merch sign webhooks with.
 */
export async function hmacSha256Base64(secret: string, message: string): Promise<string> {
  return encodeBase64(await hmacSha256(secret, message));
}

/**
 * Compares two signatures without an early exit: the time taken depends on
 * the longer input's length only, never on where they first differ, so a
 * forger cannot find a valid signature byte by byte. Different lengths are
 * unequal, found after the same full pass. Compares UTF-16 code units in
 * place (signatures are ASCII hex or base64): no copy, no allocation.
 */
export function safeEqual(a: string, b: string): boolean {
  const length = Math.max(a.length, b.length);
  let diff = a.length ^ b.length;
  // charCodeAt past the end is NaN, and NaN | 0 is 0: the shorter side reads as zeros.
  for (let i = 0; i < length; i++) diff |= (a.charCodeAt(i) | 0) ^ (b.charCodeAt(i) | 0);
  return diff === 0;
}
