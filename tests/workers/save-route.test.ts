import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { pages, siteSettings } from '../../src/db/schema.ts';
import { saveRoute } from '../../src/drafts/save-route.ts';
import { defineSections } from '../../src/content/sections.ts';
import { call, headerEditor, liveRow, seedPage } from './content-helpers.ts';

const cards = defineSections({ card: { label: 'Card', fields: { heading: { type: 'text' }, body: { type: 'richtext' }, link: { type: 'link' } } } });
const route = saveRoute<Env>({
  resolveEditor: headerEditor,
  collections: {
    settings: {
      table: siteSettings,
      key: (key) => (key === 'site' ? 1 : null),
      fields: { siteName: { type: 'text' }, tagline: { type: 'text' }, footerText: { type: 'richtext' } },
    },
    blocks: { table: pages, fields: { title: { type: 'text' }, paragraphs: { type: 'json' }, sections: cards.field } },
  },
});
const save = (field: string, value: unknown, extra: Parameters<typeof call>[2] = {}) => call(route, '/api/cms/save', { body: { field, value }, ...extra });
const settings = () => env.DB.prepare('SELECT * FROM site_settings WHERE id = 1').first<Record<string, unknown>>();

beforeEach(async () => {
  await env.DB.prepare("INSERT OR REPLACE INTO site_settings (id, site_name, tagline, footer_text) VALUES (1, 'Louise', 'Tag', 'Foot')").run();
});

describe('saveRoute (inline save, unversioned)', () => {
  it('afterWrite runs after each save with the collection and row; a throw never fails the save', async () => {
    const seen: unknown[] = [];
    const hooked = saveRoute<Env>({
      resolveEditor: headerEditor,
      collections: { settings: { table: siteSettings, key: (key) => (key === 'site' ? 1 : null), fields: { tagline: { type: 'text' } } } },
      afterWrite: (editor, event, context) => {
        seen.push([editor.id, event, context.env === env]);
        throw new Error('index down');
      },
    });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect((await call(hooked, '/api/cms/save', { body: { field: 'settings:site:tagline', value: 'Hooked' } })).status).toBe(204);
      expect((await call(hooked, '/api/cms/save', { body: { field: 'settings:nope:tagline', value: 'x' } })).status).toBe(404);
    } finally {
      log.mockRestore();
    }
    expect(seen).toEqual([['ana', { collection: 'settings', id: 1 }, true]]);
    expect((await settings())?.tagline).toBe('Hooked');
  });

  it('saves one field by its marker and answers 204', async () => {
    const res = await save('settings:site:tagline', 'New tagline');
    expect(res.status).toBe(204);
    expect(await settings()).toMatchObject({ tagline: 'New tagline', site_name: 'Louise' });
  });

  it('sanitizes rich fields before the write', async () => {
    await save('settings:site:footerText', '<p>ok</p><script>alert(1)</script>');
    expect((await settings())?.footer_text).toBe('<p>ok</p>');
  });

  it('refuses an unknown collection or field with 400: it never reaches a column', async () => {
    for (const field of [
      'nope:site:tagline',
      'settings:site:custom',
      'settings:site:id',
      'settings:site:updatedAt',
      'tagline',
      'settings:site:tagline.0',
      'settings:site:__proto__',
      'toString:1:title',
    ]) {
      const res = await save(field, 'x');
      expect(res.status, field).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'unknown_field' });
    }
    expect(await settings()).toMatchObject({ tagline: 'Tag', site_name: 'Louise', footer_text: 'Foot' });
  });

  it('unknown key or row: 404; wrong type: 422; missing value: 400', async () => {
    expect((await save('settings:other:tagline', 'x')).status).toBe(404);
    expect((await save('blocks:999999:title', 'x')).status).toBe(404);
    expect((await save('settings:site:tagline', 5)).status).toBe(422);
    expect((await call(route, '/api/cms/save', { body: { field: 'settings:site:tagline' } })).status).toBe(400);
  });

  it('list items by dotted index; out of range is 400', async () => {
    const id = await seedPage({ slug: 'inline-list', paragraphs: ['a', 'b'] });
    expect((await save(`blocks:${id}:paragraphs.1`, 'B')).status).toBe(204);
    expect((await liveRow(id))?.paragraphs).toBe('["a","B"]');
    const res = await save(`blocks:${id}:paragraphs.2`, 'c');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'out_of_range' });
    expect((await save(`blocks:${id}:title.0`, 'x')).status).toBe(400);
  });

  it('authorizes from the session and checks the origin', async () => {
    expect((await save('settings:site:tagline', 'x', { editor: null })).status).toBe(401);
    expect((await save('settings:site:tagline', 'x', { origin: 'https://evil.test' })).status).toBe(403);
    expect((await settings())?.tagline).toBe('Tag');
  });
});

describe('saveRoute: a sections field on a live collection', () => {
  it('saves whole, checked block by block and sanitized; never by index; a hostile block is 422 and nothing is written', async () => {
    const id = await seedPage({ slug: `live-sections-${Date.now()}` });
    const card = { id: 'bcard001', type: 'card', heading: 'Hi\nthere', body: '<p>ok</p><script>x()</script>', link: { href: '/a', label: 'A' } };
    expect((await save(`blocks:${id}:sections`, [card])).status).toBe(204);
    const stored = [{ ...card, heading: 'Hi there', body: '<p>ok</p>' }];
    expect(JSON.parse(String((await liveRow(id))?.sections))).toEqual(stored);
    const hostile = await save(`blocks:${id}:sections`, [{ ...card, link: { href: 'javascript:alert(1)', label: 'A' } }]);
    expect(hostile.status).toBe(422);
    expect(await hostile.json()).toMatchObject({ violations: [{ field: 'sections.0.link.href' }] });
    expect((await save(`blocks:${id}:sections.0`, card)).status).toBe(400);
    expect(JSON.parse(String((await liveRow(id))?.sections))).toEqual(stored);
  });
});
