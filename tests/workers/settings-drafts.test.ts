import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { fieldRev } from '../../src/content/field-rev.ts';
import { readSiteSettings } from '../../src/settings/apply-settings-patch.ts';
import { settingsRoute } from '../../src/settings/settings-route.ts';
import { call, headerEditor } from './content-helpers.ts';

// Settings are drafts, like a page: a save stores a version, visitors keep the
// published settings (the live row) until an editor with the publish right
// publishes; required settings refuse an empty value with 422 by field.

const PATH = '/api/cms/settings';
const config = {
  customKeys: { menu: 'links', about: 'longtext' },
  defaults: { siteName: 'Louise', tagline: 'Edit in place', custom: { menu: [{ label: 'Home', href: '/' }] } },
  required: ['menu'],
} as const;
const route = settingsRoute<Env>({ resolveEditor: headerEditor, ...config, inlinePath: '/api/cms/save' });

const patch = (body: unknown, extra: Parameters<typeof call>[2] = {}) => call(route, PATH, { method: 'PATCH', body, ...extra });
const post = (action: string, body: unknown, extra: Parameters<typeof call>[2] = {}) => call(route, `${PATH}/${action}`, { method: 'POST', body, ...extra });
const read = async () => (await (await call(route, PATH)).json()) as Read;
/** Every stored settings row, live and versions, to prove a refusal wrote nothing. */
const everything = async () => [
  ...(await env.DB.prepare('SELECT * FROM site_settings').all()).results,
  ...(await env.DB.prepare('SELECT * FROM site_settings_versions ORDER BY id').all()).results,
];
/** What visitors see: the published settings, as `loadSettings` gives them to a visitor's page. */
const visitors = async () => (await readSiteSettings(env.DB, config)).published;

interface Read {
  settings: { siteName: string; tagline: string; custom: Record<string, unknown> };
  revs: Record<string, string>;
  published: { siteName: string; tagline: string; custom: Record<string, unknown> };
  draft: { versionId: number; changed: string[] } | null;
}

beforeEach(async () => {
  await env.DB.batch([env.DB.prepare('DELETE FROM site_settings_versions'), env.DB.prepare('DELETE FROM site_settings')]);
});

describe('settings drafts', () => {
  it('a save is a draft: editors read it, visitors keep the published settings until Publish', async () => {
    const saved = await patch({ siteName: 'New name', tagline: 'New tagline' }, { publish: false });
    expect(saved.status).toBe(200);
    const answer = (await saved.json()) as Read;
    expect(answer.settings.siteName).toBe('New name');
    expect(answer.draft).toEqual({ versionId: expect.any(Number), changed: ['siteName', 'tagline'] });
    expect((await visitors()).siteName).toBe('Louise');
    const before = await read();
    expect(before.settings.siteName).toBe('New name');
    expect(before.published.siteName).toBe('Louise');

    const published = await post('publish', { versionId: answer.draft?.versionId });
    expect(published.status).toBe(200);
    expect(((await published.json()) as Read).draft).toBeNull();
    expect(await visitors()).toMatchObject({ siteName: 'New name', tagline: 'New tagline' });
    expect((await read()).draft).toBeNull();
    // Nothing left to publish.
    const again = await post('publish', {});
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: 'no_draft' });
  });

  it('a writer may not publish: 403 and nothing written', async () => {
    const draft = ((await (await patch({ siteName: 'Writer name' }, { publish: false })).json()) as Read).draft;
    const before = await everything();
    const res = await post('publish', { versionId: draft?.versionId }, { publish: false });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: 'forbidden' });
    expect(await everything()).toEqual(before);
    expect((await visitors()).siteName).toBe('Louise');
  });

  it('an empty required setting is refused with 422 naming it; nothing is written', async () => {
    for (const body of [
      { siteName: '' },
      { siteName: '   ' },
      { siteName: '\u0000' },
      { menu: [] },
      { menu: null },
      { siteName: '', menu: [], tagline: 'ok' },
    ]) {
      const res = await patch(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      const answer = (await res.json()) as { error: string; violations: { field: string; message: string }[] };
      expect(answer.error).toBe('validation');
      for (const field of Object.keys(body).filter((key) => key !== 'tagline'))
        expect(answer.violations).toContainEqual({ field, message: expect.stringMatching(/is required/) });
    }
    expect(await everything()).toEqual([]);
    // A setting not required may be emptied.
    expect((await patch({ tagline: '' })).status).toBe(200);
  });

  it('publishing a draft that leaves a required setting empty is refused with 422; visitors keep the brand', async () => {
    await patch({ tagline: 'Draft tagline' });
    // A draft stored before the setting was required (or by a script): the publish checks it again.
    await env.DB.prepare("UPDATE site_settings_versions SET site_name = ''").run();
    const before = await everything();
    const res = await post('publish', {});
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ error: 'validation', violations: [{ field: 'siteName' }] });
    expect(await everything()).toEqual(before);
    expect((await visitors()).siteName).toBe('Louise');
  });

  it('a stale $base is 409 with the current draft value; nothing written', async () => {
    const loaded = await read();
    expect((await patch({ tagline: 'Theirs', $base: { tagline: loaded.revs.tagline } })).status).toBe(200);
    const before = await everything();
    const res = await patch({ tagline: 'Mine', $base: { tagline: loaded.revs.tagline } });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: 'conflict', conflicts: [{ field: 'tagline', value: 'Theirs', rev: fieldRev('Theirs') }] });
    expect(await everything()).toEqual(before);
  });

  it('Discard drops the draft; History lists the versions; Restore makes a draft and never goes live', async () => {
    const first = ((await (await patch({ siteName: 'First' })).json()) as Read).draft;
    await post('publish', { versionId: first?.versionId });
    const second = ((await (await patch({ siteName: 'Second' }, { publish: false })).json()) as Read).draft;
    expect(second?.changed).toEqual(['siteName']);
    // A writer may discard their draft.
    expect((await post('discard', { versionId: second?.versionId }, { publish: false })).status).toBe(204);
    expect((await read()).settings.siteName).toBe('First');
    expect((await read()).draft).toBeNull();

    const history = (await (await call(route, `${PATH}/versions`)).json()) as { items: { id: number; status: string; data: { siteName: string } }[] };
    expect(history.items.map((item) => [item.data.siteName, item.status])).toEqual([
      ['Second', 'discarded'],
      ['First', 'published'],
    ]);
    const restored = await post('restore', { versionId: second?.versionId }, { publish: false });
    expect(restored.status).toBe(200);
    expect(((await restored.json()) as Read).draft?.changed).toEqual(['siteName']);
    expect((await read()).settings.siteName).toBe('Second');
    expect((await visitors()).siteName).toBe('First');
    expect((await post('restore', { versionId: 999_999 })).status).toBe(404);
  });

  it('a setting edited in place (the inline save of settings:site:<column>) is a draft too; other markers go on to the save route', async () => {
    const res = await call(route, '/api/cms/save', { method: 'POST', body: { field: 'settings:site:siteName', value: 'In place' }, publish: false });
    expect(res.status).toBe(204);
    expect((await read()).settings.siteName).toBe('In place');
    expect((await visitors()).siteName).toBe('Louise');
    const empty = await call(route, '/api/cms/save', { method: 'POST', body: { field: 'settings:site:siteName', value: '' } });
    expect(empty.status).toBe(422);
    const other = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"field":"pages:1:title","value":"x"}' };
    expect(await route(new Request('https://site.test/api/cms/save', other), env, { waitUntil() {} })).toBeUndefined();
  });
});
