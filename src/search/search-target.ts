import type { Table } from 'drizzle-orm';
import type { CollectionConfig } from '../content/collection.ts';
import { resolveCollection } from '../content/resolved-collection.ts';
import { tableCodec, type TableCodec } from '../content/table-codec.ts';
import { versionedTable, type VersionedTable } from '../content/versioned-table.ts';
import { searchFieldsOf } from './doc-text.ts';
import { editorSearchTableName, searchTableName } from './fts-sql.ts';

/** A searchable collection with its tables and index names read once. */
export interface SearchTarget {
  config: CollectionConfig;
  main: TableCodec;
  /** A drafts collection's two tables; null for a live collection. */
  vt: VersionedTable | null;
  /** The visitors' index, unquoted (`<slug>_search`). */
  publicIndex: string;
  /** The editors' index (`<slug>_search_editor`); the visitors' one for a live collection. */
  editorIndex: string;
  /** The collection's unique columns (properties), given on every hit. */
  unique: readonly string[];
}

const targets = new WeakMap<CollectionConfig, SearchTarget>();

/**
 * The collection's search target, read once (its tables from
 * `resolveCollection`). `table`, when given and not the collection's own
 * table object, is read instead as the live table (`reindexDoc`'s table).
 * Throws when the collection has no `search`.
 */
export function searchTarget(config: CollectionConfig, table?: Table): SearchTarget {
  const cached = targets.get(config);
  if (cached && table === undefined) return cached;
  searchFieldsOf(config);
  const resolved = resolveCollection(config);
  if (cached && table === resolved.table) return cached;
  const own = table === undefined || table === resolved.table;
  const main = own ? resolved.main : tableCodec(table);
  const vt = resolved.vt && resolved.versionsTable ? (own ? resolved.vt : versionedTable(table, resolved.versionsTable, config)) : null;
  const target: SearchTarget = {
    config,
    main,
    vt,
    publicIndex: searchTableName(config.slug),
    editorIndex: vt ? editorSearchTableName(config.slug) : searchTableName(config.slug),
    unique: config.unique ?? [],
  };
  if (own) targets.set(config, target);
  return target;
}

/**
 * Thrown by `searchCollection` when the collection's index table does not
 * exist yet. The route answers 503 `search_not_ready`; run
 * `npx louise db migrate` or POST `<path>/reindex` to build it.
 */
export class SearchNotReadyError extends Error {
  /** The missing index table. */
  readonly table: string;

  constructor(table: string, slug: string) {
    super(
      `The search index ${table} does not exist yet: run \`npx louise db migrate\` (add --remote for production), or rebuild it with POST /api/cms/${slug}/reindex, then search again.`,
    );
    this.name = 'SearchNotReadyError';
    this.table = table;
  }
}

/** Whether an error (or what it wraps) is SQLite's "no such table" for one of `tables`. */
export function isMissingTable(error: unknown, tables: readonly string[]): boolean {
  for (let at = error, depth = 0; at instanceof Error && depth < 5; at = at.cause, depth++) {
    const found = /no such table: (?:main\.)?([A-Za-z0-9_]+)/.exec(at.message);
    if (found && tables.includes(found[1] as string)) return true;
  }
  return false;
}
