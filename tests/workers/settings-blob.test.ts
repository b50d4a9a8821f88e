import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { fieldRev } from '../../src/content/field-rev.ts';
import { LouiseValidationError } from '../../src/content/validation-error.ts';
import { blobSettingsRoute } from '../../src/settings/blob-settings-route.ts';
import { settingImage, settingJson, settingLinks, settingText } from '../../src/settings/setting-values.ts';
import { call, headerEditor } from './content-helpers.ts';

const PATH = '/api/cms/config';
const route = blobSettingsRoute<Env>({
  resolveEditor: headerEditor,
  path: PATH,
  allow: {
    title: settingText({ max: 50 }),
    menu: settingLinks(),
    logo: settingImage('/media/'),
    theme: settingJson(),
    year: (value) => {
      if (typeof value !== 'number' || !Number.isInteger(value)) throw new LouiseValidationError([{ field: '', message: 'must be a whole year, e.g. 2024' }]);
      return value;
    },
  },
  read: (blob) => ({ title: 'Untitled', ...blob }),
});
const KEYS = ['title', 'menu', 'logo', 'theme', 'year'];

const patch = (body: unknown, extra: Parameters<typeof call>[2] = {}) => call(route, PATH, { method: 'PATCH', body, ...extra });
const rows = async () => (await env.DB.prepare('SELECT * FROM site_config').all<Record<string, unknown>>()).results;
const data = async () => {
  const [row] = await rows();
  return row ? (JSON.parse(row.data as string) as Record<string, unknown>) : null;
};

interface Answer {
  settings: Record<string, unknown>;
  revs: Record<string, string>;
  ignored: string[];
  changed: string[];
}

beforeEach(async () => {
  await env.DB.prepare('DELETE FROM site_config').run();
});

describe('blobSettingsRoute', () => {
  it('GET answers the blob through read, with a revision per allowed key', async () => {
    const res = await call(route, PATH, { publish: false });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ settings: { title: 'Untitled' }, revs: Object.fromEntries(KEYS.map((k) => [k, fieldRev(null)])) });
    await env.DB.prepare(`INSERT INTO site_config (id, data) VALUES (1, '{"title":"T","extra":1}')`).run();
    expect(((await (await call(route, PATH)).json()) as Answer).settings).toEqual({ title: 'T', extra: 1 });
  });

  it('merges only allowed keys through their sanitizers and answers settings, revs, ignored and changed', async () => {
    const body = `{"title":"Hello\\u0000","menu":[{"label":"Home","href":"/"}],"nope":1,"__proto__":{"polluted":true},"constructor":"x"}`;
    const res = await patch(body);
    expect(res.status).toBe(200);
    const answer = (await res.json()) as Answer;
    expect(answer).toEqual({
      settings: { title: 'Hello', menu: [{ label: 'Home', href: '/' }] },
      revs: { ...Object.fromEntries(KEYS.map((k) => [k, fieldRev(null)])), title: fieldRev('Hello'), menu: fieldRev([{ label: 'Home', href: '/' }]) },
      ignored: ['nope', '__proto__', 'constructor'],
      changed: ['title', 'menu'],
    });
    expect(await data()).toEqual({ title: 'Hello', menu: [{ label: 'Home', href: '/' }] });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();

    const second = await call(route, PATH, { method: 'POST', body: { year: 2024, title: 'Hello' } });
    expect(((await second.json()) as Answer).changed).toEqual(['year']);
    expect(await data()).toEqual({ title: 'Hello', menu: [{ label: 'Home', href: '/' }], year: 2024 });
  });

  it('writes nothing when nothing changes', async () => {
    await patch({ title: 'Same' });
    const before = await rows();
    const res = await patch({ title: 'Same', nope: 2 });
    expect(((await res.json()) as Answer).changed).toEqual([]);
    expect(await rows()).toEqual(before);
  });

  it('422 when a sanitizer refuses, every violation under its key; nothing written', async () => {
    await patch({ title: 'Keep' });
    const before = await rows();
    const res = await patch({
      title: 'New',
      menu: [{ label: 'x', href: ' JaVa\tScript:alert(1)' }],
      logo: { src: '/elsewhere/a.png', alt: '', width: null, height: null },
      year: 'soon',
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      error: 'validation',
      message: 'Some fields are not valid.',
      violations: [
        { field: 'menu.0.href', message: expect.stringMatching(/must be a path .* or an http, https, mailto or tel URL/) },
        { field: 'logo.src', message: expect.stringMatching(/media library/) },
        { field: 'year', message: 'must be a whole year, e.g. 2024' },
      ],
    });
    expect(await rows()).toEqual(before);
  });

  it('409 on a stale $base with the current value and revision; nothing written; a fresh base is accepted', async () => {
    const loaded = (await (await call(route, PATH)).json()) as Answer;
    const mine = (await (await patch({ theme: { dark: true }, $base: { theme: loaded.revs.theme } })).json()) as Answer;
    const before = await rows();
    const stale = await patch({ theme: { dark: false }, title: 'x', $base: { theme: loaded.revs.theme } });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toEqual({
      error: 'conflict',
      message: expect.any(String),
      conflicts: [{ field: 'theme', value: { dark: true }, rev: fieldRev({ dark: true }) }],
    });
    expect(await rows()).toEqual(before);
    expect((await patch({ theme: { dark: false }, $base: { theme: mine.revs.theme } })).status).toBe(200);
    expect((await data())?.theme).toEqual({ dark: false });
    expect((await patch({ theme: 1, $base: 'x' })).status).toBe(400);
  });

  it('concurrent patches of different keys are both kept', async () => {
    const results = await Promise.all([patch({ title: 'A' }), patch({ year: 2000 })]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(await data()).toEqual({ title: 'A', year: 2000 });
  });

  it('writers may read but not write; no session 401; cross-origin 403; other methods 405', async () => {
    expect((await patch({ title: 'x' }, { publish: false })).status).toBe(403);
    expect((await patch({ title: 'x' }, { editor: null })).status).toBe(401);
    expect((await call(route, PATH, { editor: null })).status).toBe(401);
    expect((await patch({ title: 'x' }, { origin: 'https://evil.test' })).status).toBe(403);
    const del = await call(route, PATH, { method: 'DELETE' });
    expect(del.status).toBe(405);
    expect(del.headers.get('allow')).toBe('GET, HEAD, PATCH, POST');
    expect(await rows()).toEqual([]);
    for (const body of ['[]', '"x"', `${'['.repeat(80)}${']'.repeat(80)}`]) expect((await patch(body)).status).toBeGreaterThanOrEqual(400);
    expect(await rows()).toEqual([]);
  });

  it('refuses unusable options when made', () => {
    const resolveEditor = headerEditor;
    expect(() => blobSettingsRoute({ resolveEditor, allow: {} })).toThrow(/allow must be a non-empty object/);
    expect(() => blobSettingsRoute({ resolveEditor, allow: { title: 'x' as never } })).toThrow(/allow.title: must be a sanitizer/);
    expect(() => blobSettingsRoute({ resolveEditor, allow: { constructor: settingJson() } })).toThrow(/allow.constructor: not a usable key/);
    expect(() => blobSettingsRoute({ resolveEditor, allow: { a: settingJson() }, path: 'settings' })).toThrow(/path must start with a single \//);
  });
});
