import { retrieveRawCatalogObject } from './catalog.ts';
import { upsertRawCatalogObject } from './catalog-write.ts';
import { int, obj, type PosObject } from './read.ts';
import type { PosConfig } from './request.ts';

/**
 * Changes one catalog object without losing anyone else's change: reads the
 * raw object, hands the mutator a copy, and writes the copy back naming the
 * version the read returned (with the same pinned `Square-Version` on both
 * calls, `config.version` when set). When someone else wrote the object in
 * between, Pos refuses the stale version and this throws that `PosApiError`
 * (code `VERSION_MISMATCH`) instead of overwriting their change: read again
 * and retry if you want to. The write passes the same checks as
 * `upsertCatalogItem` (250 variations, variations sold where their item is not).
 *
 * @example
 * await readModifyWriteCatalog(config, itemId, (raw) => {
 *   (raw.item_data as { name: string }).name = 'Flat white';
 * });
 */
export async function readModifyWriteCatalog(
  config: PosConfig,
  objectId: string,
  /** Changes the copy in place, or returns the object to write. */
  mutate: (raw: PosObject) => unknown,
  options: { idempotencyKey?: string | undefined } = {},
): Promise<PosObject> {
  if (typeof mutate !== 'function') throw new TypeError('Pos readModifyWriteCatalog needs a mutate function');
  const read = await retrieveRawCatalogObject(config, objectId);
  const version = int(read, 'version', `GET /v2/catalog/object/${objectId}`);
  const copy = structuredClone(read);
  const changed = ((await mutate(copy)) ?? copy) as PosObject;
  if (typeof changed !== 'object' || changed === null || Array.isArray(changed))
    throw new TypeError('Pos readModifyWriteCatalog: mutate must change the object or return one');
  if (changed['id'] !== read['id'] || changed['type'] !== read['type']) {
    throw new TypeError('Pos readModifyWriteCatalog: mutate must not change the object id or type');
  }
  // The version of the read, whatever the mutator did: that is what makes a concurrent write fail rather than be overwritten.
  const answer = await upsertRawCatalogObject(config, { ...changed, version }, options.idempotencyKey);
  return obj(answer, 'catalog_object', 'POST /v2/catalog/object');
}
