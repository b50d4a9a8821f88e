import { encodeBase64, encodeBase64urlNoPadding, encodeHexLowerCase } from '@oslojs/encoding';

// The one place Louise signs, verifies and hashes: HMAC-SHA256, SHA-256 and
// constant-time comparison over WebCrypto (Workers and Node alike). A leaf:
// it imports nothing from src/, so every area (and the commerce package,
// see .dependency-cruiser.cjs) may use it without depending on the CMS.

const encoder = new TextEncoder();

const bytesOf = (data: string | Uint8Array): Uint8Array<ArrayBuffer> => (typeof data === 'string' ? encoder.encode(data) : data) as Uint8Array<ArrayBuffer>;

async function hmacKey(secret: string, use: 'sign' | 'verify'): Promise<CryptoKey> {
  // An empty secret is a missing setting, and would sign with a key anyone knows.
  if (secret === '') throw new TypeError('HMAC secret is empty: set the signing secret the provider gave you (for example the webhook endpoint secret).');
  return crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [use]);
}

/** The raw HMAC-SHA256 of `message` (text as UTF-8, or bytes) under `secret` (UTF-8); an empty secret throws. */
async function hmacSha256(secret: string, message: string | Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await crypto.subtle.sign('HMAC', await hmacKey(secret, 'sign'), bytesOf(message)));
}

/**
 * Whether `mac` is the HMAC-SHA256 of `message` under `secret`, checked by
 * WebCrypto's verify (constant-time, no early exit on the first wrong byte).
 */
export async function verifyHmacSha256(secret: string, message: string | Uint8Array, mac: Uint8Array): Promise<boolean> {
  return crypto.subtle.verify('HMAC', await hmacKey(secret, 'verify'), mac as Uint8Array<ArrayBuffer>, bytesOf(message));
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

/** Unpadded base64url HMAC-SHA256 of `message` under `secret` (the signed form token's MAC). */
export async function hmacSha256Base64url(secret: string, message: string | Uint8Array): Promise<string> {
  return encodeBase64urlNoPadding(await hmacSha256(secret, message));
}

/** Hex SHA-256 of text (UTF-8) or bytes: rate-limit keys that must not carry an email, content addresses of files, idempotency keys. */
export async function sha256Hex(data: string | Uint8Array): Promise<string> {
  return encodeHexLowerCase(new Uint8Array(await crypto.subtle.digest('SHA-256', bytesOf(data))));
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

/** Compares two byte strings in time independent of where they differ (the byte form of `safeEqual`). */
export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}
