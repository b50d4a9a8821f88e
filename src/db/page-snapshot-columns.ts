import { text } from 'drizzle-orm/sqlite-core';

/**
 * The snapshot columns of the `pages` collection, shared by the live table
 * and its versions table so the two can never drift apart: publishing maps a
 * version's fields straight onto the live row's columns. A function, since
 * drizzle column builders belong to one table each.
 */
export function pageSnapshotColumns() {
  return {
    title: text('title').notNull().default(''),
    summary: text('summary').notNull().default(''),
    /** Rich text, stored sanitized. */
    body: text('body').notNull().default(''),
    /** A list of plain-text paragraphs, addressed by dotted index (`paragraphs.2`). */
    paragraphs: text('paragraphs', { mode: 'json' }).$type<string[]>().notNull().default([]),
  };
}
