import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hmacSha256Base64, hmacSha256Hex, safeEqual } from './index.ts';

describe('hmacSha256Hex and hmacSha256Base64', () => {
  it('agree with Node crypto (an independent implementation) for any secret and message', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'grapheme', minLength: 1 }), fc.string({ unit: 'grapheme' }), async (secret, message) => {
        expect(await hmacSha256Hex(secret, message)).toBe(createHmac('sha256', secret).update(message).digest('hex'));
        expect(await hmacSha256Base64(secret, message)).toBe(createHmac('sha256', secret).update(message).digest('base64'));
      }),
      { numRuns: 200 },
    );
  });

  it('refuses an empty secret, saying what to set', async () => {
    await expect(hmacSha256Hex('', 'body')).rejects.toThrow(/secret is empty/);
  });

  it('matches the RFC 4231 test case 2', async () => {
    expect(await hmacSha256Hex('Jefe', 'what do ya want for nothing?')).toBe('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
  });
});

describe('safeEqual', () => {
  it('is string equality, for any pair', () => {
    fc.assert(fc.property(fc.string(), fc.string(), (a, b) => safeEqual(a, b) === (a === b)));
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), (a) => safeEqual(a, a)));
  });

  it('refuses prefixes, extensions and the empty string against a signature', () => {
    const sig = 'a1b2c3';
    for (const other of ['', 'a1b2c', 'a1b2c3d', 'a1b2c4', 'A1B2C3']) expect(safeEqual(sig, other)).toBe(false);
    expect(safeEqual('', '')).toBe(true);
  });
});
