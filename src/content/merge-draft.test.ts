import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FieldMap } from './collection.ts';
import { fieldRev, fieldRevs } from './field-rev.ts';
import { changedFields, findConflicts, mergeDraft, parseDraftBody, touchedFields } from './merge-draft.ts';

const FIELDS: FieldMap = { title: { type: 'text' }, body: { type: 'richtext' }, paragraphs: { type: 'json' } };
const snapshot = fc.record({ title: fc.string(), body: fc.string(), paragraphs: fc.array(fc.string(), { maxLength: 5 }) });
const edit = fc.record({ title: fc.string(), body: fc.string() }, { requiredKeys: [] });

describe('parseDraftBody', () => {
  it('splits fields, dotted items and $base; refuses unknown keys', () => {
    const parsed = parseDraftBody({ title: 'T', 'paragraphs.2': 'p', $base: { paragraphs: 'abc' }, slug: 'x', 'title.1': 'no', 'paragraphs.01': 'no' }, FIELDS);
    expect(parsed.edit).toEqual({ fields: { title: 'T' }, items: [{ field: 'paragraphs', index: 2, value: 'p' }], blocks: [], structure: [] });
    expect(parsed.base).toEqual({ paragraphs: 'abc' });
    expect(parsed.unknown).toEqual(['slug', 'title.1', 'paragraphs.01']);
    expect(parsed.problems).toEqual([]);
  });
  it('reports a bad $base and a field sent both whole and by item', () => {
    expect(parseDraftBody({ $base: 'x' }, FIELDS).problems).toEqual(['$base must be an object of field name to revision']);
    expect(parseDraftBody({ $base: { nope: 'r', title: 5 } }, FIELDS).problems).toHaveLength(2);
    expect(parseDraftBody({ paragraphs: [], 'paragraphs.0': 'a' }, FIELDS).problems).toHaveLength(1);
    expect(parseDraftBody({ title: 'a' }, FIELDS).base).toBeUndefined();
  });
});

describe('mergeDraft', () => {
  it('keeps every untouched field and takes every edited one', () => {
    fc.assert(
      fc.property(snapshot, edit, (current, change) => {
        const result = mergeDraft(current, { fields: change, items: [] });
        if (!result.ok) return false;
        return sameFields(result.data, current, change);
      }),
    );
  });
  it('is idempotent: merging the same edit twice is merging it once', () => {
    fc.assert(
      fc.property(snapshot, edit, fc.nat(6), fc.string(), (current, change, index, text) => {
        const e = { fields: change, items: [{ field: 'paragraphs', index, value: text }] };
        const once = mergeDraft(current, e);
        const twice = once.ok ? mergeDraft(once.data, e) : once;
        expect(twice).toEqual(once);
      }),
    );
  });
  it('replaces one list item and refuses an index out of range without touching input', () => {
    const current = { title: 't', paragraphs: ['a', 'b'] };
    expect(mergeDraft(current, { fields: {}, items: [{ field: 'paragraphs', index: 1, value: 'B' }] })).toEqual({
      ok: true,
      data: { title: 't', paragraphs: ['a', 'B'] },
    });
    expect(mergeDraft(current, { fields: {}, items: [{ field: 'paragraphs', index: 2, value: 'c' }] })).toEqual({ ok: false, outOfRange: ['paragraphs.2'] });
    expect(current.paragraphs).toEqual(['a', 'b']);
  });
});

describe('findConflicts', () => {
  it('finds none when the base is the current revisions, or when no base is sent', () => {
    fc.assert(
      fc.property(snapshot, edit, (current, change) => {
        const touched = Object.keys(change);
        const merged = { ...current, ...change };
        return (
          findConflicts(current, merged, touched, fieldRevs(current, touched)).length === 0 && findConflicts(current, merged, touched, undefined).length === 0
        );
      }),
    );
  });
  it('reports a stale field with its current value and revision, unless both sides ended equal', () => {
    const current = { title: 'theirs', body: 'same' };
    const stale = { title: fieldRev('old'), body: fieldRev('old') };
    const merged = { title: 'mine', body: 'same' };
    expect(findConflicts(current, merged, ['title', 'body'], stale)).toEqual([{ field: 'title', value: 'theirs', rev: fieldRev('theirs') }]);
  });
  it('Keep mine: re-sending with the conflict revision as base passes', () => {
    const current = { title: 'theirs' };
    const [conflict] = findConflicts(current, { title: 'mine' }, ['title'], { title: fieldRev('old') });
    expect(findConflicts(current, { title: 'mine' }, ['title'], { title: conflict!.rev })).toEqual([]);
  });
  it('changedFields lists only real changes', () => {
    expect(changedFields({ a: 1, b: [1] }, { a: 1, b: [2] }, touchedFields({ fields: { a: 1 }, items: [{ field: 'b', index: 0, value: 2 }] }))).toEqual(['b']);
  });
});

function sameFields(data: Record<string, unknown>, current: Record<string, unknown>, change: Record<string, unknown>): boolean {
  return Object.keys(current).every((key) => Object.is(data[key], key in change ? change[key] : current[key]));
}
