import { env } from 'cloudflare:test';
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { fieldRev } from '../../src/content/field-rev.ts';
import { settingsRoute } from '../../src/settings/settings-route.ts';
import { MAX_JSON_BODY } from '../../src/http/parse-body.ts';
import { call, headerEditor } from './content-helpers.ts';

const PATH = '/api/cms/settings';
const CUSTOM = { menu: 'links', social: 'links', about: 'longtext', heroTitle: 'text', theme: 'json', logo: 'image' } as const;
const route = settingsRoute<Env>({
  resolveEditor: headerEditor,
  customKeys: CUSTOM,
  mediaBase: '/media/',
  defaults: { siteName: 'Louise', tagline: 'Edit in place', custom: { menu: [{ label: 'Home', href: '/' }] } },
});
const LOGO = { src: '/media/abc.png', alt: 'Logo', width: 40, height: 20 };

const patch = (body: unknown, extra: Parameters<typeof call>[2] = {}) => call(route, PATH, { method: 'PATCH', body, ...extra });
const get = (extra: Parameters<typeof call>[2] = {}) => call(route, PATH, extra);
/** Every stored settings row, live and versions: `[]` means nothing was ever written. */
const row = async () => [
  ...(await env.DB.prepare('SELECT * FROM site_settings').all<Record<string, unknown>>()).results,
  ...(await env.DB.prepare('SELECT * FROM site_settings_versions ORDER BY id').all<Record<string, unknown>>()).results,
];
/**
 * The settings as saved (settings are drafts): the live row with the newest
 * pending version's fields over it, as editors work on them; null before
 * anything was written. Visitors read the live row alone (`live`).
 */
const stored = async (): Promise<(Record<string, unknown> & { custom: Record<string, unknown> }) | null> => {
  const lives = (await env.DB.prepare('SELECT * FROM site_settings').all<Record<string, unknown>>()).results;
  expect(lives.length).toBeLessThanOrEqual(1);
  const [only] = lives;
  if (!only) return null;
  const draft = await env.DB.prepare(
    'SELECT site_name, tagline, footer_text, custom FROM site_settings_versions WHERE discarded_at IS NULL AND id > COALESCE(?1, 0) ORDER BY id DESC LIMIT 1',
  )
    .bind(only.published_version_id ?? null)
    .first<Record<string, unknown>>();
  const work = { ...only, ...(draft ?? {}) };
  return { ...work, custom: JSON.parse(work.custom as string) as Record<string, unknown> };
};
/** The live row's site name: what visitors see. */
const liveName = async () => (await env.DB.prepare('SELECT site_name AS name FROM site_settings').first<{ name: string }>())?.name ?? null;
/** A JSON body as text, so keys such as `__proto__` are sent as they are. */
const raw = (entries: readonly (readonly [string, unknown])[]) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',')}}`;

interface Answer {
  settings: { siteName: string; tagline: string; footerText: string; custom: Record<string, unknown> };
  revs: Record<string, string>;
  ignored?: string[];
  fields?: { key: string; kind: string; label: string }[];
}

beforeEach(async () => {
  await env.DB.batch([env.DB.prepare('DELETE FROM site_settings_versions'), env.DB.prepare('DELETE FROM site_settings')]);
});

describe('settingsRoute GET', () => {
  it('answers the defaults, a revision per key and the fields in declared order before the row exists, creating nothing', async () => {
    const res = await get({ publish: false });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as Answer;
    expect(body.settings).toEqual({ siteName: 'Louise', tagline: 'Edit in place', footerText: '', custom: { menu: [{ label: 'Home', href: '/' }] } });
    expect(body.revs).toEqual({
      siteName: fieldRev('Louise'),
      tagline: fieldRev('Edit in place'),
      footerText: fieldRev(''),
      menu: fieldRev([{ label: 'Home', href: '/' }]),
      social: fieldRev(null),
      about: fieldRev(null),
      heroTitle: fieldRev(null),
      theme: fieldRev(null),
      logo: fieldRev(null),
    });
    expect(body.fields).toEqual([
      { key: 'siteName', kind: 'text', label: 'Site name', required: true },
      { key: 'tagline', kind: 'text', label: 'Tagline' },
      { key: 'footerText', kind: 'longtext', label: 'Footer text' },
      { key: 'menu', kind: 'links', label: 'Menu' },
      { key: 'social', kind: 'links', label: 'Social' },
      { key: 'about', kind: 'longtext', label: 'About' },
      { key: 'heroTitle', kind: 'text', label: 'Hero title' },
      { key: 'theme', kind: 'json', label: 'Theme' },
      { key: 'logo', kind: 'image', label: 'Logo' },
    ]);
    expect(await row()).toEqual([]);
  });

  it('reads the stored row, showing only declared custom keys (one it never held at its default)', async () => {
    await env.DB.prepare(
      `INSERT INTO site_settings (id, site_name, tagline, footer_text, custom) VALUES (1, 'S', 'T', 'F', '{"theme":{"dark":true},"old":1}')`,
    ).run();
    const body = (await (await get()).json()) as Answer;
    expect(body.settings).toEqual({ siteName: 'S', tagline: 'T', footerText: 'F', custom: { theme: { dark: true }, menu: [{ label: 'Home', href: '/' }] } });
    expect(body.revs.theme).toBe(fieldRev({ dark: true }));
  });

  it('leaves other paths alone and answers 405 with allow for other methods', async () => {
    expect(await route(new Request('https://site.test/api/cms/settings/x'), env, { waitUntil() {} })).toBeUndefined();
    const res = await call(route, PATH, { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD, PATCH, POST');
  });
});

describe('settingsRoute: a custom key the row has never held', () => {
  it('shows its default (a key declared after the row was seeded), and its revision is of that default', async () => {
    await env.DB.prepare('INSERT INTO site_settings (id, site_name, custom) VALUES (1, \'Old site\', \'{"about":"Kept"}\')').run();
    const answer = (await (await get()).json()) as Answer;
    expect(answer.settings.custom).toEqual({ about: 'Kept', menu: [{ label: 'Home', href: '/' }] });
    expect(answer.revs.menu).toBe(fieldRev([{ label: 'Home', href: '/' }]));
    // Saving on that revision is not a conflict; another key's save keeps the default in place.
    expect((await patch({ about: 'Changed', $base: { about: answer.revs.about } })).status).toBe(200);
    expect((await stored())?.custom).toEqual({ about: 'Changed', menu: [{ label: 'Home', href: '/' }] });
    const res = await patch({ menu: [], $base: { menu: answer.revs.menu } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Answer).settings.custom.menu).toEqual([]);
  });
});

describe('settingsRoute PATCH', () => {
  it('creates the row from the defaults plus the patch, and answers settings, revs and ignored', async () => {
    const res = await patch({ tagline: 'New\u0000 tag', about: 'Line 1\nLine 2', logo: LOGO });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Answer;
    expect(body.settings).toEqual({
      siteName: 'Louise',
      tagline: 'New tag',
      footerText: '',
      custom: { menu: [{ label: 'Home', href: '/' }], about: 'Line 1\nLine 2', logo: LOGO },
    });
    expect(body.revs.tagline).toBe(fieldRev('New tag'));
    expect(body.ignored).toEqual([]);
    expect(await stored()).toMatchObject({
      id: 1,
      site_name: 'Louise',
      tagline: 'New tag',
      custom: { menu: [{ label: 'Home', href: '/' }], about: 'Line 1\nLine 2', logo: LOGO },
    });
    expect((await get()).status).toBe(200);
    expect(((await (await get()).json()) as Answer).settings).toEqual(body.settings);
  });

  it('POST does the same as PATCH; null removes a custom key, but is "no image" for an image', async () => {
    await patch({ theme: { dark: true }, logo: LOGO });
    const res = await call(route, PATH, { method: 'POST', body: { theme: null, logo: null } });
    expect(res.status).toBe(200);
    expect((await stored())?.custom).toEqual({ menu: [{ label: 'Home', href: '/' }], logo: null });
  });

  it('lists and never writes keys outside the allowlist (id, updatedAt, custom, __proto__, constructor, unknown)', async () => {
    const body = raw([
      ['siteName', 'Mine'],
      ['id', 7],
      ['updatedAt', 0],
      ['custom', { evil: 1 }],
      ['__proto__', { polluted: true }],
      ['constructor', 'x'],
      ['site_name', 'raw column'],
      ['nope', 1],
    ]);
    const res = await patch(body);
    expect(res.status).toBe(200);
    expect(((await res.json()) as Answer).ignored).toEqual(['id', 'updatedAt', 'custom', '__proto__', 'constructor', 'site_name', 'nope']);
    const after = await stored();
    expect(after).toMatchObject({ id: 1, site_name: 'Mine', tagline: 'Edit in place', custom: { menu: [{ label: 'Home', href: '/' }] } });
    expect(after?.updated_at).not.toBe(0);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('property: a key listed in neither columns nor customKeys never reaches a column or custom', async () => {
    const listed = ['siteName', 'tagline', 'footerText', ...Object.keys(CUSTOM)];
    const valid: Record<string, unknown> = {
      siteName: 'S',
      tagline: 'T',
      footerText: 'F',
      menu: [],
      social: [{ label: 'x', href: '/x' }],
      about: 'A',
      heroTitle: 'H',
      theme: { a: 1 },
      logo: null,
    };
    const key = fc.oneof(
      fc.string({ maxLength: 10 }),
      fc.constantFrom(
        ...listed,
        '__proto__',
        'constructor',
        'prototype',
        'toString',
        'id',
        'updatedAt',
        'updated_at',
        'custom',
        'site_name',
        'footer_text',
        'SiteName',
        'menu ',
      ),
    );
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(fc.tuple(key, fc.jsonValue({ maxDepth: 2 })), { selector: ([k]) => k, maxLength: 10 }), async (entries) => {
        await env.DB.batch([env.DB.prepare('DELETE FROM site_settings_versions'), env.DB.prepare('DELETE FROM site_settings')]);
        const sent = entries.filter(([k]) => k !== '$base').map(([k, v]) => [k, listed.includes(k) ? valid[k] : v] as const);
        const res = await patch(raw(sent));
        expect(res.status).toBe(200);
        const unlisted = sent.map(([k]) => k).filter((k) => !listed.includes(k));
        // As a set: a parsed object lists integer-like keys ("0") first, whatever the order sent.
        expect(((await res.json()) as Answer).ignored?.sort()).toEqual(unlisted.sort());
        const after = await stored();
        if (!after) {
          // Nothing stored: nothing sent would change anything (no image is what a new site already has).
          expect(sent.filter(([k]) => listed.includes(k) && k !== 'logo')).toEqual([]);
          return;
        }
        expect(Object.keys(after).sort()).toEqual(['custom', 'footer_text', 'id', 'published_version_id', 'site_name', 'tagline', 'updated_at']);
        expect(after.id).toBe(1);
        for (const k of Object.keys(after.custom)) expect(Object.keys(CUSTOM)).toContain(k);
        for (const [column, prop] of [
          ['site_name', 'siteName'],
          ['tagline', 'tagline'],
          ['footer_text', 'footerText'],
        ] as const) {
          const sentValue = sent.find(([k]) => k === prop);
          expect(after[column]).toBe(sentValue ? valid[prop] : { siteName: 'Louise', tagline: 'Edit in place', footerText: '' }[prop]);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('image settings: 422 per field for a src outside the media base or a non-image, accepted under it', async () => {
    for (const [logo, field] of [
      [{ ...LOGO, src: '/uploads/a.png' }, 'logo.src'],
      [{ ...LOGO, src: 'https://evil.example/media/a.png' }, 'logo.src'],
      ['/media/abc.png', 'logo'],
      [{ ...LOGO, onerror: 'alert(1)' }, 'logo.onerror'],
    ] as const) {
      const res = await patch({ logo, tagline: 'not written' });
      expect(res.status, JSON.stringify(logo)).toBe(422);
      expect(await res.json()).toEqual({ error: 'validation', message: 'Some fields are not valid.', violations: [{ field, message: expect.any(String) }] });
    }
    const outside = (await (await patch({ logo: { ...LOGO, src: '/uploads/a.png' } })).json()) as { violations: { message: string }[] };
    expect(outside.violations[0]?.message).toMatch(/media library.*\/media\//);
    expect(await row()).toEqual([]);
    expect((await patch({ logo: LOGO })).status).toBe(200);
    expect((await stored())?.custom.logo).toEqual(LOGO);
  });

  it('refuses a javascript: link however spelled, and any script URL in a json value; nothing is written', async () => {
    await patch({ heroTitle: 'Hello' });
    const before = await row();
    for (const href of [
      'javascript:alert(1)',
      ' JaVa\tScript:alert(1)',
      'java\u0000script:alert(1)',
      'java\nscript:alert(1)',
      '&#x6A;avascript:alert(1)',
      'vbscript:x',
      'data:text/html,x',
    ]) {
      const res = await patch({
        menu: [
          { label: 'ok', href: '/ok' },
          { label: 'Evil', href },
        ],
        siteName: 'not written',
      });
      expect(res.status, JSON.stringify(href)).toBe(422);
      expect(((await res.json()) as { violations: unknown[] }).violations).toEqual([{ field: 'menu.1.href', message: expect.any(String) }]);
    }
    for (const body of [{ theme: { nested: ['ok', { url: ' VBScript:x' }] } }, { theme: ['javascript:alert(1)'] }]) {
      const res = await patch(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    expect(await row()).toEqual(before);
  });

  it('stores text that merely begins like a scheme as text: no template puts a text setting in an href', async () => {
    const res = await patch({ tagline: 'Data: we keep none', about: 'JavaScript: the good parts', social: [{ label: 'data: ours', href: '/data' }] });
    expect(res.status).toBe(200);
    const { settings } = (await res.json()) as { settings: { tagline: string; custom: Record<string, unknown> } };
    expect(settings.tagline).toBe('Data: we keep none');
    expect(settings.custom.about).toBe('JavaScript: the good parts');
  });

  it('reports every violation at once, with messages that say what to do', async () => {
    const res = await patch({ siteName: 5, tagline: 'x'.repeat(501), menu: 'Home' });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { violations: unknown[] }).violations).toEqual([
      { field: 'siteName', message: 'must be text' },
      { field: 'tagline', message: 'is 501 characters long; shorten it to at most 500' },
      { field: 'menu', message: 'must be a list of links, each { label, href }' },
    ]);
  });
});

describe('settingsRoute revisions', () => {
  it('409 on a stale $base with the current value and revision; nothing written; a fresh base is accepted', async () => {
    const loaded = (await (await get()).json()) as Answer;
    const first = await patch({ tagline: 'Mine', $base: { tagline: loaded.revs.tagline } });
    expect(first.status).toBe(200);
    const afterFirst = (await first.json()) as Answer;
    const before = await row();
    const stale = await patch({ tagline: 'Theirs', heroTitle: 'x', $base: { tagline: loaded.revs.tagline } });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toEqual({
      error: 'conflict',
      message: expect.any(String),
      conflicts: [{ field: 'tagline', value: 'Mine', rev: fieldRev('Mine') }],
    });
    expect(await row()).toEqual(before);
    const fresh = await patch({ tagline: 'Theirs', $base: { tagline: afterFirst.revs.tagline } });
    expect(fresh.status).toBe(200);
    expect((await stored())?.tagline).toBe('Theirs');
  });

  it('checks custom keys too (absent hashes as null); keys without a base are written unconditionally', async () => {
    const stale = await patch({ theme: { a: 1 }, $base: { theme: fieldRev({ a: 0 }) } });
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { conflicts: unknown[] }).conflicts).toEqual([{ field: 'theme', value: null, rev: fieldRev(null) }]);
    expect((await patch({ theme: { a: 1 }, $base: { theme: fieldRev(null) } })).status).toBe(200);
    expect((await patch({ theme: { a: 2 }, $base: { tagline: 'whatever' } })).status).toBe(200);
    expect((await stored())?.custom.theme).toEqual({ a: 2 });
  });

  it('$base must be an object of revision strings (400)', async () => {
    for (const $base of ['rev', [fieldRev('x')], { tagline: 5 }, { tagline: 'x'.repeat(65) }, null]) {
      const res = await patch({ tagline: 'x', $base });
      expect(res.status, JSON.stringify($base)).toBe(400);
      expect(await res.json()).toMatchObject({
        error: 'invalid_body',
        message: expect.stringMatching(/\$base must be an object of setting key to the revision/),
      });
    }
    expect(await row()).toEqual([]);
  });

  it('concurrent patches are merged, never lost: each 200 stays written, a lost race answers 409', async () => {
    const local = settingsRoute<Env>({ resolveEditor: headerEditor, customKeys: ['a', 'b', 'c', 'd', 'e', 'f'] });
    const send = (body: unknown) => call(local, PATH, { method: 'PATCH', body });
    const two = await Promise.all([send({ a: 1 }), send({ b: 2 })]);
    expect(two.map((r) => r.status)).toEqual([200, 200]);
    expect((await stored())?.custom).toEqual({ a: 1, b: 2 });
    const keys = ['a', 'b', 'c', 'd', 'e', 'f'];
    const many = await Promise.all(keys.map((k, i) => send({ [k]: 10 + i })));
    const custom = (await stored())?.custom ?? {};
    for (const [i, res] of many.entries()) {
      if (res.status === 200) expect(custom[keys[i] as string]).toBe(10 + i);
      else {
        expect(res.status).toBe(409);
        expect(await res.json()).toMatchObject({ error: 'conflict', conflicts: [{ field: keys[i] }] });
      }
    }
    expect(many.some((r) => r.status === 200)).toBe(true);
  });
});

describe('settingsRoute access and hostile bodies', () => {
  it('writers save a draft but never what visitors see; no session 401; cross-origin 403, nothing written', async () => {
    expect((await get({ publish: false })).status).toBe(200);
    expect((await get({ editor: null })).status).toBe(401);
    expect((await patch({ siteName: 'x' }, { editor: null })).status).toBe(401);
    const cross = await patch({ siteName: 'x' }, { origin: 'https://evil.test' });
    expect(cross.status).toBe(403);
    expect(await cross.json()).toMatchObject({ error: 'forbidden' });
    expect(await row()).toEqual([]);
    // Settings are drafts: a writer's save is stored as one, and the live row keeps what visitors saw (the defaults).
    const writer = await patch({ siteName: 'x' }, { publish: false });
    expect(writer.status).toBe(200);
    expect((await stored())?.site_name).toBe('x');
    expect(await liveName()).toBe('Louise');
  });

  it('deep or huge bodies 413; arrays, strings, bad JSON and no body 400; nothing written', async () => {
    const deep = `${'{"theme":'.repeat(100)}1${'}'.repeat(100)}`;
    expect((await patch(deep)).status).toBe(413);
    expect((await patch(JSON.stringify({ about: 'x'.repeat(MAX_JSON_BODY) }))).status).toBe(413);
    const wide = JSON.stringify({ theme: Array.from({ length: 100_001 }, () => 0) });
    expect((await patch(wide)).status).toBe(413);
    for (const body of ['[1,2]', '"siteName"', '5', 'null', '{"siteName":', '']) {
      const res = await call(route, PATH, { method: 'PATCH', body });
      expect(res.status, body).toBe(400);
    }
    expect(await row()).toEqual([]);
  });
});
