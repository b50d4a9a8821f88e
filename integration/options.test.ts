import { describe, expect, it } from 'vitest';
import { defineForm } from '../src/forms/define-form.ts';
import { defineCollection } from '../src/content/collection.ts';
import { pages, pagesVersions } from '../src/db/pages-schema.ts';
import { defineCms, liveCollections, mediaScanCollections, settingsConfigOf, siteCollections } from './config.ts';
import { parseLouiseOptions } from './options.ts';
import { cmsRuntime, createRuntime } from './worker/runtime.ts';

describe('parseLouiseOptions', () => {
  it('fills defaults', () => {
    expect(parseLouiseOptions(undefined)).toEqual({
      editParam: 'edit',
      loginPath: '/cms/login',
      devEditors: true,
      autoSave: { debounceMs: 800 },
    });
    expect(parseLouiseOptions({ autoSave: false })).toMatchObject({ autoSave: false });
  });
  it('says where the removed versioned option went', () => {
    expect(() => parseLouiseOptions({ versioned: ['pages'] })).toThrow(/versioned option was removed\. Declare your collections in cms\.config/);
  });
  it.each<[string, unknown, string, string]>([
    ['a bad editParam', { editParam: 'e dit' }, 'editParam must be a plain query parameter name', 'editParam'],
    ['a relative loginPath', { loginPath: 'login' }, 'loginPath must start with "/"', 'loginPath'],
    ['devEditors as text', { devEditors: 'yes' }, 'devEditors must be true or false', 'devEditors'],
    ['an unknown option', { colour: 'red' }, 'Invalid key: Expected never but received "colour"', 'colour'],
    ['a fractional debounce', { autoSave: { debounceMs: 1.5 } }, 'autoSave.debounceMs must be a whole number of milliseconds', 'autoSave.debounceMs'],
    ['autoSave: true', { autoSave: true }, 'autoSave must be false or { debounceMs: <non-negative integer> }', 'autoSave'],
  ])('names %s and where it is', (_, options, message, path) => {
    expect(() => parseLouiseOptions(options)).toThrow(`louise(): invalid options.\n× ${message}\n  → at ${path}`);
  });
  it('lists every problem, not just the first', () => {
    const parse = () => parseLouiseOptions({ devEditors: 'yes', loginPath: 'x' });
    expect(parse).toThrow(/^louise\(\): invalid options\.\n/);
    expect(parse).toThrow('\n  → at loginPath\n');
    expect(parse).toThrow('\n  → at devEditors');
  });
});

describe('defineCms', () => {
  it('accepts a valid config and returns it', () => {
    const config = { routes: [async () => undefined], noindex: () => false };
    expect(defineCms(config)).toBe(config);
  });
  it.each<[string, unknown, string, string]>([
    ['routes that are not functions', { routes: ['nope'] }, 'routes must be an array of routes or a function returning one', 'routes'],
    ['a resolveEditor that is not a function', { resolveEditor: 'me' }, 'resolveEditor must be a function', 'resolveEditor'],
    ['a status check that is not a function', { status: { checks: { db: true } } }, 'status must be false or statusRoute options', 'status'],
    ['a nested option of the wrong type', { apiGate: { isPublic: [] } }, 'apiGate.isPublic must be a function', 'apiGate.isPublic'],
    ['an unknown key', { extra: 1 }, 'Invalid key: Expected never but received "extra"', 'extra'],
  ])('rejects %s with a message naming the key', (_, config, message, path) => {
    expect(() => defineCms(config as never)).toThrow(`defineCms(): invalid configuration.\n× ${message}\n  → at ${path}`);
  });
});

describe('defineCms: settings and forms', () => {
  const contact = defineForm({ name: 'contact', fields: { email: { type: 'email', required: true } } });
  it('checks settings and forms when the config is defined, naming what to fix', () => {
    expect(() => defineCms({ settings: { custom: { logo: 'image' } }, media: false })).toThrow(/defineCms\(\): invalid configuration\.\n[\s\S]*mediaBase/);
    expect(() => defineCms({ settings: { custom: { menu: 'links' }, defaults: { custom: { menu: [{ label: 'x', href: 'javascript:alert(1)' }] } } } })).toThrow(
      /defaults\.custom\.menu\.0\.href: must be a path/,
    );
    expect(() => defineCms({ settings: { custom: { menu: 'list' as never } } })).toThrow(
      /every settings.custom kind must be text, longtext, links, image or json/,
    );
    expect(() => defineCms({ forms: [contact, contact] })).toThrow(/Two forms are named contact/);
    const drafts = defineCollection({
      slug: 'settings',
      fields: { title: { type: 'text' } },
      versions: { drafts: true },
      tables: { table: pages, versions: pagesVersions },
    });
    expect(() => defineCms({ collections: [drafts], settings: {} })).toThrow(/\/api\/cms\/settings is the toolkit's own path/);
  });

  it('adds the live settings collection for the base columns, image settings under the media URL', () => {
    const config = defineCms({ settings: { custom: { menu: 'links', logo: 'image' } }, media: { url: '/files/' } });
    expect(siteCollections(config).map((collection) => collection.slug)).toEqual(['settings']);
    expect(Object.keys(siteCollections(config)[0]!.fields)).toEqual(['siteName', 'tagline', 'footerText']);
    expect(liveCollections(config)).toEqual(['settings']);
    expect(settingsConfigOf(config)).toMatchObject({ customKeys: { menu: 'links', logo: 'image' }, imageKeys: ['logo'], mediaBase: '/files/' });
    // One object per site config: the settings are resolved once, not per page render.
    expect(settingsConfigOf(config)).toBe(settingsConfigOf(config));
    // The media library also scans the settings' own keys before deleting an asset.
    expect(Object.keys(mediaScanCollections(config)[0]!.fields)).toEqual(['siteName', 'tagline', 'footerText', 'custom']);
    expect(siteCollections(defineCms({}))).toEqual([]);
    expect(settingsConfigOf({})).toBeNull();
  });
});

describe('the runtime takes the checked config', () => {
  /** A config that counts how often its keys are listed: checking it with the schema lists them, using it does not. */
  function counted<T extends object>(config: T): { config: T; listed: () => number } {
    let listed = 0;
    const proxy = new Proxy(config, {
      ownKeys(target) {
        listed++;
        return Reflect.ownKeys(target);
      },
    });
    return { config: proxy, listed: () => listed };
  }

  it('checks a config defineCms made once, however often the runtime is built from it', () => {
    const { config, listed } = counted({ noindex: () => false });
    const resolved = defineCms(config);
    const once = listed();
    expect(once).toBeGreaterThan(0);
    createRuntime(resolved);
    cmsRuntime(resolved);
    expect(listed()).toBe(once);
  });

  it('checks a plain config (a cms.config without defineCms) when the runtime is first built, with the same errors', () => {
    const { config, listed } = counted({ noindex: () => false });
    cmsRuntime(config);
    expect(listed()).toBeGreaterThan(0);
    expect(() => cmsRuntime({ extra: 1 } as never)).toThrow(
      'defineCms(): invalid configuration.\n× Invalid key: Expected never but received "extra"\n  → at extra',
    );
  });
});
