import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { defineCollection } from '../../src/content/collection.ts';
import { siteSettings } from '../../src/db/schema.ts';
import { collectionRoutes } from '../../src/drafts/collection-routes.ts';
import { ensureSearchIndex, rebuildSearchIndex, reindexDoc } from '../../src/search/reindex.ts';
import { searchCollection } from '../../src/search/search-collection.ts';
import { searchRoute } from '../../src/search/search-route.ts';
import { SearchNotReadyError } from '../../src/search/search-target.ts';
import { composeRoutes, headerEditor } from './content-helpers.ts';
import { HOSTILE_QUERIES } from './hostile-queries.ts';
import { createDocsTable, docs, docsTable, insertDoc, searchIds, searchPage, send } from './search-helpers.ts';

const route = searchRoute<Env>({ table: docsTable, config: docs, resolveEditor: headerEditor });
const BASE = '/api/cms/docs';
/** Inserts a doc and indexes it, as afterWrite would. */
const addDoc = async (fields: Parameters<typeof insertDoc>[0]) => {
  const id = await insertDoc(fields);
  await reindexDoc(env.DB, docsTable, docs, id);
  return id;
};

beforeAll(async () => {
  await createDocsTable();
  await ensureSearchIndex(env.DB, docs);
});

describe('ranking (bm25, title 4x body)', () => {
  it('a title match beats a body match', async () => {
    const inBody = await addDoc({ title: 'Town walks', body: '<p>We pass the lighthouse at noon and walk on.</p>' });
    const inTitle = await addDoc({ title: 'Lighthouse', body: '<p>A walk by the sea with a view of the bay.</p>' });
    expect(await searchIds(route, BASE, 'lighthouse')).toEqual([inTitle, inBody]);
  });

  it('the exact phrase beats the same words scattered', async () => {
    const scattered = await addDoc({ title: 'Notes', body: '<p>Museum staff opening crates spent many quiet hours.</p>' });
    const phrase = await addDoc({ title: 'Notes', body: '<p>Museum staff list the opening hours for every quiet day.</p>' });
    expect(await searchIds(route, BASE, 'opening hours')).toEqual([phrase, scattered]);
    expect(await searchIds(route, BASE, 'hours opening')).toEqual(expect.arrayContaining([phrase, scattered]));
  });

  it('a score is -bm25 (higher is better), ordered best first', async () => {
    const page = await searchPage(route, BASE, { q: 'lighthouse' });
    const scores = page.items.map((hit) => hit.score);
    expect(scores.every((score) => score > 0)).toBe(true);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });
});

describe('what is indexed', () => {
  it('a json field by every string leaf, depth-first, nested objects and arrays included', async () => {
    const id = await addDoc({ title: 'Config', data: { menu: [{ label: 'Quasar' }, { items: ['nebulous', { deep: { deeper: 'pulsarwind' } }] }], count: 7 } });
    for (const word of ['quasar', 'nebulous', 'pulsarwind']) expect(await searchIds(route, BASE, word)).toEqual([id]);
    expect(await searchIds(route, BASE, 'menu')).toEqual([]);
    expect(await searchIds(route, BASE, 'label')).toEqual([]);
  });

  it('rich text as its text: tags and scripts are not words', async () => {
    const id = await addDoc({ title: 'Rich', body: '<p class="marzipan">Plain <strong>gingerbread</strong></p><script>toffeeapple()</script>' });
    expect(await searchIds(route, BASE, 'gingerbread')).toEqual([id]);
    expect(await searchIds(route, BASE, 'marzipan')).toEqual([]);
    expect(await searchIds(route, BASE, 'toffeeapple')).toEqual([]);
  });

  it('diacritics are folded both ways: café ↔ cafe, Zürich ↔ zurich', async () => {
    const accented = await addDoc({ title: 'Café Zürich', body: '<p>Crème brûlée</p>' });
    const plain = await addDoc({ title: 'Cafe Zurich', body: '<p>Creme brulee</p>' });
    for (const q of ['cafe', 'café', 'CAFÉ', 'zurich', 'Zürich', 'creme brulee', 'crème brûlée'])
      expect((await searchIds(route, BASE, q)).sort()).toEqual([accented, plain].sort());
  });

  it('words with combining marks match whole (Devanagari), and compatibility forms fold (NFKC)', async () => {
    const hindi = await addDoc({ title: 'हिन्दी पाठ', body: '<p>ﬁnance</p>' });
    expect(await searchIds(route, BASE, 'हिन्दी')).toEqual([hindi]);
    expect(await searchIds(route, BASE, 'पाठ')).toEqual([hindi]);
    expect(await searchIds(route, BASE, 'finance')).toEqual([hindi]);
    expect(await searchIds(route, BASE, 'ﬁnance')).toEqual([hindi]);
    expect(await searchIds(route, BASE, 'ＦＩＮ')).toEqual([hindi]);
  });

  it('the last word is a prefix (search-as-you-type), from two letters', async () => {
    const id = await addDoc({ title: 'Xylophone lessons', body: '<p>For beginners</p>' });
    for (const q of ['xy', 'xyl', 'xyloph', 'xylophone', 'xylophone less', 'xylophone lessons']) expect(await searchIds(route, BASE, q)).toContain(id);
    expect(await searchIds(route, BASE, 'xylo lessons')).toEqual([]);
  });
});

describe('hits', () => {
  it('carry id, title, an escaped snippet with only <mark> tags, unique columns, url and published', async () => {
    const id = await addDoc({
      slug: 'hostile-content',
      title: '<b>Bold</b> & "quoted"',
      body: '<p>&lt;script&gt;alert(1)&lt;/script&gt; wombat <img src=x onerror=alert(2)></p>',
      data: ['<img src=x onerror=alert(3)> wombat "\'&'],
    });
    const page = await searchPage(route, BASE, { q: 'wombat' });
    expect(page.items).toHaveLength(1);
    const [hit] = page.items;
    expect(hit).toMatchObject({ id, slug: 'hostile-content', title: '<b>Bold</b> & "quoted"', url: null, published: true });
    expect(hit?.snippet).toContain('&lt;script&gt;alert(1)&lt;/script&gt; <mark>wombat</mark>');
    expect(hit?.snippet).toContain('&lt;img src=x onerror=alert(3)&gt; <mark>wombat</mark> &quot;&#39;&amp;');
    expect(hit?.snippet.replace(/<\/?mark>/g, '')).not.toMatch(/[<>"']/);
  });

  it('pages by cursor (an offset), at most 500 deep', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push(await addDoc({ title: `Paging ${i}`, body: '<p>okapi</p>' }));
    const first = await searchPage(route, BASE, { q: 'okapi', limit: '2' });
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).toBe('2');
    const second = await searchPage(route, BASE, { q: 'okapi', limit: '2', cursor: '2' });
    const third = await searchPage(route, BASE, { q: 'okapi', limit: '2', cursor: '4' });
    expect(third.nextCursor).toBeNull();
    expect([...first.items, ...second.items, ...third.items].map((hit) => hit.id).sort()).toEqual(ids.sort());
    expect((await searchPage(route, BASE, { q: 'okapi', cursor: '500' })).items).toEqual([]);
  });

  it('a query without a word finds nothing', async () => {
    expect(await searchPage(route, BASE, { q: '' })).toEqual({ items: [], nextCursor: null });
    expect(await searchPage(route, BASE, { q: '"*()' })).toEqual({ items: [], nextCursor: null });
    expect(await searchPage(route, BASE, {})).toEqual({ items: [], nextCursor: null });
  });
});

describe('hostile queries', () => {
  it(`every one of ${HOSTILE_QUERIES.length} answers 200 with a well-formed, stable body`, async () => {
    await addDoc({ title: 'AND OR NOT NEAR', body: '<p>col:term ^start (a) "quoted" -x * café שלום 中文 हिन्दी</p>' });
    for (const q of HOSTILE_QUERIES) {
      const path = `${BASE}/search?${new URLSearchParams({ q })}`;
      const response = await send(route, path);
      expect(response.status, JSON.stringify(q.slice(0, 40))).toBe(200);
      const body = await response.json<{ items: unknown[]; nextCursor: string | null }>();
      expect(Array.isArray(body.items)).toBe(true);
      expect(body.nextCursor === null || typeof body.nextCursor === 'string').toBe(true);
      const again = await (await send(route, path)).json();
      expect(again).toEqual(body);
    }
  });

  it('FTS5 keywords and syntax are searched as words', async () => {
    const id = await addDoc({ title: 'Operators', body: '<p>NEAR means close; OR means either</p>' });
    expect(await searchIds(route, BASE, 'NEAR(means')).toContain(id);
    expect(await searchIds(route, BASE, 'OR means')).toContain(id);
  });
});

describe('a live collection through collectionRoutes', () => {
  it('an inline save (/api/cms/save) is searchable at once', async () => {
    const api = composeRoutes(...collectionRoutes<Env>({ collections: [docs], resolveEditor: headerEditor }));
    const id = await addDoc({ title: 'Before', body: '<p>unchanged</p>' });
    expect((await send(api, '/api/cms/save', { body: { field: `docs:${id}:title`, value: 'Gnu migration' } })).status).toBe(204);
    expect(await searchIds(api, BASE, 'gnu')).toEqual([id]);
    expect(await searchIds(api, BASE, 'before')).toEqual([]);
  });
});

describe('the route', () => {
  it('400 invalid_query for a limit, cursor or scope that is not one', async () => {
    for (const query of [
      'limit=0',
      'limit=51',
      'limit=1.5',
      'limit=x',
      'limit=',
      'cursor=501',
      'cursor=-1',
      'cursor=01',
      'cursor=abc',
      'scope=all',
      'scope=',
    ]) {
      const response = await send(route, `${BASE}/search?q=x&${query}`);
      expect(response.status, query).toBe(400);
      expect(await response.json()).toMatchObject({ error: 'invalid_query', message: expect.any(String) });
    }
    expect((await send(route, `${BASE}/search?q=x&limit=50&cursor=500&scope=editor`)).status).toBe(200);
  });

  it('needs an editor; GET only; other paths fall through', async () => {
    expect((await send(route, `${BASE}/search?q=x`, { editor: null })).status).toBe(401);
    expect((await send(route, `${BASE}/search`, { method: 'POST', body: {} })).status).toBe(405);
    expect((await send(route, `${BASE}/reindex`)).status).toBe(405);
    expect((await send(route, `${BASE}/7`)).status).toBe(404);
    expect((await send(route, '/api/cms/other/search?q=x')).status).toBe(404);
  });

  it('503 search_not_ready (saying what to run) while the index table does not exist; reindex builds it', async () => {
    const ghost = defineCollection({ slug: 'ghost', fields: { tagline: { type: 'text' } }, tables: { table: siteSettings }, search: { fields: ['tagline'] } });
    await env.DB.prepare("INSERT OR REPLACE INTO site_settings (id, site_name, tagline) VALUES (1, 'S', 'Phantasmagoria tonight')").run();
    await expect(searchCollection(env.DB, ghost, { q: 'x' })).rejects.toBeInstanceOf(SearchNotReadyError);
    const ghostRoute = searchRoute<Env>({ table: siteSettings, config: ghost, resolveEditor: headerEditor });
    const response = await send(ghostRoute, '/api/cms/ghost/search?q=phantasmagoria');
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      error: 'search_not_ready',
      message: expect.stringMatching(/ghost_search[\s\S]*npx louise db migrate[\s\S]*reindex/),
    });
    expect(await rebuildSearchIndex(env.DB, ghost)).toEqual({ total: 1 });
    expect(await searchIds(ghostRoute, '/api/cms/ghost', 'phantasmagoria')).toEqual([1]);
  });

  it('reindexDoc creates a missing index table and retries once', async () => {
    await env.DB.prepare('DROP TABLE IF EXISTS "docs_search"').run();
    const id = await addDoc({ title: 'Resurrected', body: '<p>after a drop</p>' });
    expect(await searchIds(route, BASE, 'resurrected')).toEqual([id]);
    await rebuildSearchIndex(env.DB, docs);
  });
});
