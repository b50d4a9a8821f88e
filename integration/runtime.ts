import { authRoute } from '../src/auth/auth-route.ts';
import { passwordEditor } from '../src/auth/password-editor.ts';
import type { EditorRoute } from '../src/http/route.ts';
import type { ResolveEditor } from '../src/http/session.ts';
import { d1Check, statusRoute } from '../src/health/index.ts';
import { durableRateLimitStorage } from '../src/security/durable-rate-limit.ts';
import { isNoindexHost } from '../src/security/headers.ts';
import { kvRateLimitStorage, type RateLimitStorage } from '../src/security/rate-limit.ts';
import { composeRoutes } from '../src/http/compose.ts';
import { overlayRoute } from '../src/editor/overlay-route.ts';
import { collectionRoutes } from '../src/editor/collection-routes.ts';
import { defineCms, liveCollections, mediaUrlOf, type CmsConfig, type CmsEnv } from './config.ts';
import { mediaRoute } from '../src/editor/media-route.ts';
import type { MediaEnv } from '../src/editor/media/asset.ts';

/** What the middleware and the API endpoint need, built once per isolate. */
export interface CmsRuntime<E extends CmsEnv = CmsEnv> {
  resolveEditor: ResolveEditor<E>;
  api: EditorRoute<E>;
  isPublic(pathname: string, request: Request): boolean;
  noindex(hostname: string): boolean;
  /** Whether a marker's collection is an overlay: one the site did not declare. */
  isOverlay(collection: string): boolean;
  /** The declared collections' slugs. */
  declared: readonly string[];
  /** The declared collections without drafts: the editor saves their fields live. */
  live: readonly string[];
}

export const STATUS_PATH = '/api/cms/status';
const ALWAYS_PUBLIC = new Set(['/api/cms/auth/login', '/api/cms/auth/logout']);

function defaultLimiter(env: CmsEnv): RateLimitStorage | null {
  if (env.RATE_LIMITER) return durableRateLimitStorage(env.RATE_LIMITER);
  if (env.KV) return kvRateLimitStorage(env.KV);
  return null;
}

const built = new WeakMap<object, CmsRuntime<never>>();

/** The runtime for a config, built on first use and shared by the middleware and the endpoint. */
export function cmsRuntime<E extends CmsEnv>(config: CmsConfig<E>): CmsRuntime<E> {
  let runtime = built.get(config) as CmsRuntime<E> | undefined;
  if (!runtime) {
    runtime = createRuntime(config);
    built.set(config, runtime as CmsRuntime<never>);
  }
  return runtime;
}

/** Resolves a site's `CmsConfig` into the runtime, filling every default. */
export function createRuntime<E extends CmsEnv>(config: CmsConfig<E> = {}): CmsRuntime<E> {
  defineCms(config);
  const resolveEditor = config.resolveEditor ?? passwordEditor<E>();
  const siteRoutes = typeof config.routes === 'function' ? config.routes({ resolveEditor }) : (config.routes ?? []);
  const status = config.status === false ? null : (config.status ?? { checks: { db: d1Check((env: E) => env.DB) } });
  // The gate exempts only the default status path; a moved one must be added to apiGate.isPublic.
  const statusIsPublic = status !== null && (status.path ?? STATUS_PATH) === STATUS_PATH;
  const declared = new Set((config.collections ?? []).map((collection) => collection.slug));
  // Rich text keeps only images under the media URL; no media library, no restriction.
  const mediaBase = mediaUrlOf(config) ?? undefined;
  const collections = collectionRoutes<E>({ collections: config.collections ?? [], resolveEditor, mediaBase });
  const limiter = config.limiter ?? defaultLimiter;
  const routes: EditorRoute<E>[] = [
    ...collections,
    ...(config.media === false
      ? []
      : [mediaRoute<E & MediaEnv>({ resolveEditor, collections: config.collections ?? [], limiter, ...config.media, url: mediaBase }) as EditorRoute<E>]),
    ...siteRoutes,
    authRoute<E>({ limiter, resolveEditor }),
    // Last: a marker of a collection nobody declared is an overlay region.
    overlayRoute<E>({ resolveEditor, isDeclared: (collection) => declared.has(collection), mediaBase }),
  ];
  if (status) routes.push(statusRoute<E>(status));
  const isPublic = config.apiGate?.isPublic;
  return {
    resolveEditor,
    api: composeRoutes(...routes),
    isPublic: (pathname, request) => ALWAYS_PUBLIC.has(pathname) || (statusIsPublic && pathname === STATUS_PATH) || (isPublic?.(pathname, request) ?? false),
    noindex: config.noindex ?? ((hostname) => isNoindexHost(hostname)),
    isOverlay: (collection) => !declared.has(collection),
    declared: [...declared],
    live: liveCollections(config),
  };
}
