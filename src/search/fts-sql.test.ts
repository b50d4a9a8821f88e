import { describe, expect, it } from 'vitest';
import { editorSearchTableName, searchIndexSql, searchTableName, searchTableNames } from './fts-sql.ts';

describe('searchIndexSql', () => {
  it('one FTS5 table for a live collection, two for a drafts collection, idempotent', () => {
    expect(searchIndexSql({ slug: 'banner' })).toEqual([
      `CREATE VIRTUAL TABLE IF NOT EXISTS "banner_search" USING fts5(title, body, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3')`,
    ]);
    const sql = searchIndexSql({ slug: 'pages', versions: { drafts: true } });
    expect(sql).toHaveLength(2);
    expect(sql[1]).toContain('IF NOT EXISTS "pages_search_editor" USING fts5(title, body,');
  });

  it('names the tables after the slug and refuses anything that is not one', () => {
    expect(searchTableName('posts')).toBe('posts_search');
    expect(editorSearchTableName('posts')).toBe('posts_search_editor');
    expect(searchTableNames({ slug: 'posts', versions: { drafts: true } })).toEqual(['posts_search', 'posts_search_editor']);
    expect(() => searchIndexSql({ slug: 'x"; DROP TABLE pages; --' })).toThrow(/Not a collection slug/);
  });
});
