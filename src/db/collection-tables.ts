import { type BuildColumns, getTableColumns, getTableName, sql, type Table } from 'drizzle-orm';
import { index, integer, type SQLiteColumnBuilderBase, type SQLiteTableWithColumns, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { ArrayIssue, ArraySchema, ErrorMessage, GenericSchema, InferOutput } from 'valibot';
import { isListField, type FieldMap, type FieldSpec, type ImageValue } from './field-spec.ts';

/** What `collectionTables` reads of a collection (a `defineCollection` result fits). */
export interface CollectionTablesSpec {
  slug: string;
  fields: FieldMap;
  versions?: { drafts: true } | undefined;
  /** Live-table text columns that identify an entry (`['slug']`): not null, unique, not versioned. */
  unique?: readonly string[] | undefined;
  /** Tables that already exist (the toolkit's own), used as they are instead of made. */
  tables?: { table: Table; versions?: Table | undefined } | undefined;
}

const now = sql`(unixepoch('subsec') * 1000)`;
const textColumn = (name: string) => text(name).notNull().default('');
const uniqueColumn = (name: string) => text(name).notNull().unique();
const listColumn = <T>(name: string) =>
  text(name, { mode: 'json' })
    .$type<T>()
    .notNull()
    .default([] as unknown as T);
const jsonColumn = <T>(name: string) => text(name, { mode: 'json' }).$type<T>();

type ListSchema = ArraySchema<GenericSchema, ErrorMessage<ArrayIssue> | undefined>;
/** The drizzle column a field gets: text and rich text `'' NOT NULL`, a list `'[]' NOT NULL`, other JSON and images nullable. */
type FieldColumn<S> = S extends { type: 'image' }
  ? ReturnType<typeof jsonColumn<ImageValue>>
  : S extends { type: 'json' }
    ? S extends { schema: infer X extends ListSchema }
      ? ReturnType<typeof listColumn<InferOutput<X>>>
      : ReturnType<typeof jsonColumn<S extends { schema: infer X extends GenericSchema } ? InferOutput<X> : unknown>>
    : ReturnType<typeof textColumn>;
type FieldColumns<F> = { -readonly [K in keyof F & string]: FieldColumn<F[K]> };
type UniqueColumns<C> = C extends { unique: readonly (infer U extends string)[] } ? { [K in U]: ReturnType<typeof uniqueColumn> } : Record<never, never>;

/** Column names: the property in snake case (`footerText` is `footer_text`). */
export const columnName = (prop: string) => prop.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Column names the toolkit's own columns take; a field or unique column may not take one. */
const TOOLKIT_COLUMNS = ['id', 'published_version_id', 'created_at', 'updated_at', 'page_id', 'created_by', 'discarded_at', 'discarded_by'];

function fieldColumns<C extends CollectionTablesSpec>(spec: C): FieldColumns<C['fields']> {
  const columns: Record<string, unknown> = {};
  for (const [prop, field] of Object.entries(spec.fields) as [string, FieldSpec][]) {
    const name = columnName(prop);
    if (field.type === 'image') columns[prop] = jsonColumn(name);
    else if (field.type !== 'json') columns[prop] = textColumn(name);
    else columns[prop] = isListField(field) ? listColumn(name) : jsonColumn(name);
  }
  return columns as FieldColumns<C['fields']>;
}

function uniqueColumns<C extends CollectionTablesSpec>(spec: C): UniqueColumns<C> {
  const columns: Record<string, unknown> = {};
  for (const prop of spec.unique ?? []) columns[prop] = uniqueColumn(columnName(prop));
  return columns as UniqueColumns<C>;
}

/**
 * What `sqliteTable` returns for these columns, named: left to inference,
 * tsc wrote drizzle's table type out in full in the declarations, with type
 * parameters no declaration binds (`TTableName`, `TDialect`), which broke
 * the published .d.ts for anyone checking it and API Extractor's report.
 */
type TableOf<Columns extends Record<string, SQLiteColumnBuilderBase>, Name extends string = string> = SQLiteTableWithColumns<{
  name: Name;
  schema: undefined;
  columns: BuildColumns<Name, Columns, 'sqlite'>;
  dialect: 'sqlite';
}>;

function liveColumns<C extends CollectionTablesSpec>(spec: C) {
  return {
    id: integer('id').primaryKey({ autoIncrement: true }),
    ...uniqueColumns(spec),
    ...fieldColumns(spec),
    createdAt: integer('created_at').notNull().default(now),
    updatedAt: integer('updated_at').notNull().default(now),
  };
}

function liveTable<C extends CollectionTablesSpec>(spec: C): TableOf<ReturnType<typeof liveColumns<C>>> {
  return sqliteTable(spec.slug, liveColumns(spec));
}

function draftsColumns<C extends CollectionTablesSpec>(spec: C) {
  return {
    id: integer('id').primaryKey({ autoIncrement: true }),
    ...uniqueColumns(spec),
    ...fieldColumns(spec),
    /** The live version; null when never published (or unpublished). */
    publishedVersionId: integer('published_version_id'),
    createdAt: integer('created_at').notNull().default(now),
    updatedAt: integer('updated_at').notNull().default(now),
  };
}

function draftsTable<C extends CollectionTablesSpec>(spec: C): TableOf<ReturnType<typeof draftsColumns<C>>> {
  return sqliteTable(spec.slug, draftsColumns(spec));
}

function versionsColumns<C extends CollectionTablesSpec>(spec: C, main: ReturnType<typeof draftsTable<C>>) {
  return {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** The live row this version belongs to (every collection names it `pageId`). */
    pageId: integer('page_id')
      .notNull()
      .references(() => main.id, { onDelete: 'cascade' }),
    ...fieldColumns(spec),
    /** Editor id of the save that stored this version (null for scripts). */
    createdBy: text('created_by'),
    createdAt: integer('created_at').notNull().default(now),
    /**
     * Set when the version stops being pending work without being published:
     * by Discard, or by a Restore of an older version (which retires the
     * versions that were live or superseded after it, so they are not resumed
     * as drafts). It stays recoverable by id.
     */
    discardedAt: integer('discarded_at'),
    /** Why `discardedAt` is set: `discard` or `restore`. */
    discardedBy: text('discarded_by', { enum: ['discard', 'restore'] }),
  };
}

function versionsTable<C extends CollectionTablesSpec>(
  spec: C,
  main: ReturnType<typeof draftsTable<C>>,
): TableOf<ReturnType<typeof versionsColumns<C>>, `${string}_versions`> {
  return sqliteTable(`${spec.slug}_versions`, versionsColumns(spec, main), (table) => [index(`${spec.slug}_versions_page_idx`).on(table.pageId, table.id)]);
}

/** The tables of a collection: its live table, and for a drafts collection its versions table. */
export type CollectionTables<C extends CollectionTablesSpec> = C extends { tables: infer T extends { table: Table } }
  ? T
  : C extends { versions: { drafts: true } }
    ? { table: ReturnType<typeof draftsTable<C>>; versions: ReturnType<typeof versionsTable<C>> }
    : { table: ReturnType<typeof liveTable<C>>; versions?: undefined };

const made = new WeakMap<object, { table: Table; versions?: Table | undefined }>();

/**
 * The drizzle tables of a collection, made once per collection object, with
 * every column the toolkit reads and writes. Export them from your drizzle
 * schema file so `drizzle-kit generate` writes their migration beside your
 * own tables.
 *
 * - `<slug>`: `id` (integer primary key), each `unique` column (text, not
 *   null, unique), each field (text and rich text `text NOT NULL DEFAULT ''`;
 *   json as JSON text, `NOT NULL DEFAULT '[]'` for a list schema, else
 *   nullable), `published_version_id` (drafts collections only),
 *   `created_at`, `updated_at` (epoch milliseconds).
 * - `<slug>_versions` (drafts collections): `id`, `page_id` (the live row,
 *   cascading), each field, `created_by`, `created_at`, `discarded_at`,
 *   `discarded_by` (`discard` or `restore`), indexed on `(page_id, id)`.
 *
 * Column names are the property names in snake case (`footerText` is
 * `footer_text`). A collection declared with `tables` (the toolkit's
 * `pages` and `site_settings`) gets those tables back unchanged.
 *
 * @example
 * // src/db/schema.ts (drizzle-kit's `schema`)
 * import { collectionTables } from 'louise/db';
 * import { posts } from '../cms.config.ts';
 * export const { table: postsTable, versions: postsVersions } = collectionTables(posts);
 */
export function collectionTables<const C extends CollectionTablesSpec>(spec: C): CollectionTables<C> {
  let tables = made.get(spec);
  if (!tables) {
    tables = spec.tables ?? makeTables(spec);
    made.set(spec, tables);
  }
  return tables as CollectionTables<C>;
}

function makeTables(spec: CollectionTablesSpec): { table: Table; versions?: Table } {
  const props = [...(spec.unique ?? []), ...Object.keys(spec.fields)];
  const names = props.map(columnName);
  const clash = names.filter((name, i) => TOOLKIT_COLUMNS.includes(name) || names.indexOf(name) !== i);
  if (clash.length > 0) throw new Error(`collectionTables(${spec.slug}): column names taken twice or by the toolkit: ${[...new Set(clash)].join(', ')}.`);
  if (spec.versions?.drafts !== true) return { table: liveTable(spec) };
  const table = draftsTable(spec);
  return { table, versions: versionsTable(spec, table) };
}

/** Whether a value is a drizzle table (for checking a collection's `tables`). */
export function isTable(value: unknown): value is Table {
  if (typeof value !== 'object' || value === null) return false;
  try {
    return typeof getTableName(value as Table) === 'string' && Object.keys(getTableColumns(value as Table)).length > 0;
  } catch {
    return false;
  }
}
