import { readFileSync } from 'node:fs';
import { getTableConfig } from 'drizzle-orm/sqlite-core';
import { generateSQLiteDrizzleJson, generateSQLiteMigration } from 'drizzle-kit/api';
import { describe, expect, it } from 'vitest';
import { collectionTables } from './collection-tables.ts';
import { textList } from './field-spec.ts';
import { pages, pagesVersions } from './pages-schema.ts';
import { siteSettings } from './site-schema.ts';

/** The SQL `drizzle-kit generate` writes for these tables into an empty database. */
async function createSql(tables: Record<string, unknown>): Promise<string[]> {
  return generateSQLiteMigration(await generateSQLiteDrizzleJson({}), await generateSQLiteDrizzleJson(tables));
}

/** The shipped migrations' statements. */
function migrationStatements(): string[] {
  return ['0000_init.sql', '0001_pages_versions.sql'].flatMap((name) =>
    readFileSync(new URL(`../../migrations/${name}`, import.meta.url), 'utf8')
      .split('--> statement-breakpoint')
      .map((statement) => statement.trim()),
  );
}

describe('collectionTables', () => {
  it("makes the toolkit's pages tables exactly as the shipped migrations create them", async () => {
    const shipped = migrationStatements().filter((statement) =>
      /^CREATE (UNIQUE )?(TABLE|INDEX) `pages(_versions|_slug_unique|_versions_page_idx)?`/.test(statement),
    );
    expect(shipped).toHaveLength(4);
    // 0004 added the hero image column to both tables, 0007 the sections list (`[]` by default); the rest is as 0000 and 0001 made it.
    const added = { hero: 'text', sections: "text DEFAULT '[]' NOT NULL" };
    for (const [file, column] of [
      ['0004_pages_hero.sql', 'hero'],
      ['0007_pages_sections.sql', 'sections'],
    ] as const) {
      const sql = readFileSync(new URL(`../../migrations/${file}`, import.meta.url), 'utf8');
      expect(sql).toContain(`ALTER TABLE \`pages\` ADD \`${column}\` ${added[column]};`);
      expect(sql).toContain(`ALTER TABLE \`pages_versions\` ADD \`${column}\` ${added[column]};`);
    }
    const made = (await createSql({ pages, pagesVersions })).map((statement) => statement.trim());
    const line = (column: keyof typeof added) => `\t\`${column}\` ${added[column]},\n`;
    const withoutAdded = (statement: string) =>
      (Object.keys(added) as (keyof typeof added)[]).reduce((out, column) => out.replace(line(column), ''), statement);
    for (const column of Object.keys(added) as (keyof typeof added)[]) expect(made.filter((statement) => statement.includes(line(column)))).toHaveLength(2);
    expect(made.map(withoutAdded).sort()).toEqual(shipped.sort());
  });

  it('gives a drafts collection a live table and a versions table with every column the toolkit needs', async () => {
    const posts = {
      slug: 'posts',
      unique: ['slug'],
      fields: { title: { type: 'text' }, heroImage: { type: 'json' }, tags: { type: 'json', schema: textList } },
      versions: { drafts: true },
    } as const;
    const tables = collectionTables(posts);
    const [live, liveIndex, versions, versionsIndex] = await createSql({ ...tables });
    expect(live).toContain('CREATE TABLE `posts` (');
    for (const column of [
      '`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL',
      '`slug` text NOT NULL',
      "`title` text DEFAULT '' NOT NULL",
      '`hero_image` text,',
      "`tags` text DEFAULT '[]' NOT NULL",
      '`published_version_id` integer,',
      "`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL",
      "`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL",
    ])
      expect(live).toContain(column);
    expect(liveIndex).toBe('CREATE UNIQUE INDEX `posts_slug_unique` ON `posts` (`slug`);');
    for (const column of ['`page_id` integer NOT NULL', '`hero_image` text,', '`created_by` text,', '`discarded_at` integer,', '`discarded_by` text,'])
      expect(versions).toContain(column);
    expect(versions).not.toContain('`slug`');
    expect(versions).toContain('FOREIGN KEY (`page_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade');
    expect(versionsIndex).toBe('CREATE INDEX `posts_versions_page_idx` ON `posts_versions` (`page_id`,`id`);');
    expect(getTableConfig(tables.versions).name).toBe('posts_versions');
  });

  it("writes the fixture collections' tables as tests/fixtures/collections/tables.sql holds them (the workerd tests run on it)", async () => {
    const { banner, posts } = await import('../../tests/fixtures/collections/collections.ts');
    const sql = await createSql({ ...collectionTables(posts), banner: collectionTables(banner).table });
    expect(`${sql.join('\n--> statement-breakpoint\n')}\n`).toBe(readFileSync(new URL('../../tests/fixtures/collections/tables.sql', import.meta.url), 'utf8'));
  });

  it('gives a live collection one table, without a version pointer', async () => {
    const notes = collectionTables({ slug: 'notes', fields: { footerText: { type: 'text' } } });
    expect(notes.versions).toBeUndefined();
    const [create, ...rest] = await createSql({ notes: notes.table });
    expect(rest).toEqual([]);
    expect(create).toContain("`footer_text` text DEFAULT '' NOT NULL");
    expect(create).not.toContain('published_version_id');
  });

  it('makes the tables once per collection, and hands back tables a collection brings', () => {
    const spec = { slug: 'notes', fields: { note: { type: 'text' } } } as const;
    expect(collectionTables(spec).table).toBe(collectionTables(spec).table);
    expect(collectionTables({ slug: 'settings', fields: { tagline: { type: 'text' } }, tables: { table: siteSettings } }).table).toBe(siteSettings);
  });

  it('refuses two properties that would share a column, or a column the toolkit uses', () => {
    expect(() => collectionTables({ slug: 'a', unique: ['foo_bar'], fields: { fooBar: { type: 'text' } } })).toThrow(/taken twice or by the toolkit: foo_bar/);
    expect(() => collectionTables({ slug: 'b', fields: { page_id: { type: 'text' } }, versions: { drafts: true } })).toThrow(/page_id/);
  });
});
