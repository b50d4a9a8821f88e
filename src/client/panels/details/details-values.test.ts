import { describe, expect, it } from 'vitest';
import type { DetailField } from '../../../drafts/wire.ts';
import { detailsSave, inputText, parseInput, refusedFields } from './details-values.ts';

const field = (input: DetailField['input'], value: DetailField['value'], extra: Partial<DetailField> = {}): DetailField => ({
  key: 'k',
  input,
  value,
  required: false,
  ...extra,
});

describe('the Post details panel: values between inputs and the wire', () => {
  it('reads each kind of input into the JSON value a value region carries; empty is null (the key removed)', () => {
    expect(parseInput(field('text', null), '  Hello ')).toBe('Hello');
    expect(parseInput(field('text', 'x'), '   ')).toBeNull();
    expect(parseInput(field('date', null), '2026-03-02')).toBe('2026-03-02');
    expect(parseInput(field('date', null), '')).toBeNull();
    expect(parseInput(field('tags', []), ' astro, notes ,, astro ')).toEqual(['astro', 'notes']);
    expect(parseInput(field('tags', []), ' ')).toEqual([]);
    expect(parseInput(field('checkbox', false), true)).toBe(true);
    expect(parseInput(field('number', null), '4.5')).toBe(4.5);
    expect(parseInput(field('number', null), '')).toBeNull();
    // Not a number: kept as typed, for the server to refuse with what to type (422 beside the field).
    expect(parseInput(field('number', null), 'four')).toBe('four');
    expect(parseInput(field('choice', 'a', { choices: ['a', 2, true] }), '1')).toBe(2);
    expect(parseInput(field('choice', 'a', { choices: ['a', 2, true] }), '')).toBeNull();
  });

  it('shows a value in its input: tags comma-separated, a time-stamped date as its day, a choice as its index', () => {
    expect(inputText(field('tags', ['astro', 'notes']))).toBe('astro, notes');
    expect(inputText(field('date', '2026-03-02T10:30:00.000Z'))).toBe('2026-03-02');
    expect(inputText(field('text', null))).toBe('');
    expect(inputText(field('number', 3))).toBe('3');
    expect(inputText(field('choice', 2, { choices: ['a', 2] }))).toBe('1');
    expect(inputText(field('choice', null, { choices: ['a', 2] }))).toBe('');
  });

  it('saves only the keys that changed, as value regions', () => {
    const fields = [field('text', 'Same', { key: 'a' }), field('tags', ['x'], { key: 'tags' }), field('checkbox', false, { key: 'draft' })];
    expect(detailsSave(fields, { a: 'Same', tags: ['x', 'y'], draft: false })).toEqual({ tags: { type: 'value', value: ['x', 'y'] } });
    expect(detailsSave(fields, { a: 'Same', tags: ['x'], draft: false })).toEqual({});
  });

  it("reads a 422's violations into a message per field, in the order given", () => {
    const body = { error: 'validation', violations: [{ field: 'pubDate', message: 'pubDate must be a date such as 2026-03-02' }, { field: 7 }, 'x'] };
    expect(refusedFields(body)).toEqual([{ field: 'pubDate', message: 'pubDate must be a date such as 2026-03-02' }]);
    expect(refusedFields(null)).toEqual([]);
    expect(refusedFields({ violations: 'no' })).toEqual([]);
  });
});
