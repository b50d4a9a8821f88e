import { UpstreamError } from '../../../../src/security/upstream.ts';
import type { Money } from '../money.ts';
import { MERCH_CATCH_ALL_SLUG } from './collections.ts';
import { MERCH_MAX_PAGES, MERCH_MAX_PAGE_SIZE, checkPageSize, readEveryPage } from './paging.ts';
import { type MerchPage, type MerchProduct, readPage, readProduct } from './records.ts';
import { type MerchStorefrontOptions, merchOperation, merchRequest, pathSegment } from './request.ts';

/**
 * One page of a collection's products (`page` counts from 0; `size` 1 to
 * 100, the provider's default 20). For the whole catalog use
 * {@link listCatalog}, which pages for you.
 * @example const { results, hasNextPage } = await getCollectionProducts(token, 'all', { page: 0, size: 20 });
 */
export async function getCollectionProducts(
  token: string,
  collectionSlug: string,
  options: MerchStorefrontOptions & { page?: number | undefined; size?: number | undefined } = {},
): Promise<MerchPage<MerchProduct>> {
  const { page = 0, size } = options;
  if (!Number.isInteger(page) || page < 0) throw new RangeError(`Merch page must be a non-negative integer (pages count from 0), got ${String(page)}`);
  const path = `/collections/${pathSegment(collectionSlug, 'collection slug')}/products`;
  const query = { page, size: size === undefined ? undefined : checkPageSize(size, 'page') };
  const { data, operation } = await merchRequest(token, path, { query }, options);
  return readPage(data, operation, readProduct);
}

/**
 * Every product of a collection (default the catch-all `all`, which is the
 * whole public catalog), reading every page. Bounded: more than `maxPages`
 * pages (default 100) or a provider that keeps promising a next page it
 * never fills ends in an `UpstreamError` rather than a partial or endless
 * read. A product seen twice (the catalog shifted while paging) is kept once.
 * @example const products = await listCatalog(env.MERCH_STOREFRONT_TOKEN);
 */
export async function listCatalog(
  token: string,
  options: MerchStorefrontOptions & { collection?: string | undefined; size?: number | undefined; maxPages?: number | undefined } = {},
): Promise<MerchProduct[]> {
  const { collection = MERCH_CATCH_ALL_SLUG, size = MERCH_MAX_PAGE_SIZE, maxPages = MERCH_MAX_PAGES } = options;
  const path = `/collections/${pathSegment(collection, 'collection slug')}/products`;
  checkPageSize(size, 'page');
  const products = await readEveryPage(
    (page) => getCollectionProducts(token, collection, { ...options, page, size }),
    maxPages,
    merchOperation('GET', path, options),
  );
  const seen = new Set<string>();
  return products.filter((p) => !seen.has(p.id) && Boolean(seen.add(p.id)));
}

/**
 * One product by its slug, or null when the provider answers 404 (no such
 * product, or not public). Every other failure (5xx, no answer, a malformed
 * body) throws `UpstreamError`: a product page must not turn an outage into
 * "not found".
 */
export async function getProduct(token: string, slug: string, options: MerchStorefrontOptions = {}): Promise<MerchProduct | null> {
  const path = `/products/${pathSegment(slug, 'product slug')}`;
  try {
    const { data, operation } = await merchRequest(token, path, {}, options);
    return readProduct(data, operation);
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) return null;
    throw error;
  }
}

/**
 * The "from" price to show for a product: the lowest variant price among
 * variants that can be bought (not stock-tracked, or in stock). When every
 * variant is sold out it is the lowest price of all of them, so a sold-out
 * product still shows what it costs (label it sold out with
 * `product.available`). Null only for a product without variants.
 */
export function lowestPrice(product: Pick<MerchProduct, 'variants'>): Money | null {
  const buyable = product.variants.filter((x) => x.stock === null || x.stock > 0);
  const pool = buyable.length > 0 ? buyable : product.variants;
  let lowest: Money | null = null;
  for (const { price } of pool) {
    if (lowest !== null && price.currency.toUpperCase() !== lowest.currency.toUpperCase()) {
      throw new RangeError(`lowestPrice: variants priced in ${lowest.currency} and ${price.currency} cannot be compared`);
    }
    if (lowest === null || price.amount < lowest.amount) lowest = price;
  }
  return lowest === null ? null : { ...lowest };
}
