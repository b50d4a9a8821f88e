import { checkCollections, type CollectionConfig, type FieldMap } from '../content/collection.ts';
import { resolveCollection, rowIdOf } from '../content/resolved-collection.ts';
import type { EditorRoute, EditorRouteEnv } from '../http/route.ts';
import type { ResolveEditor } from '../http/session.ts';
import type { SaveCollectionConfig } from './apply-field-save.ts';
import { pagesRoute } from './pages-route.ts';
import { saveRoute } from './save-route.ts';
import { versionsRoute } from './versions-route.ts';

export interface CollectionRoutesOptions<E> {
  collections: readonly CollectionConfig[];
  resolveEditor: ResolveEditor<E>;
  /** Where rich-text images must come from (`sanitizeRichHtml`'s `mediaBase`); default: anywhere safe. */
  mediaBase?: string | undefined;
}

/**
 * The routes of declared collections, checked once (every table against its
 * collection, slugs unique and free): for each drafts collection
 * `versionsRoute` then `pagesRoute` at `/api/cms/<slug>`, and one `saveRoute`
 * (`/api/cms/save`) for all live collections, with their `rows` as marker
 * keys and their `writers`.
 *
 * @example
 * composeRoutes(...collectionRoutes({ collections: [pages, settings], resolveEditor }))
 */
export function collectionRoutes<E extends EditorRouteEnv>(options: CollectionRoutesOptions<E>): EditorRoute<E>[] {
  const { collections, resolveEditor, mediaBase } = options;
  checkCollections(collections);
  const routes: EditorRoute<E>[] = [];
  const live: Record<string, SaveCollectionConfig> = {};
  for (const config of collections) {
    const { table, versionsTable } = resolveCollection(config);
    if (versionsTable) {
      const path = `/api/cms/${config.slug}`;
      const unique: FieldMap = Object.fromEntries((config.unique ?? []).map((name) => [name, { type: 'text', required: true }]));
      routes.push(
        versionsRoute<E>({ table, versionsTable, config, resolveEditor, path, mediaBase }),
        pagesRoute<E>({ table, versionsTable, resolveEditor, path, fields: { ...unique, ...config.fields }, drafts: { config }, mediaBase }),
      );
    } else {
      live[config.slug] = { table, fields: config.fields, key: (key) => rowIdOf(config, key), writers: config.writers === true };
    }
  }
  if (Object.keys(live).length > 0) routes.push(saveRoute<E>({ resolveEditor, collections: live, mediaBase }));
  return routes;
}
