import * as v from 'valibot';
import { requireEditor, requirePublish } from '../http/guard.ts';
import { HttpError, json } from '../http/errors.ts';
import { parseId } from '../http/list-query.ts';
import { parseBody } from '../http/parse-body.ts';
import { answering, matchPath, type EditorRoute, type EditorRouteEnv } from '../http/route.ts';
import type { EditorSession, ResolveEditor } from '../http/session.ts';
import { publishVersion, readDocument, type DocumentView } from './review-documents.ts';
import type { ReviewAnswer, ReviewItem, ReviewRequestState, ReviewsPage, VersionEntry } from './wire.ts';

export interface ReviewRequestsOptions<E> {
  resolveEditor: ResolveEditor<E>;
  /**
   * The editor API that answers `<apiBase>/<collection>/<key>/versions` and
   * `/publish` (the integration's composed routes): a review reads and
   * publishes only through it, so it takes the bar's one publish path.
   */
  documents: EditorRoute<E>;
  /** Whether a collection is an overlay (a region document: its fields are the regions). */
  isOverlay(collection: string): boolean;
  /** The editor API's base path; default `/api/cms`. Requests live at `<apiBase>/reviews`. */
  apiBase?: string;
}

/** Longest note, in characters: a sentence or two to a publisher, not a document. */
export const MAX_NOTE = 1000;
/** Most open requests one list answers. */
const MAX_LISTED = 100;

// Control characters (but a line break) and the bidirectional overrides that can disguise text are refused, not stripped: nothing typed is silently changed.
const HOSTILE = /(?!\n)[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;
const plain = (what: string, max: number) =>
  v.pipe(
    v.string(`${what} must be text`),
    v.maxLength(max, `${what} is at most ${max} characters`),
    v.check((text) => !HOSTILE.test(text), `${what} may not hold control characters`),
  );
const AskBody = v.strictObject(
  {
    collection: v.pipe(v.string('collection is required'), v.regex(/^[a-z][a-z0-9_-]{0,63}$/, 'collection must be a collection slug')),
    key: v.pipe(plain('key', 200), v.minLength(1, 'key is required')),
    note: v.optional(plain('note', MAX_NOTE), ''),
    url: v.optional(v.nullable(v.pipe(plain('url', 2000), v.regex(/^\/(?![/\\])\S*$/, 'url must be a path on this site, such as /about'))), null),
  },
  'The body must be { collection, key, note?, url? } and nothing else',
);
const DecideBody = v.strictObject(
  {
    decision: v.picklist(['publish', 'decline'], 'decision must be publish or decline'),
    versionId: v.pipe(
      v.number('versionId must be the version you reviewed'),
      v.safeInteger('versionId must be an integer'),
      v.minValue(1, 'versionId must be positive'),
    ),
  },
  'The body must be { decision: "publish" | "decline", versionId } and nothing else',
);

interface Row {
  id: number;
  collection: string;
  doc_key: string;
  version_id: number;
  requested_by: string;
  requested_by_name: string;
  note: string;
  url: string | null;
  state: ReviewRequestState;
  created_at: number;
  updated_at: number;
}

/**
 * Review requests ("Ask to publish"), stored in `review_requests`:
 *
 * - `POST <apiBase>/reviews` `{ collection, key, note?, url? }` (any editor): asks publishers to publish the
 *   document's newest pending draft. 201 `{ id, state: 'open', versionId }`; 200 when the asker's own open request
 *   is brought up to date (newest draft, new note); 409 `no_draft` (nothing pending), 409 `already_requested`
 *   (another editor's request is open: one per document), 404 for an unknown document. Asking never publishes.
 * - `GET <apiBase>/reviews`: `{ items }`, the open requests (a publisher sees all, a writer only their own), each with
 *   the live fields, the requested version's and the names of the changed ones. A request whose version is no longer
 *   pending (published, discarded) is closed as `superseded` and left out.
 * - `POST <apiBase>/reviews/:id/decide` `{ decision: 'publish' | 'decline', versionId }` (needs `access.publish`, else
 *   403 and nothing written): `versionId` is the version the publisher reviewed (409 `changed` if the request moved
 *   on since). Publish publishes exactly that version through the bar's publish route; newer drafts stay drafts.
 * - `POST <apiBase>/reviews/:id/withdraw` (the requester only): closes it as `withdrawn`.
 *
 * 409 `not_open` for a request already closed. Mutations need the same origin, as every editor route.
 */
export function reviewRequestsRoute<E extends EditorRouteEnv>(options: ReviewRequestsOptions<E>): EditorRoute<E> {
  const apiBase = (options.apiBase ?? '/api/cms').replace(/\/$/, '');
  const base = `${apiBase}/reviews`;
  const { resolveEditor, documents } = options;

  return answering(async function reviews(request, env, ctx) {
    const { pathname } = new URL(request.url);
    const read = (collection: string, key: string) => readDocument(documents, apiBase, request, env, ctx, collection, key, options.isOverlay(collection));
    if (pathname === base || pathname === `${base}/`) {
      if (request.method === 'GET' || request.method === 'HEAD') {
        const session = await requireEditor(request, env, resolveEditor);
        return json((await listOpen(env.DB, session, read, options.isOverlay)) satisfies ReviewsPage);
      }
      if (request.method !== 'POST') throw new HttpError(405, 'method_not_allowed', 'Use GET to list or POST to ask.', {}, { allow: 'GET, HEAD, POST' });
      const session = await requireEditor(request, env, resolveEditor);
      const body = await parseBody(request, AskBody);
      const doc = await read(body.collection, body.key);
      if (!doc.pending) throw new HttpError(409, 'no_draft', 'There is no draft to review: edit the page first, then ask.');
      return ask(env.DB, session, { ...body, note: body.note.trim(), versionId: doc.pending.id });
    }
    const params = matchPath(`${base}/:id/:action`, pathname);
    if (!params || (params.action !== 'decide' && params.action !== 'withdraw')) return undefined;
    const id = parseId(params.id);
    if (id === null) throw new HttpError(404, 'not_found', 'No such review request.');
    if (request.method !== 'POST') throw new HttpError(405, 'method_not_allowed', `Use POST for ${params.action}.`, {}, { allow: 'POST' });
    const session = await requireEditor(request, env, resolveEditor);
    if (params.action === 'withdraw') return withdraw(env.DB, session, id);
    // Refused before anything is read: a writer learns nothing about the request.
    requirePublish(session);
    const { decision, versionId } = await parseBody(request, DecideBody);
    const row = await openRow(env.DB, id);
    // The publisher decides on what they were shown; an ask since then changed it.
    if (row.version_id !== versionId)
      throw new HttpError(409, 'changed', 'The request now names a newer draft: look at it again before deciding.', { versionId: row.version_id });
    if (decision === 'decline') return json((await close(env.DB, row, 'declined', session)) satisfies ReviewAnswer);
    const doc = await read(row.collection, row.doc_key);
    if (doc.version(row.version_id)?.status !== 'pending')
      throw new HttpError(409, 'stale', 'That draft is no longer pending (published or discarded since): nothing was published.');
    const published = await publishVersion(documents, apiBase, request, env, ctx, { collection: row.collection, key: row.doc_key, versionId });
    const answer = json({ ...(await close(env.DB, row, 'published', session)), publishedVersionId: published.publishedVersionId } satisfies ReviewAnswer);
    for (const cookie of published.cookies) answer.headers.append('set-cookie', cookie);
    return answer;
  });
}

async function ask(
  db: D1Database,
  session: EditorSession,
  body: { collection: string; key: string; note: string; url: string | null; versionId: number },
): Promise<Response> {
  const now = Date.now();
  const existing = await db
    .prepare(`SELECT * FROM review_requests WHERE collection = ?1 AND doc_key = ?2 AND state = 'open'`)
    .bind(body.collection, body.key)
    .first<Row>();
  if (existing) {
    if (existing.requested_by !== session.id)
      throw new HttpError(409, 'already_requested', `${existing.requested_by_name} already asked for a review of this page.`, {
        requestedBy: existing.requested_by_name,
      });
    // The asker's own request follows their newest draft; the state check keeps a request decided meanwhile closed.
    const updated = await db
      .prepare(`UPDATE review_requests SET version_id = ?2, note = ?3, url = COALESCE(?4, url), updated_at = ?5 WHERE id = ?1 AND state = 'open'`)
      .bind(existing.id, body.versionId, body.note, body.url, now)
      .run();
    if (updated.meta.changes === 0) throw new HttpError(409, 'not_open', 'That request was decided a moment ago: ask again.');
    return json({ id: existing.id, state: 'open', versionId: body.versionId } satisfies ReviewAnswer);
  }
  try {
    const row = await db
      .prepare(
        'INSERT INTO review_requests (collection, doc_key, version_id, requested_by, requested_by_name, note, url, created_at, updated_at) ' +
          'VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8) RETURNING id',
      )
      .bind(body.collection, body.key, body.versionId, session.id, session.name, body.note, body.url, now)
      .first<{ id: number }>();
    return json({ id: row?.id ?? 0, state: 'open', versionId: body.versionId } satisfies ReviewAnswer, { status: 201 });
  } catch (error) {
    // Two asks landing together: the partial unique index lets one request open per document.
    if (/UNIQUE/i.test(String(error))) throw new HttpError(409, 'already_requested', 'Someone asked for a review of this page a moment ago.');
    throw error;
  }
}

async function openRow(db: D1Database, id: number): Promise<Row> {
  const row = await db.prepare('SELECT * FROM review_requests WHERE id = ?1').bind(id).first<Row>();
  if (!row) throw new HttpError(404, 'not_found', 'No such review request.');
  if (row.state !== 'open') throw new HttpError(409, 'not_open', `That request is already ${row.state}.`, { state: row.state });
  return row;
}

async function close(db: D1Database, row: Row, state: ReviewRequestState, session: EditorSession | null): Promise<ReviewAnswer> {
  const result = await db
    .prepare(`UPDATE review_requests SET state = ?2, decided_by = ?3, decided_by_name = ?4, decided_at = ?5, updated_at = ?5 WHERE id = ?1 AND state = 'open'`)
    .bind(row.id, state, session?.id ?? null, session?.name ?? null, Date.now())
    .run();
  if (result.meta.changes === 0) throw new HttpError(409, 'not_open', 'That request was decided a moment ago.');
  return { id: row.id, state, versionId: row.version_id };
}

async function withdraw(db: D1Database, session: EditorSession, id: number): Promise<Response> {
  const row = await openRow(db, id);
  if (row.requested_by !== session.id) throw new HttpError(403, 'forbidden', 'Only the editor who asked can withdraw a review request.');
  return json((await close(db, row, 'withdrawn', session)) satisfies ReviewAnswer);
}

async function listOpen(
  db: D1Database,
  session: EditorSession,
  read: (collection: string, key: string) => Promise<DocumentView>,
  isOverlay: (collection: string) => boolean,
): Promise<ReviewsPage> {
  const statement = session.access.publish
    ? db.prepare(`SELECT * FROM review_requests WHERE state = 'open' ORDER BY id LIMIT ?1`).bind(MAX_LISTED)
    : db.prepare(`SELECT * FROM review_requests WHERE state = 'open' AND requested_by = ?2 ORDER BY id LIMIT ?1`).bind(MAX_LISTED, session.id);
  const rows = (await statement.all<Row>()).results;
  const items: ReviewItem[] = [];
  for (const row of rows) {
    let doc: DocumentView;
    try {
      doc = await read(row.collection, row.doc_key);
    } catch (error) {
      // A document deleted since is no longer anything to publish.
      if (error instanceof HttpError && error.status === 404) {
        await close(db, row, 'superseded', null).catch(() => undefined);
        continue;
      }
      throw error;
    }
    const version = doc.version(row.version_id);
    if (version?.status !== 'pending') {
      // Published or discarded by other means: nothing is left to decide.
      await close(db, row, 'superseded', null).catch(() => undefined);
      continue;
    }
    const live = doc.live ? fieldsOf(doc.live, isOverlay(row.collection)) : null;
    const proposed = fieldsOf(version, isOverlay(row.collection));
    items.push({
      id: row.id,
      collection: row.collection,
      key: row.doc_key,
      url: row.url,
      versionId: row.version_id,
      requestedBy: row.requested_by_name,
      mine: row.requested_by === session.id,
      note: row.note,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      changed: changedNames(live, proposed),
      live,
      proposed,
    });
  }
  return { items };
}

/** A version's fields as an editor names them: an overlay's regions by region name (their values), a collection's fields as stored. */
function fieldsOf(version: VersionEntry, overlay: boolean): Record<string, unknown> {
  if (!overlay) return version.data;
  const regions = (version.data.regions ?? {}) as Record<string, { value?: unknown }>;
  return Object.fromEntries(Object.entries(regions).map(([name, region]) => [name, region?.value ?? null]));
}

function changedNames(live: Record<string, unknown> | null, proposed: Record<string, unknown>): string[] {
  const names = new Set([...Object.keys(proposed), ...Object.keys(live ?? {})]);
  return [...names].filter((name) => JSON.stringify(live?.[name] ?? null) !== JSON.stringify(proposed[name] ?? null));
}
