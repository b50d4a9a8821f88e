import { sql } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { pageSnapshotColumns } from './page-snapshot-columns.ts';

/** Live rows of the `pages` collection: what visitors see. */
export const pages = sqliteTable('pages', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  slug: text('slug').notNull().unique(),
  ...pageSnapshotColumns(),
  /** The live version, for versioned collections; null when never published. */
  publishedVersionId: integer('published_version_id'),
  createdAt: integer('created_at').notNull().default(sql`(unixepoch('subsec') * 1000)`),
  updatedAt: integer('updated_at').notNull().default(sql`(unixepoch('subsec') * 1000)`),
});

export type PageRow = typeof pages.$inferSelect;
