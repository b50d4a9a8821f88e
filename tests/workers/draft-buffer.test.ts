import { env } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bufferKey, DraftBuffer } from '../../src/content/draft-buffer.ts';
import { fieldRev } from '../../src/content/field-rev.ts';
import { resumeDraft } from '../../src/content/resume-draft.ts';
import { pagesVersions } from '../../src/db/schema.ts';
import { versionsRoute } from '../../src/drafts/versions-route.ts';
import { runEditorRoute } from '../../src/http/route.ts';
import { setDegradedSink, type DegradedDetail } from '../../src/security/degraded.ts';
import { call, headerEditor, ORIGIN, liveRow, pagesCollection, seedPage, tables, versionRows } from './content-helpers.ts';

/** A KV namespace that counts writes, so coalescing is measured, not assumed. */
function countingKv() {
  const puts: string[] = [];
  const kv = {
    get: (key: string) => env.KV.get(key),
    put: (key: string, value: string) => {
      puts.push(key);
      return env.KV.put(key, value);
    },
    delete: (key: string) => {
      puts.push(`delete ${key}`);
      return env.KV.delete(key);
    },
  } as unknown as KVNamespace;
  return { kv, puts };
}

function setup() {
  const { kv, puts } = countingKv();
  const route = versionsRoute<Env>({ ...tables, config: pagesCollection, resolveEditor: headerEditor, bufferKv: () => kv });
  return { kv, puts, route };
}
let n = 0;

describe('write buffer', () => {
  it('auto-saves go to the buffer (no version row); resume, revs and publish read it first; publish clears it', async () => {
    const { kv, route } = setup();
    const id = await seedPage({ slug: `buf${++n}`, title: 'Live' });
    const res = await call(route, `/api/cms/pages/${id}/versions`, { body: { title: 'Buffered' } });
    expect(res.status).toBe(200);
    const saved = await res.json<{ versionId: null; revs: Record<string, string>; changes: string[] }>();
    expect(saved.versionId).toBeNull();
    expect(saved.changes).toEqual(['title']);
    expect(saved.revs.title).toBe(fieldRev('Buffered'));
    expect(await versionRows(id)).toHaveLength(0);
    expect(
      await resumeDraft(env.DB, { versionsTable: pagesVersions, collection: pagesCollection, bufferKv: kv }, { id, publishedVersionId: null }),
    ).toMatchObject({ title: 'Buffered' });
    const listed = await (await call(route, `/api/cms/pages/${id}/versions`)).json<{ revs: Record<string, string>; buffered: boolean }>();
    expect(listed).toMatchObject({ buffered: true, revs: { title: fieldRev('Buffered') }, changes: ['title'] });

    const published = await (await call(route, `/api/cms/pages/${id}/publish`, { method: 'POST', body: '' })).json<{ publishedVersionId: number }>();
    expect(await liveRow(id)).toMatchObject({ title: 'Buffered', published_version_id: published.publishedVersionId });
    expect(await versionRows(id)).toEqual([expect.objectContaining({ id: published.publishedVersionId, title: 'Buffered' })]);
    expect(await new DraftBuffer(kv).get(bufferKey('pages', id))).toBeNull();
  });

  it('the revision check runs against the buffered draft', async () => {
    const { route } = setup();
    const id = await seedPage({ slug: `buf${++n}`, title: 'Live' });
    await call(route, `/api/cms/pages/${id}/versions`, { body: { title: 'Theirs' } });
    const res = await call(route, `/api/cms/pages/${id}/versions`, { body: { title: 'Mine', $base: { title: fieldRev('Live') } } });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ conflicts: [{ field: 'title', value: 'Theirs', rev: fieldRev('Theirs') }] });
  });

  it('discard clears the buffer', async () => {
    const { kv, route } = setup();
    const id = await seedPage({ slug: `buf${++n}`, title: 'Live' });
    await call(route, `/api/cms/pages/${id}/versions`, { body: { title: 'Draft' } });
    expect((await call(route, `/api/cms/pages/${id}/discard`, { body: { versionId: null } })).status).toBe(204);
    expect(await resumeDraft(env.DB, { versionsTable: pagesVersions, collection: pagesCollection, bufferKv: kv }, { id, publishedVersionId: null })).toBeNull();
    expect(await env.KV.get(bufferKey('pages', id))).toBeNull();
  });

  it('coalesces KV writes to one per second per key and never loses the newest value', async () => {
    const { kv, puts, route } = setup();
    const id = await seedPage({ slug: `buf${++n}`, title: 'Live' });
    const waits: Promise<unknown>[] = [];
    const ctx = { waitUntil: (p: Promise<unknown>) => void waits.push(p) };
    for (let i = 0; i < 10; i++) {
      const res = await route(
        new Request(`https://site.test/api/cms/pages/${id}/versions`, {
          method: 'POST',
          headers: { origin: 'https://site.test', 'x-editor': 'ana', 'content-type': 'application/json' },
          body: JSON.stringify({ title: `T${i}` }),
        }),
        env,
        ctx,
      );
      expect(res?.status).toBe(200);
    }
    // Reads in this isolate see the newest value before KV has it.
    expect(
      await resumeDraft(env.DB, { versionsTable: pagesVersions, collection: pagesCollection, bufferKv: kv }, { id, publishedVersionId: null }),
    ).toMatchObject({ title: 'T9' });
    await Promise.all(waits);
    expect(puts.length).toBeLessThanOrEqual(2);
    expect(JSON.parse((await env.KV.get(bufferKey('pages', id)))!).data.title).toBe('T9');
  });
});

describe('a corrupt buffer value', () => {
  let reports: { event: string; detail: DegradedDetail }[];
  beforeEach(() => {
    reports = [];
    setDegradedSink((event, detail) => reports.push({ event, detail }));
  });
  afterEach(() => setDegradedSink(null));

  // Not JSON (a truncated write, a hand edit), and JSON that is not a buffered
  // draft. Each case takes a second: publish's delete waits out the save's write window.
  it.each(['{"data":{"title":"cut', 'not json', '42', '{"data":null}', '{"data":["x"]}'])(
    'in KV as %j reads as no buffer, is reported without its value, and the next save overwrites it',
    async (garbage) => {
      const { kv, route } = setup();
      const id = await seedPage({ slug: `buf${++n}`, title: 'Live' });
      const key = bufferKey('pages', id);
      await env.KV.put(key, garbage);

      const listed = await call(route, `/api/cms/pages/${id}/versions`);
      expect(listed.status).toBe(200);
      expect(await listed.json()).toMatchObject({ buffered: false, revs: { title: fieldRev('Live') } });
      expect(
        await resumeDraft(env.DB, { versionsTable: pagesVersions, collection: pagesCollection, bufferKv: kv }, { id, publishedVersionId: null }),
      ).toBeNull();
      expect(reports.length).toBeGreaterThan(0);
      for (const report of reports) expect(report).toEqual({ event: 'editor.buffer', detail: { key, error: 'corrupt' } });
      expect(JSON.stringify(reports)).not.toContain(garbage);

      // The route hands the buffer write to waitUntil: collect it to know it landed.
      const waits: Promise<unknown>[] = [];
      const saved = await runEditorRoute(
        route,
        new Request(`${ORIGIN}/api/cms/pages/${id}/versions`, {
          method: 'POST',
          headers: { origin: ORIGIN, 'x-editor': 'ana', 'content-type': 'application/json' },
          body: JSON.stringify({ title: 'Fresh' }),
        }),
        env,
        { waitUntil: (p) => void waits.push(p) },
      );
      expect(saved.status).toBe(200);
      expect(await saved.json()).toMatchObject({ versionId: null, revs: { title: fieldRev('Fresh') } });
      await Promise.all(waits);
      expect(JSON.parse((await env.KV.get(key))!)).toMatchObject({ data: { title: 'Fresh', summary: '' }, editorId: 'ana' });

      const published = await call(route, `/api/cms/pages/${id}/publish`, { method: 'POST', body: '' });
      expect(published.status).toBe(200);
      expect(await liveRow(id)).toMatchObject({ title: 'Fresh' });
      expect(await env.KV.get(key)).toBeNull();
    },
  );

  it('met by publish first, leaves publish to the pending versions', async () => {
    const { route } = setup();
    const id = await seedPage({ slug: `buf${++n}`, title: 'Live' });
    await env.KV.put(bufferKey('pages', id), '\u0000garbage');
    const published = await call(route, `/api/cms/pages/${id}/publish`, { method: 'POST', body: '' });
    // No buffer and no pending version: nothing to publish, said as such instead of a 500.
    expect(published.status).toBe(409);
    expect(await published.json()).toMatchObject({ error: 'no_draft' });
    expect(reports).toEqual([{ event: 'editor.buffer', detail: { key: bufferKey('pages', id), error: 'corrupt' } }]);
  });
});
