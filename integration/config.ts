import * as v from 'valibot';
import { checkCollections, isVersioned, type CollectionConfig } from '../src/content/collection.ts';
import type { EditorRoute } from '../src/http/route.ts';
import type { ResolveEditor } from '../src/http/session.ts';
import type { StatusRouteOptions } from '../src/health/index.ts';
import type { RateLimiterNamespace } from '../src/security/durable-rate-limit.ts';
import type { RateLimitStorage } from '../src/security/rate-limit.ts';
import { parseMediaBase } from '../src/security/url-scheme.ts';

/** The bindings the integration's defaults use. */
export interface CmsEnv {
  DB: D1Database;
  KV?: KVNamespace;
  RATE_LIMITER?: RateLimiterNamespace;
  /** The media library's bucket (`louise init` binds it). */
  MEDIA?: R2Bucket;
}

/** The media library's settings. */
export interface MediaConfig {
  /**
   * Where assets are served from, ending in `/`: default `/media/`, which
   * the integration serves from the `MEDIA` bucket. An absolute URL (an R2
   * custom domain, a CDN) is used as is and nothing is served at `/media/`.
   * Rich text keeps only images under it.
   */
  url?: string;
  /** Largest upload in bytes; default 100 MiB (Cloudflare's request body limit on the Free and Pro plans). */
  maxBytes?: number;
  /** Uploads per editor per window; default 60 per 10 minutes. */
  uploadLimit?: { limit: number; windowSec: number };
}

/** Runtime configuration of a site, default-exported from `cms.config.ts`. */
export interface CmsConfig<E extends CmsEnv = CmsEnv> {
  /** Who is an editor; default `passwordEditor()` (the built-in sign-in). */
  resolveEditor?: ResolveEditor<E>;
  /**
   * The site's declared collections (`defineCollection`). For each, the
   * integration mounts its routes before `routes`: a drafts collection's
   * `versionsRoute` and `pagesRoute` at `/api/cms/<slug>`, and one `saveRoute`
   * at `/api/cms/save` for the live ones. The edit-mode client saves a live
   * collection's fields through `/api/cms/save` and every other marker as a draft.
   */
  collections?: readonly CollectionConfig[];
  /** The site's own editor routes, tried in order after the collections' and before the built-in auth and status routes. */
  routes?: EditorRoute<E>[] | ((config: { resolveEditor: ResolveEditor<E> }) => EditorRoute<E>[]);
  /** The media library at `/api/cms/media` (uploads to the R2 binding `MEDIA`); `false` removes it. */
  media?: MediaConfig | false;
  /** Status probe options; default a `db` check at `/api/cms/status`. `false` removes the probe. */
  status?: StatusRouteOptions<E> | false;
  /** Rate-limit store for sign-in; default the `RATE_LIMITER` Durable Object, else `KV`. */
  limiter?: (env: E) => RateLimitStorage | null;
  /** Which hosts get `X-Robots-Tag: noindex`; default `isNoindexHost` (`*.workers.dev`). */
  noindex?: (hostname: string) => boolean;
  apiGate?: {
    /** More `/api/cms/*` paths that need no session (forms, webhooks, a moved status path). */
    isPublic?: (pathname: string, request: Request) => boolean;
  };
}

const fn = (name: string) => v.optional(v.function(`${name} must be a function`));

const CmsConfigSchema = v.strictObject({
  collections: v.optional(
    v.array(
      v.looseObject({ slug: v.string(), fields: v.looseObject({}) }, 'every collection must be made with defineCollection()'),
      'collections must be an array of defineCollection() results',
    ),
  ),
  resolveEditor: fn('resolveEditor'),
  routes: v.optional(
    v.union([v.array(v.function('every route must be a function')), v.function()], 'routes must be an array of routes or a function returning one'),
  ),
  status: v.optional(
    v.union(
      [v.literal(false), v.looseObject({ checks: v.optional(v.record(v.string(), v.function('every status check must be a function'))) })],
      'status must be false or statusRoute options',
    ),
  ),
  media: v.optional(
    v.union(
      [
        v.literal(false),
        v.strictObject({
          url: v.optional(v.pipe(v.string(), v.check(isMediaUrl, 'media.url must be a path like /media/ or an http(s) URL, ending in /'))),
          maxBytes: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1, 'media.maxBytes must be a positive number of bytes'))),
          uploadLimit: v.optional(
            v.strictObject({
              limit: v.pipe(v.number(), v.integer(), v.minValue(1, 'media.uploadLimit.limit must be at least 1')),
              windowSec: v.pipe(v.number(), v.integer(), v.minValue(60, 'media.uploadLimit.windowSec must be at least 60')),
            }),
          ),
        }),
      ],
      'media must be false or { url?, maxBytes?, uploadLimit? }',
    ),
  ),
  limiter: fn('limiter'),
  noindex: fn('noindex'),
  apiGate: v.optional(v.strictObject({ isPublic: fn('apiGate.isPublic') })),
});

/** The served media path (`/media/`) or an absolute http(s) base, ending in `/`. */
function isMediaUrl(url: string): boolean {
  if (!url.endsWith('/')) return false;
  try {
    parseMediaBase(url);
    return true;
  } catch {
    return false;
  }
}

/** Where the media library serves assets, or null when the site turned it off. */
export function mediaUrlOf(config: Pick<CmsConfig<never>, 'media'>): string | null {
  return config.media === false ? null : (config.media?.url ?? DEFAULT_MEDIA_URL);
}

/** The path the integration serves the `MEDIA` bucket at. */
export const DEFAULT_MEDIA_URL = '/media/';

/**
 * Declares a site's runtime configuration, checked once at start-up.
 *
 * @example
 * export default defineCms({ collections: [pages, settings] });
 */
export function defineCms<E extends CmsEnv>(config: CmsConfig<E>): CmsConfig<E> {
  const result = v.safeParse(CmsConfigSchema, config);
  if (!result.success) throw new Error(`defineCms(): invalid configuration.\n${v.summarize(result.issues)}`);
  try {
    checkCollections(config.collections ?? []);
  } catch (error) {
    throw new Error(`defineCms(): invalid configuration.\n${(error as Error).message}`);
  }
  return config;
}

/** The declared collections that save live (no drafts): the edit-mode client saves their fields through `/api/cms/save`. */
export function liveCollections(config: Pick<CmsConfig<never>, 'collections'>): string[] {
  return (config.collections ?? []).filter((collection) => !isVersioned(collection)).map((collection) => collection.slug);
}
