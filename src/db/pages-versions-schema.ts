import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { pageSnapshotColumns } from './page-snapshot-columns.ts';
import { pages } from './pages-schema.ts';

/**
 * Versions of the `pages` collection (`${slug}_versions`): each row is a
 * full, publishable snapshot of the collection's fields. Column names equal
 * the main table's, so publishing maps straight onto columns.
 */
export const pagesVersions = sqliteTable(
  'pages_versions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    pageId: integer('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    ...pageSnapshotColumns(),
    /** Editor id of the save that stored this version (null for scripts). */
    createdBy: text('created_by'),
    createdAt: integer('created_at').notNull().default(sql`(unixepoch('subsec') * 1000)`),
    /**
     * Set when the version stops being pending work without being published:
     * by Discard, or by a Restore of an older version (which retires the
     * versions that were live or superseded after it, so they are not resumed
     * as drafts). It stays recoverable by id.
     */
    discardedAt: integer('discarded_at'),
    /** Why `discardedAt` is set: `discard` or `restore`. */
    discardedBy: text('discarded_by', { enum: ['discard', 'restore'] }),
  },
  (table) => [index('pages_versions_page_idx').on(table.pageId, table.id)],
);

export type PageVersionRow = typeof pagesVersions.$inferSelect;
