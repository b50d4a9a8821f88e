import { describe, expect, it } from 'vitest';
import { fakeFetch, jsonResponse } from '../../core/fake-fetch.testing.ts';
import { createSearchApi, NOT_READY, readHit } from './search-api.ts';

const json = jsonResponse;

const hit = {
  id: 3,
  title: 'Editing in place',
  snippet: 'Most <mark>content</mark> systems',
  score: 2.5,
  url: '/articles/editing-in-place',
  published: false,
  slug: 'x',
};

describe('createSearchApi: search', () => {
  it('GETs <apiBase>/<slug>/search?q=&limit=8&scope=editor with the cookie and reads each hit field by field', async () => {
    const { seen, fetch } = fakeFetch(() => json(200, { items: [hit, { id: 'x' }, null, { id: 4 }], nextCursor: '8' }));
    const answer = await createSearchApi({ apiBase: '/api/cms/', fetch }).search('blog posts', 'drafts & "more"');
    const url = new URL(seen[0]!.url, 'http://localhost');
    expect(url.pathname).toBe('/api/cms/blog%20posts/search');
    expect([...url.searchParams]).toEqual([
      ['q', 'drafts & "more"'],
      ['limit', '8'],
      ['scope', 'editor'],
    ]);
    expect(seen[0]!.init.credentials).toBe('same-origin');
    expect(answer).toEqual({
      ok: true,
      value: {
        items: [
          { id: 3, title: 'Editing in place', snippet: 'Most <mark>content</mark> systems', url: '/articles/editing-in-place', published: false },
          { id: 4, title: '', snippet: '', url: null, published: true },
        ],
        more: true,
      },
    });
  });

  it('says the last page has no more', async () => {
    const api = createSearchApi({ apiBase: '/api/cms', fetch: fakeFetch(() => json(200, { items: [hit], nextCursor: null })).fetch });
    expect(await api.search('pages', 'x')).toMatchObject({ ok: true, value: { more: false } });
  });

  it('tells a missing index (503 search_not_ready) from other failures, each in words', async () => {
    const replies = [
      () => json(503, { error: 'search_not_ready', message: 'Run POST /reindex.' }),
      () => json(503, { error: 'db_unavailable' }),
      () => json(401, { error: 'unauthorized' }),
      () => json(400, { error: 'invalid_query', message: 'limit must be 1..50' }),
    ];
    const api = createSearchApi({ apiBase: '/api/cms', fetch: fakeFetch(() => replies.shift()!()).fetch });
    expect(await api.search('pages', 'x')).toEqual({ ok: false, message: NOT_READY, notReady: true });
    expect(await api.search('pages', 'x')).toEqual({ ok: false, message: 'The server failed (503).', notReady: false });
    expect(await api.search('pages', 'x')).toEqual({ ok: false, message: 'Your session has ended: sign in again in another tab.', notReady: false });
    expect(await api.search('pages', 'x')).toEqual({ ok: false, message: 'The server refused the search (400: limit must be 1..50).', notReady: false });
  });

  it('aborts the request when the signal fires, and answers instead of rejecting', async () => {
    const { seen, fetch } = fakeFetch(
      ({ init }) =>
        new Promise<Response>((_, reject) => {
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    const controller = new AbortController();
    const pending = createSearchApi({ apiBase: '/api/cms', fetch }).search('pages', 'x', controller.signal);
    await Promise.resolve();
    expect(seen[0]!.init.signal?.aborted).toBe(false);
    controller.abort();
    expect(seen[0]!.init.signal?.aborted).toBe(true);
    await expect(pending).resolves.toMatchObject({ ok: false, notReady: false });
  });
});

describe('createSearchApi: reindex', () => {
  it('POSTs { cursor } to <apiBase>/<slug>/reindex and reads the step', async () => {
    const replies = [() => json(200, { processed: 100, total: 250, nextCursor: 100 }), () => json(200, { processed: 50, total: 250, nextCursor: null })];
    const { seen, fetch } = fakeFetch(() => replies.shift()!());
    const api = createSearchApi({ apiBase: '/api/cms', fetch });
    expect(await api.reindex('pages', null)).toEqual({ ok: true, value: { processed: 100, total: 250, nextCursor: 100 } });
    expect(await api.reindex('pages', 100)).toEqual({ ok: true, value: { processed: 50, total: 250, nextCursor: null } });
    expect(seen.map(({ url, init, body }) => [url, init.method, body])).toEqual([
      ['/api/cms/pages/reindex', 'POST', { cursor: null }],
      ['/api/cms/pages/reindex', 'POST', { cursor: 100 }],
    ]);
    expect(seen[0]!.init.headers).toMatchObject({ 'content-type': 'application/json' });
  });

  it('refuses a step that is not progress, and says why a refused rebuild failed', async () => {
    const replies = [
      () => json(200, { processed: 1, total: 2 }),
      () => json(200, { processed: -1, total: 2, nextCursor: null }),
      () => json(200, { processed: 1, total: 2, nextCursor: '5' }),
      () => json(403, { error: 'forbidden' }),
    ];
    const api = createSearchApi({ apiBase: '/api/cms', fetch: fakeFetch(() => replies.shift()!()).fetch });
    const notProgress = { ok: false, message: 'The server did not answer the rebuild with its progress.' };
    expect(await api.reindex('pages', null)).toEqual(notProgress);
    expect(await api.reindex('pages', null)).toEqual(notProgress);
    expect(await api.reindex('pages', null)).toEqual(notProgress);
    expect(await api.reindex('pages', null)).toEqual({ ok: false, message: 'You may not do this.' });
  });
});

describe('readHit', () => {
  it('needs an integer id and keeps only the fields the panel shows, as their types', () => {
    expect(readHit({ id: 1.5 })).toBeNull();
    expect(readHit('1')).toBeNull();
    expect(readHit({ id: 7, title: 5, snippet: ['<b>'], url: '', published: 0 })).toEqual({ id: 7, title: '', snippet: '', url: null, published: true });
  });
});
