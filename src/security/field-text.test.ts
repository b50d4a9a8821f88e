import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeFieldText, normalizeJsonStrings } from './field-text.ts';

// Code units that matter to the normalizer, mixed with any other code unit
// (lone surrogates included) so properties see both the cases and the noise.
const TRICKY = [
  '\u0000',
  '\ud83d',
  '\ude00',
  '\ud83d\ude00',
  '\u202a',
  '\u202e',
  '\u2066',
  '\u2069',
  '\r',
  '\n',
  '\r\n',
  '\t',
  '\u2028',
  '\u2029',
  '\u0007',
  '\u001f',
  ' ',
  'a',
  'é',
  '\u200f',
];
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));
const trickyText = fc.string({ unit: fc.oneof(fc.constantFrom(...TRICKY), codeUnit), maxLength: 40 });
const ONE_LINE_FORBIDDEN = /[\u0000-\u001f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

describe('normalizeFieldText', () => {
  it.each<[string, string, string, string]>([
    ['plain text', 'Fish & chips', 'Fish & chips', 'Fish & chips'],
    ['NUL anywhere', '\u0000a\u0000b\u0000', 'ab', 'ab'],
    ['a lone high surrogate', 'a\ud83db', 'a\ufffdb', 'a\ufffdb'],
    ['a lone low surrogate at the end', 'a\ude00', 'a\ufffd', 'a\ufffd'],
    ['a surrogate pair, kept', 'a😀b', 'a😀b', 'a😀b'],
    ['halves of a pair split by NUL, not joined', '\ud83d\u0000\ude00', '\ufffd\ufffd', '\ufffd\ufffd'],
    ['a right-to-left override', 'invoice\u202etxt.exe', 'invoice\u202etxt.exe', 'invoicetxt.exe'],
    ['isolates and embeddings', '\u2066a\u2069\u202ab\u202c', '\u2066a\u2069\u202ab\u202c', 'ab'],
    ['marks that are not controls (RLM)', 'a\u200fb', 'a\u200fb', 'a\u200fb'],
    ['CRLF as one space', 'one\r\ntwo', 'one\r\ntwo', 'one two'],
    ['every kind of break', 'a\nb\rc\u2028d\u2029e\tf', 'a\nb\rc\u2028d\u2029e\tf', 'a b c d e f'],
    ['other C0 controls', 'a\u0007b\u001bc', 'a\u0007b\u001bc', 'a b c'],
    ['a bidi control between breaks', 'a\n\u202e\nb', 'a\n\u202e\nb', 'a b'],
    ['NUL inside a run of breaks', 'a\r\u0000\nb', 'a\r\nb', 'a b'],
    ['spaces the editor typed, kept', ' a  b ', ' a  b ', ' a  b '],
    ['DEL and C1 controls, not C0: kept', 'a\u007fb\u0085c', 'a\u007fb\u0085c', 'a\u007fb\u0085c'],
  ])('%s', (_, input, multiLine, oneLine) => {
    expect(normalizeFieldText(input, { oneLine: false })).toBe(multiLine);
    expect(normalizeFieldText(input, { oneLine: true })).toBe(oneLine);
  });

  it('refuses a non-string', () => {
    expect(() => normalizeFieldText(42 as unknown as string, { oneLine: true })).toThrow(TypeError);
  });

  it('is idempotent and yields well-formed text without NUL', () => {
    fc.assert(
      fc.property(trickyText, fc.boolean(), (text, oneLine) => {
        const once = normalizeFieldText(text, { oneLine });
        expect(normalizeFieldText(once, { oneLine })).toBe(once);
        expect(once.isWellFormed()).toBe(true);
        expect(once).not.toContain('\u0000');
      }),
      { numRuns: 1000 },
    );
  });

  it('yields one-line text without bidi controls, line breaks or C0 controls', () => {
    fc.assert(
      fc.property(trickyText, (text) => {
        expect(normalizeFieldText(text, { oneLine: true })).not.toMatch(ONE_LINE_FORBIDDEN);
      }),
      { numRuns: 1000 },
    );
  });

  it('only replaces or removes: multi-line text changes only at NUL and lone surrogates', () => {
    fc.assert(
      fc.property(trickyText, (text) => {
        expect(normalizeFieldText(text, { oneLine: false })).toBe(text.toWellFormed().replaceAll('\u0000', ''));
      }),
    );
  });

  it('returns text with none of these characters unchanged', () => {
    const clean = fc.string({ unit: 'grapheme', maxLength: 40 }).filter((text) => !/[\u0000-\u001f\u2028\u2029\u202a-\u202e\u2066-\u2069]/.test(text));
    fc.assert(
      fc.property(clean, fc.boolean(), (text, oneLine) => {
        expect(normalizeFieldText(text, { oneLine })).toBe(text);
      }),
    );
  });
});

describe('normalizeJsonStrings', () => {
  it('normalizes string leaves and keys at any depth, leaving other values alone', () => {
    const input = { 'ti\u0000tle': 'a\u0000\ud83d', list: ['x\u0000', 1, null, true, { deep: ['\udc00'] }], rtl: 'a\u202eb\nc', n: 1.5 };
    expect(normalizeJsonStrings(input)).toStrictEqual({ title: 'a\ufffd', list: ['x', 1, null, true, { deep: ['\ufffd'] }], rtl: 'a\u202eb\nc', n: 1.5 });
    expect(normalizeJsonStrings('a\u0000')).toBe('a');
    expect(normalizeJsonStrings(7)).toBe(7);
    expect(normalizeJsonStrings(null)).toBeNull();
  });

  it('keeps a "__proto__" key as data, and the later of two keys that normalize alike', () => {
    const out = normalizeJsonStrings(JSON.parse('{"__proto__": {"polluted": true}, "a\\u0000": 1, "a": 2}')) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.keys(out)).toEqual(['__proto__', 'a']);
    expect(out['a']).toBe(2);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('preserves structure, never mutates its input and is idempotent', () => {
    const normalize = (text: string) => normalizeFieldText(text, { oneLine: false });
    // The definition, recursive: fine at the small depths generated here.
    const expected = (v: unknown): unknown =>
      typeof v === 'string'
        ? normalize(v)
        : Array.isArray(v)
          ? v.map(expected)
          : v !== null && typeof v === 'object'
            ? Object.fromEntries(Object.entries(v).map(([key, item]) => [normalize(key), expected(item)]))
            : v;
    const json = fc.letrec((tie) => ({
      value: fc.oneof(
        { maxDepth: 4 },
        trickyText,
        fc.integer(),
        fc.boolean(),
        fc.constant(null),
        fc.array(tie('value'), { maxLength: 4 }),
        fc.dictionary(trickyText, tie('value'), { maxKeys: 4, noNullPrototype: true }),
      ),
    })).value;
    fc.assert(
      fc.property(json, (value) => {
        const before = structuredClone(value);
        const out = normalizeJsonStrings(value);
        expect(value).toStrictEqual(before);
        expect(out).toStrictEqual(expected(value));
        expect(normalizeJsonStrings(out)).toStrictEqual(out);
        if (value !== null && typeof value === 'object') expect(out).not.toBe(value);
      }),
      { numRuns: 400 },
    );
  });

  it('walks 10,000 levels of nesting without overflowing the stack', () => {
    let deep: unknown = ['bottom\u0000'];
    let deepObject: unknown = { 'k\u0000': 'v\ud800' };
    for (let i = 0; i < 10_000; i++) {
      deep = [deep];
      deepObject = { next: deepObject };
    }
    let out = normalizeJsonStrings(deep);
    for (let i = 0; i < 10_000; i++) out = (out as unknown[])[0];
    expect(out).toEqual(['bottom']);
    let outObject = normalizeJsonStrings(deepObject);
    for (let i = 0; i < 10_000; i++) outObject = (outObject as { next: unknown }).next;
    expect(outObject).toEqual({ k: 'v\ufffd' });
  });
});
