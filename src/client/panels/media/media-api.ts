// The one module that knows the media routes' wire format (`/api/cms/media`,
// see the media contract): list, upload with progress, alt/caption, delete.
import type { MediaAsset, MediaInUse, MediaPage, MediaReference } from '../../../media/wire.ts';
import { answer, createRequest, failure, readListPage, type Answer, type Untrusted } from '../../core/api-request.ts';

export type { Answer, MediaAsset, MediaPage, MediaReference };

export interface MediaQuery {
  cursor?: string | null;
  /** A kind (`image`, `video`, `audio`, `pdf`) or an exact MIME type. */
  type?: string;
  /** Case-insensitive text in the filename, alt or caption. */
  q?: string;
  limit?: number;
}

export type RemoveOutcome = { ok: true } | { ok: false; message: string; references?: MediaReference[] };

/** The XMLHttpRequest parts an upload uses (tests pass a fake). */
export type UploadRequest = Pick<
  XMLHttpRequest,
  | 'open'
  | 'send'
  | 'setRequestHeader'
  | 'getResponseHeader'
  | 'status'
  | 'responseText'
  | 'withCredentials'
  | 'upload'
  | 'onload'
  | 'onerror'
  | 'ontimeout'
  | 'onabort'
>;

export interface MediaApiOptions {
  apiBase: string;
  fetch?: typeof fetch;
  /** Makes the request an upload goes out on (default: a new XMLHttpRequest). */
  xhr?: () => UploadRequest;
  /** Files larger than this are refused before sending (default 100 MiB, what the route and Cloudflare accept). */
  maxBytes?: number;
  timeoutMs?: number;
}

export type MediaApi = ReturnType<typeof createMediaApi>;

/** A size in bytes, as an editor reads it. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const kb = bytes / 1024;
  if (kb < 1024) return `${kb < 10 ? kb.toFixed(1) : Math.round(kb)} KB`;
  const mb = kb / 1024;
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
}

/** The route's size limit: 100 MiB, Cloudflare's request-body cap on Free and Pro plans. */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

const ACCEPTED = 'an image (JPEG, PNG, GIF, WebP or AVIF), a video (MP4 or WebM), audio (MP3, OGG or WAV) or a PDF';

/**
 * Typed calls to the media routes. None of them rejects: a failure comes
 * back as the sentence to show, and an upload refusal says what to do.
 *
 * @example
 * const media = createMediaApi({ apiBase: '/api/cms' });
 * const sent = await media.upload(file, { alt: 'A red door' }, (loaded, total) => (bar.value = loaded / total));
 */
export function createMediaApi(options: MediaApiOptions) {
  const fetch = options.fetch ?? ((...args: Parameters<typeof globalThis.fetch>) => globalThis.fetch(...args));
  const call = createRequest(fetch, options.timeoutMs ?? 15_000);
  const base = `${options.apiBase.replace(/\/$/, '')}/media`;
  const maxBytes = options.maxBytes ?? MAX_UPLOAD_BYTES;
  const named = (id: number | string, force = false) => `${base}?id=${encodeURIComponent(String(id))}${force ? '&force=1' : ''}`;

  return {
    /** One page of the library, newest first; pass the previous page's `nextCursor` for the next. */
    async list(query: MediaQuery = {}): Promise<Answer<MediaPage>> {
      const params = new URLSearchParams();
      if (query.limit !== undefined) params.set('limit', String(query.limit));
      if (query.cursor) params.set('cursor', query.cursor);
      if (query.type) params.set('type', query.type);
      if (query.q) params.set('q', query.q);
      const search = params.toString();
      return answer(await call(search ? `${base}?${search}` : base), (raw): MediaPage => readListPage(raw, readAsset), 'request');
    },

    /** Uploads one file (multipart field `file`), reporting bytes sent; answers the stored asset. */
    upload(file: File, fields: { alt?: string; caption?: string } = {}, onProgress?: (loaded: number, total: number) => void): Promise<Answer<MediaAsset>> {
      if (file.size > maxBytes) return Promise.resolve({ ok: false, message: tooLarge(file.name, formatBytes(maxBytes)) });
      const form = new FormData();
      form.append('file', file, file.name);
      if (fields.alt) form.append('alt', fields.alt);
      if (fields.caption) form.append('caption', fields.caption);
      return send(options.xhr?.() ?? new XMLHttpRequest(), base, form, onProgress).then((res) =>
        typeof res === 'string' ? { ok: false, message: res } : uploaded(res, file.name),
      );
    },

    /** Sets an asset's alt text and/or caption; answers the asset as stored. */
    async patch(id: number | string, change: { alt?: string; caption?: string }): Promise<Answer<MediaAsset>> {
      const res = await call(named(id), { method: 'PATCH', body: JSON.stringify(change) });
      return assetAnswer(await answer(res, readAsset, 'change'));
    },

    /** Deletes an asset; a 409 `in_use` lists where it is still used (send again with `force` to delete anyway). */
    async remove(id: number | string, force = false): Promise<RemoveOutcome> {
      const res = await call(named(id, force), { method: 'DELETE' });
      if (typeof res === 'string') return { ok: false, message: res };
      if (res.ok) return { ok: true };
      if (res.status === 409) {
        const body = (await res
          .clone()
          .json()
          .catch(() => null)) as Untrusted<MediaInUse> | null;
        if (body?.error === 'in_use') {
          const references = (Array.isArray(body.references) ? body.references : []).map(readReference).filter((ref) => ref !== null);
          return { ok: false, message: `It is still used in ${references.length === 1 ? 'one place' : `${references.length} places`}.`, references };
        }
      }
      return { ok: false, message: await failure(res, 'delete') };
    },
  };
}

/** Sends the form with the editor's cookie, reporting upload progress; the response, or why none came. */
function send(xhr: UploadRequest, url: string, form: FormData, onProgress?: (loaded: number, total: number) => void): Promise<Response | string> {
  return new Promise((resolve) => {
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    if (onProgress) xhr.upload.onprogress = (event) => onProgress(event.loaded, event.total);
    xhr.onload = () => {
      const type = xhr.getResponseHeader('content-type');
      const retry = xhr.getResponseHeader('retry-after');
      const headers: Record<string, string> = {};
      if (type) headers['content-type'] = type;
      if (retry) headers['retry-after'] = retry;
      // A 204 or 304 cannot carry a body in a Response.
      const empty = xhr.status === 204 || xhr.status === 304;
      resolve(
        xhr.status >= 200 && xhr.status <= 599
          ? new Response(empty ? null : xhr.responseText, { status: xhr.status, headers })
          : 'The server could not be reached.',
      );
    };
    xhr.onerror = () => resolve(globalThis.navigator?.onLine === false ? 'You are offline.' : 'The server could not be reached.');
    xhr.ontimeout = () => resolve('The server took too long to answer.');
    xhr.onabort = () => resolve('The upload was stopped.');
    xhr.send(form);
  });
}

/** An upload's answer: the asset, or a refusal that says what to do. */
async function uploaded(res: Response, name: string): Promise<Answer<MediaAsset>> {
  if (res.ok) return assetAnswer(await answer(res, readAsset, 'upload'));
  const body = (await res
    .clone()
    .json()
    .catch(() => null)) as { message?: unknown; detected?: unknown } | null;
  const said = typeof body?.message === 'string' ? body.message : '';
  if (res.status === 413) return { ok: false, message: tooLarge(name, /\d+(?:\.\d+)?\s*MB/i.exec(said)?.[0] ?? formatBytes(MAX_UPLOAD_BYTES)) };
  if (res.status === 415) return { ok: false, message: unsupported(name, typeof body?.detected === 'string' ? body.detected : null) };
  if (res.status === 422)
    return {
      ok: false,
      message: `${name} cannot be used as an image${said ? ` (${said.replace(/\.$/, '')})` : ''}: save it again as PNG, JPEG or WebP and upload that.`,
    };
  if (res.status === 429)
    return {
      ok: false,
      message: `${name} was not uploaded: too many uploads in a short time. Wait ${wait(res.headers.get('retry-after'))} and upload it again.`,
    };
  return { ok: false, message: `${name}: ${await failure(res, 'upload')}` };
}

const tooLarge = (name: string, limit: string) =>
  `${name} is too large: files may be at most ${limit}. Make it smaller (compress or shorten it) and upload it again.`;

function unsupported(name: string, detected: string | null): string {
  if (detected === 'image/svg+xml') return `${name} is an SVG image, which cannot be uploaded (it can carry script): export it as PNG or WebP and upload that.`;
  const what = detected ? `its content is ${detected}` : 'its type could not be recognised from its content';
  return `${name} cannot be uploaded: ${what}. Upload ${ACCEPTED}.`;
}

/** Retry-After (seconds) in words; a minute when it is missing. */
function wait(header: string | null): string {
  const seconds = Number(header);
  if (!Number.isFinite(seconds) || seconds <= 0) return 'a minute';
  if (seconds < 60) return `${Math.ceil(seconds)} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? 'a minute' : `${minutes} minutes`;
}

function assetAnswer(got: Answer<MediaAsset | null>): Answer<MediaAsset> {
  if (!got.ok) return got;
  return got.value ? { ok: true, value: got.value } : { ok: false, message: 'The server answered with something that is not a media asset.' };
}

/** An asset from untrusted JSON, field by field; null when its id, url or key is missing. */
export function readAsset(raw: unknown): MediaAsset | null {
  const a = raw as Untrusted<MediaAsset> | null;
  if (!a || typeof a !== 'object') return null;
  const id = typeof a.id === 'number' || (typeof a.id === 'string' && a.id !== '') ? a.id : null;
  if (id === null || typeof a.url !== 'string' || !a.url || typeof a.key !== 'string') return null;
  const size = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : null);
  return {
    id,
    url: a.url,
    key: a.key,
    type: typeof a.type === 'string' ? a.type : '',
    bytes: size(a.bytes) ?? 0,
    width: size(a.width),
    height: size(a.height),
    alt: typeof a.alt === 'string' ? a.alt : '',
    caption: typeof a.caption === 'string' ? a.caption : '',
    createdAt: size(a.createdAt) ?? 0,
  };
}

function readReference(raw: unknown): MediaReference | null {
  const r = raw as Untrusted<MediaReference> | null;
  if (typeof r?.collection !== 'string' || typeof r.field !== 'string') return null;
  const id = Number(r.id);
  return Number.isFinite(id) ? { collection: r.collection, id, field: r.field } : null;
}
