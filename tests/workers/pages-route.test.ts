import { env } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resumeDraft } from '../../src/content/resume-draft.ts';
import { LouiseValidationError } from '../../src/content/validation-error.ts';
import { pages, pagesVersions } from '../../src/db/schema.ts';
import { setDegradedSink, type DegradedDetail } from '../../src/security/degraded.ts';
import { pagesRoute } from '../../src/drafts/pages-route.ts';
import { versionsRoute } from '../../src/drafts/versions-route.ts';
import { call, composeRoutes, headerEditor, liveRow, pagesCollection, seedPage, tables, versionRows } from './content-helpers.ts';

let reports: { event: string; detail: DegradedDetail }[];
beforeEach(() => {
  reports = [];
  setDegradedSink((event, detail) => reports.push({ event, detail }));
});
afterEach(() => setDegradedSink(null));

const afterWrite = vi.fn();
const versions = versionsRoute<Env>({ ...tables, config: pagesCollection, resolveEditor: headerEditor });
const api = composeRoutes(
  versions,
  pagesRoute<Env>({ table: pages, versionsTable: pagesVersions, resolveEditor: headerEditor, afterWrite, drafts: { config: pagesCollection } }),
);
let n = 0;
const slug = () => `pr-${++n}`;
const resume = async (id: number) => {
  const row = (await liveRow(id))!;
  return resumeDraft(
    env.DB,
    { versionsTable: pagesVersions, collection: pagesCollection },
    { id, publishedVersionId: row.published_version_id as number | null },
  );
};

describe('pagesRoute CRUD', () => {
  it('creates (201 { page }), gets, lists newest first with a cursor, updates and deletes (204)', async () => {
    afterWrite.mockClear();
    const created = await call(api, '/api/cms/pages', { body: { slug: slug(), title: 'New', paragraphs: ['a'] } });
    expect(created.status).toBe(201);
    const { page } = await created.json<{ page: { id: number; title: string; paragraphs: string[]; publishedVersionId: null } }>();
    expect(page).toMatchObject({ title: 'New', paragraphs: ['a'], publishedVersionId: null });
    expect(await (await call(api, `/api/cms/pages/${page.id}`)).json()).toEqual({ page: expect.objectContaining({ id: page.id }) });
    await call(api, '/api/cms/pages', { body: { slug: slug(), title: 'Newer' } });
    const first = await (await call(api, '/api/cms/pages?limit=1')).json<{ items: { title: string }[]; nextCursor: string }>();
    expect(first.items.map((p) => p.title)).toEqual(['Newer']);
    const second = await (await call(api, `/api/cms/pages?limit=1&cursor=${first.nextCursor}`)).json<{ items: { title: string }[] }>();
    expect(second.items.map((p) => p.title)).toEqual(['New']);
    const patched = await call(api, `/api/cms/pages/${page.id}`, { method: 'PATCH', body: { title: 'Renamed' } });
    expect((await patched.json<{ page: { title: string } }>()).page.title).toBe('Renamed');
    const deleted = await call(api, `/api/cms/pages/${page.id}?force=1`, { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expect((await call(api, `/api/cms/pages/${page.id}`)).status).toBe(404);
    expect(afterWrite.mock.calls.map(([editor, event]) => [editor.id, event.operation])).toEqual([
      ['ana', 'create'],
      ['ana', 'create'],
      ['ana', 'update'],
      ['ana', 'delete'],
    ]);
    expect(afterWrite).toHaveBeenLastCalledWith(
      expect.objectContaining({ id: 'ana' }),
      { operation: 'delete', id: page.id },
      { env: expect.objectContaining({ DB: expect.anything() }), ctx: expect.objectContaining({ waitUntil: expect.any(Function) }) },
    );
  });

  it('1: keeps only allowlisted fields: any other is 400 and never reaches a column; rich fields are sanitized', async () => {
    const id = await seedPage({ slug: slug() });
    for (const body of [{ title: 'x', published_version_id: 1 }, { publishedVersionId: 7 }, { id: 99 }, { title: 'x', createdAt: 0 }]) {
      const res = await call(api, `/api/cms/pages/${id}`, { method: 'PATCH', body });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'unknown_field' });
    }
    expect(await liveRow(id)).toMatchObject({ title: 'Title', published_version_id: null });
    const res = await call(api, '/api/cms/pages', {
      body: { slug: slug(), title: 'x', body: '<p style="color:red">ok</p><img src=x onerror=alert(1)><script>1</script>' },
    });
    const { page } = await res.json<{ page: { body: string } }>();
    expect(page.body).not.toMatch(/script|onerror|style/);
    expect(page.body).toContain('<p>ok</p>');
    expect((await call(api, '/api/cms/pages', { body: { title: 'no slug' } })).status).toBe(422);
    const dup = await call(api, '/api/cms/pages', { body: { slug: 'dup', title: 'a' } });
    expect(dup.status).toBe(201);
    expect((await call(api, '/api/cms/pages', { body: { slug: 'dup', title: 'b' } })).status).toBe(409);
  });

  it('2: validate runs after allowlisting (it sees sanitized data) and before the write; LouiseValidationError is 422', async () => {
    const seen: unknown[] = [];
    const validating = pagesRoute<Env>({
      table: pages,
      resolveEditor: headerEditor,
      validate: (data) => {
        seen.push(data);
        if (data.title === 'bad') throw new LouiseValidationError([{ field: 'title', message: 'not that' }]);
      },
    });
    const id = await seedPage({ slug: slug() });
    const res = await call(validating, `/api/cms/pages/${id}`, { method: 'PATCH', body: { title: 'bad', body: '<p>x</p><script>1</script>' } });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ error: 'validation', message: expect.any(String), violations: [{ field: 'title', message: 'not that' }] });
    expect(seen).toEqual([{ title: 'bad', body: '<p>x</p>' }]);
    expect((await liveRow(id))?.title).toBe('Title');
  });

  it('3: a throwing afterWrite never fails the write', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const throwing = pagesRoute<Env>({ table: pages, resolveEditor: headerEditor, afterWrite: () => Promise.reject(new Error('index down')) });
    const res = await call(throwing, '/api/cms/pages', { body: { slug: slug(), title: 'Stays' } });
    expect(res.status).toBe(201);
    const { page } = await res.json<{ page: { id: number } }>();
    expect((await call(throwing, `/api/cms/pages/${page.id}`, { method: 'PATCH', body: { title: 'Still' } })).status).toBe(200);
    expect((await call(throwing, `/api/cms/pages/${page.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(log).toHaveBeenCalledTimes(3);
    log.mockRestore();
  });

  it('needs an editor, and same origin for writes', async () => {
    expect((await call(api, '/api/cms/pages', { editor: null })).status).toBe(401);
    expect((await call(api, '/api/cms/pages', { body: { slug: slug() }, origin: 'https://evil.test' })).status).toBe(403);
  });
});

describe('pagesRoute update of a versioned page (lifecycle: live row)', () => {
  it('with pending work: the live row changes and snapshot fields are carried into the pending draft; slug stays live only', async () => {
    const id = await seedPage({ slug: slug(), title: 'Live' });
    await call(versions, `/api/cms/pages/${id}/versions`, { body: { summary: 'Draft summary' } });
    const res = await call(api, `/api/cms/pages/${id}`, { method: 'PATCH', body: { title: 'Fixed typo', slug: 'moved' + n } });
    expect(res.status).toBe(200);
    expect(await liveRow(id)).toMatchObject({ title: 'Fixed typo', slug: 'moved' + n });
    expect(await resume(id)).toMatchObject({ title: 'Fixed typo', summary: 'Draft summary' });
    expect(await versionRows(id)).toHaveLength(2);
    expect(reports).toEqual([]);
  });

  it('with no pending work: no draft is made', async () => {
    const id = await seedPage({ slug: slug() });
    await call(api, `/api/cms/pages/${id}`, { method: 'PATCH', body: { title: 'Direct' } });
    expect(await versionRows(id)).toHaveLength(0);
  });

  it('4: when the draft refuses the carried change, the live write stands and editor.pages.draftCarry is reported', async () => {
    const refusing = composeRoutes(
      versions,
      pagesRoute<Env>({
        table: pages,
        versionsTable: pagesVersions,
        resolveEditor: headerEditor,
        drafts: { config: pagesCollection, validate: () => Promise.reject(new LouiseValidationError([{ field: 'title', message: 'draft says no' }])) },
      }),
    );
    const id = await seedPage({ slug: slug() });
    await call(versions, `/api/cms/pages/${id}/versions`, { body: { summary: 'pending' } });
    const res = await call(refusing, `/api/cms/pages/${id}`, { method: 'PATCH', body: { title: 'Live anyway' } });
    expect(res.status).toBe(200);
    expect((await liveRow(id))?.title).toBe('Live anyway');
    expect(await versionRows(id)).toHaveLength(1);
    expect(reports).toEqual([{ event: 'editor.pages.draftCarry', detail: { collection: 'pages', id, error: 'validation' } }]);
  });

  it('a delete never takes history silently: 409 has_history while versions exist, ?force=1 deletes page and versions', async () => {
    const id = await seedPage({ slug: slug() });
    await call(versions, `/api/cms/pages/${id}/versions`, { body: { title: 'x' } });
    const refused = await call(api, `/api/cms/pages/${id}`, { method: 'DELETE' });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: 'has_history', versions: 1, message: expect.stringContaining('Unpublish') });
    expect(await liveRow(id)).not.toBeNull();
    expect(await versionRows(id)).toHaveLength(1);
    expect((await call(api, `/api/cms/pages/${id}?force=1`, { method: 'DELETE' })).status).toBe(204);
    expect(await liveRow(id)).toBeNull();
    expect(await versionRows(id)).toHaveLength(0);
    const plain = await seedPage({ slug: slug() });
    expect((await call(api, `/api/cms/pages/${plain}`, { method: 'DELETE' })).status).toBe(204);
  });
});
