import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from '@oslojs/encoding';

const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** base64url without padding. */
export function base64url(bytes: Uint8Array): string {
  return encodeBase64urlNoPadding(bytes);
}

/**
 * The bytes of unpadded base64url text, or null for anything an encoder
 * would not have written (other characters, padding, an impossible length,
 * stray low bits). Never throws: stored hashes and tokens are untrusted text.
 */
export function fromBase64url(text: string): Uint8Array<ArrayBuffer> | null {
  // The decoder ignores `=`; refusing it here keeps one spelling per byte string.
  if (!BASE64URL.test(text)) return null;
  try {
    return Uint8Array.from(decodeBase64urlIgnorePadding(text));
  } catch {
    return null;
  }
}

/** `bytes` cryptographically random bytes; `random` is injectable for tests. */
export type RandomBytes = (length: number) => Uint8Array<ArrayBuffer>;
export const randomBytes: RandomBytes = (length) => crypto.getRandomValues(new Uint8Array(length));

/** A bearer token of 256 bits, base64url. */
export function newToken(random: RandomBytes = randomBytes): string {
  return base64url(random(32));
}

export { equalBytes, sha256Hex } from '../security/crypto.ts';
