import * as v from 'valibot';
import { bufferKey, type BufferedDraft } from '../content/draft-buffer.ts';
import { documentRevs } from '../content/document-revs.ts';
import { pick } from '../content/table-codec.ts';
import { applyDiscard, applyPublish, applyUnpublish } from './apply-publish.ts';
import { applySaveDraft } from './apply-save-draft.ts';
import type { CollectionConfig } from '../content/collection.ts';
import { changedFields, parseDraftBody, type DraftEdit } from './merge-draft.ts';
import { readSession, withBookmark, writeSession } from '../db/d1-cookie.ts';
import { draftDeps, type DraftDeps, type DraftDepsOptions } from './draft-deps.ts';
import { toWork, workStatements } from './draft-store.ts';
import { requireEditor } from '../http/guard.ts';
import { HttpError, json } from '../http/errors.ts';
import { listPage, parseId, parseListQuery } from '../http/list-query.ts';
import { jsonObject, parseBody } from '../http/parse-body.ts';
import { answering, matchPath, type EditorRoute, type EditorRouteEnv } from '../http/route.ts';
import type { ResolveEditor } from '../http/session.ts';
import { LIVE_HEADER, type SoftLockSource } from './soft-locks.ts';
import { errorName, reportDegraded } from '../security/degraded.ts';
import { runWriteHook, type WriteHook } from './write-hook.ts';
import { versionAuthors } from './version-authors.ts';
import type { D1Client } from '../db/d1-session.ts';
import { applyRestore } from './apply-restore.ts';
import type { EditorSession } from '../http/session.ts';
import type { DraftSaved, Published, Restored, VersionStatus, VersionsPage } from './wire.ts';

export interface VersionsRouteOptions<E> extends DraftDepsOptions<E> {
  resolveEditor: ResolveEditor<E>;
  softLocks?: SoftLockSource<E> | undefined;
  /**
   * The realtime session's pending changes of the row (`realtimeSettle`):
   * written before a publish and before the versions are listed, dropped
   * with a discard. A throw is reported
   * (`editor.realtime`) and the publish or discard goes ahead.
   */
  settle?: ((env: E, target: { collection: string; id: number }, action: 'flush' | 'drop') => Promise<void>) | undefined;
  /** Base path; default `/api/cms/<config.slug>`. */
  path?: string;
  /**
   * Runs after each draft save (a restore included), publish, unpublish and
   * discard (awaited); a throw is logged and never fails the write. Use it
   * to keep search in step (`reindexDoc`).
   */
  afterWrite?: WriteHook<E, VersionsOperation> | undefined;
}

/** The writes `versionsRoute` reports to `afterWrite`. */
export type VersionsOperation = 'draft' | 'publish' | 'unpublish' | 'discard';

const SaveBody = jsonObject('The body must be a JSON object of changed fields.');
const VersionId = v.pipe(
  v.number('versionId must be a positive integer'),
  v.safeInteger('versionId must be a positive integer'),
  v.minValue(1, 'versionId must be a positive integer'),
);
const notObject = 'The body must be a JSON object';
/** `{}`, `{ versionId }` or no body at all. */
export const PublishBody = v.optional(
  v.pipe(jsonObject(`${notObject}: {} or { "versionId": <id> }.`), v.looseObject({ versionId: v.optional(VersionId) })),
  {},
);
/** `{ versionId }`: the version whose fields a restore saves as a new draft. */
export const RestoreBody = v.pipe(jsonObject(`${notObject}: { "versionId": <id> }.`), v.looseObject({ versionId: VersionId }));
/** `{ versionId }`: the newest pending version to discard (with everything pending before it), or null when only the write buffer holds work. */
export const DiscardBody = v.pipe(
  jsonObject(`${notObject}: { "versionId": <id> }.`),
  v.looseObject({
    versionId: v.union([VersionId, v.null()], 'versionId is required: the newest pending version to discard (null when only the write buffer holds work)'),
  }),
);

/**
 * Draft/publish routes of a versioned collection. Mount before `pagesRoute`.
 *
 * - `GET  <path>/:id/versions?limit&cursor`: `{ items: [{ id, status, createdAt, createdBy, data, author, changed }], nextCursor, publishedVersionId, revs }`,
 *   newest first; `author` the person's name (`versionAuthors`), `changed` the fields changed from the version before; `status` is `published`, `pending`, `superseded` or `discarded`; `revs` are the revisions of the work a save builds on.
 * - `POST <path>/:id/versions` `{ <field>: value, '<list>.<n>': item, $base?: { <field>: rev } }`: `{ versionId, revs }`
 *   (`versionId` null when the save went to the write buffer). A list field is sent whole, or one item by dotted
 *   index; its `$base` revision is always the whole list's. A sections field is sent whole (with its `$base`
 *   structure revision: a reorder, add or remove that keeps stored block content) or one block field at a time,
 *   `'<sections>.<blockId>.<key>'` with its own revision; 409 `{ error: 'block_removed', fields }` when that block is gone. 409 `{ error: 'conflict', conflicts: [{ field, value, rev, by }] }` (`by`: the display name of who saved that value, or null),
 *   423 `{ error: 'locked', locked }`, 422 `{ error: 'validation', violations }`, 400 for an unknown field or an item out of range.
 *   With the write buffer on, the revision check reads then writes the buffer: it is not atomic, so two saves landing together can both pass.
 * - `POST <path>/:id/restore` `{ versionId }` (any editor): `{ versionId, restored, revs }`; the version's fields saved as a new
 *   pending draft through the draft write path (soft locks 423, the write buffer); visitors keep the live version. 404 for a
 *   version that is not the row's, 400 for a bad body.
 * - `POST <path>/:id/publish` `{ versionId? }` (needs `access.publish`): `{ publishedVersionId }`. Publishing an older
 *   `versionId` retires the versions between it and the old pointer (listed `superseded`), so pending work is unchanged.
 * - `POST <path>/:id/unpublish` (needs `access.publish`): `{ publishedVersionId: null }`.
 * - `POST <path>/:id/discard` `{ versionId }`: 204; pending versions up to `versionId` and the write buffer are discarded
 *   (`versionId: null`: only the buffer). Without `versionId` it is 400: a discard never wipes work it was not shown.
 *
 * Every refusal is answered, never thrown. Writes run through a first-primary D1 session and set the `cms_d1_bookmark` cookie.
 * `afterWrite` runs after each of them (`draft`, a restore included, `publish`, `unpublish`, `discard`).
 */
export function versionsRoute<E extends EditorRouteEnv>(options: VersionsRouteOptions<E>): EditorRoute<E> {
  const deps = draftDeps(options);
  const base = (options.path ?? `/api/cms/${options.config.slug}`).replace(/\/$/, '');
  const { resolveEditor, softLocks } = options;
  const settle = async (env: E, id: number, action: 'flush' | 'drop') => {
    try {
      await options.settle?.(env, { collection: options.config.slug, id }, action);
    } catch (error) {
      reportDegraded('editor.realtime', { collection: options.config.slug, id, action, error: errorName(error) });
    }
  };

  return answering(async function versions(request, env, ctx) {
    const { pathname } = new URL(request.url);
    if (!pathname.startsWith(`${base}/`)) return undefined;
    const params = matchPath(`${base}/:id/:action`, pathname);
    const action = params?.action;
    if (action !== 'versions' && action !== 'publish' && action !== 'unpublish' && action !== 'discard' && action !== 'restore') return undefined;
    const id = parseId(params?.id);
    if (id === null) throw new HttpError(404, 'not_found', 'No such row.');
    const method = request.method;
    if (action === 'versions' && (method === 'GET' || method === 'HEAD')) {
      const session = await requireEditor(request, env, resolveEditor);
      // The history and the revisions include what the realtime session acknowledged but had not written yet.
      await settle(env, id, 'flush');
      const client = readSession(env.DB, request);
      const page = await listVersions(env, deps, client, id, new URL(request.url));
      return withBookmark(json((await withAuthors(client, page, session)) satisfies VersionsPage), client, request);
    }
    if (method !== 'POST')
      throw new HttpError(405, 'method_not_allowed', `Use POST for ${action}.`, {}, { allow: action === 'versions' ? 'GET, HEAD, POST' : 'POST' });
    const session = await requireEditor(request, env, resolveEditor, { publish: action === 'publish' || action === 'unpublish' });
    const client = writeSession(env.DB);
    let response: Response;
    if (action === 'versions') {
      const live = liveSid(request);
      const edit = parseDraftEdit(await parseBody(request, SaveBody), deps.vt.config);
      const saved = await applySaveDraft(env, deps, session, id, edit, { softLocks, client, ctx, live });
      // The save read the live row in its own round trip (insertDraftReadingLive): no read of its own here.
      const changes = saved.live ? pendingChanges(saved.live, saved.data, deps.vt.fields) : [];
      response = json({ versionId: saved.versionId, revs: saved.revs, changes } satisfies DraftSaved);
    } else if (action === 'restore') {
      const { versionId } = await parseBody(request, RestoreBody);
      // What the realtime session accepted is written first, so the restore's draft is the newest pending work.
      await settle(env, id, 'flush');
      const saved = await applyRestore(env, deps, session, id, versionId, { softLocks, client, ctx });
      response = json({ versionId: saved.versionId, restored: versionId, revs: saved.revs } satisfies Restored);
    } else if (action === 'publish') {
      const { versionId } = await parseBody(request, PublishBody);
      await settle(env, id, 'flush');
      response = json((await applyPublish(env, deps, session, id, versionId, client)) satisfies Published);
    } else if (action === 'unpublish') {
      await applyUnpublish(env, deps, session, id, client);
      response = json({ publishedVersionId: null } satisfies Published);
    } else {
      const { versionId } = await parseBody(request, DiscardBody);
      await settle(env, id, 'drop');
      await applyDiscard(env, deps, id, versionId, client);
      response = new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
    }
    // A restore is a draft save: the search hooks see a draft.
    const operation = action === 'versions' || action === 'restore' ? 'draft' : action;
    await runWriteHook(options.afterWrite, session, { operation, id }, { env, ctx }, `${operation} of ${deps.vt.main.table} ${id}`);
    return withBookmark(response, client, request);
  });
}

/**
 * The one parse of a draft save body (`{ <field>: value, '<list>.<n>': item,
 * '<sections>.<id>.<key>': value, $base? }`, already a JSON object) into the
 * typed edit the cores take: 400 `unknown_field` for a key that is not a
 * field of `config`, then 400 `invalid_body` for a malformed `$base` or a
 * field sent both whole and by item. Nothing below the route reads the body.
 */
export function parseDraftEdit(body: Readonly<Record<string, unknown>>, config: CollectionConfig): DraftEdit {
  const parsed = parseDraftBody(body, config.fields);
  if (parsed.unknown.length > 0)
    throw new HttpError(400, 'unknown_field', `Not a field of ${config.slug}: ${parsed.unknown.join(', ')}.`, { fields: parsed.unknown });
  if (parsed.problems.length > 0) throw new HttpError(400, 'invalid_body', parsed.problems.join('; '));
  return { ...parsed.edit, base: parsed.base };
}

/** A page of a row's version history, newest first, with the revisions of the work a save builds on (`revsOf`, default `documentRevs`). */
export async function listVersions<E extends EditorRouteEnv>(
  env: E,
  deps: DraftDeps<E>,
  client: D1Database | D1DatabaseSession,
  id: number,
  url: URL,
  revsOf: (data: Record<string, unknown>) => Record<string, string> = (data) => documentRevs(pick(data, deps.vt.fields), deps.vt.config.fields),
): Promise<VersionsPage> {
  const { vt } = deps;
  const { limit, cursor } = parseListQuery(url);
  const c = vt.versions.col;
  const [live, pending, page] = await client.batch<Record<string, unknown>>([
    ...workStatements(client, vt, id),
    client
      .prepare(`SELECT * FROM ${vt.versions.table} WHERE ${c.pageId} = ?1 AND ${c.id} < ?2 ORDER BY ${c.id} DESC LIMIT ?3`)
      // One row past the page's next-page probe: the version before the page's oldest, which its `changed` compares with.
      .bind(id, cursor ?? Number.MAX_SAFE_INTEGER, limit + 2),
  ]);
  const work = toWork(vt, live?.results[0], pending?.results[0]);
  if (!work) throw new HttpError(404, 'not_found', `No ${vt.config.slug} row ${id}.`);
  const pointer = (work.live.publishedVersionId as number | null) ?? null;
  const buffer = deps.buffer(env);
  const buffered = buffer ? await buffer.get<BufferedDraft>(bufferKey(vt.config.slug, id)) : null;
  const rows = (page?.results ?? []).map((raw) => vt.versions.decode(raw));
  const pendingWork = buffered?.data ?? (work.draft ? work.data : null);
  const { items, nextCursor } = listPage(rows.slice(0, limit + 1), limit);
  return {
    items: items.map((row, at) => ({
      id: row.id as number,
      status: versionStatus(row, pointer),
      // The versions table's columns (the decoded row is untyped).
      createdAt: row.createdAt as number,
      createdBy: row.createdBy as string | null,
      data: pick(row, vt.fields),
      author: null,
      changed: changedSince(vt.fields, row, rows[at + 1]),
    })),
    nextCursor,
    publishedVersionId: pointer,
    buffered: buffered !== null,
    revs: revsOf(buffered?.data ?? work.data),
    changes: pendingWork ? pendingChanges(work.live, pendingWork, vt.fields) : [],
  };
}

/** The fields whose value differs between a version and the one before it; for a page's first version, every field with a value. */
function changedSince(fields: readonly string[], row: Record<string, unknown>, before: Record<string, unknown> | undefined): string[] {
  // Both decoded from stored JSON text the same way, so equal values serialize alike.
  const text = (value: unknown) => JSON.stringify(value ?? null);
  const empty = (value: unknown) => value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
  return fields.filter((field) => (before ? text(row[field]) !== text(before[field]) : !empty(row[field])));
}

/** The page with each version's author named (`versionAuthors`), for the editor asking. */
async function withAuthors(client: D1Client, page: VersionsPage, asking: EditorSession): Promise<VersionsPage> {
  const names = await versionAuthors(
    client,
    page.items.map((item) => item.createdBy),
    asking,
  );
  return { ...page, items: page.items.map((item) => ({ ...item, author: (item.createdBy && names.get(item.createdBy)) || null })) };
}

/** The fields of `pending` (a draft snapshot) whose value differs from the live row's: what a Publish would change, in field order. */
export function pendingChanges(live: Readonly<Record<string, unknown>>, pending: Readonly<Record<string, unknown>>, fields: readonly string[]): string[] {
  return changedFields(pick(live, fields), pending, fields);
}

/**
 * `published` (the live pointer), `pending` (newer than it and not discarded:
 * work a save or publish builds on), `discarded` (by Discard), or
 * `superseded` (older than the pointer, or retired by a Restore).
 */
function versionStatus(row: Record<string, unknown>, pointer: number | null): VersionStatus {
  if (row.id === pointer) return 'published';
  if (row.discardedAt != null) return row.discardedBy === 'restore' ? 'superseded' : 'discarded';
  return (row.id as number) > (pointer ?? 0) ? 'pending' : 'superseded';
}

/** The realtime connection a save says it comes from (`LIVE_HEADER`): a UUID, or 400. */
function liveSid(request: Request): string | undefined {
  const sid = request.headers.get(LIVE_HEADER);
  if (sid === null) return undefined;
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(sid))
    throw new HttpError(400, 'invalid_header', `${LIVE_HEADER} must be the live session's connection id (a UUID); leave it out otherwise.`);
  return sid;
}
