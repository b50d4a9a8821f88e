import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { overlayCacheKey } from '../../src/content/overlay.ts';
import { overlayRoute } from '../../src/drafts/overlay-route.ts';
import { MAX_NOTE, reviewRequestsRoute } from '../../src/drafts/review-requests.ts';
import { versionsRoute } from '../../src/drafts/versions-route.ts';
import type { ReviewsPage } from '../../src/drafts/wire.ts';
import { composeRoutes } from '../../src/http/compose.ts';
import type { EditorRoute } from '../../src/http/route.ts';
import { call, headerEditor, liveRow, pagesCollection, seedPage, tables } from './content-helpers.ts';

// The integration's composition: the reviews route reads and publishes through the same API it is part of.
let api: EditorRoute<Env>;
const documents: EditorRoute<Env> = (request, e, ctx) => api(request, e, ctx);
api = composeRoutes<Env>(
  reviewRequestsRoute<Env>({ resolveEditor: headerEditor, documents, isOverlay: (collection) => collection !== 'pages' }),
  versionsRoute<Env>({ ...tables, config: pagesCollection, resolveEditor: headerEditor, path: '/api/cms/pages' }),
  overlayRoute<Env>({ resolveEditor: headerEditor, isDeclared: (collection) => collection === 'pages' }),
);

const WRITER = { editor: 'wren', publish: false } as const;
const OTHER_WRITER = { editor: 'walt', publish: false } as const;
const PUBLISHER = { editor: 'pia', publish: true } as const;
type Who = { editor: string; publish: boolean };

let id: number;
/** The page's published version, as the reference site seeds every page. */
let liveVersion: number;
let n = 0;
beforeEach(async () => {
  await env.DB.prepare('DELETE FROM review_requests').run();
  id = await seedPage({ slug: `review-${++n}`, title: 'Live title', summary: 'Live summary' });
  liveVersion = await publishedPage(id);
});

async function publishedPage(page: number): Promise<number> {
  const saved = await call(api, `/api/cms/pages/${page}/versions`, { body: { title: 'Live title' }, ...PUBLISHER });
  await call(api, `/api/cms/pages/${page}/publish`, { body: {}, ...PUBLISHER });
  return draftId(saved);
}

const save = (body: unknown, who: Who = WRITER) => call(api, `/api/cms/pages/${id}/versions`, { body, ...who });
const askFor = (body: unknown, who: Who = WRITER) => call(api, '/api/cms/reviews', { body, ...who });
const ask = (extra: Record<string, unknown> = {}, who: Who = WRITER) => askFor({ collection: 'pages', key: String(id), ...extra }, who);
const list = async (who: Who) => (await call(api, '/api/cms/reviews', who)).json<ReviewsPage>();
const decide = (requestId: number, body: unknown, who: Who = PUBLISHER) => call(api, `/api/cms/reviews/${requestId}/decide`, { body, ...who });
const draftId = async (res: Response) => ((await res.json()) as { versionId: number }).versionId;
const requests = async () => JSON.stringify((await env.DB.prepare('SELECT * FROM review_requests ORDER BY id').all()).results);
const everything = async () => JSON.stringify([await requests(), await liveRow(id)]);

describe('asking to publish', () => {
  it('stores an open request for the newest pending draft, and never publishes', async () => {
    const version = await draftId(await save({ title: 'Draft title' }));
    const res = await ask({ note: 'Ready for\nlaunch', url: '/about' });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { id: number; state: string; versionId: number };
    expect(body).toMatchObject({ state: 'open', versionId: version });
    expect((await liveRow(id))?.title).toBe('Live title');
    const row = await env.DB.prepare('SELECT * FROM review_requests WHERE id = ?1').bind(body.id).first();
    expect(row).toMatchObject({
      collection: 'pages',
      doc_key: String(id),
      version_id: version,
      requested_by: 'wren',
      note: 'Ready for\nlaunch',
      url: '/about',
      state: 'open',
    });
  });

  it('answers 409 no_draft when nothing is pending, and 404 for an unknown document, writing nothing', async () => {
    const res = await ask();
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: 'no_draft' });
    const missing = await askFor({ collection: 'pages', key: '999999' });
    expect(missing.status).toBe(404);
    const overlay = await askFor({ collection: 'home', key: 'never-saved' });
    expect(overlay.status).toBe(404);
    expect(await requests()).toBe('[]');
  });

  it("keeps one open request per document: the asker's second ask follows their newest draft and note; another writer's is refused", async () => {
    await save({ title: 'First' });
    const first = (await (await ask({ note: 'one' })).json()) as { id: number };
    const newer = await draftId(await save({ title: 'Second' }));
    const again = await ask({ note: 'two' });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ id: first.id, state: 'open', versionId: newer });
    const before = await requests();
    const other = await ask({ note: 'mine too' }, OTHER_WRITER);
    expect(other.status).toBe(409);
    expect(await other.json()).toMatchObject({ error: 'already_requested', requestedBy: 'wren' });
    expect(await requests()).toBe(before);
    expect((await list(PUBLISHER)).items.map((item) => [item.versionId, item.note])).toEqual([[newer, 'two']]);
  });

  it('refuses hostile bodies with 400 and writes nothing: long or control-character notes, unknown keys, odd urls, bad JSON', async () => {
    await save({ title: 'Draft title' });
    const key = String(id);
    for (const body of [
      { collection: 'pages', key, note: 'x'.repeat(MAX_NOTE + 1) },
      { collection: 'pages', key, note: 'bell\u0007' },
      { collection: 'pages', key, note: 'spoof\u202Etxt' },
      { collection: 'pages', key, note: 42 },
      { collection: 'pages', key, extra: true },
      { collection: 'pages', key, url: '//evil.example/' },
      { collection: 'pages', key, url: 'https://evil.example/' },
      { collection: 'pages', key, url: 'javascript:alert(1)' },
      { collection: '../pages', key },
      { collection: 'pages', key: '' },
      { collection: 'pages', key: 'a\u0000b' },
      ['pages', key],
      '{"collection": "pages",',
    ]) {
      const res = await askFor(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toHaveProperty('error');
    }
    expect(await requests()).toBe('[]');
  });

  it('needs a session and the same origin', async () => {
    await save({ title: 'Draft title' });
    expect((await call(api, '/api/cms/reviews', { body: { collection: 'pages', key: String(id) }, editor: null })).status).toBe(401);
    expect((await call(api, '/api/cms/reviews', { body: { collection: 'pages', key: String(id) }, ...WRITER, origin: 'https://evil.example' })).status).toBe(
      403,
    );
    expect((await call(api, '/api/cms/reviews', { editor: null })).status).toBe(401);
    expect(await requests()).toBe('[]');
  });
});

describe('listing requests', () => {
  it('gives publishers every open request with the changed fields and both versions; a writer sees only their own', async () => {
    await save({ title: 'Draft title' });
    await ask({ note: 'from wren', url: `/p/${id}` });
    const otherPage = await seedPage({ slug: `review-other-${n}`, title: 'Live title', summary: 'Live summary' });
    await publishedPage(otherPage);
    await call(api, `/api/cms/pages/${otherPage}/versions`, { body: { summary: 'Walt summary' }, ...OTHER_WRITER });
    await askFor({ collection: 'pages', key: String(otherPage), note: 'from walt' }, OTHER_WRITER);

    const all = await list(PUBLISHER);
    expect(all.items.map((item) => [item.requestedBy, item.note, item.changed])).toEqual([
      ['wren', 'from wren', ['title']],
      ['walt', 'from walt', ['summary']],
    ]);
    const [first] = all.items;
    expect(first).toMatchObject({ collection: 'pages', key: String(id), url: `/p/${id}`, mine: false });
    expect(first?.live).toMatchObject({ title: 'Live title', summary: 'Live summary' });
    expect(first?.proposed).toMatchObject({ title: 'Draft title', summary: 'Live summary' });

    const own = await list(WRITER);
    expect(own.items.map((item) => [item.note, item.mine])).toEqual([['from wren', true]]);
    expect(JSON.stringify(own)).not.toContain('from walt');
  });

  it('compares with the live version and names an overlay region by its name', async () => {
    await save({ title: 'Published title' }, PUBLISHER);
    await call(api, `/api/cms/pages/${id}/publish`, { body: {}, ...PUBLISHER });
    await save({ summary: 'New summary' });
    await ask();
    const overlayKey = `k${id}`;
    await call(api, `/api/cms/home/${overlayKey}/versions`, { body: { heading: 'Live heading' }, ...PUBLISHER });
    await call(api, `/api/cms/home/${overlayKey}/publish`, { body: {}, ...PUBLISHER });
    await call(api, `/api/cms/home/${overlayKey}/versions`, { body: { intro: 'New intro' }, ...WRITER });
    await askFor({ collection: 'home', key: overlayKey });
    const items = (await list(PUBLISHER)).items;
    expect(items.map((item) => item.changed)).toEqual([['summary'], ['intro']]);
    expect(items[0]?.live).toMatchObject({ title: 'Published title', summary: 'Live summary' });
    expect(items[1]?.live).toEqual({ heading: 'Live heading' });
    expect(items[1]?.proposed).toEqual({ heading: 'Live heading', intro: 'New intro' });
  });

  it('closes a request whose draft was published or discarded since, as superseded', async () => {
    const version = await draftId(await save({ title: 'Draft title' }));
    await ask();
    await call(api, `/api/cms/pages/${id}/discard`, { body: { versionId: version }, ...WRITER });
    expect((await list(PUBLISHER)).items).toEqual([]);
    expect(await env.DB.prepare('SELECT state FROM review_requests').first('state')).toBe('superseded');
  });
});

describe('deciding', () => {
  async function opened(): Promise<{ requestId: number; version: number }> {
    const version = await draftId(await save({ title: 'Reviewed title' }));
    const requestId = ((await (await ask({ note: 'please' })).json()) as { id: number }).id;
    return { requestId, version };
  }

  it('publishes exactly the requested version through the publish route, and records who and when', async () => {
    const { requestId, version } = await opened();
    const res = await decide(requestId, { decision: 'publish', versionId: version });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: requestId, state: 'published', versionId: version, publishedVersionId: version });
    expect(await liveRow(id)).toMatchObject({ title: 'Reviewed title', published_version_id: version });
    const row = await env.DB.prepare('SELECT * FROM review_requests WHERE id = ?1').bind(requestId).first<Record<string, unknown>>();
    expect(row).toMatchObject({ state: 'published', decided_by: 'pia', decided_by_name: 'pia' });
    expect(row?.decided_at).toEqual(expect.any(Number));
    expect((await list(PUBLISHER)).items).toEqual([]);
    expect((await decide(requestId, { decision: 'publish', versionId: version })).status).toBe(409);
  });

  it('publishes an overlay through its route, so visitors get the KV copy', async () => {
    const overlayKey = `kv${id}`;
    const saved = await call(api, `/api/cms/home/${overlayKey}/versions`, { body: { heading: 'Asked heading' }, ...WRITER });
    const version = await draftId(saved);
    const requestId = ((await (await askFor({ collection: 'home', key: overlayKey })).json()) as { id: number }).id;
    expect(await env.KV.get(overlayCacheKey('home', overlayKey))).toBeNull();
    expect((await decide(requestId, { decision: 'publish', versionId: version })).status).toBe(200);
    expect(await env.KV.get(overlayCacheKey('home', overlayKey), 'json')).toEqual({ heading: { type: 'text', value: 'Asked heading' } });
  });

  it('a newer draft saved after the ask is not published: the reviewed version goes live and the newer one stays a draft', async () => {
    const { requestId, version } = await opened();
    const newer = await draftId(await save({ summary: 'Unreviewed summary' }));
    expect((await decide(requestId, { decision: 'publish', versionId: version })).status).toBe(200);
    expect(await liveRow(id)).toMatchObject({ title: 'Reviewed title', summary: 'Live summary', published_version_id: version });
    const history = (await (await call(api, `/api/cms/pages/${id}/versions`, PUBLISHER)).json()) as { items: { id: number; status: string }[] };
    expect(history.items.find((item) => item.id === newer)?.status).toBe('pending');
  });

  it('refuses to publish a version other than the one the publisher saw (409 changed), writing nothing', async () => {
    const { requestId, version } = await opened();
    const newer = await draftId(await save({ title: 'Changed again' }));
    await ask({ note: 'updated' });
    const before = await everything();
    const res = await decide(requestId, { decision: 'publish', versionId: version });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: 'changed', versionId: newer });
    expect(await everything()).toBe(before);
  });

  it('refuses a draft discarded since (409 stale) and publishes nothing', async () => {
    const { requestId, version } = await opened();
    await call(api, `/api/cms/pages/${id}/discard`, { body: { versionId: version }, ...WRITER });
    const before = await everything();
    const res = await decide(requestId, { decision: 'publish', versionId: version });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: 'stale' });
    expect(await everything()).toBe(before);
  });

  it('declines: records who and when, publishes nothing', async () => {
    const { requestId, version } = await opened();
    const res = await decide(requestId, { decision: 'decline', versionId: version });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ state: 'declined' });
    expect(await liveRow(id)).toMatchObject({ title: 'Live title', published_version_id: liveVersion });
    expect(await env.DB.prepare('SELECT state, decided_by FROM review_requests WHERE id = ?1').bind(requestId).first()).toEqual({
      state: 'declined',
      decided_by: 'pia',
    });
  });

  it('a writer cannot decide (403 for publish and decline alike), and nothing is written', async () => {
    const { requestId, version } = await opened();
    const before = await everything();
    for (const decision of ['publish', 'decline']) {
      const res = await decide(requestId, { decision, versionId: version }, WRITER);
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ error: 'forbidden' });
    }
    expect(await everything()).toBe(before);
  });

  it('refuses hostile decide bodies with 400, unknown requests with 404, and cross-origin decisions with 403', async () => {
    const { requestId, version } = await opened();
    const before = await everything();
    for (const body of [
      { decision: 'approve', versionId: version },
      { decision: 'publish' },
      { decision: 'publish', versionId: '1' },
      { decision: 'publish', versionId: version, x: 1 },
    ]) {
      expect((await decide(requestId, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await decide(999999, { decision: 'publish', versionId: version })).status).toBe(404);
    expect((await decide(0, { decision: 'publish', versionId: version })).status).toBe(404);
    expect(
      (
        await call(api, `/api/cms/reviews/${requestId}/decide`, {
          body: { decision: 'publish', versionId: version },
          ...PUBLISHER,
          origin: 'https://evil.example',
        })
      ).status,
    ).toBe(403);
    expect(await everything()).toBe(before);
  });

  it('lets only the requester withdraw', async () => {
    const { requestId } = await opened();
    expect((await call(api, `/api/cms/reviews/${requestId}/withdraw`, { method: 'POST', ...OTHER_WRITER })).status).toBe(403);
    const res = await call(api, `/api/cms/reviews/${requestId}/withdraw`, { method: 'POST', ...WRITER });
    expect(await res.json()).toMatchObject({ state: 'withdrawn' });
    expect((await list(WRITER)).items).toEqual([]);
  });
});
