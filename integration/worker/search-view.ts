import type { CollectionConfig } from '../../src/content/collection.ts';
import { sha256Hex } from '../../src/security/crypto.ts';
import { parseSearchCursor, resolveVector, searchCollection, SearchNotReadyError, type ResolvedVector, type SearchHit } from '../../src/search/index.ts';
import type { CmsEnv } from '../config.ts';
import { visitorRead } from './page-data.ts';
import { cmsRuntime } from './runtime.ts';

/** The part of `Astro` `loadSearch` reads: the query string and the visitor's address. */
export interface SearchAstro {
  url: URL;
  request: Request;
}

/** A page of a site's search, as `loadSearch` gives it. */
export interface SiteSearch {
  /** The query as searched (trimmed); '' when there was none. */
  q: string;
  items: SearchHit[];
  /** The `cursor` of the next page, or null on the last one. */
  nextCursor: string | null;
  /** The `cursor` of the previous page, or null on the first one. */
  prevCursor: string | null;
  /** False when the collection's search index is not built yet (a publisher rebuilds it from the edit bar's search). */
  ready: boolean;
}

/** Semantic queries one visitor may make per minute by default (each costs an embedding). */
const VISITOR_SEMANTIC_PER_MINUTE = 30;

/**
 * Searches a declared collection (one with `search` fields) for a site's
 * search page, as a visitor sees it: published entries only, ranked, with
 * escaped snippets (`<mark>` around the matches: render with `set:html`)
 * and the `url` of each from the collection's `search.url`. Reads `q` and
 * `cursor` from the page's query string unless given. Works without
 * JavaScript: page with links carrying `prevCursor`/`nextCursor`.
 *
 * With `search.vector` in `defineCms`, keyword and semantic rankings are
 * fused; a visitor past `visitorSemanticPerMinute` gets keyword results
 * only. An index not built yet gives `ready: false`; a database a visitor's
 * page cannot read (logged with what to do) gives no results.
 *
 * @example
 * const search = await loadSearch(Astro, pages);
 * {search.items.map((hit) => <a href={hit.url}>{hit.title}</a><p set:html={hit.snippet} />)}
 */
export async function loadSearch(
  astro: SearchAstro,
  collection: CollectionConfig,
  options: { q?: string | null; cursor?: string | null; limit?: number } = {},
): Promise<SiteSearch> {
  if (!collection.search)
    throw new TypeError(`loadSearch(): ${collection.slug} has no search fields; add search: { fields: [...] } to its defineCollection().`);
  const q = (options.q ?? astro.url.searchParams.get('q') ?? '').trim();
  const cursor = options.cursor ?? astro.url.searchParams.get('cursor');
  const limit = options.limit ?? 10;
  const empty: SiteSearch = { q, items: [], nextCursor: null, prevCursor: null, ready: true };
  if (q === '') return empty;
  const found = await visitorRead(astro.url, undefined, async (db) => {
    const vector = await visitorVector(astro.request);
    try {
      return { ...(await searchCollection(db, collection, { q, limit, cursor, scope: 'public' }, vector)), ready: true };
    } catch (error) {
      if (error instanceof SearchNotReadyError) return { items: [], nextCursor: null, ready: false };
      throw error;
    }
  });
  if (!found) return empty;
  const offset = parseSearchCursor(cursor) ?? 0;
  return { q, items: found.items, nextCursor: found.nextCursor, prevCursor: offset > 0 ? String(Math.max(0, offset - limit)) : null, ready: found.ready };
}

/** The site's vector search for this visitor, or null: none configured, or their semantic queries this minute are used up. */
async function visitorVector(request: Request): Promise<ResolvedVector | null> {
  const [{ default: config }, { default: collections }, { env }] = await Promise.all([
    import('virtual:louise/config'),
    import('virtual:louise/collections'),
    import('cloudflare:workers'),
  ]);
  const runtime = cmsRuntime(config, collections);
  if (!runtime.vector) return null;
  const perMinute = config.search?.visitorSemanticPerMinute ?? VISITOR_SEMANTIC_PER_MINUTE;
  if (perMinute === 0) return null;
  const storage = runtime.limiter(env as CmsEnv);
  if (storage) {
    const who = await sha256Hex(`search\n${request.headers.get('cf-connecting-ip') ?? 'unknown'}`);
    const result = await storage.hit(`search:${who}`, perMinute, 60);
    if (!result.ok) return null;
  }
  return resolveVector(runtime.vector, env as CmsEnv);
}
