import { createHash, createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hmacSha256Base64url, sha256Hex, verifyHmacSha256 } from './crypto.ts';

// hmacSha256Hex, hmacSha256Base64 and safeEqual are proven against Node in
// packages/commerce/src/signature.test.ts (through louise/commerce), equalBytes
// in src/auth/crypto.test.ts; these are the forms auth, forms and media use.
describe('the crypto module against Node crypto (an independent implementation)', () => {
  it('hmacSha256Base64url is the unpadded base64url HMAC of text or bytes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'grapheme', minLength: 1 }), fc.string({ unit: 'grapheme' }), async (secret, message) => {
        const expected = createHmac('sha256', secret).update(message).digest('base64url');
        expect(await hmacSha256Base64url(secret, message)).toBe(expected);
        expect(await hmacSha256Base64url(secret, new TextEncoder().encode(message))).toBe(expected);
      }),
      { numRuns: 100 },
    );
  });

  it('verifyHmacSha256 accepts exactly the genuine MAC', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1 }), fc.string(), fc.uint8Array({ maxLength: 40 }), async (secret, message, other) => {
        const mac = new Uint8Array(createHmac('sha256', secret).update(message).digest());
        expect(await verifyHmacSha256(secret, message, mac)).toBe(true);
        const genuine = other.length === mac.length && other.every((byte, i) => byte === mac[i]);
        expect(await verifyHmacSha256(secret, message, other)).toBe(genuine);
        expect(await verifyHmacSha256(`${secret}x`, message, mac)).toBe(false);
      }),
      { numRuns: 100 },
    );
  });

  it('refuses an empty secret to sign or verify with', async () => {
    await expect(hmacSha256Base64url('', 'x')).rejects.toThrow(/secret is empty/);
    await expect(verifyHmacSha256('', 'x', new Uint8Array(32))).rejects.toThrow(/secret is empty/);
  });

  it('sha256Hex is the lower-case hex digest of text (UTF-8) or bytes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'grapheme' }), fc.uint8Array(), async (text, bytes) => {
        expect(await sha256Hex(text)).toBe(createHash('sha256').update(text).digest('hex'));
        expect(await sha256Hex(bytes)).toBe(createHash('sha256').update(bytes).digest('hex'));
      }),
      { numRuns: 100 },
    );
  });
});
