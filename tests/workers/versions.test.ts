import { env } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fieldRev, fieldRevs } from '../../src/content/field-rev.ts';
import { resumeDraft } from '../../src/content/resume-draft.ts';
import { LouiseValidationError } from '../../src/content/validation-error.ts';
import { pagesVersions } from '../../src/db/schema.ts';
import { setDegradedSink, type DegradedDetail } from '../../src/security/degraded.ts';
import type { SoftLockSource } from '../../src/drafts/soft-locks.ts';
import { versionsRoute } from '../../src/drafts/versions-route.ts';
import { call, headerEditor, liveRow, pagesCollection, seedPage, tables, versionRows } from './content-helpers.ts';

const FIELDS = Object.keys(pagesCollection.fields);
const route = versionsRoute<Env>({ ...tables, config: pagesCollection, resolveEditor: headerEditor });
let id: number;
let n = 0;

beforeEach(async () => {
  id = await seedPage({ slug: `p${++n}`, title: 'Live title', summary: 'Live summary', body: '<p>live</p>', paragraphs: ['one', 'two', 'three'] });
});

const save = (body: unknown, editor = 'ana') => call(route, `/api/cms/pages/${id}/versions`, { body, editor });
const publish = (body?: unknown, publishAccess = true) =>
  call(route, `/api/cms/pages/${id}/publish`, { method: 'POST', body: body ?? '', publish: publishAccess });
const list = async (query = '') =>
  (await call(route, `/api/cms/pages/${id}/versions${query}`)).json<{
    items: { id: number; status: string; data: Record<string, unknown> }[];
    nextCursor: string | null;
    revs: Record<string, string>;
    publishedVersionId: number | null;
    changes: string[];
  }>();
const liveRowCamel = async () => {
  const row = (await liveRow(id))!;
  return { id: row.id as number, publishedVersionId: row.published_version_id as number | null };
};
const resume = async () => resumeDraft(env.DB, { versionsTable: pagesVersions, collection: pagesCollection }, await liveRowCamel());

describe('page version lifecycle', () => {
  it('no pending draft + save: stores a full snapshot merged over the live row and returns revisions of every stored field', async () => {
    const res = await save({ title: 'Draft title' });
    expect(res.status).toBe(200);
    const body = await res.json<{ versionId: number; revs: Record<string, string> }>();
    const expected = { title: 'Draft title', summary: 'Live summary', body: '<p>live</p>', paragraphs: ['one', 'two', 'three'] };
    expect(body.revs).toEqual(fieldRevs(expected, FIELDS));
    const [row] = await versionRows(id);
    expect(row).toMatchObject({
      id: body.versionId,
      title: 'Draft title',
      summary: 'Live summary',
      body: '<p>live</p>',
      paragraphs: '["one","two","three"]',
      created_by: 'ana',
    });
    expect((await liveRow(id))?.title).toBe('Live title');
  });

  it('pending draft + save: merges over the newest pending draft into a newer version', async () => {
    await save({ title: 'T1' });
    const second = await (await save({ summary: 'S2' })).json<{ versionId: number }>();
    const rows = await versionRows(id);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ id: second.versionId, title: 'T1', summary: 'S2' });
    expect(await resumeDraft(env.DB, { versionsTable: pagesVersions, collection: pagesCollection }, await liveRowCamel())).toMatchObject({
      title: 'T1',
      summary: 'S2',
    });
  });

  it('publish without versionId: copies the newest pending draft onto the live row and sets the pointer', async () => {
    await save({ title: 'T1' });
    const { versionId } = await (await save({ body: '<p>new</p>' })).json<{ versionId: number }>();
    for (const body of ['', '{}']) {
      if (body === '{}') await save({ title: 'T2' });
      const res = await publish(body);
      expect(res.status).toBe(200);
      const { publishedVersionId } = await res.json<{ publishedVersionId: number }>();
      if (body === '') expect(publishedVersionId).toBe(versionId);
      const live = await liveRow(id);
      expect(live).toMatchObject({ published_version_id: publishedVersionId, title: body === '' ? 'T1' : 'T2', body: '<p>new</p>' });
    }
  });

  it('publish with a versionId: any version of the page; an older one is Restore', async () => {
    const v1 = (await (await save({ title: 'First' })).json<{ versionId: number }>()).versionId;
    await save({ title: 'Second' });
    await publish({});
    expect((await liveRow(id))?.title).toBe('Second');
    const res = await publish({ versionId: v1 });
    expect(await res.json()).toEqual({ publishedVersionId: v1 });
    expect(await liveRow(id)).toMatchObject({ title: 'First', published_version_id: v1 });
  });

  it('Restore changes what is live, never which versions are pending: the old live version is not resumed or re-published', async () => {
    const v1 = (await (await save({ title: 'One' })).json<{ versionId: number }>()).versionId;
    await publish();
    const v2 = (await (await save({ title: 'Two' })).json<{ versionId: number }>()).versionId;
    await publish();
    expect(await (await publish({ versionId: v1 })).json()).toEqual({ publishedVersionId: v1 });
    expect(await liveRow(id)).toMatchObject({ title: 'One', published_version_id: v1 });
    // v2 was live, not pending work: edit mode does not resume it and a plain Publish does not undo the Restore.
    expect(await resume()).toBeNull();
    expect(await (await publish()).json()).toMatchObject({ error: 'no_draft' });
    const v3 = (await (await save({ summary: 'Pending work' })).json<{ versionId: number }>()).versionId;
    expect(await resume()).toMatchObject({ title: 'One', summary: 'Pending work' });
    expect((await list()).items.map((item) => [item.id, item.status])).toEqual([
      [v3, 'pending'],
      [v2, 'superseded'],
      [v1, 'published'],
    ]);
    // Pending work made before a Restore stays pending.
    const v4 = (await (await save({ title: 'Four' })).json<{ versionId: number }>()).versionId;
    await publish({ versionId: v2 });
    expect(await resume()).toMatchObject({ title: 'Four', summary: 'Pending work' });
    expect((await list()).items.map((item) => [item.id, item.status])).toEqual([
      [v4, 'pending'],
      [v3, 'pending'],
      [v2, 'published'],
      [v1, 'superseded'],
    ]);
  });

  it('unpublish clears the pointer; the live row is kept', async () => {
    await save({ title: 'T' });
    await publish();
    const res = await call(route, `/api/cms/pages/${id}/unpublish`, { method: 'POST' });
    expect(await res.json()).toEqual({ publishedVersionId: null });
    expect(await liveRow(id)).toMatchObject({ published_version_id: null, title: 'T' });
  });

  it('discard { versionId }: the pending draft is no longer resumed or promoted, but stays in history', async () => {
    await save({ title: 'Keep?' });
    const { versionId } = await (await save({ title: 'Nope' })).json<{ versionId: number }>();
    const res = await call(route, `/api/cms/pages/${id}/discard`, { body: { versionId } });
    expect(res.status).toBe(204);
    expect(await resume()).toBeNull();
    expect((await publish()).status).toBe(409);
    const { items } = await list();
    expect(items.map((item) => item.status)).toEqual(['discarded', 'discarded']);
    // Explicit id still restores it.
    expect((await publish({ versionId })).status).toBe(200);
    expect((await liveRow(id))?.title).toBe('Nope');
  });

  it('discard refuses a version of another page (404) and one that is not pending (409)', async () => {
    const other = await seedPage({ slug: `other${n}` });
    const { versionId } = await (await call(route, `/api/cms/pages/${other}/versions`, { body: { title: 'x' } })).json<{ versionId: number }>();
    expect((await call(route, `/api/cms/pages/${id}/discard`, { body: { versionId } })).status).toBe(404);
    const mine = (await (await save({ title: 'y' })).json<{ versionId: number }>()).versionId;
    await publish();
    expect((await call(route, `/api/cms/pages/${id}/discard`, { body: { versionId: mine } })).status).toBe(409);
  });

  it('publishing a newer version supersedes the older; a superseded draft is never resumed or promoted without its id', async () => {
    const v1 = (await (await save({ title: 'Old draft' })).json<{ versionId: number }>()).versionId;
    const v2 = (await (await save({ summary: 'Newer' })).json<{ versionId: number }>()).versionId;
    await publish({ versionId: v2 });
    const { items, publishedVersionId } = await list();
    expect(publishedVersionId).toBe(v2);
    expect(items.map((item) => [item.id, item.status])).toEqual([
      [v2, 'published'],
      [v1, 'superseded'],
    ]);
    expect(await resume()).toBeNull();
    expect(await (await publish()).json()).toMatchObject({ error: 'no_draft' });
    // The next save builds on the live row, not on the superseded draft.
    await save({ body: '<p>b</p>' });
    expect((await resume())?.title).toBe('Old draft'); // v2 carried v1's title: live row has it
    expect(await liveRow(id)).toMatchObject({ summary: 'Newer' });
  });
});

describe('afterWrite', () => {
  it('runs after each draft save, publish (Restore too), unpublish and discard, with the env; a throw never fails the write', async () => {
    const seen: [string, string, number, boolean][] = [];
    const hooked = versionsRoute<Env>({
      ...tables,
      config: pagesCollection,
      resolveEditor: headerEditor,
      afterWrite: (editor, event, context) => {
        seen.push([editor.id, event.operation, event.id, context.env.DB !== undefined]);
        throw new Error('index down');
      },
    });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const post = (action: string, body: unknown = {}) => call(hooked, `/api/cms/pages/${id}/${action}`, { body });
      const first = await (await post('versions', { title: 'One' })).json<{ versionId: number }>();
      expect((await post('publish')).status).toBe(200);
      expect((await post('versions', { title: 'Two' })).status).toBe(200);
      expect((await post('publish')).status).toBe(200);
      expect((await post('publish', { versionId: first.versionId })).status).toBe(200);
      expect((await post('unpublish')).status).toBe(200);
      const third = await (await post('versions', { title: 'Three' })).json<{ versionId: number }>();
      expect((await post('discard', { versionId: third.versionId })).status).toBe(204);
      expect((await post('publish', { versionId: 'x' })).status).toBe(400);
      expect(seen.map(([, operation]) => operation)).toEqual(['draft', 'publish', 'draft', 'publish', 'publish', 'unpublish', 'draft', 'discard']);
      expect(seen.every(([editor, , page, env]) => editor === 'ana' && page === id && env)).toBe(true);
      expect(log).toHaveBeenCalledTimes(8);
      expect((await liveRow(id))?.published_version_id).toBeNull();
    } finally {
      log.mockRestore();
    }
  });
});

describe('save rules', () => {
  it('1: only config fields are stored; any other key is 400 and writes nothing', async () => {
    for (const body of [{ title: 'x', slug: 'hacked' }, { publishedVersionId: 1 }, { 'title.0': 'x' }, { id: 5 }]) {
      const res = await save(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'unknown_field' });
    }
    expect(await versionRows(id)).toHaveLength(0);
    expect((await save([1, 2])).status).toBe(400);
    expect((await save({})).status).toBe(400);
  });

  it('rich fields are sanitized before storing; a text field must be a string (422)', async () => {
    const res = await save({ body: '<p onclick="x()">hi</p><script>alert(1)</script>' });
    expect(res.status).toBe(200);
    expect((await versionRows(id))[0]?.body).toBe('<p>hi</p>');
    const bad = await save({ title: 42 });
    expect(bad.status).toBe(422);
    expect(await bad.json()).toMatchObject({ error: 'validation', violations: [{ field: 'title', message: 'must be a string' }] });
  });

  it('2: a stale $base answers 409 with the current value and revision and writes nothing', async () => {
    await save({ title: 'Theirs' });
    const res = await save({ title: 'Mine', summary: 'Also mine', $base: { title: fieldRev('Live title'), summary: fieldRev('Live summary') } });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      error: 'conflict',
      message: expect.any(String),
      conflicts: [{ field: 'title', value: 'Theirs', rev: fieldRev('Theirs'), by: null }],
    });
    expect(await versionRows(id)).toHaveLength(1);
  });

  it('2b: the 409 names who saved the current value (from the editors table), not who saved last; unknown ids stay unnamed', async () => {
    const ada = `ada-${n}`;
    await env.DB.prepare('INSERT INTO editors (id, email, name, password_hash) VALUES (?1, ?2, ?3, ?4)')
      .bind(ada, `${ada}@site.test`, 'Ada Lovelace', 'x')
      .run();
    await save({ summary: 'Ada summary' }, ada);
    // Someone else saves another field after Ada: the summary is still Ada's.
    await save({ title: 'Other title' }, 'ben');
    const res = await save({ summary: 'Mine', title: 'My title', $base: { summary: fieldRev('Live summary'), title: fieldRev('Live title') } }, 'cy');
    expect(res.status).toBe(409);
    const { conflicts } = await res.json<{ conflicts: { field: string; by: string | null }[] }>();
    expect(conflicts.map(({ field, by }) => ({ field, by }))).toEqual([
      { field: 'summary', by: 'Ada Lovelace' },
      { field: 'title', by: null },
    ]);
  });

  it('3: both sides ending at the same value is not a conflict', async () => {
    await save({ title: 'Same' });
    const res = await save({ title: 'Same', $base: { title: fieldRev('Live title') } });
    expect(res.status).toBe(200);
  });

  it('4: a save without $base, or a field without a revision in it, is not checked', async () => {
    await save({ title: 'Theirs' });
    expect((await save({ title: 'Script' })).status).toBe(200);
    expect((await save({ title: 'Other', summary: 'x', $base: { summary: fieldRev('Live summary') } })).status).toBe(200);
    expect((await resume())?.title).toBe('Other');
  });

  it('5: Keep mine: re-sending with the conflict revision as base wins', async () => {
    await save({ title: 'Theirs' });
    const conflict = await (await save({ title: 'Mine', $base: { title: fieldRev('Live title') } })).json<{ conflicts: { rev: string }[] }>();
    const res = await save({ title: 'Mine', $base: { title: conflict.conflicts[0]!.rev } });
    expect(res.status).toBe(200);
    expect((await resume())?.title).toBe('Mine');
  });

  it('list items: a dotted index merges one item (base is the list revision); out of range is 400; the whole list also works', async () => {
    const res = await save({ 'paragraphs.1': 'TWO', $base: { paragraphs: fieldRev(['one', 'two', 'three']) } });
    expect(res.status).toBe(200);
    expect((await resume())?.paragraphs).toEqual(['one', 'TWO', 'three']);
    const stale = await save({ 'paragraphs.0': 'ONE', $base: { paragraphs: fieldRev(['one', 'two', 'three']) } });
    expect(await stale.json()).toMatchObject({ error: 'conflict', conflicts: [{ field: 'paragraphs', value: ['one', 'TWO', 'three'] }] });
    const out = await save({ 'paragraphs.3': 'four' });
    expect(out.status).toBe(400);
    expect(await out.json()).toMatchObject({ error: 'out_of_range' });
    expect((await save({ 'paragraphs.3': 'four', $base: { paragraphs: fieldRev(['one', 'TWO', 'three']) } })).status).toBe(400);
    await save({ paragraphs: ['a', 'b', 'c', 'd'] });
    expect((await resume())?.paragraphs).toEqual(['a', 'b', 'c', 'd']);
    expect(await versionRows(id)).toHaveLength(2);
  });

  it('9: draft writes go through a D1 session and set the HttpOnly bookmark cookie; a read continues from it', async () => {
    const res = await save({ title: 'B' });
    const cookie = res.headers.get('set-cookie');
    expect(cookie).toMatch(/^cms_d1_bookmark=[^;]+; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    const read = await call(route, `/api/cms/pages/${id}/versions`, { cookie: cookie!.split(';')[0]! });
    expect(read.status).toBe(200);
    expect((await read.json<{ items: unknown[] }>()).items).toHaveLength(1);
  });

  it('a missing page is 404; a non-editor 401; a cross-origin save 403', async () => {
    expect((await call(route, '/api/cms/pages/999999/versions', { body: { title: 'x' } })).status).toBe(404);
    expect((await call(route, '/api/cms/pages/abc/versions', { body: { title: 'x' } })).status).toBe(404);
    expect((await call(route, `/api/cms/pages/${id}/versions`, { body: { title: 'x' }, editor: null })).status).toBe(401);
    expect((await call(route, `/api/cms/pages/${id}/versions`, { body: { title: 'x' }, origin: 'https://evil.test' })).status).toBe(403);
    expect(await versionRows(id)).toHaveLength(0);
  });
});

describe('soft locks (8)', () => {
  let reports: { event: string; detail: DegradedDetail }[];
  beforeEach(() => {
    reports = [];
    setDegradedSink((event, detail) => reports.push({ event, detail }));
  });
  afterEach(() => setDegradedSink(null));

  function lockedBy(holder: string, fail = false) {
    const asked: string[][] = [];
    const source: SoftLockSource<Env> = {
      fields: ['body'],
      async held(_env, target, fields) {
        asked.push([String(target.id), ...fields]);
        if (fail) throw new Error('coordination object unreachable');
        return { body: holder };
      },
    };
    return { asked, route: versionsRoute<Env>({ ...tables, config: pagesCollection, resolveEditor: headerEditor, softLocks: source }) };
  }

  it('a save changing a field held by another editor answers 423 and writes nothing', async () => {
    const { route: locked } = lockedBy('bea');
    const res = await call(locked, `/api/cms/pages/${id}/versions`, { body: { body: '<p>mine</p>', title: 'T' } });
    expect(res.status).toBe(423);
    expect(await res.json()).toEqual({ error: 'locked', message: expect.any(String), locked: ['body'] });
    expect(await versionRows(id)).toHaveLength(0);
  });

  it("the holder's own saves pass, and so does a save sending a held field unchanged", async () => {
    const { route: locked, asked } = lockedBy('ana');
    expect((await call(locked, `/api/cms/pages/${id}/versions`, { body: { body: '<p>mine</p>' }, editor: 'ana' })).status).toBe(200);
    expect((await call(locked, `/api/cms/pages/${id}/versions`, { body: { body: '<p>mine</p>', title: 'x' }, editor: 'cai' })).status).toBe(200);
    // Only a save that changes a lockable field asks: the unchanged one and title-only saves do not.
    expect((await call(locked, `/api/cms/pages/${id}/versions`, { body: { title: 'y' }, editor: 'cai' })).status).toBe(200);
    expect(asked).toEqual([[String(id), 'body']]);
  });

  it('a source that cannot answer lets the save through and reports editor.softLocks', async () => {
    const { route: failing } = lockedBy('bea', true);
    const res = await call(failing, `/api/cms/pages/${id}/versions`, { body: { body: '<p>mine</p>' } });
    expect(res.status).toBe(200);
    expect(reports).toEqual([{ event: 'editor.softLocks', detail: { collection: 'pages', id, error: 'Error' } }]);
    expect(JSON.stringify(reports)).not.toContain('mine');
  });
});

describe('publish rules', () => {
  it('2: versionId not a positive JSON integer, or a body that is not an object: 400 and nothing changes', async () => {
    await save({ title: 'T' });
    for (const body of [
      '{"versionId":"7"}',
      '{"versionId":1.5}',
      '{"versionId":null}',
      '{"versionId":0}',
      '{"versionId":-3}',
      '[]',
      '"x"',
      '7',
      'null',
      '{bad',
    ]) {
      const res = await publish(body);
      expect(res.status, body).toBe(400);
    }
    expect((await liveRow(id))?.published_version_id).toBeNull();
  });

  it('3: a versionId of another page is 404', async () => {
    const other = await seedPage({ slug: `o${n}` });
    const { versionId } = await (await call(route, `/api/cms/pages/${other}/versions`, { body: { title: 'x' } })).json<{ versionId: number }>();
    expect((await publish({ versionId })).status).toBe(404);
    expect((await publish({ versionId: 999999 })).status).toBe(404);
  });

  it('4: full field validation runs before the copy (required fields, then the validate hook)', async () => {
    await save({ title: '   ' });
    const res = await publish();
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ error: 'validation', violations: [{ field: 'title', message: 'is required' }] });
    expect(await liveRow(id)).toMatchObject({ title: 'Live title', published_version_id: null });

    const validate = vi.fn((data: Readonly<Record<string, unknown>>, ctx: { stage: string }) => {
      if (ctx.stage === 'publish' && String(data.summary).includes('TODO'))
        throw new LouiseValidationError([{ field: 'summary', message: 'still has a TODO' }]);
    });
    const strict = versionsRoute<Env>({ ...tables, config: pagesCollection, resolveEditor: headerEditor, validate });
    await call(strict, `/api/cms/pages/${id}/versions`, { body: { title: 'ok', summary: 'TODO later' } });
    const refused = await call(strict, `/api/cms/pages/${id}/publish`, { method: 'POST', body: '' });
    expect(await refused.json()).toEqual({ error: 'validation', message: expect.any(String), violations: [{ field: 'summary', message: 'still has a TODO' }] });
    expect((await liveRow(id))?.published_version_id).toBeNull();
    expect(validate).toHaveBeenCalledWith({ title: 'ok', summary: 'TODO later' }, expect.objectContaining({ stage: 'draft', id }));
  });

  it('publishing needs access.publish: 403 and nothing changes (publish and unpublish)', async () => {
    await save({ title: 'T' });
    expect((await publish({}, false)).status).toBe(403);
    expect((await liveRow(id))?.published_version_id).toBeNull();
    await publish();
    const pointer = (await liveRow(id))?.published_version_id;
    expect((await call(route, `/api/cms/pages/${id}/unpublish`, { method: 'POST', publish: false })).status).toBe(403);
    expect((await liveRow(id))?.published_version_id).toBe(pointer);
    // Saving drafts does not need it.
    expect((await call(route, `/api/cms/pages/${id}/versions`, { body: { title: 'x' }, publish: false })).status).toBe(200);
  });
});

describe('lifecycle rule 3: a write that bypasses the routes changes only the live row', () => {
  it('edit mode keeps resuming the pending draft and a later publish overwrites the direct write', async () => {
    await save({ title: 'Draft' });
    await env.DB.prepare("UPDATE pages SET title = 'Script wrote this' WHERE id = ?1").bind(id).run();
    expect((await resume())?.title).toBe('Draft');
    await publish();
    expect((await liveRow(id))?.title).toBe('Draft');
  });
});

describe('versions list', () => {
  it('is newest first, keyset paginated, with revs of the work a save builds on', async () => {
    for (let i = 0; i < 5; i++) await save({ title: `T${i}` });
    const first = await list('?limit=2');
    expect(first.items.map((item) => item.data.title)).toEqual(['T4', 'T3']);
    expect(first.revs).toEqual(fieldRevs({ title: 'T4', summary: 'Live summary', body: '<p>live</p>', paragraphs: ['one', 'two', 'three'] }, FIELDS));
    const second = await list(`?limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((item) => item.data.title)).toEqual(['T2', 'T1']);
    const last = await list(`?limit=2&cursor=${second.nextCursor}`);
    expect(last.items.map((item) => item.data.title)).toEqual(['T0']);
    expect(last.nextCursor).toBeNull();
    for (const bad of ['?limit=0', '?limit=201', '?limit=x', '?cursor=-1'])
      expect((await call(route, `/api/cms/pages/${id}/versions${bad}`)).status, bad).toBe(400);
    expect((await list()).items).toHaveLength(5);
  });
});

describe('history entries (#31)', () => {
  it('each version names its author (the editor’s display name, else the email’s local part; never an id) and the fields it changed from the version before it', async () => {
    await env.DB.prepare(
      "INSERT OR REPLACE INTO editors (id, email, name, password_hash) VALUES ('ed-ada', 'ada@site.test', 'Ada Lovelace', 'x'), ('ed-blank', 'grace.h@site.test', '', 'x')",
    ).run();
    const v1 = (await (await save({ title: 'One' }, 'ed-ada')).json<{ versionId: number }>()).versionId;
    const v2 = (await (await save({ title: 'One', summary: 'Two' }, 'ed-blank')).json<{ versionId: number }>()).versionId;
    const v3 = (await (await save({ title: 'Three', paragraphs: ['x'] }, 'stranger-id')).json<{ versionId: number }>()).versionId;
    const page = await (await call(route, `/api/cms/pages/${id}/versions`, { editor: 'ana' })).json<{
      items: { id: number; author: string | null; changed: string[] }[];
    }>();
    expect(page.items.map((item) => [item.id, item.author, item.changed])).toEqual([
      [v3, null, ['title', 'paragraphs']],
      [v2, 'grace.h', ['summary']],
      // The first version of the page has nothing before it: every field with a value.
      [v1, 'Ada Lovelace', ['title', 'summary', 'body', 'paragraphs']],
    ]);
    // The asking editor knows their own name, even without an editors row; an id never reaches the answer as a name.
    const mine = await (await call(route, `/api/cms/pages/${id}/versions`, { editor: 'stranger-id' })).json<{ items: { author: string | null }[] }>();
    expect(mine.items[0]?.author).toBe('stranger-id');
    expect(JSON.stringify(page)).not.toContain('password');
  });

  it('a page of the history compares its oldest entry with the version just before it, on the next page', async () => {
    for (const title of ['A', 'B', 'C']) await save({ title });
    await save({ summary: 'Only the summary' });
    const first = await (await call(route, `/api/cms/pages/${id}/versions?limit=2`)).json<{ items: { changed: string[] }[] }>();
    expect(first.items.map((item) => item.changed)).toEqual([['summary'], ['title']]);
  });
});

describe('restore as a draft (#31)', () => {
  const restore = (body: unknown, editor = 'ana', publishAccess = true) =>
    call(route, `/api/cms/pages/${id}/restore`, { method: 'POST', body, editor, publish: publishAccess });

  it('writes the version’s fields as a new pending draft through the draft write path; the live pointer does not move', async () => {
    const v1 = (await (await save({ title: 'First', summary: 'Old summary' })).json<{ versionId: number }>()).versionId;
    await publish();
    await save({ title: 'Second', summary: 'New summary' });
    const live = await publish();
    const pointer = (await live.json<{ publishedVersionId: number }>()).publishedVersionId;
    await save({ body: '<p>pending work</p>' });
    // A writer may restore: it is a draft save.
    const res = await restore({ versionId: v1 }, 'wendy', false);
    expect(res.status).toBe(200);
    const body = await res.json<{ versionId: number; restored: number; revs: Record<string, string> }>();
    expect(body.restored).toBe(v1);
    expect(body.versionId).toBeGreaterThan(pointer);
    expect(await liveRow(id)).toMatchObject({ title: 'Second', summary: 'New summary', published_version_id: pointer });
    const rows = await versionRows(id);
    expect(rows.at(-1)).toMatchObject({ id: body.versionId, title: 'First', summary: 'Old summary', body: '<p>live</p>', created_by: 'wendy' });
    expect(body.revs).toEqual(fieldRevs({ title: 'First', summary: 'Old summary', body: '<p>live</p>', paragraphs: ['one', 'two', 'three'] }, FIELDS));
    const listed = await list();
    expect(listed.items[0]).toMatchObject({ id: body.versionId, status: 'pending' });
    expect(listed.publishedVersionId).toBe(pointer);
    expect(await resume()).toMatchObject({ title: 'First', summary: 'Old summary' });
  });

  it('refuses an unknown version (404), another page’s version (404), a bad body (400), a GET (405), and writes nothing then', async () => {
    const other = await seedPage({ slug: `other${n}` });
    const theirs = (await (await call(route, `/api/cms/pages/${other}/versions`, { body: { title: 'Theirs' } })).json<{ versionId: number }>()).versionId;
    const before = await versionRows(id);
    expect((await restore({ versionId: 999_999 })).status).toBe(404);
    const foreign = await restore({ versionId: theirs });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toMatchObject({ error: 'not_found' });
    for (const bad of [{}, { versionId: 'x' }, { versionId: 0 }, [], 'null']) expect((await restore(bad)).status, JSON.stringify(bad)).toBe(400);
    expect((await call(route, `/api/cms/pages/${id}/restore`)).status).toBe(405);
    expect((await call(route, `/api/cms/pages/${id}/restore`, { method: 'POST', body: { versionId: 1 }, editor: null })).status).toBe(401);
    expect(await versionRows(id)).toEqual(before);
  });

  it('respects soft locks like any draft save (423 for a field another editor holds)', async () => {
    const v1 = (await (await save({ title: 'Locked away' })).json<{ versionId: number }>()).versionId;
    await save({ title: 'Newer' });
    const softLocks: SoftLockSource<Env> = { fields: ['title'], held: async () => ({ title: 'someone-else' }) };
    const locked = versionsRoute<Env>({ ...tables, config: pagesCollection, resolveEditor: headerEditor, softLocks });
    const res = await call(locked, `/api/cms/pages/${id}/restore`, { method: 'POST', body: { versionId: v1 } });
    expect(res.status).toBe(423);
  });
});

describe('changes: the fields Publish would change', () => {
  const changes = async () => (await list()).changes;
  const saved = async (body: unknown) => (await (await save(body)).json<{ changes: string[] }>()).changes;

  it('are none without pending work; each save answers the fields whose draft differs from the live row, in field order', async () => {
    expect(await changes()).toEqual([]);
    expect(await saved({ summary: 'New summary' })).toEqual(['summary']);
    expect(await saved({ title: 'New title' })).toEqual(['title', 'summary']);
    expect(await changes()).toEqual(['title', 'summary']);
    // A field edited back to its live value is no change; a list item counts as its list.
    expect(await saved({ title: 'Live title' })).toEqual(['summary']);
    expect(await saved({ 'paragraphs.1': 'TWO' })).toEqual(['summary', 'paragraphs']);
    expect(await changes()).toEqual(['summary', 'paragraphs']);
  });

  it('are none again after Publish, and after Discard', async () => {
    await save({ title: 'To publish' });
    await publish();
    expect(await changes()).toEqual([]);
    const { versionId } = await (await save({ summary: 'To drop' })).json<{ versionId: number }>();
    expect(await changes()).toEqual(['summary']);
    const discarded = await call(route, `/api/cms/pages/${id}/discard`, { body: { versionId } });
    expect(discarded.status).toBe(204);
    expect(await changes()).toEqual([]);
  });
});
