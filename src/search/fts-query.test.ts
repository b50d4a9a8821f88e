import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HOSTILE_QUERIES } from '../../tests/workers/hostile-queries.ts';
import { ftsQuery, MAX_QUERY_TOKENS } from './fts-query.ts';

/** What may stand outside the quoted words of a safe query: the prefix star, OR, AND and parentheses. */
const OPERATORS = /^(\*| OR | AND |\(|\))*$/;
const QUOTED = /"([^"]*)"/g;

/** Checks the shape of a query: only quoted words (letters, marks, digits, single spaces) and the operators. */
function expectSafe(query: string | null): void {
  if (query === null) return;
  expect(query.replace(QUOTED, '')).toMatch(OPERATORS);
  const quoted = [...query.matchAll(QUOTED)].map((m) => m[1] as string);
  expect(quoted.length).toBeGreaterThan(0);
  for (const words of quoted) expect(words).toMatch(/^[\p{L}\p{M}\p{N}]+( [\p{L}\p{M}\p{N}]+)*$/u);
}

describe('ftsQuery', () => {
  it('one word: a quoted prefix query', () => {
    expect(ftsQuery('café')).toBe('"café"*');
    expect(ftsQuery('  Zürich!  ')).toBe('"Zürich"*');
  });

  it('several words: the exact phrase, or every word anywhere (the last one as a prefix)', () => {
    expect(ftsQuery('opening hours')).toBe('"opening hours"* OR ("opening" AND "hours"*)');
    expect(ftsQuery('a-b c')).toBe('"a b c"* OR ("a" AND "b" AND "c"*)');
  });

  it('FTS5 syntax is only ever text', () => {
    expect(ftsQuery('NEAR(a b)')).toBe('"NEAR a b"* OR ("NEAR" AND "a" AND "b"*)');
    expect(ftsQuery('title:x OR -y')).toBe('"title x OR y"* OR ("title" AND "x" AND "OR" AND "y"*)');
    expect(ftsQuery('"AND"')).toBe('"AND"*');
    expect(ftsQuery('^start*')).toBe('"start"*');
  });

  it('no word: null', () => {
    for (const q of ['', '   ', '"', '***', '()', '-- /* */', '😀', '\u0000', '.,;!?']) expect(ftsQuery(q)).toBeNull();
  });

  it('keeps words whole with their combining marks, and folds compatibility forms (NFKC)', () => {
    expect(ftsQuery('हिन्दी')).toBe('"हिन्दी"*');
    expect(ftsQuery('ﬁle ＡＢＣ')).toBe('"file ABC"* OR ("file" AND "ABC"*)');
    expect(ftsQuery('\u0301x')).toBe('"x"*');
  });

  it('reads at most 200 characters and keeps at most 12 words', () => {
    expect(ftsQuery(`${'x'.repeat(199)} tail`)).toBe(`"${'x'.repeat(199)}"*`);
    const many = ftsQuery(Array.from({ length: 30 }, (_, i) => `w${i}`).join(' '));
    expect(many?.startsWith(`"${Array.from({ length: MAX_QUERY_TOKENS }, (_, i) => `w${i}`).join(' ')}"*`)).toBe(true);
    expect(many).not.toContain('w12');
  });

  it(`the hostile corpus (${HOSTILE_QUERIES.length} strings) gives only safe queries`, () => {
    expect(HOSTILE_QUERIES.length).toBeGreaterThanOrEqual(50);
    for (const q of HOSTILE_QUERIES) expectSafe(ftsQuery(q));
  });

  it('never throws, and gives null or a safe query for any string', () => {
    const text = fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: 'grapheme', maxLength: 80 }), fc.string({ unit: 'binary', maxLength: 300 }));
    fc.assert(
      fc.property(text, (q) => {
        expectSafe(ftsQuery(q));
      }),
      { numRuns: 2000 },
    );
  });

  it('a non-string (from untyped callers) is null', () => {
    expect(ftsQuery(undefined as never)).toBeNull();
    expect(ftsQuery(42 as never)).toBeNull();
  });
});
