import type { Table } from 'drizzle-orm';
import type { CollectionConfig } from '../content/collection.ts';
import { pick } from '../content/table-codec.ts';
import { newestPendingByRowSql, pendingSql } from '../content/versioned-table.ts';
import { docText, type DocText } from './doc-text.ts';
import { searchIndexSql } from './fts-sql.ts';
import { isMissingTable, searchTarget, type SearchTarget } from './search-target.ts';
import type { ResolvedVector } from './vector-api.ts';
import { syncDocVectors } from './vector.ts';
import type { ReindexStep } from './wire.ts';

type Client = D1Database | D1DatabaseSession;
type Row = Record<string, unknown>;

/** Entries a `reindexBatch` call reads when none is asked for, and the most it reads. */
export const REINDEX_BATCH = { default: 100, max: 500 } as const;

/** What the two indexes hold of one entry: null where it has no row. */
interface IndexedDoc {
  id: number;
  /** The published text (visitors' index); null when the entry is not published. */
  public: DocText | null;
  /** The newest work (editors' index of a drafts collection); null for a live collection. */
  editor: DocText | null;
}

/**
 * Creates the collection's index tables when missing (`searchIndexSql`).
 * Idempotent; `louise db migrate`, the dev warm-up and POST reindex run it.
 */
export async function ensureSearchIndex(db: Client, config: CollectionConfig): Promise<void> {
  await db.batch(searchIndexSql(config).map((sql) => db.prepare(sql)));
}

/**
 * Brings one entry's index rows in line with its tables: one read (the live
 * row and its newest pending version), one batch of writes. The visitors'
 * index gets the published text, or loses the row when the entry is
 * unpublished or gone; the editors' index gets the newest work, or loses the
 * row when the entry is gone. With `vector`, the entry's embeddings follow
 * the published text (`syncDocVectors`). Missing index tables are created
 * and the write retried once. Call it after every write (`afterWrite`).
 */
export async function reindexDoc(db: Client, table: Table, config: CollectionConfig, id: number, vector?: ResolvedVector | null): Promise<void> {
  const target = searchTarget(config, table);
  const m = target.main.col;
  const reads = [db.prepare(`SELECT * FROM ${target.main.table} WHERE ${m.id} = ?1`).bind(id)];
  if (target.vt) reads.push(db.prepare(newestPendingByRowSql(target.vt)).bind(id));
  const [live, draft] = await db.batch<Row>(reads);
  const liveRow = live?.results[0];
  const doc: IndexedDoc = liveRow ? indexedDoc(target, liveRow, draft?.results[0]) : { id, public: null, editor: null };
  await writeIndexes(db, target, (client) => docStatements(client, target, doc, !liveRow));
  if (vector) await syncDocVectors(vector, target.config.slug, [{ id, text: vectorText(doc.public) }]);
}

/**
 * Reindexes the next `batch` entries (default 100, at most 500) after
 * `cursor` (an entry id; null to start), in id order: one batch of reads,
 * one of writes, so each call stays well inside a Worker's limits. The
 * first call creates missing index tables; the last one (`nextCursor`
 * null) also removes index rows whose entry is gone or unpublished. The
 * index is updated in place, never wiped, so search keeps answering from
 * the old rows while a rebuild runs. `processed` counts the entries up to
 * where this call got, of `total` in the collection.
 */
export async function reindexBatch(
  db: Client,
  config: CollectionConfig,
  options: { cursor?: number | null; batch?: number } = {},
  vector?: ResolvedVector | null,
): Promise<ReindexStep> {
  const target = searchTarget(config);
  const size = options.batch ?? REINDEX_BATCH.default;
  const after = options.cursor ?? 0;
  if (!Number.isSafeInteger(size) || size < 1 || size > REINDEX_BATCH.max) throw new RangeError(`batch must be an integer from 1 to ${REINDEX_BATCH.max}.`);
  if (!Number.isSafeInteger(after) || after < 0) throw new RangeError('cursor must be a nextCursor value (an entry id) or null.');
  if (options.cursor === null || options.cursor === undefined) await ensureSearchIndex(db, config);
  const { main, vt } = target;
  const m = main.col;
  const page = `SELECT ${m.id} FROM ${main.table} WHERE ${m.id} > ?1 ORDER BY ${m.id} LIMIT ?2`;
  const reads = [
    db.prepare(`SELECT * FROM ${main.table} WHERE ${m.id} > ?1 ORDER BY ${m.id} LIMIT ?2`).bind(after, size + 1),
    db.prepare(`SELECT (SELECT count(*) FROM ${main.table}) AS total, (SELECT count(*) FROM ${main.table} WHERE ${m.id} <= ?1) AS done`).bind(after),
  ];
  if (vt) {
    const v = vt.versions.col;
    const newest =
      `SELECT max(p.${v.id}) FROM ${vt.versions.table} p JOIN ${main.table} m ON m.${m.id} = p.${v.pageId} ` +
      `WHERE m.${m.id} IN (${page}) AND ${pendingSql(vt.versions, `m.${m.publishedVersionId}`, 'p')} GROUP BY p.${v.pageId}`;
    reads.push(db.prepare(`SELECT * FROM ${vt.versions.table} WHERE ${v.id} IN (${newest})`).bind(after, size));
  }
  const [liveResult, countResult, draftResult] = await db.batch<Row>(reads);
  const rows = (liveResult?.results ?? []).slice(0, size);
  const drafts = new Map((draftResult?.results ?? []).map((row) => [Number(row[unquote(vt?.versions.col.pageId)]), row]));
  const docs = rows.map((row) => indexedDoc(target, row, drafts.get(Number(row[unquote(m.id)]))));
  const last = docs.length > 0 && (liveResult?.results.length ?? 0) > size ? (docs[docs.length - 1] as IndexedDoc).id : null;
  const orphans: number[] = [];
  await writeIndexes(db, target, (client) => docs.flatMap((doc) => docStatements(client, target, doc, false)));
  if (last === null) orphans.push(...(await removeOrphans(db, target, vector !== null && vector !== undefined)));
  if (vector) {
    const texts = [...docs.map((doc) => ({ id: doc.id, text: vectorText(doc.public) })), ...orphans.map((id) => ({ id, text: null }))];
    if (texts.length > 0) await syncDocVectors(vector, target.config.slug, texts);
  }
  const counts = countResult?.results[0] ?? {};
  return { processed: Number(counts.done ?? 0) + docs.length, total: Number(counts.total ?? 0), nextCursor: last };
}

/**
 * Rebuilds a collection's indexes (and embeddings, with `vector`) by
 * looping `reindexBatch` to the end. For scripts and the CLI; a Worker
 * request should page through POST `<path>/reindex` instead.
 */
export async function rebuildSearchIndex(db: Client, config: CollectionConfig, vector?: ResolvedVector | null): Promise<{ total: number }> {
  let cursor: number | null = null;
  let processed = 0;
  do {
    const result = await reindexBatch(db, config, { cursor }, vector);
    processed = result.processed;
    cursor = result.nextCursor;
  } while (cursor !== null);
  return { total: processed };
}

/** What the indexes hold of an entry, from its live row and its newest pending version (raw D1 rows). */
function indexedDoc(target: SearchTarget, liveRaw: Row, draftRaw: Row | undefined): IndexedDoc {
  const { config, main, vt } = target;
  const live = main.decode(liveRaw);
  const id = live.id as number;
  const fields = Object.keys(config.fields);
  if (!vt) return { id, public: docText(config, pick(live, fields)), editor: null };
  const published = live.publishedVersionId !== null && live.publishedVersionId !== undefined;
  const work = draftRaw ? vt.versions.decode(draftRaw) : live;
  return { id, public: published ? docText(config, pick(live, fields)) : null, editor: docText(config, pick(work, fields)) };
}

/** The single-row writes that put one entry's index rows in line (3 bound values at most each). */
function docStatements(db: Client, target: SearchTarget, doc: IndexedDoc, gone: boolean): D1PreparedStatement[] {
  const put = (index: string, text: DocText | null) =>
    text
      ? db.prepare(`INSERT OR REPLACE INTO "${index}" (rowid, title, body) VALUES (?1, ?2, ?3)`).bind(doc.id, text.title, text.body)
      : db.prepare(`DELETE FROM "${index}" WHERE rowid = ?1`).bind(doc.id);
  const statements = [put(target.publicIndex, doc.public)];
  if (target.vt) statements.push(put(target.editorIndex, gone ? null : doc.editor));
  return statements;
}

/** Runs index writes; when an index table is missing, creates the tables and runs them once more. */
async function writeIndexes(db: Client, target: SearchTarget, statements: (db: Client) => D1PreparedStatement[]): Promise<void> {
  const first = statements(db);
  if (first.length === 0) return;
  try {
    await db.batch(first);
  } catch (error) {
    if (!isMissingTable(error, [target.publicIndex, target.editorIndex])) throw error;
    await ensureSearchIndex(db, target.config);
    await db.batch(statements(db));
  }
}

/** Deletes index rows whose entry is gone (or, from the visitors' index, unpublished); returns the visitors' index rows removed when `list` is set. */
async function removeOrphans(db: Client, target: SearchTarget, list: boolean): Promise<number[]> {
  const { main, vt } = target;
  const m = main.col;
  const visible = `SELECT ${m.id} FROM ${main.table}${vt ? ` WHERE ${m.publishedVersionId} IS NOT NULL` : ''}`;
  const pub = `"${target.publicIndex}"`;
  // One transaction: the rows listed are the rows deleted (a virtual table has no DELETE ... RETURNING).
  const statements = list ? [db.prepare(`SELECT rowid AS id FROM ${pub} WHERE rowid NOT IN (${visible})`)] : [];
  statements.push(db.prepare(`DELETE FROM ${pub} WHERE rowid NOT IN (${visible})`));
  if (vt) statements.push(db.prepare(`DELETE FROM "${target.editorIndex}" WHERE rowid NOT IN (SELECT ${m.id} FROM ${main.table})`));
  const [listed] = await db.batch<{ id: number }>(statements);
  return list ? (listed?.results ?? []).map((row) => Number(row.id)) : [];
}

/** The text embedded for an entry: its published title and body; null (delete its vectors) when not published. */
function vectorText(text: DocText | null): string | null {
  return text ? [text.title, text.body].filter((part) => part !== '').join('\n\n') : null;
}

function unquote(quoted: string | undefined): string {
  return (quoted ?? '').slice(1, -1);
}
