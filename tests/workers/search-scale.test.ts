import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { defineCollection } from '../../src/content/collection.ts';
import { ensureSearchIndex } from '../../src/search/reindex.ts';
import { SEARCH_CANDIDATES, searchCollection } from '../../src/search/search-collection.ts';

// A common word on a large index: ranked among bounded candidates (the newest matches, plus
// the newest title matches), so its cost stops growing with the site.
const bulk = defineCollection({ slug: 'bulk', fields: { title: { type: 'text' }, body: { type: 'richtext' } }, search: { fields: ['title', 'body'] } });
const ROWS = SEARCH_CANDIDATES.recent + 1000;

beforeAll(async () => {
  await env.DB.prepare(
    "CREATE TABLE bulk (id integer PRIMARY KEY, title text DEFAULT '' NOT NULL, body text DEFAULT '' NOT NULL, created_at integer DEFAULT 0 NOT NULL, updated_at integer DEFAULT 0 NOT NULL)",
  ).run();
  // Row 1: the word in its title, the oldest entry. Row 2: the word many times in its body, also old.
  // Every other row: the word once in its body. (The index rows are written directly, as a rebuild would.)
  await env.DB.batch([
    env.DB.prepare(
      `WITH RECURSIVE s(x) AS (SELECT 3 UNION ALL SELECT x + 1 FROM s WHERE x < ${ROWS}) INSERT INTO bulk (id, title, body) SELECT x, 'Entry ' || x, 'A note on the harbour walk.' FROM s`,
    ),
    env.DB.prepare("INSERT INTO bulk (id, title, body) VALUES (1, 'Harbour', 'Opening times.'), (2, 'Old notes', 'harbour harbour harbour harbour')"),
  ]);
  await ensureSearchIndex(env.DB, bulk);
  await env.DB.prepare('INSERT INTO bulk_search (rowid, title, body) SELECT id, title, body FROM bulk').run();
});

describe('a word that matches more entries than the ranking reads', () => {
  it('an old title match still ranks first; body-only matches come from the newest candidates', async () => {
    const page = await searchCollection(env.DB, bulk, { q: 'harbour', limit: 10 });
    expect(page.items.map((hit) => hit.id)[0]).toBe(1);
    const rest = page.items.slice(1).map((hit) => hit.id);
    expect(rest).toHaveLength(9);
    expect(rest.every((id) => id > ROWS - SEARCH_CANDIDATES.recent)).toBe(true);
    expect(page.nextCursor).toBe('10');
  });

  it('below the bound the ranking is exact: the old body match ranks by its score', async () => {
    const page = await searchCollection(env.DB, bulk, { q: 'harbour opening', limit: 10 });
    expect(page.items.map((hit) => hit.id)).toEqual([1]);
    await env.DB.prepare("UPDATE bulk_search SET body = 'Nothing here.' WHERE rowid > 2").run();
    const exact = await searchCollection(env.DB, bulk, { q: 'harbour', limit: 10 });
    expect(exact.items.map((hit) => hit.id)).toEqual([1, 2]);
  });
});
