import { MERCH_MAX_PAGES, MERCH_MAX_PAGE_SIZE, readEveryPage } from './paging.ts';
import { type MerchCollection, readCollection, readPage } from './records.ts';
import { type MerchStorefrontOptions, merchOperation, merchRequest } from './request.ts';

/** The built-in collection every shop has, holding every public product. */
export const MERCH_CATCH_ALL_SLUG = 'all';
// The name shops show for it; matched too, in case a shop's slug differs.
const CATCH_ALL_NAME = 'all products';

/**
 * Every collection of the shop, reading every page (100 per request, at most
 * 100 pages). The provider lists the catch-all `all` collection last; pass
 * the result through {@link catchAllFirst} to lead with it.
 * @example const collections = catchAllFirst(await listCollections(env.MERCH_STOREFRONT_TOKEN));
 */
export async function listCollections(token: string, options: MerchStorefrontOptions = {}): Promise<MerchCollection[]> {
  const path = '/collections';
  const read = async (page: number) => {
    const { data, operation } = await merchRequest(token, path, { query: { page, size: MERCH_MAX_PAGE_SIZE } }, options);
    return readPage(data, operation, readCollection, { pagingOptional: true });
  };
  return readEveryPage(read, MERCH_MAX_PAGES, merchOperation('GET', path, options));
}

/** True for the shop's catch-all collection: slug `all`, or the name "All Products" (any case, trimmed). */
export function isCatchAllCollection(collection: { slug: string; name: string }): boolean {
  return collection.slug === MERCH_CATCH_ALL_SLUG || collection.name.trim().toLowerCase() === CATCH_ALL_NAME;
}

/**
 * A copy of `list` with the catch-all collection moved to the front (the
 * provider returns it last, but a shop menu leads with "All Products"). The
 * others keep their order; the input is never mutated.
 */
export function catchAllFirst<C extends { slug: string; name: string }>(list: readonly C[]): C[] {
  return [...list.filter(isCatchAllCollection), ...list.filter((c) => !isCatchAllCollection(c))];
}
