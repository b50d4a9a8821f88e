import { env } from 'cloudflare:test';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resolveCollection } from '../../src/content/resolved-collection.ts';
import { setDegradedSink, type DegradedDetail } from '../../src/security/degraded.ts';
import { ensureSearchIndex, reindexDoc } from '../../src/search/reindex.ts';
import { searchCollection } from '../../src/search/search-collection.ts';
import { searchRoute } from '../../src/search/search-route.ts';
import type { AiLike, ResolvedVector, SearchVector, VectorIndexLike, VectorMatch } from '../../src/search/vector-api.ts';
import { headerEditor, seedPage } from './content-helpers.ts';
import { searchablePages, searchPage } from './search-helpers.ts';

// Workers AI and Vectorize are outside the machine: faked from their
// contracts. The embedder knows a few "meanings" (harbour = port = quay);
// every other word lands, lightly, in one of a few noise dimensions.
const CONCEPTS: Record<string, number> = { harbour: 0, port: 0, dock: 0, quay: 0, boats: 0, mountain: 1, peak: 1, summit: 1, ridge: 1, bread: 2, loaf: 2 };
const DIMS = 8;
function embed(text: string): number[] {
  const values = new Array<number>(DIMS).fill(0);
  for (const word of text.toLowerCase().match(/\p{L}+/gu) ?? []) {
    const concept = CONCEPTS[word];
    if (concept !== undefined) values[concept] = (values[concept] ?? 0) + 1;
    else {
      const noise = 3 + ([...word].reduce((h, c) => h * 31 + (c.codePointAt(0) ?? 0), 7) % (DIMS - 3));
      values[noise] = (values[noise] ?? 0) + 0.3;
    }
  }
  const norm = Math.hypot(...values) || 1;
  return values.map((value) => value / norm);
}

let aiDown = false;
const ai: AiLike = {
  async run(_model, input) {
    if (aiDown) throw new Error('AI unavailable');
    return { shape: [input.text.length, DIMS], data: input.text.map(embed) };
  },
};
const stored = new Map<string, { values: number[]; namespace: string }>();
const index: VectorIndexLike = {
  async upsert(vectors) {
    for (const v of vectors) stored.set(v.id, { values: [...v.values], namespace: v.namespace ?? '' });
  },
  async deleteByIds(ids) {
    for (const id of ids) stored.delete(id);
  },
  async query(vector, options) {
    const q = [...vector];
    const matches: VectorMatch[] = [...stored]
      .filter(([, v]) => v.namespace === (options.namespace ?? ''))
      .map(([id, v]) => ({ id, score: v.values.reduce((sum, x, i) => sum + x * (q[i] ?? 0), 0) }));
    return { matches: matches.sort((a, b) => b.score - a.score).slice(0, options.topK) };
  },
};
const vectorOf = (minScore: number): SearchVector<Env> => ({ ai: () => ai, index: () => index, minScore });
const resolved = (minScore = 0.5): ResolvedVector => ({ ai, index, minScore, model: 'test-model' });
const table = resolveCollection(searchablePages).table;
const route = searchRoute<Env>({ table, config: searchablePages, resolveEditor: headerEditor, vector: vectorOf(0.5) });

let reports: { event: string; detail: DegradedDetail }[];
beforeEach(() => {
  reports = [];
  aiDown = false;
  setDegradedSink((event, detail) => reports.push({ event, detail }));
});
afterEach(() => setDegradedSink(null));

let n = 0;
/** A page with a published version, indexed with its embeddings (as publish would). */
async function publishedPage(title: string, body: string): Promise<number> {
  const id = await seedPage({ slug: `fu-${++n}`, title, body: `<p>${body}</p>` });
  await env.DB.prepare('INSERT INTO pages_versions (page_id, title, body) VALUES (?1, ?2, ?3)').bind(id, title, `<p>${body}</p>`).run();
  await env.DB.prepare('UPDATE pages SET published_version_id = (SELECT max(id) FROM pages_versions WHERE page_id = ?1) WHERE id = ?1').bind(id).run();
  await reindexDoc(env.DB, table, searchablePages, id, resolved());
  return id;
}

let both: number;
let keywordOnly: number;
let meaningOnly: number;
let unrelated: number;
let unpublished: number;
beforeAll(async () => {
  await ensureSearchIndex(env.DB, searchablePages);
  both = await publishedPage('Harbour walk', 'Boats in the port');
  keywordOnly = await publishedPage('Harbour ledger', 'mountain peak summit ridge mountain peak summit ridge');
  meaningOnly = await publishedPage('Dawn at the quay', 'The dock & <the> quay at first light');
  unrelated = await publishedPage('Bakery', 'bread loaf bread');
  // Never published, but its vector is in the index (a stale index, or a write around the routes).
  unpublished = await seedPage({ slug: `fu-${++n}`, title: 'Port secrets', body: '<p>quay dock harbour</p>' });
  await reindexDoc(env.DB, table, searchablePages, unpublished);
  await index.upsert([{ id: `pages:${unpublished}:0`, values: embed('harbour port quay dock'), namespace: 'pages' }]);
});

describe('keyword and semantic rankings fused (public scope)', () => {
  it('a page in both lists ranks first; one found by meaning only comes with the start of its body; the floor and visibility hold', async () => {
    const page = await searchPage(route, '/api/cms/pages', { q: 'harbour' });
    const ids = page.items.map((hit) => hit.id);
    expect(ids[0]).toBe(both);
    expect([...ids].sort()).toEqual([both, keywordOnly, meaningOnly].sort());
    expect(ids).not.toContain(unrelated);
    expect(ids).not.toContain(unpublished);
    const byMeaning = page.items.find((hit) => hit.id === meaningOnly);
    expect(byMeaning).toMatchObject({ title: 'Dawn at the quay', snippet: 'The dock &amp; quay at first light', published: true });
    expect(page.items.find((hit) => hit.id === both)?.snippet).toBe('Boats in the port');
    // Reciprocal rank fusion (k = 60): the page in both lists has two terms.
    expect(page.items[0]?.score).toBeGreaterThan(1 / 61);
    expect(page.items.slice(1).every((hit) => hit.score <= 1 / 61)).toBe(true);
    expect(reports).toEqual([]);
  });

  it('minScore drops weak semantic matches end to end', async () => {
    const strict = await searchCollection(env.DB, searchablePages, { q: 'harbour' }, resolved(0.999));
    expect(strict.items.map((hit) => hit.id).sort()).toEqual([both, keywordOnly].sort());
    const loose = await searchCollection(env.DB, searchablePages, { q: 'harbour' }, resolved(-1));
    expect(loose.items.map((hit) => hit.id)).toContain(unrelated);
    expect(loose.items.map((hit) => hit.id)).not.toContain(unpublished);
  });

  it('pages through the fused list', async () => {
    const first = await searchPage(route, '/api/cms/pages', { q: 'harbour', limit: '2' });
    expect(first.nextCursor).toBe('2');
    const second = await searchPage(route, '/api/cms/pages', { q: 'harbour', limit: '2', cursor: '2' });
    expect(second.nextCursor).toBeNull();
    expect([...first.items, ...second.items].map((hit) => hit.id).sort()).toEqual([both, keywordOnly, meaningOnly].sort());
  });

  it('the editor scope is keyword only', async () => {
    const page = await searchPage(route, '/api/cms/pages', { q: 'harbour', scope: 'editor' });
    expect(page.items.map((hit) => hit.id)).not.toContain(meaningOnly);
    expect(page.items.map((hit) => hit.id)).toContain(unpublished);
  });

  it('when the embedder fails, keyword results still answer and search.semantic is reported', async () => {
    aiDown = true;
    const page = await searchPage(route, '/api/cms/pages', { q: 'harbour' });
    expect(page.items.map((hit) => hit.id).sort()).toEqual([both, keywordOnly].sort());
    expect(reports).toEqual([{ event: 'search.semantic', detail: { collection: 'pages', error: 'Error' } }]);
  });

  it('unpublishing removes the page’s vectors with its visitors’ index row', async () => {
    const id = await publishedPage('Harbour closing', 'port works');
    expect([...stored.keys()].some((key) => key.startsWith(`pages:${id}:`))).toBe(true);
    await env.DB.prepare('UPDATE pages SET published_version_id = NULL WHERE id = ?1').bind(id).run();
    await reindexDoc(env.DB, table, searchablePages, id, resolved());
    expect([...stored.keys()].some((key) => key.startsWith(`pages:${id}:`))).toBe(false);
    expect((await searchPage(route, '/api/cms/pages', { q: 'closing' })).items).toEqual([]);
  });
});
