import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { resumeReadSession, type BookmarkCookies } from '../../integration/worker/read-session.ts';
import { fieldRev } from '../../src/content/field-rev.ts';
import { resumeDraft } from '../../src/content/resume-draft.ts';
import { D1_BOOKMARK_COOKIE, d1Bookmark, openD1Session, serializeD1BookmarkCookie } from '../../src/db/d1-session.ts';
import { pagesVersions } from '../../src/db/schema.ts';
import { versionsRoute } from '../../src/drafts/versions-route.ts';
import { call, headerEditor, liveRow, pagesCollection, seedPage, tables, versionRows } from './content-helpers.ts';

/** Astro.cookies, reduced to what resumeReadSession uses. */
function cookieJar(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  const set: { name: string; value: string; options: unknown }[] = [];
  const jar: BookmarkCookies = {
    get: (name) => (values.has(name) ? { value: values.get(name)! } : undefined),
    set: (name, value, options) => void (set.push({ name, value, options }), values.set(name, value)),
  };
  return { jar, set };
}

/** The binding as it looks without the sessions feature: no withSession. */
function withoutSessions(DB: D1Database): D1Database {
  return { prepare: DB.prepare.bind(DB), batch: DB.batch.bind(DB), exec: DB.exec.bind(DB), dump: DB.dump.bind(DB) } as unknown as D1Database;
}

describe('D1 sessions (louise/db)', () => {
  it('openD1Session opens a session whose bookmark a later session continues from', async () => {
    const writer = openD1Session(env.DB, 'first-primary');
    expect(d1Bookmark(writer)).toBeNull();
    await writer.prepare('SELECT 1').run();
    const bookmark = d1Bookmark(writer);
    expect(bookmark).toEqual(expect.any(String));
    const reader = openD1Session(env.DB, bookmark);
    expect(await reader.prepare('SELECT 2 AS two').first('two')).toBe(2);
    expect(d1Bookmark(reader)).toEqual(expect.any(String));
  });

  it('without the sessions feature the raw binding is used and has no bookmark', async () => {
    const raw = withoutSessions(env.DB);
    const client = openD1Session(raw, 'first-primary');
    expect(client).toBe(raw);
    expect(d1Bookmark(client)).toBeNull();
  });

  it('serializeD1BookmarkCookie writes the HttpOnly cms_d1_bookmark cookie (Secure except on localhost)', () => {
    expect(D1_BOOKMARK_COOKIE).toBe('cms_d1_bookmark');
    expect(serializeD1BookmarkCookie('00000001-abc', new URL('https://site.test/x'))).toBe(
      'cms_d1_bookmark=00000001-abc; Path=/; HttpOnly; Secure; SameSite=Lax',
    );
    expect(serializeD1BookmarkCookie('b', new URL('http://localhost:4321/'))).toBe('cms_d1_bookmark=b; Path=/; HttpOnly; SameSite=Lax');
  });
});

describe('routes without the sessions feature behave the same', () => {
  it('saves, lists and publishes through the raw binding; no bookmark cookie is set', async () => {
    const e = { ...env, DB: withoutSessions(env.DB) };
    const route = versionsRoute<Env>({ ...tables, config: pagesCollection, resolveEditor: headerEditor });
    const id = await seedPage({ slug: 'raw-binding', title: 'Live' });
    const saved = await call(route, `/api/cms/pages/${id}/versions`, { body: { title: 'Draft', $base: { title: fieldRev('Live') } } }, e);
    expect(saved.status).toBe(200);
    expect(saved.headers.get('set-cookie')).toBeNull();
    const listed = await (await call(route, `/api/cms/pages/${id}/versions`, {}, e)).json<{ items: unknown[]; revs: Record<string, string> }>();
    expect(listed.items).toHaveLength(1);
    expect(listed.revs.title).toBe(fieldRev('Draft'));
    expect((await call(route, `/api/cms/pages/${id}/publish`, { method: 'POST', body: '' }, e)).status).toBe(200);
    expect(await liveRow(id)).toMatchObject({ title: 'Draft', published_version_id: (await versionRows(id))[0]!.id });
  });
});

describe('resumeReadSession (louise/astro)', () => {
  it("continues from the editor's bookmark cookie, reads the draft, and commit() stores the new bookmark", async () => {
    const route = versionsRoute<Env>({ ...tables, config: pagesCollection, resolveEditor: headerEditor });
    const id = await seedPage({ slug: 'read-session', title: 'Live' });
    const saved = await call(route, `/api/cms/pages/${id}/versions`, { body: { title: 'Just saved' } });
    const bookmark = decodeURIComponent(saved.headers.get('set-cookie')!.split(';')[0]!.slice(`${D1_BOOKMARK_COOKIE}=`.length));
    const { jar, set } = cookieJar({ [D1_BOOKMARK_COOKIE]: bookmark });
    const session = resumeReadSession(env.DB, jar, { secure: false });
    const draft = await resumeDraft(session.client, { versionsTable: pagesVersions, collection: pagesCollection }, { id, publishedVersionId: null });
    expect(draft?.title).toBe('Just saved');
    session.commit();
    expect(set).toEqual([{ name: D1_BOOKMARK_COOKIE, value: expect.any(String), options: { path: '/', httpOnly: true, sameSite: 'lax', secure: false } }]);
    expect(set[0]!.value >= bookmark).toBe(true);
  });

  it('without a cookie it opens an unconstrained session; without sessions commit() sets nothing', async () => {
    const first = cookieJar();
    const session = resumeReadSession(env.DB, first.jar);
    expect(await session.client.prepare('SELECT 1 AS one').first('one')).toBe(1);
    session.commit();
    expect(first.set).toHaveLength(1);
    expect(first.set[0]!.options).toMatchObject({ secure: true, httpOnly: true });

    const none = cookieJar();
    const raw = resumeReadSession(withoutSessions(env.DB), none.jar);
    expect(await raw.client.prepare('SELECT 1 AS one').first('one')).toBe(1);
    raw.commit();
    expect(none.set).toEqual([]);
  });
});

describe('fieldRev in workerd', () => {
  it('gives the same fixed vectors as Node (and the browser client)', () => {
    expect(fieldRev('')).toBe('07cc7607b4949e25');
    expect(fieldRev('a')).toBe('d4272417d7c77eea');
    expect(fieldRev(null)).toBe('5b9bc4ba528108e4');
    expect(fieldRev({ b: 1, a: [1, 'é', null] })).toBe('e7451f1604b2bfc9');
    expect(fieldRev('日本語😀')).toBe('60ab269b96ab453c');
  });
});
