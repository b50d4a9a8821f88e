// The search routes' wire contract (`GET <apiBase>/<slug>/search` and
// `POST <apiBase>/<slug>/reindex`): the JSON shapes the routes answer and the
// editor's search panel reads. Types only, importing nothing, so the browser
// client shares them (the `client` allowance in .dependency-cruiser.cjs): a
// field renamed on one side and not the other fails `npm run typecheck`.

/** One search result. `snippet` is HTML: escaped text with the matches in `<mark>`, nothing else. */
export interface SearchHit {
  id: number;
  /** The indexed title, as plain text. */
  title: string;
  snippet: string;
  /** Higher is better: `-bm25` for keyword search, the fused score with semantic search. */
  score: number;
  /** Where the entry lives (`search.url`), or null. */
  url: string | null;
  /** Whether visitors can see the entry (always true for a live collection). */
  published: boolean;
  /** The entry's unique columns (`slug`, ...). */
  [unique: string]: unknown;
}

/** A page of results and the cursor of the next one (null at the end). */
export interface SearchPage {
  items: SearchHit[];
  nextCursor: string | null;
}

/** One rebuild batch: entries handled so far (this call included), entries in the collection, and where the next call starts (null: done). */
export interface ReindexStep {
  processed: number;
  total: number;
  nextCursor: number | null;
}
