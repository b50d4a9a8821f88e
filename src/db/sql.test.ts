import { describe, expect, it } from 'vitest';
import { pages } from './pages-schema.ts';
import { ident, tableMeta } from './sql.ts';

describe('ident', () => {
  it('quotes plain identifiers', () => {
    expect(ident('pages_versions')).toBe('"pages_versions"');
    expect(ident('_x1')).toBe('"_x1"');
  });
  it('refuses anything that could break out of the quotes', () => {
    for (const bad of ['', '1pages', 'pages"; DROP TABLE editors; --', 'a b', 'a.b', 'päges', 'x"y']) {
      expect(() => ident(bad), bad).toThrow(TypeError);
    }
  });
});

describe('tableMeta', () => {
  it('maps snapshot property names to SQL column names', () => {
    const meta = tableMeta(pages);
    expect(meta.name).toBe('pages');
    expect(meta.columns.publishedVersionId).toBe('published_version_id');
    expect(meta.columns.title).toBe('title');
    expect(Object.keys(meta.columns)).toContain('paragraphs');
  });
});
