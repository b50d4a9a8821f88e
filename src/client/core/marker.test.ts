import { describe, expect, it } from 'vitest';
import { parseMarker } from './marker.ts';
import { resolveOptions } from './options.ts';

describe('parseMarker', () => {
  it('reads collection, key and field, with list items by dotted index', () => {
    expect(parseMarker('pages:2:title')).toEqual({ raw: 'pages:2:title', collection: 'pages', key: '2', field: 'title', root: 'title', index: null });
    expect(parseMarker('pages:2:paragraphs.10')).toMatchObject({ field: 'paragraphs.10', root: 'paragraphs', index: 10 });
    expect(parseMarker('settings:site:tagline')).toMatchObject({ collection: 'settings', key: 'site', field: 'tagline' });
    expect(parseMarker('docs:a:b:title')).toMatchObject({ collection: 'docs', key: 'a:b', field: 'title' });
  });

  it('refuses malformed markers', () => {
    for (const bad of ['', 'title', 'pages:title', ':2:title', 'pages::title', 'pages:2:', 'pages:2:a.b', 'pages:2:list.-1'])
      expect(parseMarker(bad), bad).toBeNull();
  });
});

describe('resolveOptions', () => {
  it('defaults to an 800 ms auto-save, every collection saved as drafts, no publish right', () => {
    const options = resolveOptions();
    expect(options).toMatchObject({ debounceMs: 800, apiBase: '/api/cms', editParam: 'edit', publish: false });
    expect([...options.live]).toEqual([]);
    expect([...resolveOptions({ live: ['settings'] }).live]).toEqual(['settings']);
    expect(resolveOptions({ autoSave: false }).debounceMs).toBe(false);
    expect(resolveOptions({ autoSave: { debounceMs: 250 }, access: { publish: true } })).toMatchObject({ debounceMs: 250, publish: true });
  });

  it('passes the island’s Markdown regions through (none by default)', () => {
    expect(resolveOptions().markdown).toEqual({});
    const markdown = {
      'blog:first-post:body': { markdown: '# Hi', file: 'src/content/blog/first-post.md', standing: 'choose' as const, fileMarkdown: '# Hey' },
    };
    expect(resolveOptions({ markdown }).markdown).toEqual(markdown);
  });

  it('rejects a debounce that is not a non-negative integer, naming the option', () => {
    for (const debounceMs of [1.5, -1, Number.NaN, '800' as unknown as number]) {
      expect(() => resolveOptions({ autoSave: { debounceMs } })).toThrow(/autoSave\.debounceMs must be a non-negative integer/);
    }
  });
});
