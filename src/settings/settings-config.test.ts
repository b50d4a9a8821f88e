import { describe, expect, it } from 'vitest';
import { resolveSettings, settingLabel, type SettingsConfig } from './settings-config.ts';

const problemOf = (config: unknown) => () => resolveSettings(config as SettingsConfig, 'settingsRoute()');

describe('resolveSettings', () => {
  it('lists fields in declared order with kinds and labels', () => {
    const resolved = resolveSettings({
      columns: ['siteName', 'footerText'],
      customKeys: { menu: 'links', heroTitle: 'text', about: 'longtext', logo: 'image', theme: 'json' },
      mediaBase: '/media/',
    });
    expect(resolved.fields).toEqual([
      { key: 'siteName', kind: 'text', label: 'Site name', required: true },
      { key: 'footerText', kind: 'longtext', label: 'Footer text' },
      { key: 'menu', kind: 'links', label: 'Menu' },
      { key: 'heroTitle', kind: 'text', label: 'Hero title' },
      { key: 'about', kind: 'longtext', label: 'About' },
      { key: 'logo', kind: 'image', label: 'Logo' },
      { key: 'theme', kind: 'json', label: 'Theme' },
    ]);
    expect(resolved.customKeys).toEqual(['menu', 'heroTitle', 'about', 'logo', 'theme']);
  });

  it('defaults: every column, a plain list of custom keys is json, imageKeys make them image', () => {
    const resolved = resolveSettings({ customKeys: ['social', 'logo'], imageKeys: ['logo'], mediaBase: '/media/' });
    expect(resolved.columns).toEqual(['siteName', 'tagline', 'footerText']);
    expect(resolved.fields.map((f) => `${f.key}:${f.kind}`)).toEqual(['siteName:text', 'tagline:text', 'footerText:longtext', 'social:json', 'logo:image']);
    expect(resolved.defaults).toEqual({ siteName: '', tagline: '', footerText: '', custom: {} });
  });

  it('checks and normalizes the defaults like any write', () => {
    const resolved = resolveSettings({
      customKeys: { menu: 'links', logo: 'image', note: 'text' },
      mediaBase: '/media/',
      defaults: { siteName: 'Louise\u0000', custom: { menu: [{ label: 'Home', href: '/' }], logo: null, note: null } },
    });
    expect(resolved.defaults).toEqual({ siteName: 'Louise', tagline: '', footerText: '', custom: { menu: [{ label: 'Home', href: '/' }], logo: null } });
  });

  it('is resolved once per config object', () => {
    const config: SettingsConfig = { customKeys: ['a'] };
    expect(resolveSettings(config)).toBe(resolveSettings(config));
  });

  it.each([
    ['an image key without mediaBase', { customKeys: ['logo'], imageKeys: ['logo'] }, /imageKeys \(logo\) need mediaBase/],
    ['an image kind without mediaBase', { customKeys: { logo: 'image' } }, /imageKeys \(logo\) need mediaBase/],
    [
      'an image key outside customKeys',
      { customKeys: ['menu'], imageKeys: ['logo'], mediaBase: '/media/' },
      /imageKeys: "logo" is not in customKeys; add it there/,
    ],
    ['an image key of another kind', { customKeys: { logo: 'text' }, imageKeys: ['logo'], mediaBase: '/media/' }, /logo is declared as text/],
    ['a custom key colliding with a column', { customKeys: ['siteName'] }, /customKeys: siteName is a column of site_settings; list it in columns instead/],
    ['a custom key that is not an identifier', { customKeys: ['my-key'] }, /"my-key" is not an identifier/],
    ['a reserved custom key', { customKeys: ['constructor'] }, /constructor is reserved/],
    ['custom as a custom key', { customKeys: ['custom'] }, /custom is reserved/],
    ['a key listed twice', { customKeys: ['a', 'a'] }, /a is listed twice/],
    ['an unknown kind', { customKeys: { a: 'html' } }, /customKeys.a: kind must be one of text, longtext, links, image, json/],
    ['an unknown column', { columns: ['siteName', 'logo'] }, /columns.1: must be one of siteName, tagline, footerText/],
    ['a bad mediaBase', { customKeys: { logo: 'image' }, mediaBase: 'media' }, /mediaBase: mediaBase "media"/],
    ['customKeys of the wrong type', { customKeys: 'menu' }, /customKeys: must be a list of keys or an object of key to kind/],
    [
      'a default that fails its check',
      { customKeys: { menu: 'links' }, defaults: { custom: { menu: [{ label: 'x', href: 'javascript:alert(1)' }] } } },
      /defaults.custom.menu.0.href: must be a path \(\/about, #top\) or an http, https, mailto or tel URL/,
    ],
    ['a default for an undeclared key', { defaults: { custom: { nope: 1 } } }, /defaults.custom.nope: not a custom key; add it to customKeys or remove it/],
    ['a default column that is not text', { defaults: { siteName: 5 } }, /defaults.siteName: must be text/],
    ['a default column that is too long', { defaults: { tagline: 'x'.repeat(501) } }, /defaults.tagline: is 501 characters long; shorten it to at most 500/],
  ])('refuses %s, naming what to fix', (_, config, message) => {
    expect(problemOf(config)).toThrow(message);
    expect(problemOf(config)).toThrow(/^settingsRoute\(\): invalid settings config/);
  });
});

describe('settingLabel', () => {
  it.each([
    ['footerText', 'Footer text'],
    ['siteName', 'Site name'],
    ['tagline', 'Tagline'],
    ['social_links', 'Social links'],
    ['heroImageURL', 'Hero image URL'],
    ['SEOTitle', 'SEO title'],
    ['_private', 'Private'],
    ['menu2', 'Menu2'],
  ])('%s → %s', (key, label) => {
    expect(settingLabel(key)).toBe(label);
  });
});
