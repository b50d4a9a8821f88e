// The one module that knows the search routes' wire format (issue 12, see
// the search contract): a collection's editor search (`GET
// <apiBase>/<slug>/search?scope=editor`, drafts and unpublished pages
// included) and the index rebuild (`POST <apiBase>/<slug>/reindex`, a batch
// per call). Answers are read field by field; a snippet stays a string here
// (search-snippet.ts turns it into nodes, never through innerHTML).
import type { ReindexStep, SearchHit as WireHit } from '../../../search/wire.ts';
import { answer, createRequest, readListPage, type Answer, type Untrusted } from '../../core/api-request.ts';

export type { Answer, ReindexStep };

/** One page found, as the panel shows it: the contract's hit without its score and unique columns. */
export type SearchHit = Pick<WireHit, 'id' | 'title' | 'snippet' | 'url' | 'published'>;

/** A collection's search results: the best `limit`, and whether there are more. */
export interface SearchResults {
  items: SearchHit[];
  more: boolean;
}

/** A search answer; a failure says whether it is only the index that is missing (503 `search_not_ready`). */
export type SearchAnswer = { ok: true; value: SearchResults } | { ok: false; message: string; notReady: boolean };

export interface SearchApiOptions {
  apiBase: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** The answer of a search whose index has not been built yet. */
export const NOT_READY = 'The search index is not built yet.';

/**
 * Typed calls to the search routes. None of them rejects: a failure comes
 * back as the sentence to show (an aborted search too; its caller has
 * moved on and drops it).
 *
 * @example
 * const api = createSearchApi({ apiBase: '/api/cms' });
 * const found = await api.search('pages', 'drafts', signal);
 */
export function createSearchApi(options: SearchApiOptions) {
  const fetch = options.fetch ?? ((...args: Parameters<typeof globalThis.fetch>) => globalThis.fetch(...args));
  const call = createRequest(fetch, options.timeoutMs ?? 15_000);
  const base = (collection: string) => `${options.apiBase.replace(/\/$/, '')}/${encodeURIComponent(collection)}`;
  return {
    /** The editor's search of one collection: the best 8 pages for `q`, drafts and unpublished ones included; `signal` aborts it. */
    async search(collection: string, q: string, signal?: AbortSignal): Promise<SearchAnswer> {
      const res = await call(`${base(collection)}/search?${new URLSearchParams({ q, limit: '8', scope: 'editor' })}`, { signal: signal ?? null });
      if (typeof res !== 'string' && res.status === 503 && (await res.json().catch(() => null))?.error === 'search_not_ready')
        return { ok: false, message: NOT_READY, notReady: true };
      const got = await answer(res, (raw) => readListPage(raw, readHit), 'search');
      return got.ok ? { ok: true, value: { items: got.value.items, more: got.value.nextCursor !== null } } : { ...got, notReady: false };
    },

    /** Indexes the next batch of a collection's rows, from `cursor` (null: the first batch). Publishers only. */
    async reindex(collection: string, cursor: number | null): Promise<Answer<ReindexStep>> {
      const got = await answer(await call(`${base(collection)}/reindex`, { method: 'POST', body: JSON.stringify({ cursor }) }), readStep, 'rebuild');
      if (!got.ok) return got;
      return got.value ? { ok: true, value: got.value } : { ok: false, message: 'The server did not answer the rebuild with its progress.' };
    },
  };
}

export type SearchApi = ReturnType<typeof createSearchApi>;

const count = (raw: unknown) => (typeof raw === 'number' && Number.isInteger(raw) && raw >= 0 ? raw : null);
const text = (raw: unknown) => (typeof raw === 'string' ? raw : '');

/** A search hit from untrusted JSON; null without a usable id. A missing `published` counts as published (no badge). */
export function readHit(raw: unknown): SearchHit | null {
  const h = (raw ?? {}) as Untrusted<WireHit>;
  if (!Number.isInteger(h.id)) return null;
  return { id: h.id as number, title: text(h.title), snippet: text(h.snippet), url: text(h.url) || null, published: h.published !== false };
}

/** A rebuild step from untrusted JSON; null unless processed and total are counts and nextCursor a count or null. */
function readStep(raw: unknown): ReindexStep | null {
  const s = (raw ?? {}) as ReindexStep;
  return count(s.processed) !== null && count(s.total) !== null && (s.nextCursor === null || count(s.nextCursor) !== null) ? s : null;
}
