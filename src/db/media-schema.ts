import { sql } from 'drizzle-orm';
import { integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/**
 * The media registry: one row per stored object in the `MEDIA` bucket, so
 * the library lists, filters and reference-checks assets without listing the
 * bucket. `sha256` is unique: identical bytes are one asset. `key` is the
 * object key (write-once, so it is served `immutable`).
 */
export const media = sqliteTable(
  'media',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    key: text('key').notNull().unique(),
    /** MIME type sniffed from the bytes, never the client's. */
    type: text('type').notNull(),
    bytes: integer('bytes').notNull(),
    /** Intrinsic size of an image in its displayed orientation; null for other kinds. */
    width: integer('width'),
    height: integer('height'),
    alt: text('alt').notNull().default(''),
    caption: text('caption').notNull().default(''),
    /** Hex SHA-256 of the bytes. */
    sha256: text('sha256').notNull(),
    /** The name the file was uploaded with, for the library's text filter only. */
    filename: text('filename').notNull().default(''),
    /** Editor id of the upload. */
    uploadedBy: text('uploaded_by').notNull(),
    createdAt: integer('created_at').notNull().default(sql`(unixepoch('subsec') * 1000)`),
  },
  (table) => [uniqueIndex('media_sha256_idx').on(table.sha256)],
);

export type MediaRow = typeof media.$inferSelect;
