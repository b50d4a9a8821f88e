import * as v from 'valibot';
import { checkCollections, isVersioned, type CollectionConfig } from '../src/content/collection.ts';
import type { EditorRoute } from '../src/http/route.ts';
import type { ResolveEditor } from '../src/http/session.ts';
import type { StatusRouteOptions } from '../src/health/index.ts';
import type { RateLimiterNamespace } from '../src/security/durable-rate-limit.ts';
import type { RateLimitStorage } from '../src/security/rate-limit.ts';

/** The bindings the integration's defaults use. */
export interface CmsEnv {
  DB: D1Database;
  KV?: KVNamespace;
  RATE_LIMITER?: RateLimiterNamespace;
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
  limiter: fn('limiter'),
  noindex: fn('noindex'),
  apiGate: v.optional(v.strictObject({ isPublic: fn('apiGate.isPublic') })),
});

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
