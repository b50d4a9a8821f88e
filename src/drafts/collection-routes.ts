import { checkCollections, type CollectionConfig, type FieldMap } from '../content/collection.ts';
import { resolveCollection, rowIdOf } from '../content/resolved-collection.ts';
import type { EditorRoute, EditorRouteEnv } from '../http/route.ts';
import type { ResolveEditor } from '../http/session.ts';
import { searchRoute } from '../search/search-route.ts';
import type { SearchVector } from '../search/vector-api.ts';
import type { SaveCollectionConfig } from './apply-field-save.ts';
import { pagesRoute } from './pages-route.ts';
import { saveRoute, type SaveRouteOptions } from './save-route.ts';
import { searchHooks, type SearchHooks } from './search-hooks.ts';
import type { SoftLockSource } from './soft-locks.ts';
import { versionsRoute, type VersionsRouteOptions } from './versions-route.ts';

export interface CollectionRoutesOptions<E> {
  collections: readonly CollectionConfig[];
  resolveEditor: ResolveEditor<E>;
  /** Where rich-text images must come from (`sanitizeRichHtml`'s `mediaBase`); default: anywhere safe. */
  mediaBase?: string | undefined;
  /** Semantic search for every searchable collection (`defineCms({ search: { vector } })`); keyword search only without it. */
  vector?: SearchVector<E> | undefined;
  /**
   * The realtime session (`collectionRealtime` from `louise/realtime`): each
   * drafts collection gets its live route, and its saves, publishes and
   * discards consult the page's object. Without it, no realtime session.
   */
  realtime?: CollectionRealtime<E> | undefined;
}

/** What a drafts collection's routes need of the realtime session. */
export interface CollectionRealtime<E> {
  /** `GET <path>/:id/live`. */
  route(config: CollectionConfig, path: string): EditorRoute<E>;
  softLocks(config: CollectionConfig): SoftLockSource<E>;
  settle: VersionsRouteOptions<E>['settle'];
}

/**
 * The routes of declared collections, checked once (every table against its
 * collection, slugs unique and free): for each collection with `search`
 * `searchRoute` first, for each drafts collection `versionsRoute` then
 * `pagesRoute` at `/api/cms/<slug>` (with `realtime`, `liveRoute` first and
 * soft locks on its saves), and one `saveRoute` (`/api/cms/save`)
 * for all live collections, with their `rows` as marker keys and their
 * `writers`. A searchable collection's writes keep its index in step
 * (`reindexDoc` as `afterWrite`, see `searchHooks`).
 *
 * @example
 * composeRoutes(...collectionRoutes({ collections: [pages, settings], resolveEditor }))
 */
export function collectionRoutes<E extends EditorRouteEnv>(options: CollectionRoutesOptions<E>): EditorRoute<E>[] {
  const { collections, resolveEditor, mediaBase, vector, realtime } = options;
  checkCollections(collections);
  const routes: EditorRoute<E>[] = [];
  const live: Record<string, SaveCollectionConfig> = {};
  const liveHooks = new Map<string, SearchHooks<E>>();
  for (const config of collections) {
    const { table, versionsTable } = resolveCollection(config);
    const path = `/api/cms/${config.slug}`;
    if (config.search) routes.push(searchRoute<E>({ table, config, resolveEditor, vector, path }));
    const hooks = config.search ? searchHooks<E>(table, config, vector) : null;
    if (versionsTable) {
      const unique: FieldMap = Object.fromEntries((config.unique ?? []).map((name) => [name, { type: 'text', required: true }]));
      if (realtime) routes.push(realtime.route(config, path));
      routes.push(
        versionsRoute<E>({
          table,
          versionsTable,
          config,
          resolveEditor,
          path,
          mediaBase,
          softLocks: realtime?.softLocks(config),
          settle: realtime?.settle,
          afterWrite: hooks?.versions,
        }),
        pagesRoute<E>({
          table,
          versionsTable,
          resolveEditor,
          path,
          fields: { ...unique, ...config.fields },
          drafts: { config },
          mediaBase,
          afterWrite: hooks?.pages,
        }),
      );
    } else {
      live[config.slug] = { table, fields: config.fields, key: (key) => rowIdOf(config, key), writers: config.writers === true };
      if (hooks) liveHooks.set(config.slug, hooks);
    }
  }
  const afterSave: SaveRouteOptions<E>['afterWrite'] = (editor, { collection, id }, context) =>
    liveHooks.get(collection)?.pages(editor, { operation: 'update', id: Number(id) }, context);
  if (Object.keys(live).length > 0)
    routes.push(saveRoute<E>({ resolveEditor, collections: live, mediaBase, afterWrite: liveHooks.size > 0 ? afterSave : undefined }));
  return routes;
}
