import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import journalJson from '../fixtures/collection-schemas/journal.schema.json';
import { overlayRoute } from '../../src/drafts/overlay-route.ts';
import { noteSource } from '../../src/drafts/markdown-sources.ts';
import { overlayWork } from '../../src/drafts/overlay-store.ts';
import { compactCollectionSchema, type CollectionSchema } from '../../src/markdown/frontmatter-schema.ts';
import { call, headerEditor } from './content-helpers.ts';
import { defineCms } from '../../integration/config.ts';
import { createRuntime } from '../../integration/worker/runtime.ts';

// The reference site's journal schema, as `astro sync` wrote it (site/content.config.ts).
const journal = compactCollectionSchema(journalJson) as CollectionSchema;
const api = overlayRoute<Env>({
  resolveEditor: headerEditor,
  isDeclared: () => false,
  schemaOf: (collection) => (collection === 'journal' ? journal : undefined),
});
let n = 0;
const nextKey = () => `entry-${++n}`;
const save = (collection: string, key: string, body: unknown) => call(api, `/api/cms/${collection}/${key}/versions`, { body });

/** Every overlay row and version, to prove a refused request wrote nothing. */
async function everything(): Promise<string> {
  const [o, v] = await env.DB.batch([env.DB.prepare('SELECT * FROM overlays ORDER BY id'), env.DB.prepare('SELECT * FROM overlays_versions ORDER BY id')]);
  return JSON.stringify([o?.results, v?.results]);
}

describe("frontmatter regions checked against the collection's schema", () => {
  it('stores values of the kinds the schema gives, dates marked as dates', async () => {
    const key = nextKey();
    const saved = await save('journal', key, {
      title: 'New title',
      pubDate: { type: 'value', value: '2026-03-02' },
      tags: { type: 'value', value: ['astro', ' notes '] },
      draft: { type: 'value', value: true },
    });
    expect(saved.status).toBe(200);
    expect(await overlayWork(env.DB, { collection: 'journal', key })).toEqual({
      title: { type: 'text', value: 'New title' },
      pubDate: { type: 'value', value: '2026-03-02', date: true },
      tags: { type: 'value', value: ['astro', 'notes'] },
      draft: { type: 'value', value: true },
    });
  });

  it('refuses a value the schema refuses with 422 naming the field and what to type, and writes nothing', async () => {
    const key = nextKey();
    const before = await everything();
    const refused = await save('journal', key, { title: 'Fine', pubDate: { type: 'value', value: 'next Tuesday' }, draft: { type: 'value', value: 'yes' } });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({
      error: 'validation',
      message: 'pubDate must be a date such as 2026-03-02; draft must be true or false',
      violations: [
        { field: 'pubDate', message: 'pubDate must be a date such as 2026-03-02' },
        { field: 'draft', message: 'draft must be true or false' },
      ],
    });
    expect(await everything()).toBe(before);
  });

  it('checks text regions too: a date saved as text must read as a date', async () => {
    const refused = await save('journal', nextKey(), { pubDate: 'soon' });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { violations: unknown }).violations).toEqual([
      { field: 'pubDate', message: 'pubDate must be a date such as 2026-03-02' },
    ]);
    expect((await save('journal', nextKey(), { pubDate: '2026-03-02' })).status).toBe(200);
  });

  it('refuses a key the schema does not have', async () => {
    const before = await everything();
    const refused = await save('journal', nextKey(), { author: 'Ana' });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { violations: unknown }).violations).toEqual([
      { field: 'author', message: "author is not in this collection's schema (its fields: title, description, pubDate, tags, draft)" },
    ]);
    expect(await everything()).toBe(before);
  });

  it('leaves the body to the Markdown checks', async () => {
    expect((await save('journal', nextKey(), { body: { type: 'markdown', value: '# Hi' } })).status).toBe(200);
  });

  it('saves regions of a collection with no schema as before, and values of any JSON shape it carries', async () => {
    const key = nextKey();
    expect((await save('home', key, { heading: 'Hello', when: { type: 'value', value: 'whenever' } })).status).toBe(200);
    expect(await overlayWork(env.DB, { collection: 'home', key })).toEqual({
      heading: { type: 'text', value: 'Hello' },
      when: { type: 'value', value: 'whenever' },
    });
  });

  it('refuses a value region that is not a scalar or a list of strings (400)', async () => {
    const refused = await save('home', nextKey(), { when: { type: 'value', value: { nested: 1 } } });
    expect(refused.status).toBe(400);
    expect((await save('home', nextKey(), { when: { type: 'value', value: [1, 2] } })).status).toBe(400);
  });
});

describe("an entry's file recorded on its frontmatter regions, for content pull", () => {
  it("gives a save into a collection with a schema the file noted for the entry's body, so frontmatter edits alone are pulled", async () => {
    const key = nextKey();
    const hash = 'a'.repeat(64);
    await noteSource(env.KV, { collection: 'journal', key }, 'body', { file: `site/journal/${key}.md`, hash });
    const saved = await save('journal', key, { title: 'Renamed', draft: { type: 'value', value: true } });
    expect(saved.status).toBe(200);
    expect(await overlayWork(env.DB, { collection: 'journal', key })).toEqual({
      title: { type: 'text', value: 'Renamed', file: `site/journal/${key}.md` },
      draft: { type: 'value', value: true, file: `site/journal/${key}.md` },
    });
  });

  it('records no file when none was noted for the body, nor for a collection without a schema', async () => {
    const key = nextKey();
    await save('journal', key, { title: 'Renamed' });
    expect(await overlayWork(env.DB, { collection: 'journal', key })).toEqual({ title: { type: 'text', value: 'Renamed' } });
    const other = nextKey();
    await noteSource(env.KV, { collection: 'home', key: other }, 'body', { file: 'x.md', hash: 'b'.repeat(64) });
    await save('home', other, { title: 'Renamed' });
    expect(await overlayWork(env.DB, { collection: 'home', key: other })).toEqual({ title: { type: 'text', value: 'Renamed' } });
  });
});

describe("the integration's API with the collections' schemas (virtual:louise/collections)", () => {
  it('checks saves into a collection it has a schema for, and only those', async () => {
    const runtime = createRuntime(defineCms({ resolveEditor: headerEditor }), { journal });
    const refused = await call(runtime.api, `/api/cms/journal/${nextKey()}/versions`, { body: { draft: { type: 'value', value: 'no' } } });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { violations: unknown }).violations).toEqual([{ field: 'draft', message: 'draft must be true or false' }]);
    expect((await call(runtime.api, `/api/cms/home/${nextKey()}/versions`, { body: { draft: { type: 'value', value: 'no' } } })).status).toBe(200);
  });
});
