import type { Table } from 'drizzle-orm';
import { collectionTables } from '../db/collection-tables.ts';
import { isVersioned, type CollectionConfig } from './collection.ts';
import { tableCodec, type TableCodec } from './table-codec.ts';
import { versionedTable, type VersionedTable } from './versioned-table.ts';

/** A declared collection with its tables read and checked once. */
export interface ResolvedCollection {
  config: CollectionConfig;
  table: Table;
  /** The live table. */
  main: TableCodec;
  /** A drafts collection's versions table; null for a live collection. */
  versionsTable: Table | null;
  /** A drafts collection's two tables, read; null for a live collection. */
  vt: VersionedTable | null;
}

const resolved = new WeakMap<CollectionConfig, ResolvedCollection>();

/**
 * The collection's tables (`collectionTables`), read once and checked to
 * fit it: `id`, every field and unique column (and for a drafts collection
 * everything `versionedTable` checks). Throws an Error naming what is missing.
 */
export function resolveCollection(config: CollectionConfig): ResolvedCollection {
  let found = resolved.get(config);
  if (found) return found;
  const tables = collectionTables(config) as unknown as { table: Table; versions?: Table };
  const main = tableCodec(tables.table);
  const missing = ['id', ...(config.unique ?? []), ...Object.keys(config.fields)].filter((prop) => !main.col[prop]);
  if (missing.length > 0) throw new Error(`Collection ${config.slug}: the table ${main.table} has no column for ${missing.join(', ')}.`);
  const vt = isVersioned(config) && tables.versions ? versionedTable(tables.table, tables.versions, config) : null;
  found = { config, table: tables.table, main, versionsTable: vt ? (tables.versions ?? null) : null, vt };
  resolved.set(config, found);
  return found;
}

const ROW_ID = /^[1-9][0-9]{0,15}$/;

/**
 * The row id a marker key names: one of the collection's `rows` names when
 * it has them, else a positive integer id; null for anything else.
 * @internal (not exported from any package entry)
 */
export function rowIdOf(config: CollectionConfig, key: string): number | null {
  if (config.rows) return Object.hasOwn(config.rows, key) ? (config.rows[key] ?? null) : null;
  return ROW_ID.test(key) ? Number(key) : null;
}
