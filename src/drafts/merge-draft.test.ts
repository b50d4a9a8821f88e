import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FieldMap } from '../content/collection.ts';
import { documentRevs, structureRev } from '../content/document-revs.ts';
import { fieldRev, fieldRevs } from '../content/field-rev.ts';
import { changedFields, editKeys, findConflicts, mergeDraft, parseDraftBody, touchedFields } from './merge-draft.ts';
import { defineSections } from '../content/sections.ts';

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

describe('sections: blocks addressed by id', () => {
  const home = defineSections({
    hero: { label: 'Hero', fields: { heading: { type: 'text' } } },
    text: { label: 'Text', fields: { body: { type: 'richtext' } } },
  });
  const S: FieldMap = { title: { type: 'text' }, sections: home.field };
  const rules = { fields: S, sanitize: (html: string) => html.replace(/<script.*?<\/script>/g, '') };
  const stored = [
    { id: 'bhero001', type: 'hero', heading: 'Welcome' },
    { id: 'btext001', type: 'text', body: '<p>One</p>' },
    { id: 'btext002', type: 'text', body: '<p>Two</p>' },
  ];
  const current = { title: 't', sections: stored };
  const revs = documentRevs(current, S);
  const merge = (body: Record<string, unknown>, from: Record<string, unknown> = current) => {
    const parsed = parseDraftBody(body, S);
    expect(parsed.unknown).toEqual([]);
    expect(parsed.problems).toEqual([]);
    return { parsed, merged: mergeDraft(from, parsed.edit, rules) };
  };

  it('parses block keys and their $base; refuses an index into a sections field and whole + block in one body', () => {
    const parsed = parseDraftBody({ 'sections.btext001.body': '<p>x</p>', 'sections.3': 'x', $base: { 'sections.btext001.body': 'r' } }, S);
    expect(parsed.edit.blocks).toEqual([{ field: 'sections', id: 'btext001', key: 'body', value: '<p>x</p>' }]);
    expect(parsed.base).toEqual({ 'sections.btext001.body': 'r' });
    expect(parsed.unknown).toEqual(['sections.3']);
    expect(parseDraftBody({ sections: [], 'sections.btext001.body': 'x' }, S).problems).toHaveLength(1);
    expect(parseDraftBody({ $base: { 'title.bxxx0001.body': 'r' } }, S).problems).toHaveLength(1);
    expect(parseDraftBody({ sections: [] }, S).edit.structure).toEqual([]);
    expect(parseDraftBody({ sections: [], $base: { sections: 'r' } }, S).edit.structure).toEqual(['sections']);
  });

  it('documentRevs: a structure revision and one per block field, unchanged structure by an inner edit', () => {
    expect(Object.keys(revs).sort()).toEqual(['sections', 'sections.bhero001.heading', 'sections.btext001.body', 'sections.btext002.body', 'title']);
    expect(revs.sections).toBe(structureRev(stored));
    expect(revs['sections.btext001.body']).toBe(fieldRev('<p>One</p>'));
    const edited = merge({ 'sections.btext001.body': '<p>1</p>' }).merged;
    expect(edited.ok && documentRevs(edited.data, S).sections).toBe(revs.sections);
  });

  it('an inner edit merges by id, whatever the block position, and goes through the sanitizer', () => {
    const moved = { title: 't', sections: [stored[2], stored[0], stored[1]] };
    const { merged } = merge({ 'sections.btext001.body': '<p>New</p><script>x</script>' }, moved);
    expect(merged).toEqual({ ok: true, data: { title: 't', sections: [stored[2], stored[0], { ...stored[1], body: '<p>New</p>' }] } });
    expect(moved.sections[2]).toEqual(stored[1]);
  });

  it('a structure save keeps the stored content of blocks it keeps and takes new blocks as sent', () => {
    const stale = [
      { id: 'btext002', type: 'text', body: '<p>stale two</p>' },
      { id: 'bnew0001', type: 'hero', heading: 'New' },
      { id: 'bhero001', type: 'hero', heading: 'stale' },
    ];
    const { merged } = merge({ sections: stale, $base: { sections: revs.sections } });
    expect(merged).toEqual({ ok: true, data: { title: 't', sections: [stored[2], stale[1], stored[0]] } });
  });

  it('refuses a type change in a structure save, an unknown key, a bad value and an invalid merged list (422 paths)', () => {
    const retyped = merge({ sections: [{ id: 'bhero001', type: 'text', body: 'x' }], $base: { sections: revs.sections } }).merged;
    expect(retyped).toMatchObject({ ok: false, violations: [{ field: 'sections.0.type' }] });
    expect(merge({ 'sections.btext002.heading': 'x' }).merged).toMatchObject({ ok: false, violations: [{ field: 'sections.2.heading' }] });
    expect(merge({ 'sections.bhero001.heading': 5 }).merged).toEqual({ ok: false, violations: [{ field: 'sections.0.heading', message: 'must be text' }] });
    const dup = { title: 't', sections: [...stored, { ...stored[0], heading: 'copy' }] };
    expect(merge({ 'sections.btext001.body': 'x' }, dup).merged).toEqual({
      ok: false,
      violations: [{ field: 'sections.3.id', message: 'is the id of an earlier block' }],
    });
  });

  it('an edit of a block the list no longer holds is block_removed, whatever else it carries', () => {
    expect(merge({ 'sections.bgone001.body': 'x', 'sections.bhero001.heading': 'x' }).merged).toEqual({ ok: false, removed: ['sections.bgone001.body'] });
  });

  it('conflicts: a stale block field; a stale structure that the save changes; never a reorder against an inner edit', () => {
    const theirs = { title: 't', sections: [stored[0], { ...stored[1], body: '<p>Theirs</p>' }, stored[2]] };
    const inner = merge({ 'sections.btext001.body': '<p>Mine</p>', $base: { 'sections.btext001.body': revs['sections.btext001.body'] } }, theirs);
    const keys = editKeys(inner.parsed.edit);
    expect(keys).toEqual(['sections', 'sections.btext001.body']);
    expect(inner.merged.ok && findConflicts(theirs, inner.merged.data, keys, inner.parsed.base, S)).toEqual([
      { field: 'sections.btext001.body', value: '<p>Theirs</p>', rev: fieldRev('<p>Theirs</p>') },
    ]);
    // Another block's field, with its base: no conflict.
    const other = merge({ 'sections.btext002.body': '<p>Mine</p>', $base: { 'sections.btext002.body': revs['sections.btext002.body'] } }, theirs);
    expect(other.merged.ok && findConflicts(theirs, other.merged.data, editKeys(other.parsed.edit), other.parsed.base, S)).toEqual([]);
    // A reorder built on the old structure, after an inner edit: same structure, no conflict, the edit survives.
    const reorder = merge({ sections: [stored[2], stored[1], stored[0]], $base: { sections: revs.sections } }, theirs);
    expect(reorder.merged.ok && findConflicts(theirs, reorder.merged.data, editKeys(reorder.parsed.edit), reorder.parsed.base, S)).toEqual([]);
    expect(reorder.merged.ok && reorder.merged.data.sections).toEqual([stored[2], theirs.sections[1], stored[0]]);
    // A reorder built on a structure someone else changed: 409 with the whole current list.
    const removed = { title: 't', sections: [stored[0], stored[2]] };
    const stale = merge({ sections: [stored[2], stored[1], stored[0]], $base: { sections: revs.sections } }, removed);
    expect(stale.merged.ok && findConflicts(removed, stale.merged.data, editKeys(stale.parsed.edit), stale.parsed.base, S)).toEqual([
      { field: 'sections', value: removed.sections, rev: structureRev(removed.sections) },
    ]);
  });
});
