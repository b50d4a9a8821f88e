import { describe, expect, it } from 'vitest';
import { fakeFetch, jsonResponse } from '../../core/fake-fetch.testing.ts';
import { createSettingsApi, emptyValue, jsonText, NOT_ALLOWED, parseJsonText, readSettingsData, settingText, settingValue } from './settings-api.ts';

const json = jsonResponse;

const loaded = {
  settings: { siteName: 'Louise', tagline: 'Edit in place', footerText: '', custom: { menu: [{ label: 'Home', href: '/' }], logo: null } },
  revs: { siteName: 'r1', tagline: 'r2', footerText: 'r3', menu: 'r4', logo: 'r5' },
  fields: [
    { key: 'siteName', kind: 'text', label: 'Site name', required: true },
    { key: 'tagline', kind: 'text', label: 'Tagline' },
    { key: 'footerText', kind: 'longtext', label: 'Footer text' },
    { key: 'menu', kind: 'links', label: 'Menu' },
    { key: 'logo', kind: 'image', label: 'Logo' },
  ],
  published: { siteName: 'Louise', tagline: 'Before', footerText: '', custom: {} },
  draft: { versionId: 4, changed: ['tagline'] },
};

describe('createSettingsApi: load', () => {
  it('GETs <apiBase>/settings with the cookie and reads settings, revs and fields', async () => {
    const { seen, fetch } = fakeFetch(() => json(200, loaded));
    const answer = await createSettingsApi({ apiBase: '/api/cms/', fetch }).load();
    expect(seen[0]!.url).toBe('/api/cms/settings');
    expect(seen[0]!.init.method).toBeUndefined();
    expect(seen[0]!.init.credentials).toBe('same-origin');
    expect(answer).toEqual({ ok: true, value: loaded });
  });

  it('says why loading failed', async () => {
    const replies = [() => json(401, {}), () => json(500, {})];
    const api = createSettingsApi({ apiBase: '/api/cms', fetch: fakeFetch(() => replies.shift()!()).fetch });
    expect(await api.load()).toEqual({ ok: false, message: 'Your session has ended: sign in again in another tab.' });
    expect(await api.load()).toEqual({ ok: false, message: 'The server failed (500).' });
  });
});

describe('readSettingsData', () => {
  it('keeps only usable fields and revisions; an unknown kind edits as JSON and a missing label is the key', () => {
    const data = readSettingsData({
      settings: 'nope',
      revs: { a: 'x', b: 3 },
      draft: { versionId: 'x' },
      fields: [{ key: 'a', kind: 'colour' }, { key: '' }, null, { key: 'a', kind: 'text', label: 'Again' }, { key: 'b', kind: 'links', label: '  ' }],
    });
    expect(data).toEqual({
      settings: {},
      revs: { a: 'x' },
      fields: [
        { key: 'a', kind: 'json', label: 'a' },
        { key: 'b', kind: 'links', label: 'b' },
      ],
      published: {},
      draft: null,
    });
    expect(readSettingsData(null)).toEqual({ settings: {}, revs: {}, fields: [], published: {}, draft: null });
  });
});

describe('settingValue', () => {
  it('reads base columns at the top level and custom keys under custom, with each kind’s empty value when missing', () => {
    const { settings } = loaded;
    expect(settingValue(settings, { key: 'siteName', kind: 'text', label: '' })).toBe('Louise');
    expect(settingValue(settings, { key: 'menu', kind: 'links', label: '' })).toEqual([{ label: 'Home', href: '/' }]);
    expect(settingValue(settings, { key: 'logo', kind: 'image', label: '' })).toBeNull();
    expect(settingValue(settings, { key: 'social', kind: 'links', label: '' })).toEqual([]);
    expect(settingValue(settings, { key: 'note', kind: 'longtext', label: '' })).toBe('');
    expect(settingValue(settings, { key: 'custom', kind: 'json', label: '' })).toBeNull();
    expect(settingValue({}, { key: 'toString', kind: 'text', label: '' })).toBe('');
    expect(emptyValue('json')).toBeNull();
  });
});

describe('createSettingsApi: save', () => {
  it('PATCHes one key with its $base and answers the key’s new revision', async () => {
    const { seen, fetch } = fakeFetch(() => json(200, { settings: {}, revs: { siteName: 'r9', tagline: 'r2' }, ignored: [] }));
    const outcome = await createSettingsApi({ apiBase: '/api/cms', fetch }).save('siteName', 'Louise!', 'r1');
    expect(seen[0]!.url).toBe('/api/cms/settings');
    expect(seen[0]!.init.method).toBe('PATCH');
    expect(JSON.parse(String(seen[0]!.init.body))).toEqual({ siteName: 'Louise!', $base: { siteName: 'r1' } });
    expect(outcome).toEqual({ kind: 'saved', rev: 'r9', draft: null });
  });

  it('sends no $base without a revision', async () => {
    const { seen, fetch } = fakeFetch(() => json(200, {}));
    const outcome = await createSettingsApi({ apiBase: '/api/cms', fetch }).save('menu', [], null);
    expect(JSON.parse(String(seen[0]!.init.body))).toEqual({ menu: [] });
    expect(outcome).toEqual({ kind: 'saved', rev: null, draft: null });
  });

  it('answers a 409 with the key’s stored value and revision', async () => {
    const { fetch } = fakeFetch(() =>
      json(409, {
        error: 'conflict',
        conflicts: [
          { field: 'tagline', value: 'x', rev: 'rt' },
          { field: 'siteName', value: 'Theirs', rev: 'r7' },
        ],
      }),
    );
    expect(await createSettingsApi({ apiBase: '/api/cms', fetch }).save('siteName', 'Mine', 'r1')).toEqual({ kind: 'conflict', value: 'Theirs', rev: 'r7' });
  });

  it('answers a 422 with the violations about the key, as sentences', async () => {
    const { fetch } = fakeFetch(() =>
      json(422, {
        error: 'validation',
        violations: [
          { field: 'menu.0.href', message: 'A link must be a relative or http(s), mailto or tel URL' },
          { field: 'menus', message: 'not me' },
          { field: 'menu', message: 'At most 50 links.' },
        ],
      }),
    );
    expect(await createSettingsApi({ apiBase: '/api/cms', fetch }).save('menu', [], 'r4')).toEqual({
      kind: 'invalid',
      message: 'A link must be a relative or http(s), mailto or tel URL. At most 50 links.',
    });
  });

  it('answers a 403 as forbidden, and other refusals in words', async () => {
    const replies = [
      () => json(403, { error: 'forbidden' }),
      () => json(409, { error: 'something' }),
      () => json(503, {}),
      () => Promise.reject(new TypeError('Failed to fetch')),
    ];
    const api = createSettingsApi({ apiBase: '/api/cms', fetch: fakeFetch(() => replies.shift()!()).fetch });
    expect(await api.save('siteName', 'x', 'r1')).toEqual({ kind: 'forbidden', message: NOT_ALLOWED });
    expect(await api.save('siteName', 'x', 'r1')).toEqual({ kind: 'failed', message: 'The server refused the save (409: something).' });
    expect(await api.save('siteName', 'x', 'r1')).toEqual({ kind: 'failed', message: 'The server failed (503).' });
    expect(await api.save('siteName', 'x', 'r1')).toEqual({ kind: 'failed', message: 'The server could not be reached.' });
  });
});

describe('settingText', () => {
  it('words each kind for a conflict', () => {
    expect(settingText('text', 'Louise')).toBe('Louise');
    expect(settingText('longtext', '')).toBe('(empty)');
    expect(settingText('links', [{ label: 'Home', href: '/' }])).toBe('Home (/)');
    expect(settingText('image', { src: '/media/a.png', alt: 'Logo', width: 1, height: 1 })).toBe('/media/a.png (alt text: Logo)');
    expect(settingText('image', null)).toBe('no image');
    expect(settingText('json', { a: [1] })).toBe('{"a":[1]}');
    expect(settingText('json', 'x')).toBe('"x"');
    expect(settingText('json', null)).toBe('(empty)');
  });
});

describe('json settings text', () => {
  it('round-trips values, reads empty text as no value and says why bad text is not saved', () => {
    const value = { columns: [1, 2], title: 'x' };
    expect(parseJsonText(jsonText(value))).toEqual({ ok: true, value });
    expect(jsonText(null)).toBe('');
    expect(parseJsonText('  ')).toEqual({ ok: true, value: null });
    const bad = parseJsonText('{"a": ');
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.reason).toMatch(/^Not valid JSON \(.+\): it is not saved until it is\.$/);
  });
});
