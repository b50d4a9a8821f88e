import type { TableCodec } from '../content/table-codec.ts';
import type { VersionedTable } from '../content/versioned-table.ts';
import { HttpError } from '../http/errors.ts';
import { listPage, type ListQuery } from '../http/list-query.ts';

type Row = Record<string, unknown>;

/** A page of rows, newest first, decoded: `{ items, nextCursor }`. */
export async function listRows(DB: D1Database, codec: TableCodec, { limit, cursor }: ListQuery) {
  const { results } = await DB.prepare(`SELECT * FROM ${codec.table} WHERE ${codec.col.id} < ?1 ORDER BY ${codec.col.id} DESC LIMIT ?2`)
    .bind(cursor ?? Number.MAX_SAFE_INTEGER, limit + 1)
    .all();
  return listPage(
    results.map((row) => codec.decode(row)),
    limit,
  );
}

/** One raw row by id, or null. */
export function getRow(DB: D1Database, codec: TableCodec, id: number): Promise<Row | null> {
  return DB.prepare(`SELECT * FROM ${codec.table} WHERE ${codec.col.id} = ?1`).bind(id).first<Row>();
}

/**
 * Inserts a row. For a versioned collection the same batch stores its
 * fields as the first (pending) version, so the new page can be published
 * as created; visitors see nothing until then.
 */
export async function insertRow(DB: D1Database, codec: TableCodec, vt: VersionedTable | null, data: Row, editorId: string): Promise<Row> {
  const names = Object.keys(data);
  const insert = DB.prepare(
    `INSERT INTO ${codec.table} (${names.map((n) => codec.col[n]).join(', ')}) VALUES (${names.map((_, i) => `?${i + 1}`).join(', ')}) RETURNING *`,
  ).bind(...names.map((n) => codec.encode(n, data[n])));
  if (!vt) return (await uniqueOr409(() => insert.first<Row>())) as Row;
  const m = vt.main.col;
  const v = vt.versions.col;
  const firstVersion = DB.prepare(
    `INSERT INTO ${vt.versions.table} (${v.pageId}, ${vt.fields.map((f) => v[f]).join(', ')}, ${v.createdBy}, ${v.createdAt}) ` +
      `SELECT ${m.id}, ${vt.fields.map((f) => m[f]).join(', ')}, ?1, ?2 FROM ${vt.main.table} WHERE ${m.id} = last_insert_rowid()`,
  ).bind(editorId, Date.now());
  const [inserted] = await uniqueOr409(() => DB.batch<Row>([insert, firstVersion]));
  return inserted?.results[0] as Row;
}

/** Updates the named fields of a row; null when there is no such row. */
export async function updateRow(DB: D1Database, codec: TableCodec, id: number, data: Row): Promise<Row | null> {
  const names = Object.keys(data);
  const sets = names.map((n, i) => `${codec.col[n]} = ?${i + 2}`);
  if (codec.col.updatedAt) sets.push(`${codec.col.updatedAt} = ${Date.now()}`);
  const statement = DB.prepare(`UPDATE ${codec.table} SET ${sets.join(', ')} WHERE ${codec.col.id} = ?1 RETURNING *`).bind(
    id,
    ...names.map((n) => codec.encode(n, data[n])),
  );
  return uniqueOr409(() => statement.first<Row>());
}

/**
 * Deletes a row. A versioned row that has versions is kept (409
 * `has_history`) unless `force`: deleting it would take its whole history
 * with it (the versions cascade). The check and the delete are one statement.
 */
export async function deleteRow(DB: D1Database, codec: TableCodec, vt: VersionedTable | null, id: number, force: boolean): Promise<void> {
  const guard = vt && !force ? ` AND NOT EXISTS (SELECT 1 FROM ${vt.versions.table} WHERE ${vt.versions.col.pageId} = ?1)` : '';
  const result = await DB.prepare(`DELETE FROM ${codec.table} WHERE ${codec.col.id} = ?1${guard}`).bind(id).run();
  if (result.meta.changes > 0) return;
  if (!vt) throw new HttpError(404, 'not_found', `No page ${id}.`);
  const versions = await DB.prepare(`SELECT count(*) AS n FROM ${vt.versions.table} WHERE ${vt.versions.col.pageId} = ?1`).bind(id).first<number>('n');
  const exists = await DB.prepare(`SELECT 1 FROM ${codec.table} WHERE ${codec.col.id} = ?1`).bind(id).first();
  if (!exists) throw new HttpError(404, 'not_found', `No page ${id}.`);
  throw new HttpError(
    409,
    'has_history',
    `This page has ${versions} saved version(s). Unpublish it to hide it from visitors and keep its history, or delete it with ?force=1 to remove it and its whole history for good.`,
    { versions },
  );
}

async function uniqueOr409<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof Error && /UNIQUE constraint failed/.test(error.message))
      throw new HttpError(409, 'duplicate', 'Another page already has this value (for example the slug).');
    throw error;
  }
}
