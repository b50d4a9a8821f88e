import type { DraftEdit } from './merge-draft.ts';
import { newestPendingByRowSql, newestPendingSql, type VersionedTable } from '../content/versioned-table.ts';
import { pick } from '../content/table-codec.ts';
import type { D1Client } from '../db/d1-session.ts';

type Row = Record<string, unknown>;

/** A row's live state and the work a save builds on, read in one round trip. */
export interface Work {
  live: Row;
  /** The newest pending version (decoded), or null. */
  draft: Row | null;
  /** Snapshot fields of the draft, else of the live row. */
  data: Record<string, unknown>;
  /** The same fields as stored (JSON text for json fields), for write guards. */
  stored: Record<string, unknown>;
}

/** Reads the live row and its newest pending version in one batch; null when the row does not exist. */
export async function readWork(client: D1Client, vt: VersionedTable, id: number): Promise<Work | null> {
  const [liveResult, draftResult] = await client.batch<Row>(workStatements(client, vt, id));
  return toWork(vt, liveResult?.results[0], draftResult?.results[0]);
}

/** The two reads behind `Work` (the live row, its newest pending version), to batch with others. */
export function workStatements(client: D1Client, vt: VersionedTable, id: number): [D1PreparedStatement, D1PreparedStatement] {
  return [client.prepare(`SELECT * FROM ${vt.main.table} WHERE ${vt.main.col.id} = ?1`).bind(id), client.prepare(newestPendingByRowSql(vt)).bind(id)];
}

/** Decodes the results of `workStatements`; null when the row does not exist. */
export function toWork(vt: VersionedTable, liveRaw: Row | undefined, draftRaw: Row | undefined): Work | null {
  if (!liveRaw) return null;
  const source = draftRaw ?? liveRaw;
  const codec = draftRaw ? vt.versions : vt.main;
  const stored: Record<string, unknown> = {};
  for (const field of vt.fields) stored[field] = source[unquote(codec.col[field] as string)];
  const live = vt.main.decode(liveRaw);
  const draft = draftRaw ? vt.versions.decode(draftRaw) : null;
  return { live, draft, data: pick(draft ?? live, vt.fields), stored };
}

/** Fields whose stored value must still be what the save checked, or the insert does nothing. */
export type WriteGuards = Readonly<Record<string, unknown>>;

/**
 * Stores a new version in one statement: the edit merged over the newest
 * pending version, else the live row, as read by the statement itself. So
 * saves landing together each build on the one before (no torn snapshot,
 * no lost save), and the `guards` hold at the moment of the write. Run, it
 * returns the stored row, or nothing when the row is missing, an item index
 * is out of range, or a guard failed.
 */
export function insertDraftStatement(
  client: D1Client,
  vt: VersionedTable,
  id: number,
  edit: DraftEdit,
  guards: WriteGuards,
  editorId: string | null,
): D1PreparedStatement {
  const m = vt.main.col;
  const v = vt.versions.col;
  const params: unknown[] = [id, editorId, Date.now()];
  const bind = (value: unknown): string => {
    params.push(value);
    return `?${params.length}`;
  };
  const current = (field: string): string => `CASE WHEN draft.${v.id} IS NULL THEN live.${m[field]} ELSE draft.${v[field]} END`;
  const where: string[] = [];
  const columns: string[] = [];
  for (const field of vt.fields) {
    let expr = current(field);
    if (Object.hasOwn(edit.fields, field)) expr = bind(vt.versions.encode(field, edit.fields[field]));
    const items = (edit.items ?? []).filter((item) => item.field === field);
    if (items.length > 0) {
      const sets = items.map((item) => `'$[${item.index}]', json(${bind(JSON.stringify(item.value ?? null))})`);
      expr = `json_set(${current(field)}, ${sets.join(', ')})`;
      where.push(`json_array_length(${current(field)}) > ${Math.max(...items.map((item) => item.index))}`);
    }
    columns.push(expr);
  }
  for (const [field, stored] of Object.entries(guards)) where.push(`${current(field)} IS ${bind(stored)}`);
  const sql =
    `WITH live AS (SELECT * FROM ${vt.main.table} WHERE ${m.id} = ?1), ` +
    `draft AS (${newestPendingSql(vt.versions, `(SELECT ${m.id} FROM live)`, `(SELECT ${m.publishedVersionId} FROM live)`)}) ` +
    `INSERT INTO ${vt.versions.table} (${v.pageId}, ${vt.fields.map((f) => v[f]).join(', ')}, ${v.createdBy}, ${v.createdAt}) ` +
    `SELECT live.${m.id}, ${columns.join(', ')}, ?2, ?3 FROM live LEFT JOIN draft ON 1 ` +
    (where.length > 0 ? `WHERE ${where.join(' AND ')} ` : '') +
    'RETURNING *';
  return client.prepare(sql).bind(...params);
}

/** Runs `insertDraftStatement`: the new version, or null when nothing was inserted (see above). */
export async function insertDraft(
  client: D1Client,
  vt: VersionedTable,
  id: number,
  edit: DraftEdit,
  guards: WriteGuards,
  editorId: string | null,
): Promise<Row | null> {
  const row = await insertDraftStatement(client, vt, id, edit, guards, editorId).first<Row>();
  return row ? vt.versions.decode(row) : null;
}

/**
 * `insertDraft` and a read of the live row after it, in one batch (one round
 * trip): what a save answers with to say which fields now differ from live.
 */
export async function insertDraftReadingLive(
  client: D1Client,
  vt: VersionedTable,
  id: number,
  edit: DraftEdit,
  guards: WriteGuards,
  editorId: string | null,
): Promise<{ row: Row | null; live: Row | null }> {
  const insert = insertDraftStatement(client, vt, id, edit, guards, editorId);
  const [inserted, live] = await client.batch<Row>([insert, client.prepare(`SELECT * FROM ${vt.main.table} WHERE ${vt.main.col.id} = ?1`).bind(id)]);
  const row = inserted?.results[0];
  const liveRow = live?.results[0];
  return { row: row ? vt.versions.decode(row) : null, live: liveRow ? vt.main.decode(liveRow) : null };
}

function unquote(quoted: string): string {
  return quoted.slice(1, -1);
}
