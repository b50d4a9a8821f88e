import type { CollectionConfig } from '../content/collection.ts';
import { HttpError, json } from '../http/errors.ts';
import { requireEditor, requirePublish } from '../http/guard.ts';
import { jsonObject, parseBody } from '../http/parse-body.ts';
import { answering, matchPath, type EditorRoute } from '../http/route.ts';
import type { EditorSession, ResolveEditor } from '../http/session.ts';
import { sha256Hex } from '../security/crypto.ts';
import { checkRateArgs, type RateLimitStorage } from '../security/rate-limit.ts';
import { mediaBucket, parseAssetPatch, parseMediaQuery, type AssetPatch, type MediaEnv, type MediaListQuery } from './asset.ts';
import { findMediaReferences } from './refs.ts';
import { MAX_UPLOAD_BYTES } from './store.ts';
import type { MediaAsset, MediaInUse, MediaPage } from './wire.ts';

/** Options both media routes take. */
export interface MediaRouteOptions<E> {
  resolveEditor: ResolveEditor<E>;
  /** Collections whose fields can hold an asset's URL; DELETE scans them (the overlay documents are always scanned). */
  collections?: readonly CollectionConfig[];
  /** The store counting uploads per editor (the sign-in limiter's); null or left out: uploads are not limited. */
  limiter?: (env: E) => RateLimitStorage | null;
  /** Uploads per editor per window; default 60 per 10 minutes. */
  uploadLimit?: { limit: number; windowSec: number };
  /** Largest file, in bytes; default `MAX_UPLOAD_BYTES` (100 MiB). */
  maxBytes?: number;
  /** Default `/api/cms/media`. */
  path?: string;
  /** Where assets are served (their `url` is this plus the key); default `env.MEDIA_URL`, else `/media/`. */
  url?: string | undefined;
}

/** Where a media route keeps its assets: the registry table, or the bucket itself. */
export interface MediaLibrary<E> {
  /** The asset id a `?id=` names, or null (404). */
  id(text: string): number | string | null;
  list(env: E, bucket: R2Bucket, query: MediaListQuery, params: URLSearchParams): Promise<MediaPage>;
  /** Reads the upload form and stores the file; `created` is false when identical bytes were stored already. */
  upload(env: E, bucket: R2Bucket, request: Request, editor: EditorSession): Promise<{ asset: MediaAsset; created: boolean }>;
  /** The patched asset, or null when there is none. */
  update(env: E, bucket: R2Bucket, id: number | string, patch: AssetPatch): Promise<MediaAsset | null>;
  /** The object key of an asset, or null when there is none. */
  keyOf(env: E, bucket: R2Bucket, id: number | string): Promise<string | null>;
  /** Removes the asset and its object. */
  remove(env: E, bucket: R2Bucket, id: number | string, key: string): Promise<void>;
}

const DEFAULT_UPLOAD_LIMIT = { limit: 60, windowSec: 600 };
const METHODS = ['GET', 'POST', 'PATCH', 'DELETE'];
const PatchBody = jsonObject('The body must be a JSON object: { "alt"?: text, "caption"?: text }.');

/** The route options, checked once: a bad limit throws here, not on a request. */
export function mediaOptions<E>(options: MediaRouteOptions<E>): { maxBytes: number; uploadLimit: { limit: number; windowSec: number }; base: string } {
  const maxBytes = options.maxBytes ?? MAX_UPLOAD_BYTES;
  if (!Number.isSafeInteger(maxBytes) || maxBytes < 1) throw new RangeError(`media route: maxBytes must be a positive integer, got ${maxBytes}.`);
  const uploadLimit = options.uploadLimit ?? DEFAULT_UPLOAD_LIMIT;
  checkRateArgs('media route uploadLimit', uploadLimit.limit, uploadLimit.windowSec);
  return { maxBytes, uploadLimit, base: (options.path ?? '/api/cms/media').replace(/\/$/, '') };
}

/**
 * The media HTTP contract over a library (the registry table, or the bucket):
 * `GET` lists `{ items, nextCursor }`, `POST` uploads (201, or 200 for
 * bytes already stored; rate limited per editor, 429 with `retry-after`),
 * `PATCH ?id=` sets alt and caption, `DELETE ?id=[&force=1]` answers 409
 * `in_use` with the references while content uses the asset. Every method
 * needs an editor session, mutations the same origin; deleting an asset that
 * content still uses (with `force=1`) changes what visitors see, so it needs
 * the publish right. A missing `MEDIA` binding is 503 saying how to add it.
 */
export function libraryRoute<E extends MediaEnv>(library: MediaLibrary<E>, options: MediaRouteOptions<E>): EditorRoute<E> {
  const { base, uploadLimit } = mediaOptions(options);
  const collections = options.collections ?? [];
  return answering(async function media(request, env) {
    const url = new URL(request.url);
    if (!matchPath(base, url.pathname)) return undefined;
    const method = request.method;
    if (!METHODS.includes(method)) throw new HttpError(405, 'method_not_allowed', `Use ${METHODS.join(', ')}.`, {}, { allow: METHODS.join(', ') });
    const editor = await requireEditor(request, env, options.resolveEditor);
    const bucket = mediaBucket(env);
    if (method === 'GET') return json((await library.list(env, bucket, parseMediaQuery(url), url.searchParams)) satisfies MediaPage);
    if (method === 'POST') {
      await limitUploads(options.limiter?.(env) ?? null, uploadLimit, editor);
      const { asset, created } = await library.upload(env, bucket, request, editor);
      return json(asset satisfies MediaAsset, { status: created ? 201 : 200 });
    }
    const raw = url.searchParams.get('id') ?? '';
    const id = library.id(raw);
    const notFound = () => new HttpError(404, 'not_found', `No media asset ${JSON.stringify(raw)}.`);
    if (method === 'PATCH') {
      const patch = parseAssetPatch(await parseBody(request, PatchBody));
      const asset = id === null ? null : await library.update(env, bucket, id, patch);
      if (!asset) throw notFound();
      return json(asset satisfies MediaAsset);
    }
    const key = id === null ? null : await library.keyOf(env, bucket, id);
    if (id === null || key === null) throw notFound();
    const references = await findMediaReferences(env.DB, collections, key);
    if (references.length > 0) {
      if (url.searchParams.get('force') !== '1')
        throw new HttpError(
          409,
          'in_use',
          `This file is used in ${references.length} place(s). Remove it there first, or delete it anyway with ?force=1 (the pages using it will show a broken file).`,
          { references } satisfies Pick<MediaInUse, 'references'>,
        );
      requirePublish(editor);
    }
    await library.remove(env, bucket, id, key);
    return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
  });
}

/** Counts an upload for the editor (by hashed email); 429 with `retry-after` once over the limit. */
async function limitUploads(limiter: RateLimitStorage | null, limit: { limit: number; windowSec: number }, editor: EditorSession): Promise<void> {
  if (!limiter) return;
  const who = await sha256Hex(editor.email.toLowerCase());
  const result = await limiter.hit(`media:upload:${who}`, limit.limit, limit.windowSec);
  if (result.ok) return;
  const retryAfter = Math.max(1, result.retryAfter);
  throw new HttpError(
    429,
    'rate_limited',
    `Too many uploads: at most ${limit.limit} every ${duration(limit.windowSec)}. Try again in ${duration(retryAfter)}.`,
    {},
    { 'retry-after': String(retryAfter) },
  );
}

function duration(seconds: number): string {
  return seconds < 60 ? `${seconds} second(s)` : `${Math.ceil(seconds / 60)} minute(s)`;
}
