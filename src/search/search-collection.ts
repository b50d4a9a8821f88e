import type { CollectionConfig } from '../content/collection.ts';
import { errorName, reportDegraded } from '../security/degraded.ts';
import { fuseRankings } from './fuse.ts';
import { ftsQuery } from './fts-query.ts';
import { isMissingTable, SearchNotReadyError, searchTarget, type SearchTarget } from './search-target.ts';
import { leadSnippet, snippetHtml } from './snippet.ts';
import type { ResolvedVector } from './vector-api.ts';
import { semanticRanking } from './vector.ts';
import type { SearchHit, SearchPage } from './wire.ts';

/** A result and a page of them are the contract in wire.ts (shared with the search panel). */
export type { SearchHit, SearchPage };

/** What to search for. */
export interface SearchQuery {
  /** Any text: only its words are searched (`ftsQuery`). */
  q: string;
  /** Results per page, 1 to 50; default 10. */
  limit?: number;
  /** A `nextCursor` from the page before; opaque (an offset, at most 500). */
  cursor?: string | null;
  /** `public` (default): published entries only. `editor`: every entry, as its newest work. */
  scope?: 'public' | 'editor';
}

/** bm25 weights of the index columns: a match in the title counts four times one in the body. */
export const SEARCH_WEIGHTS: { readonly title: number; readonly body: number } = Object.freeze({ title: 4, body: 1 });
/** Results per page when none is asked for. */
export const DEFAULT_SEARCH_LIMIT = 10;
/** Most results per page. */
export const MAX_SEARCH_LIMIT = 50;
/** Deepest offset a cursor may hold: past the first 500 results a search should be refined, not paged. */
export const MAX_SEARCH_OFFSET = 500;
/** How many results of each list fusion looks at, at least and at most. */
const FUSION_DEPTH = { min: 50, max: 200 } as const;

const CURSOR = /^(0|[1-9][0-9]{0,2})$/;

/** Reads a search cursor: the offset it holds, or null for anything that is not one (the route answers 400). */
export function parseSearchCursor(cursor: string | null | undefined): number | null {
  if (typeof cursor !== 'string' || !CURSOR.test(cursor)) return null;
  const offset = Number(cursor);
  return offset <= MAX_SEARCH_OFFSET ? offset : null;
}

type Row = Record<string, unknown>;

/**
 * Searches a collection's index. Visitors (`scope: 'public'`, the default)
 * find only published entries, as published: the index holds nothing else,
 * and the query also checks the live row's pointer, so a stale index row
 * can never show. Editors (`scope: 'editor'`) find every entry by its
 * newest pending work. Results are ranked by bm25 (title 4x body), each
 * with an escaped snippet; with `vector` (public scope only) the keyword
 * and semantic rankings are fused (`fuseRankings`), and an entry found by
 * meaning only gets the start of its body as snippet. A query without a
 * word answers no results. A limit out of range is clamped, a cursor that
 * is not one starts at the top. Throws {@link SearchNotReadyError} when the
 * index table does not exist yet.
 *
 * @example await searchCollection(env.DB, pages, { q: 'opening hours', limit: 10 })
 */
export async function searchCollection(
  db: D1Database | D1DatabaseSession,
  config: CollectionConfig,
  query: SearchQuery,
  vector?: ResolvedVector | null,
): Promise<SearchPage> {
  const target = searchTarget(config);
  const limit = clampLimit(query.limit);
  const offset = parseSearchCursor(query.cursor) ?? 0;
  const editor = query.scope === 'editor';
  const match = ftsQuery(query.q);
  if (match === null) return { items: [], nextCursor: null };
  const index = editor ? target.editorIndex : target.publicIndex;
  const next = (more: boolean) => (more && offset + limit <= MAX_SEARCH_OFFSET ? String(offset + limit) : null);
  if (editor || !vector) {
    const rows = await keywordRows(db, target, index, !editor, match, limit + 1, offset);
    return {
      items: rows.slice(0, limit).map((row) => toHit(target, row, Number(row.score), snippetHtml(String(row.snippet ?? '')))),
      nextCursor: next(rows.length > limit),
    };
  }
  const depth = Math.min(FUSION_DEPTH.max, Math.max(FUSION_DEPTH.min, offset + limit + 1));
  const [keyword, semantic] = await Promise.all([keywordRows(db, target, index, true, match, depth, 0), semanticRows(db, target, vector, query.q, depth)]);
  const byId = new Map<number, { row: Row; snippet: string }>();
  for (const row of semantic) byId.set(Number(row.id), { row, snippet: leadSnippet(String(row.lead ?? '')) });
  for (const row of keyword) byId.set(Number(row.id), { row, snippet: snippetHtml(String(row.snippet ?? '')) });
  const fused = fuseRankings([keyword.map((row) => Number(row.id)), semantic.map((row) => Number(row.id))]);
  const items = fused.slice(offset, offset + limit).flatMap(({ id, score }) => {
    const found = byId.get(id);
    return found ? [toHit(target, found.row, score, found.snippet)] : [];
  });
  return { items, nextCursor: next(fused.length > offset + limit) };
}

function clampLimit(limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit)) return DEFAULT_SEARCH_LIMIT;
  return Math.min(MAX_SEARCH_LIMIT, Math.max(1, Math.trunc(limit)));
}

/** SQL of the unique columns and the published flag of the live row `m`, selected beside each hit. */
function entryColumns(target: SearchTarget): string {
  const m = target.main.col;
  const published = target.vt ? `m.${m.publishedVersionId} IS NOT NULL` : '1';
  return [`${published} AS published`, ...target.unique.map((name, i) => `m.${m[name]} AS "u${i}"`)].join(', ');
}

/**
 * How many matches a query ranks: the newest `recent` that match anywhere,
 * plus the newest `titled` that match in the title. A query matching fewer
 * than `recent` entries (nearly every query on most sites) is ranked
 * exactly; one matching more, a common word on a large site, is ranked
 * among these candidates, so its cost stops growing with the site (bm25
 * scores every match it ranks, and FTS5 walks matches newest first and
 * stops) while title matches, the strongest signal, are found however old
 * they are (ranked by their title alone).
 */
export const SEARCH_CANDIDATES = Object.freeze({ recent: 4000, titled: 1000 });

/**
 * The keyword ranking, best first: `limit` rows from `offset`, each with its
 * snippet and score. Ranked by bm25 alone over the candidates (no snippet,
 * no join); only the page of winners gets its snippet, its live row and
 * the published check (which guards against a stale index: a visitor never
 * sees an unpublished entry, though such a page may then hold fewer than
 * `limit` rows).
 */
async function keywordRows(
  db: D1Database | D1DatabaseSession,
  target: SearchTarget,
  index: string,
  publishedOnly: boolean,
  match: string,
  limit: number,
  offset: number,
): Promise<Row[]> {
  const t = `"${index}"`;
  const m = target.main.col;
  const bm25 = `bm25(${t}, ${weight(SEARCH_WEIGHTS.title)}, ${weight(SEARCH_WEIGHTS.body)})`;
  // `titled` ranks by its own query, the title alone: for an old entry that is a lower bound of its full
  // score (its body hits are not counted), so it can only rank lower than an exact ranking would put it.
  const sql =
    `WITH recent AS MATERIALIZED (SELECT rowid AS id, ${bm25} AS rank FROM ${t} WHERE ${t} MATCH ?1 ORDER BY rowid DESC LIMIT ${SEARCH_CANDIDATES.recent}), ` +
    `titled AS (SELECT rowid AS id, ${bm25} AS rank FROM ${t} WHERE ${t} MATCH ?4 ORDER BY rowid DESC LIMIT ${SEARCH_CANDIDATES.titled}), ` +
    // Only a query that filled `recent` reads `titled` (a constant condition, checked before the scan).
    `ranked AS MATERIALIZED (SELECT id, rank FROM recent UNION ALL SELECT id, rank FROM titled WHERE (SELECT count(*) FROM recent) = ${SEARCH_CANDIDATES.recent} ` +
    `AND id < (SELECT min(id) FROM recent) ORDER BY rank, id LIMIT ?2 OFFSET ?3) ` +
    `SELECT ranked.id AS id, ${t}.title AS title, snippet(${t}, 1, char(2), char(3), '…', 16) AS snippet, -ranked.rank AS score, ${entryColumns(target)} ` +
    // CROSS JOIN keeps this order: each winner is looked up in the index by rowid (its snippet needs the MATCH).
    `FROM ranked CROSS JOIN ${t} ON ${t}.rowid = ranked.id CROSS JOIN ${target.main.table} m ON m.${m.id} = ranked.id ` +
    `WHERE ${t} MATCH ?1${publishedOnly && target.vt ? ` AND m.${m.publishedVersionId} IS NOT NULL` : ''} ` +
    'ORDER BY ranked.rank, ranked.id';
  return readIndex(db, target, index, sql, [match, limit, offset, `{title} : (${match})`]);
}

/** Runs a read of one of the collection's indexes; a missing index table is {@link SearchNotReadyError}. */
async function readIndex(db: D1Database | D1DatabaseSession, target: SearchTarget, index: string, sql: string, params: unknown[]): Promise<Row[]> {
  try {
    return (
      await db
        .prepare(sql)
        .bind(...params)
        .all<Row>()
    ).results;
  } catch (error) {
    if (isMissingTable(error, [index])) throw new SearchNotReadyError(index, target.config.slug);
    throw error;
  }
}

/**
 * The semantic ranking, best first, kept to entries visitors can see, each
 * with its title and the start of its body. A failing embedder or index is
 * reported (`search.semantic`) and ranks nothing, so keyword search still answers.
 */
async function semanticRows(db: D1Database | D1DatabaseSession, target: SearchTarget, vector: ResolvedVector, q: string, depth: number): Promise<Row[]> {
  let ranking: { id: number; score: number }[];
  try {
    ranking = await semanticRanking(vector, target.config.slug, q, depth);
  } catch (error) {
    reportDegraded('search.semantic', { collection: target.config.slug, error: errorName(error) });
    return [];
  }
  if (ranking.length === 0) return [];
  const t = `"${target.publicIndex}"`;
  const m = target.main.col;
  const sql =
    `SELECT ${t}.rowid AS id, ${t}.title AS title, substr(${t}.body, 1, 400) AS lead, ${entryColumns(target)} ` +
    `FROM ${t} JOIN ${target.main.table} m ON m.${m.id} = ${t}.rowid ` +
    `WHERE ${t}.rowid IN (SELECT value FROM json_each(?1))${target.vt ? ` AND m.${m.publishedVersionId} IS NOT NULL` : ''}`;
  const rows = await readIndex(db, target, target.publicIndex, sql, [JSON.stringify(ranking.map(({ id }) => id))]);
  const found = new Map(rows.map((row) => [Number(row.id), row]));
  return ranking.flatMap(({ id }) => {
    const row = found.get(id);
    return row ? [row] : [];
  });
}

function weight(value: number): string {
  return Number.isInteger(value) ? value.toFixed(1) : String(value);
}

/** A result row as a hit: its unique columns, then id, title, snippet, score, url and published. */
function toHit(target: SearchTarget, row: Row, score: number, snippet: string): SearchHit {
  const unique: Record<string, unknown> = {};
  target.unique.forEach((name, i) => {
    unique[name] = row[`u${i}`];
  });
  const id = Number(row.id);
  const title = String(row.title ?? '');
  return { ...unique, id, title, snippet, score, url: urlOf(target, { ...unique, id, title }), published: Boolean(row.published) };
}

/** `search.url` of an entry; a throw or a value that is not a string is null (and the throw logged by name). */
function urlOf(target: SearchTarget, entry: Record<string, unknown>): string | null {
  const url = target.config.search?.url;
  if (!url) return null;
  try {
    const value = url(entry);
    return typeof value === 'string' ? value : null;
  } catch (error) {
    console.error(`louise: search.url of ${target.config.slug} threw for entry ${String(entry.id)}; the hit has no url.`, errorName(error));
    return null;
  }
}
