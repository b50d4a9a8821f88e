// How review requests read and publish a document: through the very routes
// the edit bar calls (`…/versions`, `…/publish`), with the asking editor's
// own credentials. So a review publishes along the bar's one path (its
// guards, validation, realtime settle, KV copies of overlays, search hooks),
// and can read only what that editor may read.
import { HttpError } from '../http/errors.ts';
import type { EditorRoute, RouteContext } from '../http/route.ts';
import type { VersionEntry, VersionsPage } from './wire.ts';

/** What a review needs of one document's history. */
export interface DocumentView {
  /** The newest pending version, or null when there is nothing to publish. */
  pending: VersionEntry | null;
  /** The published version, or null when nothing is live. */
  live: VersionEntry | null;
  /** A version of the document by id (any page of the history read so far). */
  version(id: number): VersionEntry | null;
}

/** How many history pages (200 versions each) are read to find the live version behind a long run of drafts. */
const MAX_PAGES = 5;

/** The path of a document's action, as the bar's transport builds it. */
export function documentPath(apiBase: string, collection: string, key: string, action: 'versions' | 'publish'): string {
  return `${apiBase}/${encodeURIComponent(collection)}/${encodeURIComponent(key)}/${action}`;
}

/** A request to the editor API on behalf of the editor who sent `original` (their cookies and origin), never carrying its body. */
function onBehalf(original: Request, path: string, init: { method: 'GET' } | { method: 'POST'; body: string }): Request {
  const headers = new Headers(original.headers);
  headers.delete('content-length');
  if (init.method === 'POST') headers.set('content-type', 'application/json');
  else headers.delete('content-type');
  return new Request(new URL(path, original.url), { ...init, headers });
}

/** The error a route answered, passed on as is; a path nobody answers is an unknown document. */
async function refusal(response: Response | undefined): Promise<never> {
  if (!response) throw new HttpError(404, 'not_found', 'No such document.');
  const body = (await response.json().catch(() => null)) as { error?: unknown; message?: unknown } | null;
  const { error, message, ...extra } = body ?? {};
  throw new HttpError(response.status, typeof error === 'string' ? error : 'failed', typeof message === 'string' ? message : undefined, extra);
}

/**
 * Reads a document's history through `documents` as the editor of `request`:
 * 404 for an unknown document (the route's, or an overlay nothing was ever
 * saved into: `overlay`), the route's own refusal otherwise.
 */
export async function readDocument<E>(
  documents: EditorRoute<E>,
  apiBase: string,
  request: Request,
  env: E,
  ctx: RouteContext,
  collection: string,
  key: string,
  overlay: boolean,
): Promise<DocumentView> {
  const items: VersionEntry[] = [];
  let pointer: number | null = null;
  let cursor: string | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const query = `?limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const response = await documents(onBehalf(request, documentPath(apiBase, collection, key, 'versions') + query, { method: 'GET' }), env, ctx);
    if (!response?.ok) return refusal(response);
    const body = (await response.json()) as VersionsPage;
    items.push(...body.items);
    pointer = body.publishedVersionId;
    cursor = body.nextCursor;
    if (!cursor || pointer === null || items.some((item) => item.id === pointer)) break;
  }
  if (items.length === 0 && overlay) throw new HttpError(404, 'not_found', `Nothing was saved into ${collection} ${key} yet.`);
  const byId = new Map(items.map((item) => [item.id, item]));
  return {
    pending: items.find((item) => item.status === 'pending') ?? null,
    live: pointer === null ? null : (byId.get(pointer) ?? null),
    version: (id) => byId.get(id) ?? null,
  };
}

/**
 * Publishes exactly `versionId` through `documents`, as the editor of
 * `request`: the live pointer after it and the route's cookies (the D1
 * bookmark, so the publisher's next read sees the publish), or the route's refusal.
 */
export async function publishVersion<E>(
  documents: EditorRoute<E>,
  apiBase: string,
  request: Request,
  env: E,
  ctx: RouteContext,
  target: { collection: string; key: string; versionId: number },
): Promise<{ publishedVersionId: number; cookies: string[] }> {
  const path = documentPath(apiBase, target.collection, target.key, 'publish');
  const response = await documents(onBehalf(request, path, { method: 'POST', body: JSON.stringify({ versionId: target.versionId }) }), env, ctx);
  if (!response?.ok) return refusal(response);
  const body = (await response.json()) as { publishedVersionId: number };
  return { publishedVersionId: body.publishedVersionId, cookies: response.headers.getSetCookie() };
}
