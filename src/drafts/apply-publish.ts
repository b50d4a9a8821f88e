import { bufferKey, type BufferedDraft } from '../content/draft-buffer.ts';
import { requirePublish } from '../http/guard.ts';
import { requiredViolations, typeViolations } from '../content/field-values.ts';
import { newestPendingByRowSql } from '../content/versioned-table.ts';
import { pick } from '../content/table-codec.ts';
import type { D1Client } from '../db/d1-session.ts';
import { clearDraftBuffer, runValidate, validationError, type DraftDeps } from './draft-deps.ts';
import { HttpError } from '../http/errors.ts';
import type { EditorRouteEnv } from '../http/route.ts';
import type { EditorSession } from '../http/session.ts';

type Row = Record<string, unknown>;

/**
 * Publishes a version of row `id`: the given `versionId` (any version of the
 * row; an older one is Restore), else the buffer's draft, else the newest
 * pending version. Full field validation runs before the snapshot is copied
 * onto the live row and `publishedVersionId` is set. Two round trips (one
 * batch read, one batch write). Needs `access.publish` (403 otherwise).
 */
export async function applyPublish<E extends EditorRouteEnv>(
  env: E,
  deps: DraftDeps<E>,
  session: EditorSession,
  id: number,
  versionId: number | undefined,
  client: D1Client = env.DB,
): Promise<{ publishedVersionId: number }> {
  requirePublish(session);
  const { vt } = deps;
  const buffer = versionId === undefined ? deps.buffer(env) : null;
  const key = bufferKey(vt.config.slug, id);
  const buffered = buffer ? await buffer.get<BufferedDraft>(key) : null;
  if (buffered) {
    const data = pick(buffered.data, vt.fields);
    await fullValidation(deps, data, id, session);
    const published = await publishBuffered(client, deps, id, data, session.id);
    await clearDraftBuffer(buffer, vt.config.slug, id);
    return { publishedVersionId: published };
  }
  const m = vt.main.col;
  const v = vt.versions.col;
  const target =
    versionId === undefined
      ? client.prepare(newestPendingByRowSql(vt)).bind(id)
      : client.prepare(`SELECT * FROM ${vt.versions.table} WHERE ${v.id} = ?1 AND ${v.pageId} = ?2`).bind(versionId, id);
  const [live, version] = await client.batch<Row>([client.prepare(`SELECT ${m.id} FROM ${vt.main.table} WHERE ${m.id} = ?1`).bind(id), target]);
  if (!live?.results[0]) throw new HttpError(404, 'not_found', `No ${vt.config.slug} row ${id}.`);
  const row = version?.results[0];
  if (!row) {
    if (versionId !== undefined) throw new HttpError(404, 'not_found', `Version ${versionId} is not a version of ${vt.config.slug} row ${id}.`);
    throw new HttpError(409, 'no_draft', 'There is no pending draft to publish.');
  }
  const decoded = vt.versions.decode(row);
  const data = pick(decoded, vt.fields);
  await fullValidation(deps, data, id, session);
  const params: unknown[] = [id, decoded.id];
  const sets = vt.fields.map((field) => {
    params.push(vt.main.encode(field, data[field]));
    return `${m[field]} = ?${params.length}`;
  });
  if (m.updatedAt) sets.push(`${m.updatedAt} = ${Date.now()}`);
  const [, , updated] = await client.batch([
    ...retireOnRestore(client, deps, id, decoded.id as number),
    client.prepare(`UPDATE ${vt.main.table} SET ${sets.join(', ')}, ${m.publishedVersionId} = ?2 WHERE ${m.id} = ?1`).bind(...params),
  ]);
  if (!updated || updated.meta.changes === 0) throw new HttpError(404, 'not_found', `No ${vt.config.slug} row ${id}.`);
  return { publishedVersionId: decoded.id as number };
}

/**
 * Statements run before the pointer moves to `versionId`, in the same batch.
 * A Restore (publishing a version older than the live one) retires the
 * versions after it up to the old pointer: they were live or superseded, not
 * pending work, and must not come back as drafts to resume or promote. So a
 * Restore never changes which versions are pending. The published version
 * itself is no longer discarded (an explicit id may publish a discarded one).
 */
function retireOnRestore<E>(client: D1Client, deps: DraftDeps<E>, id: number, versionId: number): D1PreparedStatement[] {
  const { vt } = deps;
  const m = vt.main.col;
  const v = vt.versions.col;
  return [
    client
      .prepare(
        `UPDATE ${vt.versions.table} SET ${v.discardedAt} = ?3, ${v.discardedBy} = 'restore' WHERE ${v.pageId} = ?1 AND ${v.id} > ?2 ` +
          `AND ${v.id} <= COALESCE((SELECT ${m.publishedVersionId} FROM ${vt.main.table} WHERE ${m.id} = ?1), 0) AND ${v.discardedAt} IS NULL`,
      )
      .bind(id, versionId, Date.now()),
    client
      .prepare(`UPDATE ${vt.versions.table} SET ${v.discardedAt} = NULL, ${v.discardedBy} = NULL WHERE ${v.id} = ?1 AND ${v.discardedAt} IS NOT NULL`)
      .bind(versionId),
  ];
}

/** Stores the buffer's snapshot as a version and publishes it, atomically, in one batch. */
async function publishBuffered<E>(client: D1Client, deps: DraftDeps<E>, id: number, data: Row, editorId: string): Promise<number> {
  const { vt } = deps;
  const m = vt.main.col;
  const v = vt.versions.col;
  const insertParams: unknown[] = [id, editorId, Date.now(), ...vt.fields.map((field) => vt.versions.encode(field, data[field]))];
  const insert = client
    .prepare(
      `INSERT INTO ${vt.versions.table} (${v.pageId}, ${v.createdBy}, ${v.createdAt}, ${vt.fields.map((f) => v[f]).join(', ')}) ` +
        `SELECT ${m.id}, ?2, ?3, ${vt.fields.map((_, i) => `?${i + 4}`).join(', ')} FROM ${vt.main.table} WHERE ${m.id} = ?1 RETURNING ${v.id} AS id`,
    )
    .bind(...insertParams);
  const updateParams: unknown[] = [id, ...vt.fields.map((field) => vt.main.encode(field, data[field]))];
  const sets = vt.fields.map((field, i) => `${m[field]} = ?${i + 2}`);
  if (m.updatedAt) sets.push(`${m.updatedAt} = ${Date.now()}`);
  const update = client
    .prepare(
      `UPDATE ${vt.main.table} SET ${sets.join(', ')}, ${m.publishedVersionId} = (SELECT max(${v.id}) FROM ${vt.versions.table} WHERE ${v.pageId} = ?1) WHERE ${m.id} = ?1`,
    )
    .bind(...updateParams);
  const [inserted] = await client.batch<{ id: number }>([insert, update]);
  const newId = inserted?.results[0]?.id;
  if (newId === undefined) throw new HttpError(404, 'not_found', `No ${vt.config.slug} row ${id}.`);
  return newId;
}

async function fullValidation<E>(deps: DraftDeps<E>, data: Row, id: number, session: EditorSession): Promise<void> {
  const violations = [...typeViolations(data, deps.vt.config.fields), ...requiredViolations(data, deps.vt.config.fields)];
  if (violations.length > 0) throw validationError(violations);
  await runValidate(deps.validate, data, { stage: 'publish', id, editor: session });
}

/** Clears the live pointer: visitors no longer see the row. Needs `access.publish` (403 otherwise). */
export async function applyUnpublish<E extends EditorRouteEnv>(
  env: E,
  deps: DraftDeps<E>,
  session: EditorSession,
  id: number,
  client: D1Client = env.DB,
): Promise<void> {
  requirePublish(session);
  const m = deps.vt.main.col;
  const result = await client.prepare(`UPDATE ${deps.vt.main.table} SET ${m.publishedVersionId} = NULL WHERE ${m.id} = ?1`).bind(id).run();
  if (result.meta.changes === 0) throw new HttpError(404, 'not_found', `No ${deps.vt.config.slug} row ${id}.`);
}

/**
 * Discards pending work: the pending versions up to `versionId` are marked
 * discarded, so they are never resumed or promoted without an explicit id,
 * and the write buffer is cleared (`versionId` null: only the buffer).
 * Returns how many versions were discarded.
 */
export async function applyDiscard<E extends EditorRouteEnv>(
  env: E,
  deps: DraftDeps<E>,
  id: number,
  versionId: number | null,
  client: D1Client = env.DB,
): Promise<number> {
  const { vt } = deps;
  const m = vt.main.col;
  const v = vt.versions.col;
  const [live, version] = await client.batch<Row>([
    client.prepare(`SELECT ${m.publishedVersionId} AS pointer FROM ${vt.main.table} WHERE ${m.id} = ?1`).bind(id),
    client
      .prepare(`SELECT ${v.id} AS id, ${v.discardedAt} AS discarded FROM ${vt.versions.table} WHERE ${v.id} = ?1 AND ${v.pageId} = ?2`)
      .bind(versionId ?? 0, id),
  ]);
  const liveRow = live?.results[0];
  if (!liveRow) throw new HttpError(404, 'not_found', `No ${vt.config.slug} row ${id}.`);
  const pointer = (liveRow.pointer as number | null) ?? 0;
  let discarded = 0;
  if (versionId !== null) {
    const found = version?.results[0];
    if (!found) throw new HttpError(404, 'not_found', `Version ${versionId} is not a version of ${vt.config.slug} row ${id}.`);
    if (versionId <= pointer || found.discarded !== null) throw new HttpError(409, 'not_pending', `Version ${versionId} is not pending work.`);
    const result = await client
      .prepare(
        `UPDATE ${vt.versions.table} SET ${v.discardedAt} = ?1, ${v.discardedBy} = 'discard' WHERE ${v.pageId} = ?2 AND ${v.id} > ?3 AND ${v.id} <= ?4 AND ${v.discardedAt} IS NULL`,
      )
      .bind(Date.now(), id, pointer, versionId)
      .run();
    discarded = result.meta.changes;
  }
  await clearDraftBuffer(deps.buffer(env), vt.config.slug, id);
  return discarded;
}
