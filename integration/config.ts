import * as v from 'valibot';
import { checkCollections, defineCollection, isVersioned, type CollectionConfig } from '../src/content/collection.ts';
import { siteSettings, siteSettingsColumns } from '../src/db/site-schema.ts';
import type { EditorRoute } from '../src/http/route.ts';
import type { ResolveEditor } from '../src/http/session.ts';
import type { StatusRouteOptions } from '../src/health/index.ts';
import type { RateLimiterNamespace } from '../src/security/durable-rate-limit.ts';
import type { RateLimitStorage } from '../src/security/rate-limit.ts';
import type { FormDefinition } from '../src/editor/index.ts';
import { settingsRoute, type SettingKind, type SettingsConfig, type SettingsDefaults } from '../src/editor/index.ts';
import { parseMediaBase } from '../src/security/url-scheme.ts';
import type { SearchVector } from '../src/search/index.ts';

/** The bindings the integration's defaults use. */
export interface CmsEnv {
  DB: D1Database;
  KV?: KVNamespace;
  RATE_LIMITER?: RateLimiterNamespace;
  /** The media library's bucket (`louise init` binds it). */
  MEDIA?: R2Bucket;
  /** Signs sessions and form timestamps (`wrangler secret put SESSION_SECRET`); localhost uses a development secret. */
  SESSION_SECRET?: string;
  /** Cloudflare Email Routing's `send_email` binding: form notifications by email. */
  SEND_EMAIL?: SendEmail;
  /** The realtime session's per-page Durable Object (`RealtimeObject` from `louise/astro/worker`): presence, field locks, live updates. */
  REALTIME?: DurableObjectNamespace;
}

/**
 * What valibot checks of an option, typed as `T`: valibot sees a function,
 * a `defineCollection()` or `defineForm()` result or a vector setup by its
 * shape; its parameters and fields TypeScript checks where the site writes them.
 */
const typed = <T>(schema: v.GenericSchema): v.GenericSchema<T> => schema as v.GenericSchema<unknown> as v.GenericSchema<T>;

const fn = <F>(name: string) => v.optional(typed<F>(v.function(`${name} must be a function`)));

/**
 * The runtime configuration's schema, for a site's env `E`: `defineCms`
 * checks with it, and `CmsConfig` (what a site writes) and
 * `ResolvedCmsConfig` (what `defineCms` returns) are its types.
 */
function cmsConfigSchema<E>() {
  return v.pipe(
    v.strictObject({
      /**
       * The site's declared collections (`defineCollection`). For each, the
       * integration mounts its routes before `routes`: a drafts collection's
       * `versionsRoute` and `pagesRoute` at `/api/cms/<slug>`, and one `saveRoute`
       * at `/api/cms/save` for the live ones. The edit-mode client saves a live
       * collection's fields through `/api/cms/save` and every other marker as a draft.
       */
      collections: v.optional(
        typed<readonly CollectionConfig[]>(
          v.array(
            v.looseObject({ slug: v.string(), fields: v.looseObject({}) }, 'every collection must be made with defineCollection()'),
            'collections must be an array of defineCollection() results',
          ),
        ),
      ),
      /** Who is an editor; default `passwordEditor()` (the built-in sign-in). */
      resolveEditor: fn<ResolveEditor<E>>('resolveEditor'),
      /** The site's own editor routes, tried in order after the collections' and before the built-in auth and status routes. */
      routes: v.optional(
        typed<EditorRoute<E>[] | ((config: { resolveEditor: ResolveEditor<E> }) => EditorRoute<E>[])>(
          v.union([v.array(v.function('every route must be a function')), v.function()], 'routes must be an array of routes or a function returning one'),
        ),
      ),
      /** Status probe options; default a `db` check and a `migrations` check (`migrationsCheck`: Louise's tables and columns are there) at `/api/cms/status`. `false` removes the probe. */
      status: v.optional(
        typed<StatusRouteOptions<E> | false>(
          v.union(
            [v.literal(false), v.looseObject({ checks: v.optional(v.record(v.string(), v.function('every status check must be a function'))) })],
            'status must be false or statusRoute options',
          ),
        ),
      ),
      /** The media library at `/api/cms/media` (uploads to the R2 binding `MEDIA`); `false` removes it. */
      media: v.optional(
        v.union(
          [
            v.literal(false),
            /** The media library's settings. */
            v.strictObject({
              /**
               * Where assets are served from, ending in `/`: default `/media/`, which
               * the integration serves from the `MEDIA` bucket. An absolute URL (an R2
               * custom domain, a CDN) is used as is and nothing is served at `/media/`.
               * Rich text keeps only images under it.
               */
              url: v.optional(v.pipe(v.string(), v.check(isMediaUrl, 'media.url must be a path like /media/ or an http(s) URL, ending in /'))),
              /** Largest upload in bytes; default 100 MiB (Cloudflare's request body limit on the Free and Pro plans). */
              maxBytes: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1, 'media.maxBytes must be a positive number of bytes'))),
              /** Uploads per editor per window; default 60 per 10 minutes. */
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
      /**
       * Site settings at `/api/cms/settings` (and `/api/cms/seed`), edited from
       * the edit bar's Settings button and read by pages with `loadSettings`.
       * Left out: no settings route.
       */
      settings: v.optional(
        v.strictObject(
          {
            /**
             * Keys the site adds beside the structured base (site name, tagline,
             * footer text), kept in the row's `custom` JSON, with the kind of value
             * each holds: `text`, `longtext`, `links` (`[{ label, href }]`, every href
             * a safe link), `image` (a media asset) or `json`.
             */
            custom: v.optional(
              typed<Readonly<Record<string, SettingKind>>>(
                v.record(
                  v.string(),
                  v.picklist(['text', 'longtext', 'links', 'image', 'json'], 'every settings.custom kind must be text, longtext, links, image or json'),
                ),
              ),
            ),
            /** What a new site starts with: seeded by `astro dev`, `louise db seed` and `POST /api/cms/seed`. */
            defaults: v.optional(typed<SettingsDefaults>(v.looseObject({}))),
            /**
             * Settings that may not be empty (the site name always is required):
             * saving or publishing one empty is refused, naming it.
             */
            required: v.optional(v.array(v.string(), 'settings.required must be a list of setting keys')),
          },
          'settings must be { custom?, defaults?, required? }',
        ),
      ),
      /**
       * Forms visitors can send (`defineForm`): taken at `/api/cms/forms/<name>`
       * (public, spam guarded), listed for editors at `/api/cms/submissions` and
       * in the edit bar's Inbox; the form named `contact` also at
       * `/api/cms/inquiries`. Pages render them with `cmsForm`.
       */
      forms: v.optional(
        typed<readonly FormDefinition<E>[]>(
          v.array(
            v.looseObject({ name: v.string(), fields: v.looseObject({}) }, 'every form must be made with defineForm()'),
            'forms must be an array of defineForm() results',
          ),
        ),
      ),
      /**
       * Search of the collections declared with `search` (`/api/cms/<slug>/search`,
       * `loadSearch` for a site's search page, the edit bar's search). Full-text
       * needs nothing here; `vector` adds semantic search.
       */
      search: v.optional(
        v.strictObject(
          {
            /**
             * Semantic search beside the full-text index: queries and published
             * entries are embedded (`ai.run(model, { text })`, the Workers AI binding's
             * shape) into a vector index (Vectorize's shape), and both rankings are
             * fused. `minScore` (no default) drops semantic matches below it. Locally,
             * `localAi()` and `d1VectorIndex(env.DB)` from `louise/search` stand in.
             */
            vector: v.optional(
              typed<SearchVector<E>>(
                v.strictObject(
                  {
                    ai: v.function('search.vector.ai must be a function of env returning the AI binding (or localAi())'),
                    index: v.function('search.vector.index must be a function of env returning the vector index (or d1VectorIndex(env.DB))'),
                    minScore: v.pipe(
                      v.number('search.vector.minScore is required: the lowest similarity a semantic match may have (for example 0.3)'),
                      v.finite('search.vector.minScore must be a finite number'),
                    ),
                    model: v.optional(v.pipe(v.string(), v.minLength(1, 'search.vector.model must name an embedding model'))),
                  },
                  'search.vector must be { ai, index, minScore, model? }',
                ),
              ),
            ),
            /**
             * Semantic queries a visitor may make per minute (each costs an embedding);
             * past it their searches are full-text only. Default 30; counted in the
             * `limiter` store, not counted when there is none.
             */
            visitorSemanticPerMinute: v.optional(
              v.pipe(v.number(), v.integer(), v.minValue(0, 'search.visitorSemanticPerMinute must be a whole number, 0 or more')),
            ),
          },
          'search must be { vector?, visitorSemanticPerMinute? }',
        ),
      ),
      /**
       * The realtime editing session (presence, field locks, live updates
       * between editors on one page): on by default wherever the `REALTIME`
       * Durable Object is bound; `namespace` names another binding, `false`
       * turns it off. Every field of a drafts collection is lockable.
       */
      realtime: v.optional(
        v.union(
          [
            v.literal(false),
            v.strictObject({
              namespace: typed<(env: E) => DurableObjectNamespace | null | undefined>(
                v.function('realtime.namespace must be a function of env returning the Durable Object binding'),
              ),
            }),
          ],
          'realtime must be false or { namespace }',
        ),
      ),
      /** Rate-limit store for sign-in; default the `RATE_LIMITER` Durable Object, else `KV`. */
      limiter: fn<(env: E) => RateLimitStorage | null>('limiter'),
      /** Which hosts get `X-Robots-Tag: noindex`; default `isNoindexHost` (`*.workers.dev`). */
      noindex: fn<(hostname: string) => boolean>('noindex'),
      apiGate: v.optional(
        v.strictObject({
          /** More `/api/cms/*` paths that need no session (forms, webhooks, a moved status path). */
          isPublic: fn<(pathname: string, request: Request) => boolean>('apiGate.isPublic'),
        }),
      ),
    }),
    // Marks a config `defineCms` checked: the runtime takes only those (see `resolveCms`).
    v.brand('louise.CmsConfig'),
  );
}

/** The schema `defineCms()` checks a configuration against (the options reference is generated from it). */
export const CmsConfigSchema = cmsConfigSchema<CmsEnv>();

/** Runtime configuration of a site, default-exported from `cms.config.ts` (through `defineCms`). */
export type CmsConfig<E extends CmsEnv = CmsEnv> = v.InferInput<ReturnType<typeof cmsConfigSchema<E>>>;

/** A configuration `defineCms` checked: the same object, typed as valibot's output. */
export type ResolvedCmsConfig<E extends CmsEnv = CmsEnv> = v.InferOutput<ReturnType<typeof cmsConfigSchema<E>>>;

/** The media library's settings. */
export type MediaConfig = Exclude<NonNullable<CmsConfig['media']>, false>;

/** The site's settings: the `site_settings` singleton, edited in the Settings panel. */
export type SettingsOptions = NonNullable<CmsConfig['settings']>;

/** Search across the declared collections that list `search` fields. */
export type SearchOptions<E = CmsEnv> = NonNullable<v.InferInput<ReturnType<typeof cmsConfigSchema<E>>>['search']>;

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

/** Where visitors send forms: public (no session), same-origin checked and spam guarded by `formRoute`. */
export const FORMS_PATH = '/api/cms/forms/';

/** The path the integration serves the `MEDIA` bucket at. */
export const DEFAULT_MEDIA_URL = '/media/';

/** The configurations `defineCms` checked: each is checked once, however many times the runtime is asked for. */
const checked = new WeakSet<object>();

/**
 * Declares a site's runtime configuration, checked once at start-up.
 *
 * @example
 * export default defineCms({ collections: [pages, settings] });
 */
export function defineCms<E extends CmsEnv>(config: CmsConfig<E>): ResolvedCmsConfig<E> {
  const result = v.safeParse(CmsConfigSchema, config);
  if (!result.success) throw new Error(`defineCms(): invalid configuration.\n${v.summarize(result.issues)}`);
  try {
    checkCollections(config.collections ?? []);
    checkToolkitPaths(config);
    // Builds the routes once, so a bad settings key or form fails here, at start-up, not on a request.
    const settings = settingsConfigOf(config);
    if (settings) settingsRoute({ ...settings, resolveEditor: () => null });
    const names = new Set<string>();
    for (const form of config.forms ?? []) {
      if (names.has(form.name)) throw new Error(`Two forms are named ${form.name}: give each form its own name.`);
      names.add(form.name);
    }
  } catch (error) {
    throw new Error(`defineCms(): invalid configuration.\n${(error as Error).message}`);
  }
  checked.add(config);
  // The schema only checks (no transforms, no defaults), so its output is the input: the site's own
  // objects are kept (a collection's identity matters to the caches keyed by it).
  return config as ResolvedCmsConfig<E>;
}

/**
 * The site's configuration as `defineCms` checked it: as is when it went
 * through `defineCms` (cms.config's default export), else checked now (a
 * module that exports a plain object, or no cms.config at all).
 */
export function resolveCms<E extends CmsEnv>(config: CmsConfig<E> | ResolvedCmsConfig<E>): ResolvedCmsConfig<E> {
  return checked.has(config) ? (config as ResolvedCmsConfig<E>) : defineCms(config);
}

/** The toolkit paths the site's settings and forms take: a drafts collection (mounted at `/api/cms/<slug>`) may not claim them. */
function checkToolkitPaths(config: Pick<CmsConfig<CmsEnv>, 'collections' | 'settings'> & { forms?: readonly unknown[] | undefined }): void {
  const taken = new Set([...(config.settings ? ['settings', 'seed'] : []), ...(config.forms?.length ? ['forms', 'submissions', 'inquiries'] : [])]);
  for (const collection of config.collections ?? []) {
    if (isVersioned(collection) && taken.has(collection.slug)) {
      throw new Error(
        `Collection ${collection.slug}: /api/cms/${collection.slug} is the toolkit's own path while settings or forms are on; choose another slug.`,
      );
    }
  }
}

const settingsConfigs = new WeakMap<object, SettingsConfig>();

/**
 * The settings route's configuration from the site's `settings` option
 * (image settings must be media assets), or null when it has none. One
 * object per site config, so the settings are checked once (`resolveSettings`
 * keeps its result per object), not on every page that reads them.
 */
export function settingsConfigOf(config: Pick<CmsConfig<never>, 'settings' | 'media'>): SettingsConfig | null {
  const settings = config.settings;
  if (!settings) return null;
  let resolved = settingsConfigs.get(config);
  if (!resolved) {
    const custom = settings.custom ?? {};
    resolved = {
      customKeys: custom,
      imageKeys: Object.keys(custom).filter((key) => custom[key] === 'image'),
      mediaBase: mediaUrlOf(config) ?? undefined,
      defaults: settings.defaults,
      required: settings.required,
    };
    settingsConfigs.set(config, resolved);
  }
  return resolved;
}

/** The declared collections with `search` fields: each has a search route, and the edit bar searches them. */
export function searchableCollections(config: Pick<CmsConfig<never>, 'collections'>): CollectionConfig[] {
  return (config.collections ?? []).filter((collection) => collection.search !== undefined);
}

/** The declared collections that save live (no drafts): the edit-mode client saves their fields through `/api/cms/save`. */
export function liveCollections(config: Pick<CmsConfig<never>, 'collections' | 'settings'>): string[] {
  return siteCollections(config)
    .filter((collection) => !isVersioned(collection))
    .map((collection) => collection.slug);
}

/** The marker collection of the settings' structured base: `settings:site:<column>` (see `cmsSetting`). */
export const SETTINGS_COLLECTION = 'settings';

const settingsCollections = new WeakMap<object, CollectionConfig>();
const scannedCollections = new WeakMap<object, readonly CollectionConfig[]>();

/**
 * The site's collections, plus, when it has settings and declares no
 * collection of that name itself, the live `settings` collection over the
 * settings row's structured base: the fields `cmsSetting` marks are saved
 * in place through `/api/cms/save` like any live field (publish right
 * needed), beside the Settings panel.
 */
export function siteCollections(config: Pick<CmsConfig<never>, 'collections' | 'settings'>): readonly CollectionConfig[] {
  const declared = config.collections ?? [];
  if (!config.settings || declared.some((collection) => collection.slug === SETTINGS_COLLECTION)) return declared;
  let settings = settingsCollections.get(config);
  if (!settings) {
    const fields = Object.fromEntries(siteSettingsColumns.map((column) => [column, { type: 'text' as const }]));
    settings = defineCollection({ slug: SETTINGS_COLLECTION, rows: { site: 1 }, fields, tables: { table: siteSettings } });
    settingsCollections.set(config, settings);
  }
  return [...declared, settings];
}

/**
 * What the media library scans before deleting an asset: the site's
 * collections, and with settings the whole settings row, `custom` included
 * (an image or link setting can hold an asset's URL). Not a route's
 * collections: `custom` is written only through the settings route.
 */
export function mediaScanCollections(config: Pick<CmsConfig<never>, 'collections' | 'settings'>): readonly CollectionConfig[] {
  const collections = siteCollections(config);
  if (!config.settings) return collections;
  let scanned = scannedCollections.get(config);
  if (!scanned) {
    scanned = collections.map((collection) =>
      collection === settingsCollections.get(config)
        ? defineCollection({ ...collection, fields: { ...collection.fields, custom: { type: 'json' as const } } })
        : collection,
    );
    scannedCollections.set(config, scanned);
  }
  return scanned;
}
