import type { Table } from 'drizzle-orm';
import * as v from 'valibot';
import type { CollectionConfig } from '../content/collection.ts';
import { readSession, writeSession } from '../db/d1-cookie.ts';
import { HttpError, json } from '../http/errors.ts';
import { requireEditor } from '../http/guard.ts';
import { jsonObject, parseBody } from '../http/parse-body.ts';
import { answering, matchPath, type EditorRoute, type EditorRouteEnv } from '../http/route.ts';
import type { ResolveEditor } from '../http/session.ts';
import { REINDEX_BATCH, reindexBatch } from './reindex.ts';
import { DEFAULT_SEARCH_LIMIT, MAX_SEARCH_LIMIT, MAX_SEARCH_OFFSET, parseSearchCursor, searchCollection } from './search-collection.ts';
import { SearchNotReadyError, searchTarget } from './search-target.ts';
import type { SearchVector } from './vector-api.ts';
import { resolveVector } from './vector.ts';
import type { ReindexStep, SearchPage } from './wire.ts';

export interface SearchRouteOptions<E> {
  /** The collection's live table. */
  table: Table;
  /** A collection with `search`. */
  config: CollectionConfig;
  resolveEditor: ResolveEditor<E>;
  /** Semantic search: the embedder and vector index (from `defineCms({ search: { vector } })`); keyword only without it. */
  vector?: SearchVector<E> | undefined;
  /** Base path; default `/api/cms/<config.slug>`. */
  path?: string;
}

const LIMIT = /^[1-9][0-9]?$/;
const integer = (name: string) => v.pipe(v.number(`${name} must be an integer`), v.safeInteger(`${name} must be an integer`));
/** `{}`, `{ cursor }` (a `nextCursor` from the call before, or null to start) and/or `{ batch }` (1 to 500); or no body. */
const reindexShape = 'The body must be {} or { "cursor": <nextCursor or null>, "batch": <1 to 500> }.';
const ReindexBody = v.optional(
  v.pipe(
    jsonObject(reindexShape),
    v.strictObject(
      {
        cursor: v.optional(v.nullable(v.pipe(integer('cursor'), v.minValue(0, 'cursor must be a nextCursor value or null')))),
        batch: v.optional(
          v.pipe(integer('batch'), v.minValue(1, 'batch must be at least 1'), v.maxValue(REINDEX_BATCH.max, `batch is at most ${REINDEX_BATCH.max}`)),
        ),
      },
      reindexShape,
    ),
  ),
  {},
);

/**
 * Search of one collection, for signed-in editors. Mount before
 * `versionsRoute` and `pagesRoute`, so `/search` is not read as an id.
 *
 * - `GET <path>/search?q=&limit=&cursor=&scope=public|editor`: `{ items: [{ id, title, snippet, score, url, published, ...unique }], nextCursor }`
 *   (`searchCollection`; with `vector`, public scope fuses keyword and semantic rankings). Any `q` answers 200; 400
 *   `invalid_query` for a `limit` that is not an integer from 1 to 50, a cursor that is not a `nextCursor`, or another
 *   scope; 503 `search_not_ready` while the index table does not exist.
 * - `POST <path>/reindex` `{ cursor?, batch? }` (needs `access.publish`): `{ processed, total, nextCursor }`
 *   (`reindexBatch`); call again with `nextCursor` until it is null. Resumable, and search keeps answering meanwhile.
 *
 * Every refusal is answered, never thrown.
 */
export function searchRoute<E extends EditorRouteEnv>(options: SearchRouteOptions<E>): EditorRoute<E> {
  const { config, resolveEditor } = options;
  searchTarget(config, options.table);
  const base = (options.path ?? `/api/cms/${config.slug}`).replace(/\/$/, '');
  return answering(async function search(request, env) {
    const { pathname, searchParams } = new URL(request.url);
    if (matchPath(`${base}/search`, pathname)) {
      if (request.method !== 'GET' && request.method !== 'HEAD') throw new HttpError(405, 'method_not_allowed', 'Use GET.', {}, { allow: 'GET, HEAD' });
      await requireEditor(request, env, resolveEditor);
      const query = parseQuery(searchParams);
      const vector = query.scope === 'public' ? resolveVector(options.vector, env) : null;
      try {
        return json((await searchCollection(readSession(env.DB, request), config, query, vector)) satisfies SearchPage);
      } catch (error) {
        if (error instanceof SearchNotReadyError) throw new HttpError(503, 'search_not_ready', error.message);
        throw error;
      }
    }
    if (matchPath(`${base}/reindex`, pathname)) {
      if (request.method !== 'POST') throw new HttpError(405, 'method_not_allowed', 'Use POST.', {}, { allow: 'POST' });
      await requireEditor(request, env, resolveEditor, { publish: true });
      const body = await parseBody(request, ReindexBody);
      const batch: { cursor?: number | null; batch?: number } = { cursor: body.cursor ?? null };
      if (body.batch !== undefined) batch.batch = body.batch;
      return json((await reindexBatch(writeSession(env.DB), config, batch, resolveVector(options.vector, env))) satisfies ReindexStep);
    }
    return undefined;
  });
}

/** `?q&limit&cursor&scope`, checked: 400 `invalid_query` for a limit, cursor or scope that is not one. */
function parseQuery(params: URLSearchParams): { q: string; limit: number; cursor: string | null; scope: 'public' | 'editor' } {
  const limit = params.get('limit');
  const cursor = params.get('cursor');
  const scope = params.get('scope') ?? 'public';
  if (limit !== null && (!LIMIT.test(limit) || Number(limit) > MAX_SEARCH_LIMIT))
    throw new HttpError(400, 'invalid_query', `limit must be an integer from 1 to ${MAX_SEARCH_LIMIT}.`);
  if (cursor !== null && parseSearchCursor(cursor) === null)
    throw new HttpError(400, 'invalid_query', `cursor must be a nextCursor value from a previous page (at most ${MAX_SEARCH_OFFSET}).`);
  if (scope !== 'public' && scope !== 'editor') throw new HttpError(400, 'invalid_query', 'scope must be public or editor.');
  return { q: params.get('q') ?? '', limit: limit === null ? DEFAULT_SEARCH_LIMIT : Number(limit), cursor, scope };
}
