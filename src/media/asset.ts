import * as v from 'valibot';
import { HttpError } from '../http/errors.ts';
import { DEFAULT_LIST_LIMIT } from '../http/list-query.ts';
import type { EditorRouteEnv } from '../http/route.ts';
import { normalizeFieldText } from '../security/field-text.ts';
import { kindOf, type MediaKind } from './sniff.ts';

/** The media routes' JSON shapes are the contract in wire.ts (shared with the browser client). */
export type { MediaAsset } from './wire.ts';

/** What the media routes need from the env: D1 (like every editor route), the `MEDIA` bucket, and the base URL objects are served from. */
export interface MediaEnv extends EditorRouteEnv {
  /** The R2 bucket objects are stored in (a missing binding answers 503 saying how to add it). */
  MEDIA: R2Bucket;
  /** Base URL of stored objects, such as `/media/` or `https://media.example.com/`; default `/media/`. */
  MEDIA_URL?: string;
}

/** Kinds of media the library takes; `?type=` filters by one, or by an exact MIME type. */
export const MEDIA_KINDS: readonly MediaKind[] = ['image', 'video', 'audio', 'pdf'];

/** Where assets are served: the route's `url` option, else `MEDIA_URL`, else `/media/`; always ending with `/`. */
export function mediaBaseUrl(env: { MEDIA_URL?: string | undefined }, url?: string): string {
  const base = url || env.MEDIA_URL || '/media/';
  return base.endsWith('/') ? base : `${base}/`;
}

/** The bucket, or 503 saying how to bind it: every media route needs it. */
export function mediaBucket(env: { MEDIA?: R2Bucket | undefined }): R2Bucket {
  if (!env.MEDIA)
    throw new HttpError(
      503,
      'media_unavailable',
      'Media storage is not set up: add an R2 binding named MEDIA to your wrangler config ("r2_buckets": [{ "binding": "MEDIA", "bucket_name": "<your bucket>" }]).',
    );
  return env.MEDIA;
}

/** Longest alt text and caption, in characters. */
export const MAX_ALT = 1000;
export const MAX_CAPTION = 2000;

const oneLine = (max: number, name: string) =>
  v.pipe(
    v.string(`${name} must be text`),
    v.maxLength(max, `${name} is at most ${max} characters`),
    v.transform((text) => normalizeFieldText(text, { oneLine: true })),
  );

/** An alt text or caption as stored: one line of normalized text, bounded. */
export const AltText = oneLine(MAX_ALT, 'alt');
export const CaptionText = oneLine(MAX_CAPTION, 'caption');

/** The fields PATCH may write. */
export const PATCHABLE = ['alt', 'caption'] as const;
const Patch = v.strictObject({ alt: v.optional(AltText), caption: v.optional(CaptionText) });
export type AssetPatch = v.InferOutput<typeof Patch>;

/**
 * Checks a PATCH body: only `alt` and `caption` (any other key is 400
 * `unknown_field` naming it), each one line of text within its limit; at
 * least one of them (400 `empty_update`).
 */
export function parseAssetPatch(body: Record<string, unknown>): AssetPatch {
  const unknown = Object.keys(body).filter((key) => !(PATCHABLE as readonly string[]).includes(key));
  if (unknown.length > 0)
    throw new HttpError(400, 'unknown_field', `Not writable: ${unknown.join(', ')}. Only alt and caption can be changed.`, { fields: unknown });
  const parsed = v.safeParse(Patch, body);
  if (!parsed.success) throw new HttpError(400, 'invalid_body', v.summarize(parsed.issues));
  if (parsed.output.alt === undefined && parsed.output.caption === undefined) throw new HttpError(400, 'empty_update', 'Send alt or caption.');
  return parsed.output;
}

/** A text field of the upload form, checked like PATCH checks it; 400 `invalid_body` otherwise. */
export function uploadText(name: 'alt' | 'caption', text: string): string {
  const parsed = v.safeParse(name === 'alt' ? AltText : CaptionText, text);
  if (!parsed.success) throw new HttpError(400, 'invalid_body', v.summarize(parsed.issues));
  return parsed.output;
}

/** Largest page of a media list. */
export const MAX_MEDIA_LIMIT = 100;
/** Longest `?q=` text filter, in characters. */
export const MAX_QUERY = 200;

/** A media list request: page size, opaque cursor, and the filters. */
export interface MediaListQuery {
  limit: number;
  cursor: string | null;
  /** A kind, or an exact MIME type; null for every type. */
  type: { kind: MediaKind } | { mime: string } | null;
  /** Case-insensitive substring of filename, alt or caption. */
  q: string | null;
}

const LIMIT = /^[1-9][0-9]{0,2}$/;
const MIME = /^[a-z]+\/[a-z0-9][a-z0-9.+-]{0,100}$/;

/** Reads `?limit` (1 to 100, default 50), `?cursor`, `?type` (a kind or MIME type) and `?q` (at most 200 characters); 400 `invalid_query` otherwise. */
export function parseMediaQuery(url: URL): MediaListQuery {
  const params = url.searchParams;
  const limit = params.get('limit');
  if (limit !== null && (!LIMIT.test(limit) || Number(limit) > MAX_MEDIA_LIMIT))
    throw new HttpError(400, 'invalid_query', `limit must be an integer from 1 to ${MAX_MEDIA_LIMIT}.`);
  const type = params.get('type') || null;
  if (type !== null && !(MEDIA_KINDS as readonly string[]).includes(type) && !MIME.test(type))
    throw new HttpError(400, 'invalid_query', `type must be one of ${MEDIA_KINDS.join(', ')} or a MIME type such as image/png.`);
  const q = params.get('q') || null;
  if (q !== null && q.length > MAX_QUERY) throw new HttpError(400, 'invalid_query', `q is at most ${MAX_QUERY} characters.`);
  return {
    limit: limit === null ? DEFAULT_LIST_LIMIT : Number(limit),
    cursor: params.get('cursor') || null,
    type: type === null ? null : (MEDIA_KINDS as readonly string[]).includes(type) ? { kind: type as MediaKind } : { mime: type },
    q,
  };
}

/** Whether a stored type passes a `?type=` filter. */
export function typeMatches(filter: MediaListQuery['type'], type: string): boolean {
  if (!filter) return true;
  return 'kind' in filter ? kindOf(type) === filter.kind : type === filter.mime;
}
