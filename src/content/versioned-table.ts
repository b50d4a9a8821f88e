import type { Table } from 'drizzle-orm';
import { isJsonStored, type FieldSpec } from '../db/field-spec.ts';
import type { CollectionConfig } from './collection.ts';
import { tableCodec, type TableCodec } from './table-codec.ts';

/** A versioned collection's two tables, checked against its config once. */
export interface VersionedTable {
  config: CollectionConfig;
  /** The snapshot fields (the config's field names). */
  fields: string[];
  main: TableCodec;
  versions: TableCodec;
}

/**
 * Reads the main and versions tables of a collection and checks they fit:
 * they are named `<slug>` and `<slug>_versions`; the main table has `id` and
 * `publishedVersionId`; the versions table has `id`, `pageId`, `createdBy`,
 * `createdAt`, `discardedAt` and `discardedBy`; both have every config field
 * (a json field as a JSON text column). Throws an Error naming what is wrong.
 * @internal (not exported from any package entry)
 */
export function versionedTable(table: Table, versionsTable: Table, config: CollectionConfig): VersionedTable {
  const main = tableCodec(table);
  const versions = tableCodec(versionsTable);
  const fields = Object.keys(config.fields);
  const missing: string[] = [];
  if (main.table !== `"${config.slug}"` || versions.table !== `"${config.slug}_versions"`) {
    throw new Error(
      `Collection ${config.slug}: the tables must be named ${config.slug} and ${config.slug}_versions (got ${main.table} and ${versions.table}).`,
    );
  }
  for (const prop of ['id', 'publishedVersionId', ...fields]) if (!main.col[prop]) missing.push(`${main.table}.${prop}`);
  for (const prop of ['id', 'pageId', 'createdBy', 'createdAt', 'discardedAt', 'discardedBy', ...fields])
    if (!versions.col[prop]) missing.push(`${versions.table}.${prop}`);
  for (const field of fields) {
    if (isJsonStored(config.fields[field] as FieldSpec) && !(main.json.has(field) && versions.json.has(field)))
      missing.push(`${field} as a JSON text column ({ mode: 'json' }) in both tables`);
  }
  if (missing.length > 0) throw new Error(`Collection ${config.slug}: the tables do not fit the config; missing ${missing.join(', ')}.`);
  return { config, fields, main, versions };
}

/**
 * SQL of the newest pending version of a row: not discarded and newer than
 * the live pointer (every version when the pointer is null). `pageId` and
 * `pointer` are SQL expressions (a parameter such as `?1`, or a subquery),
 * so every reader (the work a save builds on, resume, publish, the save's
 * own insert) asks the same question the same way.
 * @internal (not exported from any package entry)
 */
export function newestPendingSql(versions: TableCodec, pageId: string, pointer: string): string {
  const v = versions.col;
  return `SELECT * FROM ${versions.table} WHERE ${v.pageId} = ${pageId} AND ${pendingSql(versions, pointer)} ORDER BY ${v.id} DESC LIMIT 1`;
}

/**
 * SQL condition: a version is pending work, that is not discarded and newer
 * than the live pointer (`pointer`, an SQL expression; every version when it
 * is null). `alias` qualifies the version's columns when a query joins the
 * versions table (`v` for `FROM posts_versions v JOIN posts m`).
 * @internal (not exported from any package entry)
 */
export function pendingSql(versions: TableCodec, pointer: string, alias?: string): string {
  const v = versions.col;
  const p = alias ? `${alias}.` : '';
  return `${p}${v.id} > COALESCE(${pointer}, 0) AND ${p}${v.discardedAt} IS NULL`;
}

/**
 * `newestPendingSql` reading the pointer from the live row in the same statement; ?1 is the row id.
 * @internal (not exported from any package entry)
 */
export function newestPendingByRowSql(vt: VersionedTable): string {
  return newestPendingSql(vt.versions, '?1', `(SELECT ${vt.main.col.publishedVersionId} FROM ${vt.main.table} WHERE ${vt.main.col.id} = ?1)`);
}
