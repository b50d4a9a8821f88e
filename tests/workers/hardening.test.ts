import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { pages, siteSettings } from '../../src/db/schema.ts';
import { applyPublish, applyUnpublish } from '../../src/drafts/apply-publish.ts';
import { applyFieldSave } from '../../src/drafts/apply-field-save.ts';
import { draftDeps } from '../../src/drafts/draft-deps.ts';
import { pagesRoute } from '../../src/drafts/pages-route.ts';
import { saveRoute } from '../../src/drafts/save-route.ts';
import { versionsRoute } from '../../src/drafts/versions-route.ts';
import { HttpError } from '../../src/http/errors.ts';
import type { EditorRoute } from '../../src/http/route.ts';
import { statusRoute } from '../../src/health/status-route.ts';
import { authRoute } from '../../src/auth/auth-route.ts';
import { call, composeRoutes, headerEditor, liveRow, ORIGIN, pagesCollection, seedPage, tables, versionRows } from './content-helpers.ts';

const settingsFields = { siteName: { type: 'text' }, tagline: { type: 'text' } } as const;
const api = composeRoutes<Env>(
  versionsRoute<Env>({ ...tables, config: pagesCollection, resolveEditor: headerEditor }),
  pagesRoute<Env>({ ...tables, resolveEditor: headerEditor, drafts: { config: pagesCollection } }),
  saveRoute<Env>({
    resolveEditor: headerEditor,
    collections: {
      settings: { table: siteSettings, key: (key) => (key === 'site' ? 1 : null), fields: settingsFields },
      notes: { table: siteSettings, key: (key) => (key === 'site' ? 1 : null), fields: { footerText: { type: 'text' } }, writers: true },
    },
  }),
);
const writer = { publish: false } as const;
let n = 0;
const slug = () => `hard-${++n}`;

/** Every row of every content table, to prove a refused request wrote nothing. */
async function everything(): Promise<string> {
  const [p, v, s] = await env.DB.batch([
    env.DB.prepare('SELECT * FROM pages ORDER BY id'),
    env.DB.prepare('SELECT * FROM pages_versions ORDER BY id'),
    env.DB.prepare('SELECT * FROM site_settings'),
  ]);
  return JSON.stringify([p?.results, v?.results, s?.results]);
}

async function seedSettings(): Promise<void> {
  await env.DB.prepare("INSERT OR REPLACE INTO site_settings (id, site_name, tagline, footer_text) VALUES (1, 'Louise', 'Tag', 'Foot')").run();
}

/** A page published once (live row = version 1), as visitors see it. */
async function publishedPage(): Promise<number> {
  const id = await seedPage({ slug: slug(), title: 'Live', paragraphs: ['one'] });
  await call(api, `/api/cms/pages/${id}/versions`, { body: { title: 'Live' } });
  expect((await call(api, `/api/cms/pages/${id}/publish`, { body: {} })).status).toBe(200);
  return id;
}

const nest = (levels: number, leaf: unknown = 'x'): unknown => {
  let value = leaf;
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
};
const deepText = (levels: number, open: string, close: string, leaf = '"x"') => open.repeat(levels) + leaf + close.repeat(levels);

describe('1: a writer can never change what visitors see', () => {
  it('PATCH, rename and DELETE of a versioned live row are 403 for a writer and change nothing', async () => {
    const id = await publishedPage();
    const before = await everything();
    for (const [method, path, body] of [
      ['PATCH', `/api/cms/pages/${id}`, { title: 'Defaced' }],
      ['PATCH', `/api/cms/pages/${id}`, { slug: 'moved' }],
      ['DELETE', `/api/cms/pages/${id}`, undefined],
      ['DELETE', `/api/cms/pages/${id}?force=1`, undefined],
      ['POST', `/api/cms/pages/${id}/publish`, {}],
      ['POST', `/api/cms/pages/${id}/unpublish`, undefined],
    ] as const) {
      const res = await call(api, path, { method, body, ...writer });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(await res.json()).toMatchObject({ error: 'forbidden', message: expect.stringMatching(/publish/) });
    }
    expect(await everything()).toBe(before);
  });

  it('a publisher may still PATCH the live row (the spec carries it into pending work)', async () => {
    const id = await publishedPage();
    const res = await call(api, `/api/cms/pages/${id}`, { method: 'PATCH', body: { slug: `${slug()}-renamed` } });
    expect(res.status).toBe(200);
  });

  it('a writer may create a page: unpublished, its fields stored as its first version, publishable by a publisher', async () => {
    const res = await call(api, '/api/cms/pages', { body: { slug: slug(), title: 'Fresh', paragraphs: ['p'] }, ...writer });
    expect(res.status).toBe(201);
    const { page } = await res.json<{ page: { id: number; publishedVersionId: number | null } }>();
    expect(page.publishedVersionId).toBeNull();
    const [first] = await versionRows(page.id);
    expect(first).toMatchObject({ title: 'Fresh', paragraphs: '["p"]', created_by: 'ana', discarded_at: null });
    const published = await call(api, `/api/cms/pages/${page.id}/publish`, { body: {} });
    expect(await published.json()).toEqual({ publishedVersionId: first!.id });
  });

  it('live inline saves need the publish right unless the collection is open to writers', async () => {
    await seedSettings();
    const before = await everything();
    const refused = await call(api, '/api/cms/save', { body: { field: 'settings:site:tagline', value: 'Defaced' }, ...writer });
    expect(refused.status).toBe(403);
    expect(await everything()).toBe(before);
    expect((await call(api, '/api/cms/save', { body: { field: 'settings:site:tagline', value: 'Mine' } })).status).toBe(204);
    expect((await call(api, '/api/cms/save', { body: { field: 'notes:site:footerText', value: 'By a writer' }, ...writer })).status).toBe(204);
    expect(await env.DB.prepare('SELECT tagline, footer_text FROM site_settings').first()).toEqual({ tagline: 'Mine', footer_text: 'By a writer' });
  });

  it('an unversioned pagesRoute is live: writers are refused unless it is opened to them', async () => {
    const closed = pagesRoute<Env>({ table: pages, resolveEditor: headerEditor });
    const open = pagesRoute<Env>({ table: pages, resolveEditor: headerEditor, writers: true });
    expect((await call(closed, '/api/cms/pages', { body: { slug: slug(), title: 'x' }, ...writer })).status).toBe(403);
    const id = await seedPage({ slug: slug() });
    expect((await call(closed, `/api/cms/pages/${id}`, { method: 'PATCH', body: { title: 'x' }, ...writer })).status).toBe(403);
    expect((await call(closed, `/api/cms/pages/${id}`, { ...writer })).status).toBe(200);
    expect((await call(open, `/api/cms/pages/${id}`, { method: 'PATCH', body: { title: 'ok' }, ...writer })).status).toBe(200);
    expect(() => pagesRoute<Env>({ ...tables, resolveEditor: headerEditor, drafts: { config: pagesCollection }, writers: true })).toThrow(/unversioned/);
  });

  it('the route-free cores check the publish right too', async () => {
    const id = await publishedPage();
    const deps = draftDeps<Env>({ ...tables, config: pagesCollection });
    const session = { id: 'w', email: 'w@site.test', name: 'w', access: { publish: false } };
    await expect(applyPublish(env, deps, session, id, undefined)).rejects.toMatchObject({ status: 403 });
    await expect(applyUnpublish(env, deps, session, id)).rejects.toMatchObject({ status: 403 });
    await seedSettings();
    const config = { collections: { settings: { table: siteSettings, key: () => 1, fields: settingsFields } } };
    await expect(applyFieldSave(env, config, session, { field: 'settings:site:tagline', value: 'x' })).rejects.toBeInstanceOf(HttpError);
  });
});

describe('2: hostile JSON is refused before anything is written', () => {
  it('deep, oversized, mis-shaped or non-JSON values are 4xx and store nothing', async () => {
    const id = await publishedPage();
    const hostile: [string, string, unknown, number][] = [
      ['POST', `/api/cms/pages/${id}/versions`, `{"paragraphs":${deepText(5000, '{"a":', '}')}}`, 413],
      ['POST', `/api/cms/pages/${id}/versions`, { paragraphs: nest(40) }, 422],
      ['POST', `/api/cms/pages/${id}/versions`, { paragraphs: 'notalist' }, 422],
      ['POST', `/api/cms/pages/${id}/versions`, { paragraphs: ['ok', 5] }, 422],
      ['POST', `/api/cms/pages/${id}/versions`, { 'paragraphs.0': { not: 'text' } }, 422],
      ['POST', `/api/cms/pages/${id}/versions`, { paragraphs: Array.from({ length: 1_001 }, () => 'p') }, 422],
      ['POST', `/api/cms/pages/${id}/versions`, '{"paragraphs":[{"__proto__":{"polluted":1}}]}', 422],
      ['POST', `/api/cms/pages/${id}/versions`, { title: 5 }, 422],
      ['POST', `/api/cms/pages/${id}/versions`, { title: 'x'.repeat(1024 * 1024) }, 413],
      ['PATCH', `/api/cms/pages/${id}`, `{"paragraphs":${deepText(20_000, '[', ']')}}`, 413],
      ['PATCH', `/api/cms/pages/${id}`, { paragraphs: 'notalist' }, 422],
      ['POST', '/api/cms/pages', { slug: slug(), paragraphs: { a: 1 } }, 422],
      ['POST', '/api/cms/save', { field: `pages:${id}:title`, value: 'x' }, 400],
    ];
    for (const [method, path, body, status] of hostile) {
      const before = await everything();
      const res = await call(api, path, { method, body });
      expect(res.status, `${method} ${path} ${String(typeof body === 'string' ? body.slice(0, 60) : JSON.stringify(body).slice(0, 60))}`).toBe(status);
      expect(await res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
      expect(await everything()).toBe(before);
    }
    expect((await liveRow(id))?.paragraphs).toBe('["one"]');
  });

  it('a page whose stored data is bad still lists, saves and repairs; publish refuses to make it live', async () => {
    const id = await publishedPage();
    // Data written around the routes: a list stored as text and a value nested 5,000 levels deep.
    await env.DB.prepare('INSERT INTO pages_versions (page_id, title, summary, body, paragraphs) VALUES (?1, ?2, ?3, ?4, ?5)')
      .bind(id, 'Bad', '', '', deepText(5000, '[', ']'))
      .run();
    const list = await call(api, `/api/cms/pages/${id}/versions`);
    expect(list.status).toBe(200);
    expect((await list.json<{ revs: Record<string, string> }>()).revs.paragraphs).toMatch(/^[0-9a-f]{16}$/);
    const rows = (await versionRows(id)).length;
    const publish = await call(api, `/api/cms/pages/${id}/publish`, { body: {} });
    expect(publish.status).toBe(422);
    expect(await publish.json()).toMatchObject({ error: 'validation', violations: [{ field: 'paragraphs', message: expect.stringMatching(/nested deeper/) }] });
    expect(await versionRows(id)).toHaveLength(rows);
    const title = await call(api, `/api/cms/pages/${id}/versions`, { body: { title: 'Still saves' } });
    expect(title.status).toBe(200);
    const repaired = await call(api, `/api/cms/pages/${id}/versions`, { body: { paragraphs: ['fixed'] } });
    expect(repaired.status).toBe(200);
    expect((await call(api, `/api/cms/pages/${id}/publish`, { body: {} })).status).toBe(200);
    expect(await liveRow(id)).toMatchObject({ title: 'Still saves', paragraphs: '["fixed"]' });
  });
});

describe('6: text that is not text is normalized on every write path', () => {
  const hostile = 'A\u0000B\ud800C\u202eD\u2066E\r\nF';
  it('drafts, list items, live PATCH and inline saves store well-formed text: no NUL, no lone surrogate, no bidi override in one-line fields', async () => {
    const id = await publishedPage();
    expect((await call(api, `/api/cms/pages/${id}/versions`, { body: { title: hostile, body: `<p>${hostile}</p>`, 'paragraphs.0': hostile } })).status).toBe(
      200,
    );
    const draft = (await versionRows(id)).at(-1)!;
    expect(draft.title).toBe('AB\ufffdCDE F');
    expect(draft.body).toBe('<p>AB\ufffdC\u202eD\u2066E\r\nF</p>');
    expect(JSON.parse(draft.paragraphs as string)).toEqual(['AB\ufffdC\u202eD\u2066E\r\nF']);
    expect((await call(api, `/api/cms/pages/${id}`, { method: 'PATCH', body: { summary: hostile } })).status).toBe(200);
    expect((await liveRow(id))?.summary).toBe('AB\ufffdCDE F');
    await seedSettings();
    expect((await call(api, '/api/cms/save', { body: { field: 'settings:site:tagline', value: hostile } })).status).toBe(204);
    expect(await env.DB.prepare('SELECT tagline FROM site_settings').first('tagline')).toBe('AB\ufffdCDE F');
  });
});

describe('5: user keys are only ever own properties', () => {
  const inherited = [...new Set([...Object.getOwnPropertyNames(Object.prototype), '__proto__'])];
  it.each(inherited)('%s is refused by name everywhere a user key meets an object', async (name) => {
    const id = await publishedPage();
    const before = await everything();
    const key = JSON.stringify(name);
    const asField = await call(api, `/api/cms/pages/${id}/versions`, { body: `{${key}:"x"}` });
    expect(asField.status).toBe(400);
    expect(await asField.json()).toMatchObject({ error: 'unknown_field', fields: [name] });
    const asBase = await call(api, `/api/cms/pages/${id}/versions`, { body: `{"title":"t","$base":{${key}:"1"}}` });
    expect(asBase.status).toBe(400);
    expect(await asBase.json()).toMatchObject({ error: 'invalid_body' });
    const asPatch = await call(api, `/api/cms/pages/${id}`, { method: 'PATCH', body: `{${key}:1}` });
    expect(asPatch.status).toBe(400);
    expect(await asPatch.json()).toMatchObject({ error: 'unknown_field', fields: [name] });
    if (/^[A-Za-z_]\w*$/.test(name)) {
      const asMarker = await call(api, '/api/cms/save', { body: { field: `settings:site:${name}`, value: 'x' } });
      expect(asMarker.status).toBe(400);
    }
    expect(await everything()).toBe(before);
  });
});

describe('7: discard names what it discards', () => {
  it('an empty body or {} is 400 and discards nothing; { versionId } discards up to it; null clears only the buffer', async () => {
    const id = await publishedPage();
    await call(api, `/api/cms/pages/${id}/versions`, { body: { title: 'Pending' } });
    const before = await everything();
    for (const body of [undefined, {}, { versionId: '7' }, [1]]) {
      const res = await call(api, `/api/cms/pages/${id}/discard`, { method: 'POST', body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'invalid_body', message: expect.stringMatching(/versionId|object/) });
    }
    expect(await everything()).toBe(before);
    expect((await call(api, `/api/cms/pages/${id}/discard`, { body: { versionId: null } })).status).toBe(204);
    expect(await everything()).toBe(before);
    const pending = (await versionRows(id)).at(-1)!;
    expect((await call(api, `/api/cms/pages/${id}/discard`, { body: { versionId: pending.id } })).status).toBe(204);
    expect((await versionRows(id)).at(-1)).toMatchObject({ discarded_by: 'discard' });
  });
});

describe('the route contract: refusals are answered, never thrown', () => {
  const raw = (route: EditorRoute<Env>, path: string, init: RequestInit = {}) => route(new Request(`${ORIGIN}${path}`, init), env, { waitUntil() {} });
  it('every refusal comes back through composeRoutes as a response', async () => {
    const id = await publishedPage();
    const cases: [string, RequestInit, number][] = [
      [`/api/cms/pages/${id}/versions`, { method: 'POST', headers: { 'x-editor': 'ana', origin: ORIGIN, 'content-type': 'application/json' }, body: '{' }, 400],
      [`/api/cms/pages/${id}/versions`, {}, 401],
      [`/api/cms/pages/${id}/versions`, { method: 'POST', headers: { 'x-editor': 'ana', origin: 'https://evil.test' }, body: '{}' }, 403],
      ['/api/cms/pages/999999', { headers: { 'x-editor': 'ana' } }, 404],
      ['/api/cms/pages/abc', { headers: { 'x-editor': 'ana' } }, 404],
      [`/api/cms/pages/${id}`, { method: 'PUT', headers: { 'x-editor': 'ana', origin: ORIGIN } }, 405],
      ['/api/cms/save', { method: 'GET', headers: { 'x-editor': 'ana' } }, 405],
    ];
    for (const [path, init, status] of cases) {
      const res = await raw(api, path, init);
      expect(res?.status, path).toBe(status);
      expect(await res!.json()).toMatchObject({ error: expect.any(String) });
    }
    expect(await raw(api, '/api/cms/elsewhere')).toBeUndefined();
    expect((await raw(composeRoutes(statusRoute<Env>()), '/api/cms/status', { method: 'POST' }))?.status).toBe(405);
    const auth = authRoute<Env>({ limiter: () => null });
    expect((await raw(auth, '/api/cms/auth/login'))?.status).toBe(405);
    expect((await raw(auth, '/api/cms/auth/me'))?.status).toBe(401);
    expect((await raw(auth, '/api/cms/auth/login', { method: 'POST', headers: { origin: 'https://evil.test' }, body: '{}' }))?.status).toBe(403);
  });

  it('a site route that throws is answered with a bare 500, never its message', async () => {
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      const throwing: EditorRoute<Env> = async () => {
        throw new Error('secret=hunter2');
      };
      const res = await raw(composeRoutes(throwing), '/api/cms/x');
      expect(res?.status).toBe(500);
      const text = await res!.text();
      expect(text).not.toContain('hunter2');
      expect(JSON.parse(text)).toMatchObject({ error: 'internal' });
      expect(errors).toHaveLength(1);
    } finally {
      console.error = original;
    }
  });
});
