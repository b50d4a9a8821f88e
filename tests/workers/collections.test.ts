import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { cmsBlock, cmsField, cmsSections } from '../../integration/worker/markers.ts';
import { loadEntry, type EntryAstro } from '../../integration/worker/page-data.ts';
import type { LouiseLocals } from '../../integration/worker/edit-mode.ts';
import { defineCollection, textList } from '../../src/content/collection.ts';
import { fieldRev } from '../../src/content/field-rev.ts';
import { readEntry } from '../../src/content/read-entry.ts';
import { defineSections } from '../../src/content/sections.ts';
import { siteSettings } from '../../src/db/schema.ts';
import { collectionRoutes } from '../../src/drafts/collection-routes.ts';
import { call, composeRoutes, countingD1, headerEditor, liveRow, seedPage } from './content-helpers.ts';

// A drafts collection whose tables collectionTables makes (named like the
// toolkit's own, which the unit tests prove identical), and a live one bound
// to the toolkit's site_settings with a named row.
const pages = defineCollection({
  slug: 'pages',
  unique: ['slug'],
  fields: { title: { type: 'text', required: true }, summary: { type: 'text' }, body: { type: 'richtext' }, paragraphs: { type: 'json', schema: textList } },
  versions: { drafts: true },
});
// The same table read with a sections field (the toolkit's pages tables have the column).
const blocks = defineSections({
  cta: { label: 'Call to action', fields: { heading: { type: 'text', label: 'Heading' }, link: { type: 'link' }, image: { type: 'image' } } },
  text: { label: 'Text', description: 'Paragraphs.', preview: '/previews/text.png', fields: { body: { type: 'richtext' }, items: { type: 'list' } } },
});
const blockPages = defineCollection({
  slug: 'pages',
  unique: ['slug'],
  fields: { title: { type: 'text' }, sections: blocks.field },
  versions: { drafts: true },
});
const settings = defineCollection({
  slug: 'settings',
  rows: { site: 1 },
  fields: { tagline: { type: 'text' }, footerText: { type: 'text' } },
  tables: { table: siteSettings },
});
const notes = defineCollection({ slug: 'notes', rows: { site: 1 }, writers: true, fields: { footerText: { type: 'text' } }, tables: { table: siteSettings } });

const api = composeRoutes(...collectionRoutes<Env>({ collections: [pages, settings, notes], resolveEditor: headerEditor }));
const seedSettings = () => env.DB.prepare("INSERT OR REPLACE INTO site_settings (id, site_name, tagline, footer_text) VALUES (1, 'L', 'Tag', 'Foot')").run();

/** The part of `Astro` loadEntry reads, with cookies kept in a map. */
function astro(editing: boolean): EntryAstro & { locals: { louise: LouiseLocals }; jar: Map<string, string> } {
  const jar = new Map<string, string>();
  return {
    locals: {
      louise: {
        editor: editing ? { id: 'ana', email: 'ana@site.test', name: 'Ana', access: { publish: true } } : null,
        editing,
        revs: {},
        invalid: {},
        sections: {},
      },
    },
    cookies: { get: (name) => (jar.has(name) ? { value: jar.get(name)! } : undefined), set: (name, value) => void jar.set(name, value) },
    url: new URL('https://site.test/about'),
    jar,
  };
}

describe('collectionRoutes: the routes a declared collection gets', () => {
  it('a drafts collection: create (unique and required fields checked), draft, publish at /api/cms/<slug>', async () => {
    expect((await call(api, '/api/cms/pages', { body: { title: 'No slug' } })).status).toBe(422);
    expect((await call(api, '/api/cms/pages', { body: { slug: 'no-title' } })).status).toBe(422);
    const created = await call(api, '/api/cms/pages', { body: { slug: 'made', title: 'Made' }, publish: false });
    expect(created.status).toBe(201);
    const { page } = await created.json<{ page: { id: number } }>();
    expect((await call(api, `/api/cms/pages/${page.id}/versions`, { body: { title: 'Draft', $base: { title: fieldRev('Made') } } })).status).toBe(200);
    expect((await call(api, `/api/cms/pages/${page.id}/publish`, { body: {} })).status).toBe(200);
    expect(await liveRow(page.id)).toMatchObject({ slug: 'made', title: 'Draft' });
  });

  it('live collections: one /api/cms/save, keyed by row name, publish right unless open to writers', async () => {
    await seedSettings();
    const save = (field: string, value: unknown, publish = true) => call(api, '/api/cms/save', { body: { field, value }, publish });
    expect((await save('settings:site:tagline', 'New tag')).status).toBe(204);
    expect((await save('settings:1:tagline', 'By id')).status).toBe(404);
    expect((await save('settings:site:tagline', 'Writer', false)).status).toBe(403);
    expect((await save('notes:site:footerText', 'By a writer', false)).status).toBe(204);
    expect((await save('settings:site:siteName', 'Not declared')).status).toBe(400);
    expect(await env.DB.prepare('SELECT site_name, tagline, footer_text FROM site_settings').first()).toEqual({
      site_name: 'L',
      tagline: 'New tag',
      footer_text: 'By a writer',
    });
  });
});

describe('readEntry and loadEntry', () => {
  it('visitors get only a published entry, read with one query and no cookie; markers are {} for them', async () => {
    const id = await seedPage({ slug: 'hidden', title: 'Live title' });
    const visitor = astro(false);
    expect(await loadEntry(visitor, pages, { slug: 'hidden' }, { db: env.DB })).toBeNull();
    expect((await call(api, `/api/cms/pages/${id}/publish`, { body: {} })).status).toBe(409);
    await call(api, `/api/cms/pages/${id}/versions`, { body: { title: 'Published' } });
    expect((await call(api, `/api/cms/pages/${id}/publish`, { body: {} })).status).toBe(200);
    const counted = countingD1(env.DB);
    const page = await loadEntry(visitor, pages, { slug: 'hidden' }, { db: counted.DB });
    expect(counted.count()).toBe(1);
    expect(page).toMatchObject({ id, slug: 'hidden', title: 'Published', paragraphs: [] });
    expect(cmsField(visitor, page!, 'title')).toEqual({});
    expect(visitor.jar.size).toBe(0);
    expect(visitor.locals.louise.revs).toEqual({});
    expect(await loadEntry(visitor, pages, id, { db: env.DB })).toMatchObject({ title: 'Published' });
  });

  it('a visitor reads "no entry" when Louise\'s tables are missing, so the page decides instead of answering 500; an editor gets the error', async () => {
    const logged: unknown[] = [];
    const error = console.error;
    console.error = (...args: unknown[]) => void logged.push(args);
    try {
      expect(await loadEntry(astro(false), pages, { slug: 'any' }, { db: env.EMPTY_DB })).toBeNull();
    } finally {
      console.error = error;
    }
    expect(JSON.stringify(logged)).toMatch(/louise: db_unmigrated/);
    await expect(loadEntry(astro(true), pages, { slug: 'any' }, { db: env.EMPTY_DB })).rejects.toThrow(/no such table/);
  });

  it('an editor gets the draft over the live row, notes its revisions, and gets markers naming the row', async () => {
    const id = await seedPage({ slug: 'drafty', title: 'Live', paragraphs: ['a', 'b'] });
    await call(api, `/api/cms/pages/${id}/versions`, { body: { title: 'Draft title', body: '<p>x</p>' } });
    const editor = astro(true);
    const page = await loadEntry(editor, pages, { slug: 'drafty' }, { db: env.DB });
    expect(page).toMatchObject({ title: 'Draft title', body: '<p>x</p>', paragraphs: ['a', 'b'] });
    expect(editor.locals.louise.revs[`pages:${id}`]).toMatchObject({ title: fieldRev('Draft title'), paragraphs: fieldRev(['a', 'b']) });
    expect(cmsField(editor, page!, 'title')).toEqual({ 'data-cms-field': `pages:${id}:title` });
    expect(cmsField(editor, page!, 'body')).toEqual({ 'data-cms-field': `pages:${id}:body`, 'data-cms-type': 'richtext' });
    expect(cmsField(editor, page!, 'paragraphs', 1)).toEqual({ 'data-cms-field': `pages:${id}:paragraphs.1` });
    expect(() => cmsField(editor, page!, 'slug')).toThrow(/slug is not a field of pages/);
    expect(() => cmsField(editor, page!, 'title', 0)).toThrow(/only a json list field takes an index/);
    expect(() => cmsField(editor, { ...page! }, 'title')).toThrow(/exactly as loadEntry\(\) returned it/);
  });

  it('cmsSections and cmsBlock: markers by block for an editor (the blocks and types noted for the client), nothing for visitors, a TypeError for every misuse', async () => {
    const list = [
      { id: 'bcta1', type: 'cta', heading: 'Hi', link: { href: '/go', label: 'Go' }, image: null },
      { id: 'btext1', type: 'text', body: '<p>x</p>', items: ['a'] },
    ];
    const id = await seedPage({ slug: 'blocky', title: 'Blocks' });
    await env.DB.prepare('UPDATE pages SET sections = ?1, published_version_id = NULL WHERE id = ?2').bind(JSON.stringify(list), id).run();
    await call(api, `/api/cms/pages/${id}/versions`, { body: { title: 'Blocks' } });
    expect((await call(api, `/api/cms/pages/${id}/publish`, { body: {} })).status).toBe(200);

    const editor = astro(true);
    const page = (await loadEntry(editor, blockPages, { slug: 'blocky' }, { db: env.DB }))!;
    expect(cmsSections(editor, page, 'sections')).toEqual({ 'data-cms-sections': `pages:${id}:sections` });
    const note = editor.locals.louise.sections[`pages:${id}:sections`];
    expect(note?.value).toEqual(list);
    expect(note?.types['cta']).toEqual({
      label: 'Call to action',
      // A field without a label is named in words from its key, never by the key as is.
      fields: { heading: { type: 'text', label: 'Heading' }, link: { type: 'link', label: 'Link' }, image: { type: 'image', label: 'Image' } },
      blank: { type: 'cta', heading: 'Heading', link: { href: '/', label: 'Link' }, image: null },
    });
    // The picker's description and preview, when declared.
    expect(note?.types['text']).toMatchObject({ label: 'Text', description: 'Paragraphs.', preview: '/previews/text.png' });
    expect(Object.keys(note?.types['cta'] ?? {})).not.toContain('description');
    const cta = cmsBlock(editor, page, 'sections', 0);
    expect(cta.attributes).toEqual({ 'data-cms-block': 'bcta1', 'data-cms-block-type': 'cta', 'data-cms-label': 'Call to action' });
    expect(cta.field('heading')).toEqual({ 'data-cms-field': `pages:${id}:sections.0.heading`, 'data-cms-label': 'Heading' });
    expect(cta.field('link')).toEqual({ 'data-cms-field': `pages:${id}:sections.0.link`, 'data-cms-label': 'Link', 'data-cms-type': 'link' });
    expect(cta.image('image')).toMatchObject({ 'data-cms-field': `pages:${id}:sections.0.image`, 'data-cms-type': 'image', 'data-cms-empty': '' });
    expect(cmsBlock(editor, page, 'sections', 1).field('items', 0)).toEqual({ 'data-cms-field': `pages:${id}:sections.1.items.0`, 'data-cms-label': 'Items' });
    expect(editor.locals.louise.revs[`pages:${id}`]).toMatchObject({ 'sections.bcta1.heading': fieldRev('Hi'), 'sections.btext1.items': fieldRev(['a']) });

    // Misuse: a field the block's type lacks, an image helper on text, an index with no block, a field that is not sections, a copied entry.
    expect(() => cta.field('body')).toThrow(/a cta block has no field body/);
    expect(() => cta.image('heading')).toThrow(/heading is not an image field of a cta block/);
    expect(() => cmsBlock(editor, page, 'sections', 2)).toThrow(/sections has no block 2/);
    expect(() => cmsSections(editor, page, 'title')).toThrow(/title is not a sections field of pages/);
    expect(() => cmsBlock(editor, { ...page }, 'sections', 0)).toThrow(/exactly as loadEntry\(\) returned it/);

    // Visitors: the same blocks, and not one attribute or note.
    const visitor = astro(false);
    const shown = (await loadEntry(visitor, blockPages, { slug: 'blocky' }, { db: env.DB }))!;
    expect(shown.sections).toEqual(list);
    expect(cmsSections(visitor, shown, 'sections')).toEqual({});
    const seen = cmsBlock(visitor, shown, 'sections', 0);
    expect([seen.attributes, seen.field('heading')]).toEqual([{}, {}]);
    expect(seen.image('image')).toBeNull();
    expect(visitor.locals.louise.sections).toEqual({});
    expect(visitor.locals.louise.revs).toEqual({});
  });

  it('stored values that do not fit are replaced and noted; revisions stay those of the stored values', async () => {
    const id = await seedPage({ slug: 'broken', title: 'T' });
    await env.DB.prepare(`UPDATE pages SET paragraphs = '"text"' WHERE id = ?1`).bind(id).run();
    const editor = astro(true);
    const page = await loadEntry(editor, pages, id, { db: env.DB });
    expect(page?.paragraphs).toEqual([]);
    expect(editor.locals.louise.invalid[`pages:${id}`]).toEqual([{ field: 'paragraphs', message: 'must be a list of text', fallback: [] }]);
    expect(editor.locals.louise.revs[`pages:${id}`]?.paragraphs).toBe(fieldRev('text'));
  });

  it('a live collection is read by row name; its writers-open fields are marked for writers', async () => {
    await seedSettings();
    const editor = astro(true);
    const site = await loadEntry(editor, settings, 'site', { db: env.DB });
    expect(site).toMatchObject({ id: 1, tagline: 'Tag', footerText: 'Foot' });
    expect(cmsField(editor, site!, 'tagline')).toEqual({ 'data-cms-field': 'settings:site:tagline' });
    expect(editor.locals.louise.revs).toEqual({});
    const open = await loadEntry(editor, notes, 'site', { db: env.DB });
    expect(cmsField(editor, open!, 'footerText')).toEqual({ 'data-cms-field': 'notes:site:footerText', 'data-cms-access': 'edit' });
  });

  it('a key the collection cannot have is the template’s mistake, not a missing entry', async () => {
    await expect(readEntry(env.DB, settings, 1, { editing: false })).rejects.toThrow(/settings entries are named: use one of site/);
    await expect(readEntry(env.DB, pages, { title: 'x' }, { editing: false })).rejects.toThrow(/by its row id or \{ slug: '...' \}/);
    await expect(readEntry(env.DB, pages, 0, { editing: false })).rejects.toThrow(/positive integer/);
    expect(await readEntry(env.DB, pages, { slug: 'nothing-here' }, { editing: true })).toBeNull();
  });
});
