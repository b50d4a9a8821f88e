// Pure SQL text of the search indexes: no Workers or drizzle types, so the
// `louise` CLI (Node) builds the same statements the Worker runs.

/** What the index statements read of a collection (a `defineCollection` result fits). */
export interface SearchIndexSpec {
  slug: string;
  versions?: { drafts: true } | undefined;
}

const SLUG = /^[a-z][a-z0-9_]*$/;

/** The FTS5 columns and options every index shares: diacritics folded, 2- and 3-character prefixes indexed for search-as-you-type. */
const FTS5_ARGS = "title, body, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'";

function checked(slug: string): string {
  if (typeof slug !== 'string' || !SLUG.test(slug)) throw new TypeError(`Not a collection slug: ${JSON.stringify(slug)}`);
  return slug;
}

/**
 * The visitors' index of a collection, `<slug>_search`: one row per published entry, `rowid` = entry id.
 * @internal (not exported from any package entry)
 */
export function searchTableName(slug: string): string {
  return `${checked(slug)}_search`;
}

/**
 * The editors' index of a drafts collection, `<slug>_search_editor`: one row per entry, holding its newest pending work.
 * @internal (not exported from any package entry)
 */
export function editorSearchTableName(slug: string): string {
  return `${checked(slug)}_search_editor`;
}

/** The index tables of a collection: the visitors' one, and for a drafts collection the editors' one. */
export function searchTableNames(config: SearchIndexSpec): string[] {
  const names = [searchTableName(config.slug)];
  if (config.versions?.drafts === true) names.push(editorSearchTableName(config.slug));
  return names;
}

/**
 * The idempotent DDL of a collection's search indexes (`CREATE VIRTUAL
 * TABLE IF NOT EXISTS ... USING fts5(title, body, ...)`). drizzle-kit
 * cannot express FTS5 tables, and which ones exist depends on cms.config,
 * so `louise db migrate`, the dev warm-up, POST reindex and `reindexDoc`
 * run these instead of a migration.
 *
 * @example searchIndexSql({ slug: 'pages', versions: { drafts: true } }) // two statements
 */
export function searchIndexSql(config: SearchIndexSpec): string[] {
  return searchTableNames(config).map((name) => `CREATE VIRTUAL TABLE IF NOT EXISTS "${name}" USING fts5(${FTS5_ARGS})`);
}
