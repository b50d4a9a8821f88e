import { sql } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** Live rows of the `pages` collection: what visitors see. */
export const pages = sqliteTable('pages', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull().default(''),
  summary: text('summary').notNull().default(''),
  /** Rich text, stored sanitized. */
  body: text('body').notNull().default(''),
  /** A list of plain-text paragraphs, addressed by dotted index (`paragraphs.2`). */
  paragraphs: text('paragraphs', { mode: 'json' }).$type<string[]>().notNull().default([]),
  /** The live version, for versioned collections; null when never published. */
  publishedVersionId: integer('published_version_id'),
  createdAt: integer('created_at').notNull().default(sql`(unixepoch('subsec') * 1000)`),
  updatedAt: integer('updated_at').notNull().default(sql`(unixepoch('subsec') * 1000)`),
});

export type PageRow = typeof pages.$inferSelect;
