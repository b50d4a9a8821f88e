import { describe, expect, it } from 'vitest';
import { fakeFetch, jsonResponse } from './fake-fetch.testing.ts';
import { createTransport, KEEPALIVE_LIMIT, type SaveTarget } from './transport.ts';

const json = jsonResponse;
const title: SaveTarget = { collection: 'pages', key: '2', field: 'title', marker: 'pages:2:title', live: false };
const tagline: SaveTarget = { collection: 'settings', key: 'site', field: 'tagline', marker: 'settings:site:tagline', live: true };

describe('createTransport', () => {
  it('sends a draft save with $base to the versions route and reads the new revision', async () => {
    const { seen, fetch } = fakeFetch(() => json(200, { versionId: 7, revs: { title: 'r1', body: 'rb' } }));
    const transport = createTransport({ apiBase: '/api/cms', fetch });
    expect(await transport.save(title, 'New', 'r0')).toEqual({ kind: 'saved', rev: 'r1', versionId: 7 });
    expect(seen[0]).toMatchObject({
      url: '/api/cms/pages/2/versions',
      init: { method: 'POST', keepalive: false, credentials: 'same-origin' },
      body: { title: 'New', $base: { title: 'r0' } },
    });
    expect((seen[0]!.init.headers as Record<string, string>)['content-type']).toBe('application/json');
    await transport.save(title, 'Newer', null);
    expect(seen[1]!.body).toEqual({ title: 'Newer' });
  });

  it("tells onChanges the changed fields a draft save's answer names, and asks the versions route for them", async () => {
    const told: Array<[string, string[]]> = [];
    const { seen, fetch } = fakeFetch(({ url }) =>
      url.includes('?limit=1') ? json(200, { items: [], changes: ['summary'] }) : json(200, { versionId: 7, revs: {}, changes: ['title', 'body'] }),
    );
    const transport = createTransport({ apiBase: '/api/cms', fetch, onChanges: (doc, changes) => void told.push([doc, changes]) });
    await transport.save(title, 'New', null);
    expect(told).toEqual([['pages:2', ['title', 'body']]]);
    expect(await transport.changes('pages', '2')).toEqual({ ok: true, value: ['summary'] });
    expect(seen[1]!.url).toBe('/api/cms/pages/2/versions?limit=1');
    // An answer without a list of names (an older server, a live save) tells nothing.
    const bare = createTransport({
      apiBase: '/api/cms',
      fetch: fakeFetch(() => json(200, { versionId: 8, revs: {}, changes: [1] })).fetch,
      onChanges: () => void told.push(['x', []]),
    });
    await bare.save(title, 'Newer', null);
    expect(told).toHaveLength(1);
  });

  it('sends a whole list under its stored field', async () => {
    const { seen, fetch } = fakeFetch(() => json(200, { versionId: 8, revs: { paragraphs: 'rp' } }));
    const transport = createTransport({ apiBase: '/api/cms', fetch });
    const target = { ...title, field: 'paragraphs', marker: 'pages:2:paragraphs.1' };
    expect(await transport.save(target, ['a', 'b'], 'r0')).toMatchObject({ kind: 'saved', rev: 'rp' });
    expect(seen[0]!.body).toEqual({ paragraphs: ['a', 'b'], $base: { paragraphs: 'r0' } });
  });

  it('writes fields of live collections through /save with the marker', async () => {
    const { seen, fetch } = fakeFetch(() => new Response(null, { status: 204 }));
    const transport = createTransport({ apiBase: '/api/cms/', fetch });
    expect(await transport.save(tagline, 'Hi', 'ignored')).toEqual({ kind: 'saved', rev: null, versionId: null });
    expect(seen[0]).toMatchObject({ url: '/api/cms/save', body: { field: 'settings:site:tagline', value: 'Hi' } });
  });

  it('maps 409, 423, 5xx, 4xx, network failures and timeouts to outcomes', async () => {
    const answers: Array<() => Response | Promise<Response>> = [
      () => json(409, { error: 'conflict', conflicts: [{ field: 'title', value: 'Theirs', rev: 'r9' }] }),
      () => json(409, { error: 'conflict', conflicts: [{ field: 'title', value: 'Theirs', rev: 'r9', by: ' Ada Lovelace ' }] }),
      () => json(409, { error: 'conflict', conflicts: [{ field: 'title', value: 'Theirs', rev: 'r9', by: 42 }] }),
      () => json(423, { error: 'locked', locked: ['title'] }),
      () => json(503, { error: 'busy' }),
      () => json(400, { error: 'unknown_field', message: 'Not a field of pages: nope.' }),
      () => json(422, { error: 'validation', message: 'Some fields are not valid.', violations: [{ field: 'price', message: 'Type a price like 24.00.' }] }),
      () => json(401, { error: 'unauthorized' }),
      () => Promise.reject(new TypeError('Failed to fetch')),
    ];
    const { fetch } = fakeFetch(() => answers.shift()!());
    const transport = createTransport({ apiBase: '/api/cms', fetch });
    expect(await transport.save(title, 'Mine', 'r0')).toEqual({ kind: 'conflict', value: 'Theirs', rev: 'r9', by: null });
    // Who saved theirs, when the server names them (a name only: anything else is unknown).
    expect(await transport.save(title, 'Mine', 'r0')).toEqual({ kind: 'conflict', value: 'Theirs', rev: 'r9', by: 'Ada Lovelace' });
    expect(await transport.save(title, 'Mine', 'r0')).toEqual({ kind: 'conflict', value: 'Theirs', rev: 'r9', by: null });
    expect(await transport.save(title, 'Mine', 'r0')).toEqual({ kind: 'locked' });
    expect(await transport.save(title, 'Mine', 'r0')).toEqual({ kind: 'failed', message: 'The server failed (503).' });
    expect(await transport.save(title, 'Mine', 'r0')).toEqual({ kind: 'failed', message: 'The server refused the save (400: Not a field of pages: nope.).' });
    // A 422 says what is wrong with the value, in the field schema's words.
    expect(await transport.save(title, 'Mine', 'r0')).toEqual({ kind: 'failed', message: 'Type a price like 24.00.' });
    expect(await transport.save(title, 'Mine', 'r0')).toMatchObject({ kind: 'failed', message: expect.stringContaining('sign in again') });
    expect(await transport.save(title, 'Mine', 'r0')).toEqual({ kind: 'failed', message: 'The server could not be reached.' });
  });

  it('gives up on a request that never answers', async () => {
    const fetch = ((_: RequestInfo | URL, init?: RequestInit) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)))) as typeof globalThis.fetch;
    const transport = createTransport({ apiBase: '/api/cms', fetch, timeoutMs: 30 });
    expect(await transport.save(title, 'Slow', null)).toEqual({ kind: 'failed', message: 'The server took too long to answer.' });
  });

  it('keeps keepalive bodies in flight under 64 KiB and says when one has to go without', async () => {
    const release: Array<() => void> = [];
    const { seen, fetch } = fakeFetch(() => new Promise((resolve) => release.push(() => resolve(json(200, { versionId: 1, revs: {} })))));
    const refused: string[] = [];
    const transport = createTransport({ apiBase: '/api/cms', fetch, onKeepaliveRefused: (t) => refused.push(t.field) });
    const half = 'x'.repeat(KEEPALIVE_LIMIT / 2 + 10);
    const first = transport.save(title, half, null, true);
    const second = transport.save({ ...title, field: 'summary' }, half, null, true);
    await Promise.resolve();
    expect(seen.map((s) => s.init.keepalive)).toEqual([true, false]);
    expect(refused).toEqual(['summary']);
    for (const go of release) go();
    await Promise.all([first, second]);
    // The quota frees once the requests land.
    const third = transport.save(title, half, null, true);
    await Promise.resolve();
    expect(seen[2]!.init.keepalive).toBe(true);
    release[2]!();
    await third;
  });

  it('reads revisions and history, and publishes, restores and discards', async () => {
    const { seen, fetch } = fakeFetch((s) => {
      if (s.url.endsWith('/versions')) {
        return json(200, {
          items: [
            // The author is the server's `author` (a person's name), never `createdBy` (an id).
            { id: 5, status: 'pending', createdAt: 1_700_000_000_000, createdBy: 'ed-1', author: 'Ada', changed: ['title', 3], data: { title: 'Draft' } },
            { id: 4, status: 'published', createdAt: 1_690_000_000_000 },
            { id: 3, status: 'superseded' },
            { id: 2, status: 'discarded' },
            { id: 'x' },
          ],
          nextCursor: null,
          revs: { title: 'r5' },
        });
      }
      if (s.url.endsWith('/publish')) return json(200, { publishedVersionId: 4 });
      if (s.url.endsWith('/restore')) return json(200, { versionId: 6, restored: 3, revs: {} });
      return new Response(null, { status: 204 });
    });
    const transport = createTransport({ apiBase: '/api/cms', fetch });
    expect(await transport.revs('pages', '2')).toEqual({ ok: true, value: { title: 'r5' } });
    expect(await transport.history('pages', '2')).toEqual({
      ok: true,
      value: [
        { id: 5, state: 'draft', at: 1_700_000_000_000, by: 'Ada', changed: ['title'], data: { title: 'Draft' } },
        { id: 4, state: 'live', at: 1_690_000_000_000, by: null, changed: [], data: {} },
        { id: 3, state: 'old', at: null, by: null, changed: [], data: {} },
        { id: 2, state: 'discarded', at: null, by: null, changed: [], data: {} },
      ],
    });
    expect(await transport.publish('pages', '2')).toEqual({ ok: true, value: 4 });
    expect(await transport.publish('pages', '2', 3)).toEqual({ ok: true, value: 4 });
    expect(await transport.restore('pages', '2', 3)).toEqual({ ok: true, value: 6 });
    expect(await transport.discard('pages', '2', 5)).toEqual({ ok: true, value: null });
    expect(await transport.discard('pages', '2', null)).toEqual({ ok: true, value: null });
    expect(seen.slice(2).map((s) => [s.url, s.body])).toEqual([
      ['/api/cms/pages/2/publish', {}],
      ['/api/cms/pages/2/publish', { versionId: 3 }],
      ['/api/cms/pages/2/restore', { versionId: 3 }],
      ['/api/cms/pages/2/discard', { versionId: 5 }],
      ['/api/cms/pages/2/discard', { versionId: null }],
    ]);
  });
});
