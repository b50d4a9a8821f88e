import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { seedRoute } from '../../src/settings/seed-route.ts';
import { seedSettingsSql, seedSiteSettings } from '../../src/settings/seed.ts';
import { settingsRoute } from '../../src/settings/settings-route.ts';
import { call, headerEditor } from './content-helpers.ts';

const DEFAULTS = { siteName: 'Louise', tagline: 'Edit in place', custom: { menu: [{ label: 'Home', href: '/' }] } };
const seed = seedRoute<Env>({ resolveEditor: headerEditor, defaults: DEFAULTS });
const settings = settingsRoute<Env>({ resolveEditor: headerEditor, customKeys: { menu: 'links' } });
const rows = async () => (await env.DB.prepare('SELECT * FROM site_settings').all<Record<string, unknown>>()).results;

beforeEach(async () => {
  await env.DB.prepare('DELETE FROM site_settings').run();
});

describe('seedRoute', () => {
  it('creates the singleton once (201), then says it changed nothing (200), even after an edit', async () => {
    const first = await call(seed, '/api/cms/seed', { method: 'POST' });
    expect(first.status).toBe(201);
    const expected = { siteName: 'Louise', tagline: 'Edit in place', footerText: '', custom: { menu: [{ label: 'Home', href: '/' }] } };
    expect(await first.json()).toEqual({ seeded: true, settings: expected });
    const [row] = await rows();
    expect(row).toMatchObject({ id: 1, site_name: 'Louise', tagline: 'Edit in place', footer_text: '', custom: '{"menu":[{"label":"Home","href":"/"}]}' });
    expect(Number.isInteger(row?.updated_at)).toBe(true);

    const again = await call(seed, '/api/cms/seed', { method: 'POST' });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ seeded: false, settings: expected });

    expect((await call(settings, '/api/cms/settings', { method: 'PATCH', body: { siteName: 'Edited' } })).status).toBe(200);
    // Settings are drafts: the seed answers the published settings once the edit is published.
    expect((await call(settings, '/api/cms/settings/publish', { method: 'POST', body: {} })).status).toBe(200);
    const edited = await rows();
    const third = await call(seed, '/api/cms/seed', { method: 'POST' });
    expect(third.status).toBe(200);
    expect(await third.json()).toMatchObject({ seeded: false, settings: { siteName: 'Edited' } });
    expect(await rows()).toEqual(edited);
  });

  it('needs a same-origin publisher; POST only; creates nothing when refused', async () => {
    expect((await call(seed, '/api/cms/seed', { method: 'POST', publish: false })).status).toBe(403);
    expect((await call(seed, '/api/cms/seed', { method: 'POST', editor: null })).status).toBe(401);
    expect((await call(seed, '/api/cms/seed', { method: 'POST', origin: 'https://evil.test' })).status).toBe(403);
    const getRes = await call(seed, '/api/cms/seed');
    expect(getRes.status).toBe(405);
    expect(getRes.headers.get('allow')).toBe('POST');
    expect(await rows()).toEqual([]);
    expect(await seed(new Request('https://site.test/api/cms/settings', { method: 'POST' }), env, { waitUntil() {} })).toBeUndefined();
  });

  it('checks its defaults when made', () => {
    expect(() => seedRoute({ resolveEditor: headerEditor, defaults: { siteName: 5 as unknown as string } })).toThrow(/defaults.siteName: must be text/);
    expect(() => seedRoute({ resolveEditor: headerEditor, defaults: { custom: { menu: [{ href: ' data:text/html,x' }] } } })).toThrow(
      /defaults.custom.menu.0.href/,
    );
  });
});

describe('seedSiteSettings and seedSettingsSql', () => {
  const tricky = {
    siteName: 'It\'s "quoted"; DROP TABLE site_settings; --',
    tagline: 'Ünïcödé ✓ 日本語 🎉 ',
    footerText: 'Line one\nLine two\r\n\ttabbed \\ backslash\u2028after a separator',
    custom: { note: "a'b\nc;d", emoji: '🎉', nested: { x: [1, 'two', null] } },
  };
  const expectedRow = {
    id: 1,
    site_name: tricky.siteName,
    tagline: tricky.tagline,
    footer_text: tricky.footerText,
    custom: JSON.stringify(tricky.custom),
  };

  it('seedSiteSettings is idempotent: true once, then false and the row unchanged', async () => {
    expect(await seedSiteSettings(env.DB, tricky)).toBe(true);
    const first = await rows();
    expect(first[0]).toMatchObject(expectedRow);
    expect(await seedSiteSettings(env.DB, { siteName: 'Other' })).toBe(false);
    expect(await rows()).toEqual(first);
  });

  it('seedSettingsSql is one line whose quotes, line breaks and unicode round-trip through D1 exactly', async () => {
    const sql = seedSettingsSql(tricky);
    expect(sql).not.toMatch(/[\n\r\u2028]/);
    expect(sql.startsWith('INSERT INTO "site_settings"')).toBe(true);
    expect(sql).toMatch(/ON CONFLICT \("id"\) DO NOTHING;$/);
    const result = await env.DB.prepare(sql).run();
    expect(result.meta.changes).toBe(1);
    const [row] = await rows();
    expect(row).toMatchObject(expectedRow);
    expect(Number.isInteger(row?.updated_at)).toBe(true);
    expect((await env.DB.prepare(sql).run()).meta.changes).toBe(0);
    expect(await rows()).toEqual([row]);
  });

  it('gives the same row as seedSiteSettings', async () => {
    await env.DB.prepare(seedSettingsSql(tricky)).run();
    const [fromSql] = await rows();
    await env.DB.prepare('DELETE FROM site_settings').run();
    await seedSiteSettings(env.DB, tricky);
    const [fromCore] = await rows();
    expect({ ...fromSql, updated_at: 0 }).toEqual({ ...fromCore, updated_at: 0 });
  });
});
