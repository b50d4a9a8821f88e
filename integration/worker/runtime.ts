import { authRoute } from '../../src/auth/auth-route.ts';
import { passwordEditor } from '../../src/auth/password-editor.ts';
import type { EditorRoute } from '../../src/http/route.ts';
import type { ResolveEditor } from '../../src/http/session.ts';
import { d1Check, migrationsCheck, statusRoute } from '../../src/health/index.ts';
import { durableRateLimitStorage } from '../../src/security/durable-rate-limit.ts';
import { isNoindexHost } from '../../src/security/headers.ts';
import { kvRateLimitStorage, type RateLimitStorage } from '../../src/security/rate-limit.ts';
import { composeRoutes } from '../../src/http/compose.ts';
import { overlayRoute } from '../../src/drafts/overlay-route.ts';
import { collectionRoutes } from '../../src/drafts/collection-routes.ts';
import { collectionRealtime } from '../../src/realtime/collection-realtime.ts';
import { reviewRequestsRoute } from '../../src/drafts/review-requests.ts';
import {
  FORMS_PATH,
  liveCollections,
  mediaScanCollections,
  mediaUrlOf,
  searchableCollections,
  settingsConfigOf,
  SETTINGS_COLLECTION,
  siteCollections,
  resolveCms,
  type CmsConfig,
  type CmsEnv,
  type ResolvedCmsConfig,
} from '../config.ts';
import { seedRoute, settingsRoute, type SettingsConfig } from '../../src/editor/index.ts';
import { formRoute, inquiriesRoute, submissionsRoute, type FormDefinition } from '../../src/editor/index.ts';
import { mediaRoute } from '../../src/media/media-route.ts';
import type { MediaEnv } from '../../src/media/asset.ts';
import type { SearchVector } from '../../src/search/index.ts';
import type { CollectionSchemas } from '../../src/markdown/frontmatter-schema.ts';

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
  /** The settings route's configuration (`loadSettings` reads the same), or null when the site has no settings. */
  settings: SettingsConfig | null;
  /** The site's forms by name (`cmsForm` renders them). */
  forms: ReadonlyMap<string, FormDefinition<E>>;
  /** The declared collections with `search` (the edit bar searches them). */
  searchable: readonly string[];
  /** Semantic search, when the site configured it (`search.vector`). */
  vector: SearchVector<E> | undefined;
  /** The rate-limit store (sign-in, visitors' semantic searches), or null when there is none. */
  limiter: (env: E) => RateLimitStorage | null;
  /** Whether editors on this env get the realtime session (its object is bound). */
  realtime(env: E): boolean;
}

/** The realtime objects' binding: `realtime.namespace`, else `REALTIME`; null when the site turned it off. */
export function realtimeNamespace<E extends CmsEnv>(config: CmsConfig<E>): ((env: E) => DurableObjectNamespace | null | undefined) | null {
  if (config.realtime === false) return null;
  return config.realtime?.namespace ?? ((env) => env.REALTIME);
}

export const STATUS_PATH = '/api/cms/status';
const ALWAYS_PUBLIC = new Set(['/api/cms/auth/login', '/api/cms/auth/logout']);
/** The form `inquiriesRoute` lists at `/api/cms/inquiries`. */
const INQUIRIES_FORM = 'contact';

function defaultLimiter(env: CmsEnv): RateLimitStorage | null {
  if (env.RATE_LIMITER) return durableRateLimitStorage(env.RATE_LIMITER);
  if (env.KV) return kvRateLimitStorage(env.KV);
  return null;
}

const built = new WeakMap<object, CmsRuntime<never>>();

/**
 * The runtime for a config, built on first use and shared by the middleware and the endpoint.
 * `schemas` are the content collections' (`virtual:louise/collections`); every caller passes the same.
 */
export function cmsRuntime<E extends CmsEnv>(config: CmsConfig<E> | ResolvedCmsConfig<E>, schemas: CollectionSchemas = {}): CmsRuntime<E> {
  let runtime = built.get(config) as CmsRuntime<E> | undefined;
  if (!runtime) {
    runtime = createRuntime(resolveCms(config), schemas);
    built.set(config, runtime as CmsRuntime<never>);
  }
  return runtime;
}

/**
 * Resolves a site's checked configuration (`defineCms`) into the runtime, filling every default.
 * `schemas`: the content collections' frontmatter schemas, which saves into their entries are checked against.
 */
export function createRuntime<E extends CmsEnv>(config: ResolvedCmsConfig<E>, schemas: CollectionSchemas = {}): CmsRuntime<E> {
  const resolveEditor = config.resolveEditor ?? passwordEditor<E>();
  const siteRoutes = typeof config.routes === 'function' ? config.routes({ resolveEditor }) : (config.routes ?? []);
  const status =
    config.status === false ? null : (config.status ?? { checks: { db: d1Check((env: E) => env.DB), migrations: migrationsCheck((env: E) => env.DB) } });
  // The gate exempts only the default status path; a moved one must be added to apiGate.isPublic.
  const statusIsPublic = status !== null && (status.path ?? STATUS_PATH) === STATUS_PATH;
  const siteCollectionList = siteCollections(config);
  const declared = new Set(siteCollectionList.map((collection) => collection.slug));
  // Rich text keeps only images under the media URL; no media library, no restriction.
  const mediaBase = mediaUrlOf(config) ?? undefined;
  const vector = config.search?.vector;
  const realtime = realtimeNamespace(config);
  const collections = collectionRoutes<E>({
    collections: siteCollectionList,
    resolveEditor,
    mediaBase,
    vector,
    realtime: realtime ? collectionRealtime<E>({ namespace: realtime, resolveEditor }) : undefined,
  });
  const limiter = config.limiter ?? defaultLimiter;
  const settings = settingsConfigOf(config);
  const forms = config.forms ?? [];
  // Settings are drafts: the settings route comes first, so the built-in `settings:site:<column>` markers
  // saved in place (cmsSetting) become a settings draft there instead of a live write by the save route.
  const inlineSettings = settings !== null && !(config.collections ?? []).some((collection) => collection.slug === SETTINGS_COLLECTION);
  // Review requests read and publish documents through the composed API itself: the bar's one publish path.
  const documents: EditorRoute<E> = (request, env, ctx) => api(request, env, ctx);
  const routes: EditorRoute<E>[] = [
    reviewRequestsRoute<E>({ resolveEditor, documents, isOverlay: (collection) => !declared.has(collection) }),
    ...(settings
      ? [
          settingsRoute<E>({ ...settings, resolveEditor, ...(inlineSettings ? { inlinePath: '/api/cms/save' } : {}) }),
          seedRoute<E>({ resolveEditor, defaults: settings.defaults ?? {} }),
        ]
      : []),
    ...collections,
    ...(forms.length > 0
      ? [
          formRoute<E>({ forms }),
          submissionsRoute<E>({ resolveEditor, forms }),
          ...(forms.some((form) => form.name === INQUIRIES_FORM) ? [inquiriesRoute<E>({ resolveEditor, forms, form: INQUIRIES_FORM })] : []),
        ]
      : []),
    ...(config.media === false
      ? []
      : [
          mediaRoute<E & MediaEnv>({
            resolveEditor,
            collections: mediaScanCollections(config),
            limiter,
            ...(config.media?.maxBytes === undefined ? {} : { maxBytes: config.media.maxBytes }),
            ...(config.media?.uploadLimit === undefined ? {} : { uploadLimit: config.media.uploadLimit }),
            url: mediaBase,
          }) as EditorRoute<E>,
        ]),
    ...siteRoutes,
    authRoute<E>({ limiter, resolveEditor }),
    // Last: a marker of a collection nobody declared is an overlay region.
    overlayRoute<E>({
      resolveEditor,
      isDeclared: (collection) => declared.has(collection),
      mediaBase,
      schemaOf: (collection) => (Object.hasOwn(schemas, collection) ? schemas[collection] : undefined),
    }),
  ];
  if (status) routes.push(statusRoute<E>(status));
  const api = composeRoutes(...routes);
  const isPublic = config.apiGate?.isPublic;
  return {
    resolveEditor,
    api,
    isPublic: (pathname, request) =>
      ALWAYS_PUBLIC.has(pathname) ||
      (statusIsPublic && pathname === STATUS_PATH) ||
      (forms.length > 0 && pathname.startsWith(FORMS_PATH)) ||
      (isPublic?.(pathname, request) ?? false),
    noindex: config.noindex ?? ((hostname) => isNoindexHost(hostname)),
    isOverlay: (collection) => !declared.has(collection),
    declared: [...declared],
    live: liveCollections(config),
    settings,
    forms: new Map(forms.map((form) => [form.name, form])),
    searchable: searchableCollections(config).map((collection) => collection.slug),
    vector,
    limiter,
    realtime: (env) => realtime?.(env) != null,
  };
}
