import { HttpError } from '../http/errors.ts';
import type { EditorRoute } from '../http/route.ts';
import type { EditorSession } from '../http/session.ts';
import { mediaBaseUrl, typeMatches, type MediaAsset, type MediaEnv, type MediaListQuery } from './asset.ts';
import { libraryRoute, mediaOptions, type MediaLibrary, type MediaRouteOptions } from './library-route.ts';
import { isSafeMediaKey } from './serve.ts';
import { storeFile, type SniffedFile } from './store.ts';
import { receiveUpload, type UploadFields } from './upload-form.ts';

export interface ListMediaRouteOptions<E> extends MediaRouteOptions<E> {
  /** Upload scopes (key prefixes `<scope>/`), the first the default: lower-case letters, digits, `-` and `_`. */
  scopes: readonly string[];
}

const SCOPE = /^[a-z0-9][a-z0-9_-]{0,63}$/;
/** R2 keeps at most 8 KiB of metadata per object; the content type takes some of it. */
const MAX_METADATA_BYTES = 8192 - 256;
/** Objects one list request reads at most while looking for matches of a filter. */
const MAX_SCAN = 5000;
const encoder = new TextEncoder();

/**
 * The media contract of `mediaRoute` straight over the `MEDIA` bucket, with
 * no registry table: objects are stored at `<scope>/<key>` and carry their
 * asset in custom metadata (alt, caption, width, height, filename, sha256,
 * uploadedBy, createdAt). An asset's `id` is its object key.
 *
 * Differences the bucket imposes:
 * - `GET` lists in key order (R2 lists keys in order; newest first would
 *   need a table), all scopes or `?scope=` one. With `type` or `q`, a page
 *   may hold fewer than `limit` items while `nextCursor` is still set: each
 *   request reads at most 5000 objects.
 * - `POST` takes `scope` (one of `scopes`, default the first; 400
 *   `invalid_scope` otherwise), and `scope`, `alt` and `caption` must come
 *   before `file` in the form, since they are written with the object.
 *   Identical bytes are found by their content-addressed key, so only files
 *   up to 8 MiB (one part) are stored once per scope; a larger file has no
 *   `sha256` metadata (it is known only after the upload).
 * - `PATCH` writes the object again with the new metadata (R2 cannot change
 *   metadata in place), streaming its bytes through the Worker.
 */
export function listMediaRoute<E extends MediaEnv>(options: ListMediaRouteOptions<E>): EditorRoute<E> {
  const scopes = [...options.scopes];
  const bad = scopes.filter((scope) => !SCOPE.test(scope));
  if (scopes.length === 0 || bad.length > 0 || new Set(scopes).size !== scopes.length)
    throw new Error(
      `listMediaRoute(): scopes must be a non-empty list of distinct names of lower-case letters, digits, - and _ (got ${JSON.stringify(scopes)}).`,
    );
  return libraryRoute(bucketLibrary<E>(scopes, mediaOptions(options).maxBytes, options.url), options);
}

function bucketLibrary<E extends MediaEnv>(scopes: string[], maxBytes: number, url: string | undefined): MediaLibrary<E> {
  const scopeOf = (key: string): string | null => {
    const scope = key.slice(0, key.indexOf('/'));
    return scopes.includes(scope) && isSafeMediaKey(key) ? scope : null;
  };
  return {
    id: (text) => (scopeOf(text) ? text : null),

    async list(env, bucket, query, params) {
      const only = params.get('scope');
      if (only !== null && !scopes.includes(only)) throw invalidScope(scopes);
      return listObjects(env, url, bucket, only ? [only] : [...scopes].sort(), query, scopeOf);
    },

    async upload(env, bucket, request, editor) {
      const createdAt = Date.now();
      const { result } = await receiveUpload(request, {
        maxBytes,
        scope: true,
        fieldsAfterFile: false,
        store(body, fields) {
          const scope = fields.scope ?? (scopes[0] as string);
          if (!scopes.includes(scope)) throw invalidScope(scopes);
          return storeFile(body, {
            bucket,
            prefix: `${scope}/`,
            maxBytes,
            existing: (_sha256, contentKey) => bucket.head(contentKey),
            metadata: (file) => assetMetadata(file, fields, editor, createdAt),
          });
        },
        undo: (stored) => bucket.delete(stored.key),
      });
      if (result.existing) return { asset: toAsset(env, url, result.existing), created: false };
      const object = await bucket.head(result.stored.key);
      if (!object) throw new Error(`listMediaRoute: ${result.stored.key} is missing right after its upload.`);
      return { asset: toAsset(env, url, object), created: true };
    },

    async update(env, bucket, id, patch) {
      const object = await bucket.get(id as string);
      if (!object) return null;
      const customMetadata: Record<string, string> = { ...object.customMetadata };
      for (const [name, value] of Object.entries(patch)) if (value !== undefined) customMetadata[name] = value;
      try {
        checkMetadataSize(customMetadata);
      } catch (error) {
        await object.body.cancel();
        throw error;
      }
      const written = await bucket.put(id as string, object.body, { httpMetadata: object.httpMetadata ?? {}, customMetadata });
      return toAsset(env, url, written ?? object);
    },

    async keyOf(_env, bucket, id) {
      return (await bucket.head(id as string)) ? (id as string) : null;
    },

    async remove(_env, bucket, _id, key) {
      await bucket.delete(key);
    },
  };
}

function invalidScope(scopes: readonly string[]): HttpError {
  return new HttpError(400, 'invalid_scope', `scope must be one of ${scopes.join(', ')}.`);
}

/** An object's asset, from its size, content type and custom metadata. */
function toAsset(env: MediaEnv, url: string | undefined, object: R2Object): MediaAsset {
  const meta = object.customMetadata ?? {};
  const int = (text: string | undefined) => (text && /^[0-9]{1,15}$/.test(text) ? Number(text) : null);
  return {
    id: object.key,
    url: mediaBaseUrl(env, url) + object.key,
    key: object.key,
    type: object.httpMetadata?.contentType ?? 'application/octet-stream',
    bytes: object.size,
    width: int(meta.width),
    height: int(meta.height),
    alt: meta.alt ?? '',
    caption: meta.caption ?? '',
    createdAt: int(meta.createdAt) ?? object.uploaded.getTime(),
  };
}

/** The custom metadata an uploaded object carries: its asset fields (400 when alt and caption do not fit R2's metadata limit). */
function assetMetadata(file: SniffedFile & { sha256: string | null }, fields: UploadFields, editor: EditorSession, createdAt: number): Record<string, string> {
  const meta: Record<string, string> = {
    alt: fields.alt,
    caption: fields.caption,
    width: file.width === null ? '' : String(file.width),
    height: file.height === null ? '' : String(file.height),
    filename: fields.filename,
    uploadedBy: editor.id,
    createdAt: String(createdAt),
  };
  if (file.sha256) meta.sha256 = file.sha256;
  checkMetadataSize(meta);
  return meta;
}

function checkMetadataSize(meta: Record<string, string>): void {
  let size = 0;
  for (const [name, value] of Object.entries(meta)) size += encoder.encode(name).length + encoder.encode(value).length;
  if (size > MAX_METADATA_BYTES)
    throw new HttpError(
      400,
      'invalid_body',
      'The alt text and caption are too long together to keep with the file (the bucket keeps at most 8 KB of metadata): shorten them.',
    );
}

/**
 * A page of the scopes' objects in key order, after `cursor` (a key from a
 * previous page), filtered by type and text, reading at most `MAX_SCAN`
 * objects. Scopes are listed one after the other in sorted order, which is
 * the key order of their prefixes.
 */
async function listObjects(
  env: MediaEnv,
  url: string | undefined,
  bucket: R2Bucket,
  order: string[],
  query: MediaListQuery,
  scopeOf: (key: string) => string | null,
): Promise<{ items: MediaAsset[]; nextCursor: string | null }> {
  let at = 0;
  let startAfter: string | undefined;
  if (query.cursor !== null) {
    at = order.indexOf(scopeOf(query.cursor) ?? '');
    if (at < 0) throw new HttpError(400, 'invalid_query', 'cursor must be a nextCursor value from a previous page.');
    startAfter = query.cursor;
  }
  const q = query.q?.toLowerCase() ?? null;
  const filtered = query.type !== null || q !== null;
  const items: MediaAsset[] = [];
  let scanned = 0;
  let last: string | null = null;
  while (at < order.length && items.length <= query.limit && scanned < MAX_SCAN) {
    const page = await bucket.list({
      prefix: `${order[at]}/`,
      ...(startAfter ? { startAfter } : {}),
      limit: filtered ? 1000 : query.limit + 1 - items.length,
      include: ['customMetadata', 'httpMetadata'],
    });
    let read = 0;
    for (const object of page.objects) {
      read++;
      scanned++;
      last = object.key;
      const asset = toAsset(env, url, object);
      const meta = object.customMetadata ?? {};
      const text = q === null || [meta.filename, asset.alt, asset.caption].some((value) => value?.toLowerCase().includes(q));
      if (typeMatches(query.type, asset.type) && text) items.push(asset);
      if (items.length > query.limit || scanned >= MAX_SCAN) break;
    }
    // More in this scope: the page was cut short by R2, or the loop stopped inside it.
    if (read > 0 && (page.truncated || read < page.objects.length) && last !== null) startAfter = last;
    else {
      at++;
      startAfter = undefined;
    }
  }
  if (items.length > query.limit) return { items: items.slice(0, query.limit), nextCursor: items[query.limit - 1]?.key ?? null };
  // Stopped by the scan bound before the end: the next page goes on from the last object read.
  return { items, nextCursor: at < order.length && last !== null ? last : null };
}
