import { env } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { collectionRoutes } from '../../src/drafts/collection-routes.ts';
import { setDegradedSink, type DegradedDetail } from '../../src/security/degraded.ts';
import { composeRoutes, headerEditor, liveRow, seedPage } from './content-helpers.ts';
import { searchablePages, searchIds, searchPage, send } from './search-helpers.ts';

// The pages collection as the integration mounts it: searchRoute first, and
// every write through the real routes keeps both indexes in step.
const api = composeRoutes(...collectionRoutes<Env>({ collections: [searchablePages], resolveEditor: headerEditor }));
const BASE = '/api/cms/pages';
const visitors = (q: string) => searchIds(api, BASE, q, 'public');
const editors = (q: string) => searchIds(api, BASE, q, 'editor');
let n = 0;
const slug = () => `sd-${++n}`;

let reports: { event: string; detail: DegradedDetail }[];
beforeEach(() => {
  reports = [];
  setDegradedSink((event, detail) => reports.push({ event, detail }));
});
afterEach(() => {
  setDegradedSink(null);
  expect(reports).toEqual([]);
});

async function createPage(fields: Record<string, unknown>): Promise<number> {
  const response = await send(api, BASE, { body: { slug: slug(), ...fields }, publish: false });
  expect(response.status).toBe(201);
  return (await response.json<{ page: { id: number } }>()).page.id;
}
const post = async (path: string, body: unknown = {}, publish = true) => {
  const response = await send(api, `${BASE}/${path}`, { body, publish });
  expect(response.status, `${path}: ${await response.clone().text()}`).toBeLessThan(300);
  return response;
};

describe('visitors never find unpublished or draft text; editors find every page as its newest work', () => {
  it('create, draft, publish, draft again, unpublish, republish, restore, discard, delete', async () => {
    const id = await createPage({ title: 'Aardvark almanac' });
    expect(await editors('aardvark')).toEqual([id]);
    expect(await visitors('aardvark')).toEqual([]);

    const first = await (await post(`${id}/versions`, { summary: 'The zanzibarsecret plan' }, false)).json<{ versionId: number }>();
    expect(await editors('zanzibarsecret')).toEqual([id]);
    expect(await visitors('zanzibarsecret')).toEqual([]);

    await post(`${id}/publish`);
    expect(await visitors('zanzibarsecret')).toEqual([id]);
    const [hit] = (await searchPage(api, BASE, { q: 'zanzibarsecret' })).items;
    expect(hit).toMatchObject({
      id,
      title: 'Aardvark almanac',
      url: `/${String((await liveRow(id))?.slug)}`,
      published: true,
      snippet: 'The <mark>zanzibarsecret</mark> plan',
    });

    await post(`${id}/versions`, { summary: 'The quokkasecret plan' }, false);
    expect(await visitors('quokkasecret')).toEqual([]);
    expect(await editors('quokkasecret')).toEqual([id]);
    expect(await visitors('zanzibarsecret')).toEqual([id]);
    expect(await editors('zanzibarsecret')).toEqual([]);

    await post(`${id}/unpublish`);
    expect(await visitors('zanzibarsecret')).toEqual([]);
    expect(await visitors('aardvark')).toEqual([]);
    expect((await searchPage(api, BASE, { q: 'quokkasecret', scope: 'editor' })).items[0]).toMatchObject({ id, published: false });

    await post(`${id}/publish`);
    expect(await visitors('quokkasecret')).toEqual([id]);

    await post(`${id}/publish`, { versionId: first.versionId });
    expect(await visitors('zanzibarsecret')).toEqual([id]);
    expect(await visitors('quokkasecret')).toEqual([]);

    const pending = await (await post(`${id}/versions`, { summary: 'The wallabysecret plan' }, false)).json<{ versionId: number }>();
    expect(await editors('wallabysecret')).toEqual([id]);
    await post(`${id}/discard`, { versionId: pending.versionId }, false);
    expect(await editors('wallabysecret')).toEqual([]);
    expect(await editors('zanzibarsecret')).toEqual([id]);

    await send(api, `${BASE}/${id}?force=1`, { method: 'DELETE' });
    expect(await visitors('zanzibarsecret')).toEqual([]);
    expect(await editors('aardvark')).toEqual([]);
  });

  it('a publisher’s update of the live row is searchable at once, json and image fields included', async () => {
    const id = await createPage({ title: 'Bandicoot' });
    await post(`${id}/versions`, { title: 'Bandicoot' }, false);
    await post(`${id}/publish`);
    const response = await send(api, `${BASE}/${id}`, {
      method: 'PATCH',
      body: { paragraphs: ['A numbat paragraph'], hero: { src: '/media/a.png', alt: 'A quoll at dusk', width: 4, height: 3 } },
    });
    expect(response.status).toBe(200);
    expect(await visitors('numbat')).toEqual([id]);
    expect(await visitors('quoll dusk')).toEqual([id]);
  });

  it('a stale index row of an unpublished page is never shown to visitors', async () => {
    const id = await seedPage({ slug: slug(), title: 'Hidden' });
    await env.DB.prepare('INSERT INTO "pages_search" (rowid, title, body) VALUES (?1, ?2, ?3)').bind(id, 'Leaked', 'capybarasecret').run();
    expect(await visitors('capybarasecret')).toEqual([]);
    await env.DB.prepare('DELETE FROM "pages_search" WHERE rowid = ?1').bind(id).run();
  });

  it('a failing reindex never fails the write: it is reported as search.reindex', async () => {
    const id = await createPage({ title: 'Platypus' });
    await env.DB.prepare('DROP TABLE "pages_search_editor"').run();
    await env.DB.prepare(`CREATE TABLE "pages_search_editor" (rowid INTEGER, title TEXT NOT NULL CHECK (0), body TEXT)`).run();
    try {
      const response = await send(api, `${BASE}/${id}/versions`, { body: { summary: 'echidna' }, publish: false });
      expect(response.status).toBe(200);
      expect(reports).toEqual([{ event: 'search.reindex', detail: { collection: 'pages', id, error: 'Error' } }]);
      reports = [];
    } finally {
      await env.DB.prepare('DROP TABLE "pages_search_editor"').run();
      // A whole rebuild, batch by batch: other files' pages share this database (the project runs without isolation),
      // and one batch may end before this page.
      for (let cursor: number | null = null, i = 0; i === 0 || (cursor !== null && i < 100); i++) {
        const response = await send(api, `${BASE}/reindex`, { body: cursor === null ? {} : { cursor } });
        cursor = (await response.json<{ nextCursor: number | null }>()).nextCursor;
      }
    }
    expect(await editors('echidna')).toEqual([id]);
  });
});

describe('POST reindex', () => {
  it('publisher only; bad bodies are 400', async () => {
    expect((await send(api, `${BASE}/reindex`, { body: {}, publish: false })).status).toBe(403);
    expect((await send(api, `${BASE}/reindex`, { body: {}, editor: null })).status).toBe(401);
    expect((await send(api, `${BASE}/reindex`, { body: {}, origin: 'https://evil.test' })).status).toBe(403);
    for (const body of ['[]', '"x"', '{"batch":0}', '{"batch":501}', '{"batch":1.5}', '{"cursor":"7"}', '{"cursor":-1}', '{"other":1}', '{']) {
      const response = await send(api, `${BASE}/reindex`, { body });
      expect(response.status, body).toBe(400);
    }
    expect((await send(api, `${BASE}/reindex`, { method: 'POST' })).status).toBe(200);
  });

  it('resumable in batches with progress; the old index answers meanwhile; the last batch removes orphans', async () => {
    // Rows written around the routes (a script, an import): nothing indexed yet.
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push(await seedPage({ slug: slug(), title: `Koala ${i}` }));
    const published = ids[3] as number;
    await env.DB.prepare('INSERT INTO pages_versions (page_id, title) VALUES (?1, ?2)').bind(published, 'Koala published').run();
    await env.DB.prepare('UPDATE pages SET published_version_id = (SELECT max(id) FROM pages_versions WHERE page_id = ?1), title = ?2 WHERE id = ?1')
      .bind(published, 'Koala published')
      .run();
    // What the old index holds: an entry that is gone, and the last seeded page as it once was.
    const last = ids[4] as number;
    await env.DB.batch([
      env.DB.prepare('INSERT INTO "pages_search" (rowid, title, body) VALUES (?1, ?2, ?3)').bind(999_999, 'Gone', 'dingo'),
      env.DB.prepare('INSERT INTO "pages_search_editor" (rowid, title, body) VALUES (?1, ?2, ?3)').bind(999_999, 'Gone', 'dingo'),
      env.DB.prepare('INSERT INTO "pages_search_editor" (rowid, title, body) VALUES (?1, ?2, ?3)').bind(last, 'Old text', 'wombatold'),
    ]);
    const total = (await env.DB.prepare('SELECT count(*) AS n FROM pages').first<{ n: number }>())?.n as number;

    const seen: { processed: number; total: number; nextCursor: number | null }[] = [];
    let cursor: number | null = null;
    do {
      const response = await send(api, `${BASE}/reindex`, { body: { cursor, batch: 2 } });
      expect(response.status).toBe(200);
      const step = await response.json<{ processed: number; total: number; nextCursor: number | null }>();
      seen.push(step);
      if (step.nextCursor !== null) {
        // Mid-rebuild: the old rows still answer.
        expect(await editors('dingo')).toEqual([]); // gone entries are joined away even before cleanup
        expect(await editors('wombatold')).toEqual(step.nextCursor < last ? [last] : []);
      }
      cursor = step.nextCursor;
    } while (cursor !== null);
    expect(seen.length).toBe(Math.ceil(total / 2));
    expect(seen.map((step) => step.total)).toEqual(seen.map(() => total));
    expect(seen.map((step) => step.processed)).toEqual(seen.map((_, i) => Math.min(total, (i + 1) * 2)));
    expect(seen.at(-1)?.nextCursor).toBeNull();

    const rows = async (table: string, id: number) => (await env.DB.prepare(`SELECT rowid FROM "${table}" WHERE rowid = ?1`).bind(id).all()).results.length;
    expect(await rows('pages_search', 999_999)).toBe(0);
    expect(await rows('pages_search_editor', 999_999)).toBe(0);
    expect(await rows('pages_search', ids[0] as number)).toBe(0);
    expect(await visitors('koala')).toEqual([published]);
    expect((await editors('koala')).sort()).toEqual([...ids].sort());
    expect(await editors('wombatold')).toEqual([]);
  });
});
