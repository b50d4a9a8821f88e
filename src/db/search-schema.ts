import { sql } from 'drizzle-orm';
import { blob, index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * The local vector index (`d1VectorIndex` in `louise/search`): an exact
 * cosine index persisted in D1, standing in for Vectorize in development
 * and tests, which have no Vectorize emulation. `values` holds the vector
 * as little-endian float32 bytes; `namespace` is the collection slug, as a
 * Vectorize namespace would be; `metadata` is JSON or null.
 */
export const louiseVectors = sqliteTable(
  'louise_vectors',
  {
    indexName: text('index_name').notNull(),
    id: text('id').notNull(),
    namespace: text('namespace').notNull().default(''),
    values: blob('values', { mode: 'buffer' }).notNull(),
    metadata: text('metadata'),
    updatedAt: integer('updated_at').notNull().default(sql`(unixepoch('subsec') * 1000)`),
  },
  (table) => [primaryKey({ columns: [table.indexName, table.id] }), index('louise_vectors_namespace_idx').on(table.indexName, table.namespace)],
);
