import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import { pages, pagesVersions } from '../db/schema.ts';
import { defineCollection } from './collection.ts';
import { newestPendingByRowSql, versionedTable } from './versioned-table.ts';

const config = defineCollection({ slug: 'pages', fields: { title: { type: 'text' }, paragraphs: { type: 'json' } }, versions: { drafts: true } });

describe('versionedTable', () => {
  it('accepts the toolkit tables and maps properties to quoted columns', () => {
    const vt = versionedTable(pages, pagesVersions, config);
    expect(vt.fields).toEqual(['title', 'paragraphs']);
    expect(vt.versions.col.pageId).toBe('"page_id"');
    expect(vt.main.json.has('paragraphs')).toBe(true);
    expect(newestPendingByRowSql(vt)).toContain('"discarded_at" IS NULL');
  });

  it('refuses tables not named <slug> and <slug>_versions', () => {
    expect(() => versionedTable(pages, pagesVersions, { ...config, slug: 'posts' })).toThrow(/must be named posts and posts_versions/);
  });

  it('names every missing column, and a json field stored as plain text', () => {
    const thin = sqliteTable('pages_versions', {
      id: integer('id').primaryKey(),
      pageId: integer('page_id'),
      title: text('title'),
      paragraphs: text('paragraphs'),
    });
    expect(() => versionedTable(pages, thin, config)).toThrow(
      /missing "pages_versions"\.createdBy, "pages_versions"\.createdAt, "pages_versions"\.discardedAt, "pages_versions"\.discardedBy, paragraphs as a JSON text column/,
    );
    expect(() => versionedTable(pages, pagesVersions, { ...config, fields: { ...config.fields, subtitle: { type: 'text' } } })).toThrow(
      /"pages"\.subtitle, "pages_versions"\.subtitle/,
    );
  });
});
