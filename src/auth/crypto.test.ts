import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base64url, equalBytes, fromBase64url, newToken, sha256Hex } from './crypto.ts';

describe('base64url', () => {
  it('round trips any bytes, without padding or +/ characters', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 100 }), (bytes) => {
        const text = base64url(bytes);
        expect(text).toMatch(/^[A-Za-z0-9_-]*$/);
        expect(fromBase64url(text)).toEqual(bytes);
      }),
    );
  });

  it('refuses, never throws, on any string; what it accepts it re-encodes to the same text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^[A-Za-z0-9_=+/-]{0,12}$/)), (text) => {
        const bytes = fromBase64url(text);
        if (bytes !== null) expect(base64url(bytes)).toBe(text);
      }),
    );
  });

  it('refuses lengths no encoder makes, padding, the standard alphabet and stray bits', () => {
    // "A" is 6 bits: no byte string encodes to it (atob throws InvalidCharacterError here).
    for (const bad of ['A', 'AAAAA', 'AA==', 'AA=', 'a+b/', 'AB', 'AAB', ' AA', 'AA\n', 'é']) {
      expect(fromBase64url(bad), JSON.stringify(bad)).toBeNull();
    }
    expect(fromBase64url('')).toEqual(new Uint8Array());
    expect(fromBase64url('AA')).toEqual(new Uint8Array([0]));
  });
});

describe('tokens, hashes and comparison', () => {
  it('newToken is 256 bits of base64url', () => {
    expect(newToken(() => new Uint8Array(32).fill(255))).toBe('_'.repeat(42) + '8');
    expect(fromBase64url(newToken())).toHaveLength(32);
  });

  it('sha256Hex is lower-case hex', async () => {
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('equalBytes is true exactly for equal byte strings', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 8 }), fc.uint8Array({ maxLength: 8 }), (a, b) => {
        expect(equalBytes(a, b)).toBe(a.length === b.length && a.every((byte, i) => byte === b[i]));
        expect(equalBytes(a, Uint8Array.from(a))).toBe(true);
      }),
    );
  });
});
