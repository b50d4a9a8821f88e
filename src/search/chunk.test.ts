import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHUNK_DEFAULTS, chunkText } from './chunk.ts';

// Text made of words, sentence ends, blank lines and odd characters, so every kind of break (and none) occurs.
const piece = fc.oneof(
  fc.constantFrom('word', 'édition', 'a', 'supercalifragilistic', '. ', '! ', '\n\n', ' ', '  ', '\t', '😀', '漢字。', '"quoted." '),
  fc.string({ maxLength: 12 }),
);
const text = fc.array(piece, { maxLength: 300 }).map((parts) => parts.join(''));
const options = fc
  .record({ size: fc.integer({ min: 1, max: 300 }), overlap: fc.nat({ max: 299 }), max: fc.integer({ min: 1, max: 12 }) })
  .map((o) => ({ ...o, overlap: o.overlap % o.size }));

describe('chunkText', () => {
  it('gives non-empty trimmed chunks of at most size characters, at most max of them, the first one the start of the text', () => {
    fc.assert(
      fc.property(text, options, (t, o) => {
        const chunks = chunkText(t, o);
        expect(chunks.length).toBeLessThanOrEqual(o.max);
        for (const chunk of chunks) {
          expect(chunk.length).toBeGreaterThan(0);
          expect(chunk.length).toBeLessThanOrEqual(o.size);
          expect(chunk).toBe(chunk.trim());
        }
        if (t.trim() === '') expect(chunks).toEqual([]);
        else expect(t.trimStart().startsWith(chunks[0] as string)).toBe(true);
        expect(chunkText(t, o)).toEqual(chunks);
      }),
      { numRuns: 400 },
    );
  });

  it('covers the whole text, in order, when max is not reached: no word character is left out', () => {
    // Every word character distinct, so where a chunk sits in the text is known exactly.
    const kinds = fc.array(fc.constantFrom('x', 'x', 'x', 'x', ' ', '\n', '\n\n', '.'), { maxLength: 400 });
    const unique = kinds.map((ks) =>
      ks.map((kind, i) => (kind === 'x' ? String.fromCharCode(0x4e00 + i) : kind === '.' ? `${String.fromCharCode(0x4e00 + i)}. ` : kind)).join(''),
    );
    fc.assert(
      fc.property(unique, options, (t, o) => {
        const chunks = chunkText(t, { ...o, max: 10_000 });
        const seen = new Set(chunks.flatMap((chunk) => [...chunk]));
        for (const char of t) if (/\p{Script=Han}/u.test(char)) expect(seen.has(char)).toBe(true);
        // In order: each chunk's first distinct character comes no earlier in the text than the previous chunk's.
        const firsts = chunks.map((chunk) => t.indexOf(chunk.match(/\p{Script=Han}/u)?.[0] ?? '\u0000')).filter((at) => at >= 0);
        for (let i = 1; i < firsts.length; i++) expect(firsts[i]).toBeGreaterThanOrEqual(firsts[i - 1] as number);
      }),
      { numRuns: 300 },
    );
  });

  it('cuts at a paragraph break before a sentence end, and at a sentence end before a space', () => {
    const para = `${'a'.repeat(60)}. ${'b'.repeat(20)}\n\n${'c'.repeat(10)}. ${'d'.repeat(40)}`;
    expect(chunkText(para, { size: 100, overlap: 0 })[0]).toBe(`${'a'.repeat(60)}. ${'b'.repeat(20)}`);
    const sentences = `${'a'.repeat(60)}. ${'b'.repeat(20)} ${'c'.repeat(30)}`;
    expect(chunkText(sentences, { size: 100, overlap: 0 })).toEqual([`${'a'.repeat(60)}.`, `${'b'.repeat(20)} ${'c'.repeat(30)}`]);
    const words = `${'a'.repeat(60)} ${'b'.repeat(30)} ${'c'.repeat(30)}`;
    expect(chunkText(words, { size: 100, overlap: 0 })).toEqual([`${'a'.repeat(60)} ${'b'.repeat(30)}`, 'c'.repeat(30)]);
  });

  it('starts the next chunk about overlap characters back, at a word start', () => {
    const t = Array.from({ length: 60 }, (_, i) => `w${i}`).join(' ');
    const chunks = chunkText(t, { size: 50, overlap: 12 });
    expect(chunks.length).toBeGreaterThan(3);
    for (let i = 1; i < chunks.length; i++) {
      const first = (chunks[i] as string).split(' ')[0] as string;
      // The new chunk opens with a whole word the previous one ended with.
      expect((chunks[i - 1] as string).split(' ')).toContain(first);
      expect(/^w\d+$/.test(first)).toBe(true);
    }
  });

  it('cuts a text with no whitespace mid-word, never splitting a surrogate pair', () => {
    expect(chunkText('abcdefghij', { size: 4, overlap: 1 })).toEqual(['abcd', 'defg', 'ghij']);
    const emoji = '😀'.repeat(5);
    for (const chunk of chunkText(emoji, { size: 3, overlap: 0 })) expect(chunk).toBe('😀');
  });

  it('keeps the opening of a long text and drops the rest past max chunks', () => {
    const t = 'x '.repeat(10_000);
    const chunks = chunkText(t);
    expect(chunks).toHaveLength(CHUNK_DEFAULTS.max);
    expect(chunks.every((c) => c.length <= CHUNK_DEFAULTS.size)).toBe(true);
    expect(chunkText('short text')).toEqual(['short text']);
    expect(chunkText(' \n\t ')).toEqual([]);
  });

  it('refuses options that do not fit with a RangeError', () => {
    expect(() => chunkText('a', { size: 0 })).toThrow(RangeError);
    expect(() => chunkText('a', { size: 1.5 })).toThrow(RangeError);
    expect(() => chunkText('a', { size: 10, overlap: 10 })).toThrow(RangeError);
    expect(() => chunkText('a', { overlap: -1 })).toThrow(RangeError);
    expect(() => chunkText('a', { max: 0 })).toThrow(RangeError);
    expect(() => chunkText(3 as unknown as string)).toThrow(TypeError);
  });
});
