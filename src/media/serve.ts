import { json } from '../http/errors.ts';
import { mediaBucket } from './asset.ts';

/** Longest object key served, in characters (R2 allows 1024 bytes). */
const MAX_KEY = 512;
/** Path segments of letters, digits, `.`, `-` and `_`, each starting with a letter or digit: no `..`, no leading slash, no empty segment. */
const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(?:\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Whether a key can name a media object: what the media routes write, and nothing that walks out of it. */
export function isSafeMediaKey(key: string): boolean {
  return key.length <= MAX_KEY && SAFE_KEY.test(key) && !key.includes('..');
}

/** The headers every served object gets. Keys are write-once, so the bytes behind a URL never change. */
const SERVE_HEADERS = {
  'cache-control': 'public, max-age=31536000, immutable',
  'x-content-type-options': 'nosniff',
  // Opened directly, a file is shown in a sandbox with nothing allowed: a PDF or an image cannot run script on the site's origin.
  'content-security-policy': "default-src 'none'; sandbox",
  'accept-ranges': 'bytes',
} as const;

/**
 * Serves media objects from the `MEDIA` bucket under `prefix` (default
 * `/media/`), for sites whose `MEDIA_URL` is root-relative. Public: no
 * session. `GET` and `HEAD` only (405 otherwise); streams the object with
 * its stored content type, `ETag`, `Cache-Control: public, max-age=31536000,
 * immutable`, `X-Content-Type-Options: nosniff` and a sandboxing CSP; a
 * single `Range` answers 206 with `Content-Range` (416 when it starts past
 * the end; a multi-range or malformed header is ignored), a matching
 * `If-None-Match` 304. An unknown or unsafe key is 404. Returns `undefined`
 * for paths outside `prefix`.
 *
 * @example const response = await serveMedia(request, env); if (response) return response;
 */
export async function serveMedia(request: Request, env: { MEDIA?: R2Bucket | undefined }, options: { prefix?: string } = {}): Promise<Response | undefined> {
  const prefix = options.prefix ?? '/media/';
  const { pathname } = new URL(request.url);
  if (!pathname.startsWith(prefix)) return undefined;
  if (request.method !== 'GET' && request.method !== 'HEAD')
    return json({ error: 'method_not_allowed', message: 'Media files are read with GET or HEAD.' }, { status: 405, headers: { allow: 'GET, HEAD' } });
  let key: string;
  try {
    key = decodeURIComponent(pathname.slice(prefix.length));
  } catch {
    return notFound();
  }
  if (!isSafeMediaKey(key)) return notFound();
  let bucket: R2Bucket;
  try {
    bucket = mediaBucket(env);
  } catch {
    return json({ error: 'media_unavailable', message: 'Media storage is not set up on this site.' }, { status: 503 });
  }
  const range = parseRange(request.headers.get('range'));
  const object = await read(bucket, key, request.headers, range);
  if (!object) return notFound();
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  if (!headers.has('content-type')) headers.set('content-type', 'application/octet-stream');
  for (const [name, value] of Object.entries(SERVE_HEADERS)) headers.set(name, value);
  headers.set('etag', object.httpEtag);
  const body = 'body' in object ? (object as R2ObjectBody).body : null;
  const span = range ? rangeSpan(range, object.size) : null;
  if (range && !span) {
    await body?.cancel();
    headers.set('content-range', `bytes */${object.size}`);
    return new Response(null, { status: 416, headers });
  }
  if (!body) {
    // A precondition held the body back: If-None-Match matched (304), or another one failed (412).
    const status = request.headers.has('if-none-match') || request.headers.has('if-modified-since') ? 304 : 412;
    return new Response(null, { status, headers });
  }
  if (span) headers.set('content-range', `bytes ${span.start}-${span.end}/${object.size}`);
  headers.set('content-length', String(span ? span.end - span.start + 1 : object.size));
  if (request.method === 'HEAD') await body.cancel();
  return new Response(request.method === 'HEAD' ? null : body, { status: span ? 206 : 200, headers });
}

/**
 * `get` with the conditions and range of the request. Should the bucket
 * refuse a range past the end (the local one clamps it instead), the size is
 * read and the range asked again within it; an unsatisfiable one comes back
 * as the object's metadata alone, for the caller's 416.
 */
async function read(bucket: R2Bucket, key: string, conditions: Headers, range: ByteRange | null): Promise<R2Object | null> {
  try {
    return await bucket.get(key, { onlyIf: conditions, ...(range ? { range } : {}) });
  } catch (error) {
    if (!range) throw error;
    const head = await bucket.head(key);
    const span = head && rangeSpan(range, head.size);
    if (!head || !span) return head;
    return bucket.get(key, { onlyIf: conditions, range: { offset: span.start, length: span.end - span.start + 1 } });
  }
}

function notFound(): Response {
  return json({ error: 'not_found', message: 'No such media file.' }, { status: 404 });
}

type ByteRange = { offset: number; length?: number } | { suffix: number };

/** One `bytes=` range, or null for none, several, or a malformed header (which RFC 9110 lets a server ignore). */
function parseRange(header: string | null): ByteRange | null {
  const match = header ? /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim()) : null;
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '') return last === '' ? null : { suffix: Number(last) };
  const offset = Number(first);
  if (last === '') return { offset };
  const end = Number(last);
  return end < offset ? null : { offset, length: end - offset + 1 };
}

/** The bytes a range covers in an object of `size` bytes, or null when it is unsatisfiable. */
function rangeSpan(range: ByteRange, size: number): { start: number; end: number } | null {
  if ('suffix' in range) return range.suffix === 0 || size === 0 ? null : { start: Math.max(0, size - range.suffix), end: size - 1 };
  if (range.offset >= size) return null;
  return { start: range.offset, end: Math.min(size - 1, range.offset + (range.length ?? size) - 1) };
}
