import { UpstreamError } from '../../../../src/security/upstream.ts';
import type { MerchPage } from './records.ts';
import { PROVIDER, invalidResponse } from './request.ts';

/** How many pages a full read takes at most unless told otherwise: 100 pages of 100 is 10 000 items. */
export const MERCH_MAX_PAGES = 100;
/** The storefront's own page size cap. */
export const MERCH_MAX_PAGE_SIZE = 100;

/** Checks a page size before it is sent: the provider caps it at 100 and a 0 would page forever. */
export function checkPageSize(size: unknown, what: string): number {
  if (!Number.isInteger(size) || (size as number) < 1 || (size as number) > MERCH_MAX_PAGE_SIZE) {
    throw new RangeError(`Merch ${what} size must be an integer from 1 to ${MERCH_MAX_PAGE_SIZE}, got ${String(size)}`);
  }
  return size as number;
}

/**
 * Reads pages 0, 1, 2... until the provider says there is no next page, and
 * never forever: more than `maxPages` pages fails with code `too_many_pages`,
 * and a page that is empty yet claims a next page is `invalid_response`
 * (a provider stuck on one page would otherwise loop without end). Failing
 * beats returning a partial list: a caller diffing the read against stored
 * rows would take the missing tail for deleted products.
 */
export async function readEveryPage<T>(fetchPage: (page: number) => Promise<MerchPage<T>>, maxPages: number, operation: string): Promise<T[]> {
  if (!Number.isInteger(maxPages) || maxPages < 1 || maxPages > 10_000) {
    throw new RangeError(`Merch maxPages must be an integer from 1 to 10000, got ${String(maxPages)}`);
  }
  const out: T[] = [];
  for (let page = 0; page < maxPages; page++) {
    const answer = await fetchPage(page);
    if (answer.hasNextPage && answer.results.length === 0) throw invalidResponse(operation, 200, `page ${page} is empty but claims a next page`);
    out.push(...answer.results);
    if (!answer.hasNextPage) return out;
  }
  throw new UpstreamError({
    provider: PROVIDER,
    status: 200,
    code: 'too_many_pages',
    detail: `still a next page after ${maxPages} pages; raise maxPages if the shop is that large`,
    operation,
  });
}
