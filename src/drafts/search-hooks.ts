import type { Table } from 'drizzle-orm';
import type { CollectionConfig } from '../content/collection.ts';
import { writeSession } from '../db/d1-cookie.ts';
import type { EditorRouteEnv } from '../http/route.ts';
import { reindexDoc } from '../search/reindex.ts';
import type { SearchVector } from '../search/vector-api.ts';
import { resolveVector } from '../search/vector.ts';
import { errorName, reportDegraded } from '../security/degraded.ts';
import type { VersionsOperation } from './versions-route.ts';
import type { WriteContext, WriteHook } from './write-hook.ts';

/** The `afterWrite` hooks that keep a searchable collection's index in step with its writes. */
export interface SearchHooks<E> {
  pages: WriteHook<E, 'create' | 'update' | 'delete'>;
  versions: WriteHook<E, VersionsOperation>;
}

/**
 * `reindexDoc` wired as write hooks. Writes that change what visitors see
 * (create, update, delete, publish, unpublish; Restore is a publish) are
 * reindexed before the answer, embeddings included, so a search right after
 * Publish finds the page. Draft saves and discards change only the editors'
 * index: they are reindexed after the answer (`ctx.waitUntil`), never
 * slowing a save, and without embeddings. Reads go to the primary (a
 * first-primary session), so a replica can never hand back the row as it
 * was before the write. A failure is reported (`search.reindex`), never
 * answered: the write stands and POST reindex repairs the index.
 */
export function searchHooks<E extends EditorRouteEnv>(table: Table, config: CollectionConfig, vector?: SearchVector<E>): SearchHooks<E> {
  const report = (id: number) => (error: unknown) => reportDegraded('search.reindex', { collection: config.slug, id, error: errorName(error) });
  const reindex = (env: E, id: number, embed: boolean) => reindexDoc(writeSession(env.DB), table, config, id, embed ? resolveVector(vector, env) : null);
  const now = async ({ env }: WriteContext<E>, id: number) => {
    await reindex(env, id, true).catch(report(id));
  };
  const later = async ({ env, ctx }: WriteContext<E>, id: number) => {
    const work = reindex(env, id, false).catch(report(id));
    if (ctx) ctx.waitUntil(work);
    else await work;
  };
  return {
    pages: (_editor, { id }, context) => now(context, id),
    versions: (_editor, { operation, id }, context) => (operation === 'draft' || operation === 'discard' ? later(context, id) : now(context, id)),
  };
}
