import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, DRAFT_BASE_KEY, fieldRev, fieldRevs, fnv1a64Hex } from './field-rev.ts';

const utf8 = (text: string) => new TextEncoder().encode(text);

// BigInt reference implementation of FNV-1a 64, to check the two-halves arithmetic.
function reference(bytes: Uint8Array): string {
  let hash = 0xcbf29ce484222325n;
  for (const byte of bytes) hash = ((hash ^ BigInt(byte)) * 0x100000001b3n) & 0xffffffffffffffffn;
  return hash.toString(16).padStart(16, '0');
}

describe('fnv1a64Hex', () => {
  it('matches the published FNV-1a 64 test vectors', () => {
    expect(fnv1a64Hex(utf8(''))).toBe('cbf29ce484222325');
    expect(fnv1a64Hex(utf8('a'))).toBe('af63dc4c8601ec8c');
    expect(fnv1a64Hex(utf8('foobar'))).toBe('85944171f73967e8');
  });
  it('agrees with a BigInt implementation on any bytes', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => fnv1a64Hex(bytes) === reference(bytes)));
  });
});

describe('fieldRev', () => {
  it('has fixed vectors (the browser client must compute the same)', () => {
    expect(fieldRev('')).toBe('07cc7607b4949e25');
    expect(fieldRev('a')).toBe('d4272417d7c77eea');
    expect(fieldRev(null)).toBe('5b9bc4ba528108e4');
    expect(fieldRev({ b: 1, a: [1, 'é', null] })).toBe('e7451f1604b2bfc9');
    expect(fieldRev('日本語😀')).toBe('60ab269b96ab453c');
  });
  it('is 16 hex characters and ignores key order', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (object) => {
        const reversed = Object.fromEntries(Object.entries(object).reverse());
        const rev = fieldRev(object);
        return /^[0-9a-f]{16}$/.test(rev) && rev === fieldRev(reversed);
      }),
    );
  });
  it('differs for different values (no accidental collisions on small inputs)', () => {
    expect(fieldRev('a')).not.toBe(fieldRev('b'));
    expect(fieldRev(['a'])).not.toBe(fieldRev('a'));
    expect(fieldRev(1)).not.toBe(fieldRev('1'));
  });
});

describe('canonicalJson', () => {
  it('sorts keys at every depth and drops undefined members', () => {
    expect(canonicalJson({ b: { d: 1, c: [{ f: 1, e: 2 }] }, a: undefined })).toBe('{"b":{"c":[{"e":2,"f":1}],"d":1}}');
  });
  it('round-trips through JSON.parse to an equal value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(JSON.parse(canonicalJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });
});

describe('fieldRevs', () => {
  it('computes one revision per key, absent as null', () => {
    expect(fieldRevs({ title: 'a' }, ['title', 'summary'])).toEqual({ title: fieldRev('a'), summary: fieldRev(null) });
    expect(DRAFT_BASE_KEY).toBe('$base');
  });
});

describe('canonicalJson on deep values', () => {
  it('hashes a value nested 100,000 levels deep without overflowing the stack', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100_000; i++) deep = i % 2 === 0 ? { a: deep } : [deep];
    const text = canonicalJson(deep);
    expect(text.startsWith('[{"a":[{"a":')).toBe(true);
    // 50,000 arrays ("[" "]") and 50,000 objects ('{"a":' "}") around '"leaf"'.
    expect(text.length).toBe(50_000 * 2 + 50_000 * 6 + 6);
    expect(fieldRev(deep)).toMatch(/^[0-9a-f]{16}$/);
  });
  it('is JSON that parses back to the same value, whatever the key order', () => {
    const reversed = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(reversed)
        : value !== null && typeof value === 'object'
          ? Object.fromEntries(
              Object.entries(value)
                .reverse()
                .map(([k, v]) => [k, reversed(v)]),
            )
          : value;
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = canonicalJson(value);
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
        expect(canonicalJson(reversed(value))).toBe(text);
      }),
    );
  });
});
