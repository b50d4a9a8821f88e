import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/** Where a review request stands: `open` until a publisher decides, or the requester withdraws it. */
export type ReviewRequestState = 'open' | 'published' | 'declined' | 'withdrawn' | 'superseded';

/**
 * Review requests ("Ask to publish"): a writer, who may save drafts but not
 * publish, asks publishers to publish one version of a drafts document
 * (`collection` and `doc_key` as the editor routes name it). At most one
 * request per document is open (the partial unique index), so a second ask
 * can never race the first into two.
 */
export const reviewRequests = sqliteTable(
  'review_requests',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    collection: text('collection').notNull(),
    docKey: text('doc_key').notNull(),
    /** The newest pending draft when the request was made: the version a publisher reviews and publishes. */
    versionId: integer('version_id').notNull(),
    requestedBy: text('requested_by').notNull(),
    /** The requester's display name when they asked. */
    requestedByName: text('requested_by_name').notNull(),
    /** Plain text, length-limited by the route; '' when none. */
    note: text('note').notNull().default(''),
    /** The page the writer asked from (a site path), when known. */
    url: text('url'),
    state: text('state', { enum: ['open', 'published', 'declined', 'withdrawn', 'superseded'] })
      .$type<ReviewRequestState>()
      .notNull()
      .default('open'),
    decidedBy: text('decided_by'),
    decidedByName: text('decided_by_name'),
    decidedAt: integer('decided_at'),
    createdAt: integer('created_at').notNull().default(sql`(unixepoch('subsec') * 1000)`),
    updatedAt: integer('updated_at').notNull().default(sql`(unixepoch('subsec') * 1000)`),
  },
  (table) => [
    uniqueIndex('review_requests_open_doc_idx').on(table.collection, table.docKey).where(sql`state = 'open'`),
    index('review_requests_state_idx').on(table.state, table.id),
  ],
);

export type ReviewRequestRow = typeof reviewRequests.$inferSelect;
