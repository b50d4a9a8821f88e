import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { defineCollection } from '../../src/content/collection.ts';
import { documentRevs, structureRev } from '../../src/content/document-revs.ts';
import { fieldRev } from '../../src/content/field-rev.ts';
import { defineSections } from '../../src/content/sections.ts';
import { versionsRoute } from '../../src/drafts/versions-route.ts';
import { call, headerEditor, liveRow, tables, versionRows } from './content-helpers.ts';

const home = defineSections({
  hero: { label: 'Hero', fields: { heading: { type: 'text', required: true } } },
  text: { label: 'Text', fields: { body: { type: 'richtext' } } },
  cta: { label: 'Call to action', fields: { link: { type: 'link' } } },
});
/** The toolkit's pages tables, declared with a sections field (as a site building pages from blocks would). */
const blockPages = defineCollection({ slug: 'pages', fields: { title: { type: 'text' }, sections: home.field }, versions: { drafts: true } });
const route = versionsRoute<Env>({ ...tables, config: blockPages, resolveEditor: headerEditor });

const stored = [
  { id: 'bhero001', type: 'hero', heading: 'Welcome' },
  { id: 'btext001', type: 'text', body: '<p>One</p>' },
  { id: 'btext002', type: 'text', body: '<p>Two</p>' },
  { id: 'bcta0001', type: 'cta', link: { href: '/contact', label: 'Contact us' } },
];
const [hero, one, two, cta] = stored as [(typeof stored)[0], (typeof stored)[1], (typeof stored)[2], (typeof stored)[3]];
let id: number;
let n = 0;
let revs: Record<string, string>;

beforeEach(async () => {
  const row = await env.DB.prepare('INSERT INTO pages (slug, title, sections) VALUES (?1, ?2, ?3) RETURNING id')
    .bind(`blocks${++n}`, 'Home', JSON.stringify(stored))
    .first<{ id: number }>();
  id = row!.id;
  revs = documentRevs({ title: 'Home', sections: stored }, blockPages.fields);
});

const save = (body: Record<string, unknown>, editor = 'ana') => call(route, `/api/cms/pages/${id}/versions`, { body, editor });
const newestSections = async () => {
  const rows = await versionRows(id);
  return JSON.parse(String(rows.at(-1)?.sections)) as Record<string, unknown>[];
};
const withBase = (body: Record<string, unknown>, base: Record<string, string | undefined>) => ({ ...body, $base: base });

describe('page sections: saves', () => {
  it('GET versions and every save answer documentRevs: a structure revision and one per block field', async () => {
    const listed = await (await call(route, `/api/cms/pages/${id}/versions`)).json<{ revs: Record<string, string> }>();
    expect(listed.revs).toEqual(revs);
    expect(listed.revs.sections).toBe(structureRev(stored));
    const saved = await (await save({ 'sections.btext001.body': '<p>Edited</p>' })).json<{ revs: Record<string, string> }>();
    expect(saved.revs['sections.btext001.body']).toBe(fieldRev('<p>Edited</p>'));
    expect(saved.revs.sections).toBe(revs.sections);
  });

  it('a reorder and an inner-field edit made from the same load both survive, in either order and landing together', async () => {
    const reordered = [cta, two, one, hero];
    const edit = () => save(withBase({ 'sections.btext001.body': '<p>Bo wrote this</p>' }, { 'sections.btext001.body': revs['sections.btext001.body'] }), 'bo');
    // Ana's copy of the list is stale by content (she loaded before Bo's edit): the structure save keeps stored content.
    const reorder = () => save(withBase({ sections: reordered }, { sections: revs.sections }), 'ana');
    expect((await edit()).status).toBe(200);
    expect((await reorder()).status).toBe(200);
    const expected = [cta, two, { ...one, body: '<p>Bo wrote this</p>' }, hero];
    expect(await newestSections()).toEqual(expected);

    const [a, b] = await Promise.all([
      save(withBase({ sections: stored }, { sections: structureRev(expected) })),
      save({ 'sections.bhero001.heading': 'Hello' }, 'bo'),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await newestSections()).toEqual([{ ...hero, heading: 'Hello' }, { ...one, body: '<p>Bo wrote this</p>' }, two, cta]);
  });

  it('409 on a stale block field, with its current value and revision; Keep mine with that revision passes', async () => {
    const base = { 'sections.btext002.body': revs['sections.btext002.body'] };
    expect((await save(withBase({ 'sections.btext002.body': '<p>Ana</p>' }, base))).status).toBe(200);
    const stale = await save(withBase({ 'sections.btext002.body': '<p>Bo</p>' }, base), 'bo');
    expect(stale.status).toBe(409);
    expect(await stale.json()).toEqual({
      error: 'conflict',
      message: expect.any(String),
      conflicts: [{ field: 'sections.btext002.body', value: '<p>Ana</p>', rev: fieldRev('<p>Ana</p>'), by: null }],
    });
    expect((await save(withBase({ 'sections.btext002.body': '<p>Bo</p>' }, { 'sections.btext002.body': fieldRev('<p>Ana</p>') }), 'bo')).status).toBe(200);
    expect((await newestSections())[2]).toEqual({ ...two, body: '<p>Bo</p>' });
  });

  it('two editors changing different blocks with their bases never conflict', async () => {
    const [a, b] = await Promise.all([
      save(withBase({ 'sections.btext001.body': '<p>Ana</p>' }, { 'sections.btext001.body': revs['sections.btext001.body'] })),
      save(withBase({ 'sections.bcta0001.link': { href: '/buy', label: 'Buy' } }, { 'sections.bcta0001.link': revs['sections.bcta0001.link'] }), 'bo'),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await newestSections()).toEqual([hero, { ...one, body: '<p>Ana</p>' }, two, { ...cta, link: { href: '/buy', label: 'Buy' } }]);
  });

  it('a structure save on a structure someone else changed is 409 with the whole current list', async () => {
    expect((await save(withBase({ sections: [hero, one, two] }, { sections: revs.sections }))).status).toBe(200);
    const res = await save(withBase({ sections: [two, one, hero, cta] }, { sections: revs.sections }), 'bo');
    expect(res.status).toBe(409);
    const body = await res.json<{ conflicts: unknown[] }>();
    expect(body.conflicts).toEqual([{ field: 'sections', value: [hero, one, two], rev: structureRev([hero, one, two]), by: null }]);
  });

  it('an edit of a removed block is 409 block_removed, with no conflicts key', async () => {
    expect((await save(withBase({ sections: [hero, one, cta] }, { sections: revs.sections }))).status).toBe(200);
    const res = await save({ 'sections.btext002.body': '<p>lost?</p>' }, 'bo');
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      error: 'block_removed',
      message: 'This block was removed (by another editor or in another tab); reload to see the page as it is now.',
      fields: ['sections.btext002.body'],
    });
  });

  it('unknown types, unknown keys, hostile links and index keys are refused; nothing is stored', async () => {
    const refused: [Record<string, unknown>, number, string | undefined][] = [
      [{ sections: [...stored, { id: 'bgal0001', type: 'gallery' }] }, 422, 'sections.4.type'],
      [{ sections: [{ ...hero, extra: '<img src=x onerror=alert(1)>' }] }, 422, 'sections.0.extra'],
      [{ sections: [{ ...cta, link: { href: 'javascript:alert(1)', label: 'x' } }] }, 422, 'sections.0.link.href'],
      [{ 'sections.bcta0001.link': { href: '//evil.example', label: 'x' } }, 422, 'sections.3.link.href'],
      [{ 'sections.bcta0001.link': { href: '/', label: 'x', onclick: 'y' } }, 422, 'sections.3.link.onclick'],
      [{ 'sections.bhero001.body': 'x' }, 422, 'sections.0.body'],
      [withBase({ sections: [{ id: hero.id, type: 'text', body: '' }] }, { sections: revs.sections }), 422, 'sections.0.type'],
      [{ 'sections.1': one }, 400, undefined],
      [{ sections: stored, 'sections.btext001.body': 'x' }, 400, undefined],
    ];
    for (const [body, status, field] of refused) {
      const res = await save(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      if (field) expect((await res.json<{ violations: { field: string }[] }>()).violations.map((v) => v.field)).toContain(field);
    }
    expect(await versionRows(id)).toHaveLength(0);
  });
});

describe('page sections: publish', () => {
  it('validates every block of the snapshot: a bad block written around the routes makes publish 422 at its path', async () => {
    const bad = [hero, { ...one, script: '<script>alert(1)</script>' }];
    await env.DB.prepare('INSERT INTO pages_versions (page_id, title, sections, created_by, created_at) VALUES (?1, ?2, ?3, ?4, ?5)')
      .bind(id, 'Home', JSON.stringify(bad), 'script', Date.now())
      .run();
    const res = await call(route, `/api/cms/pages/${id}/publish`, { method: 'POST', body: {} });
    expect(res.status).toBe(422);
    expect((await res.json<{ violations: { field: string }[] }>()).violations).toEqual([
      { field: 'sections.1.script', message: 'is not a field of this block type' },
    ]);
    expect((await liveRow(id))?.published_version_id).toBeNull();
  });

  it('checks required block fields on publish, not on save', async () => {
    expect((await save({ 'sections.bhero001.heading': '  ' })).status).toBe(200);
    const res = await call(route, `/api/cms/pages/${id}/publish`, { method: 'POST', body: {} });
    expect(res.status).toBe(422);
    expect((await res.json<{ violations: unknown[] }>()).violations).toEqual([{ field: 'sections.0.heading', message: 'is required' }]);
  });
});
