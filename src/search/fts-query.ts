/** Longest query read, in UTF-16 code units; the rest is ignored. */
export const MAX_QUERY_CHARS = 200;
/** Most words a query keeps. */
export const MAX_QUERY_TOKENS = 12;

// A word: a letter or digit, then letters, digits and combining marks. The
// marks keep words of scripts such as Devanagari whole (FTS5's tokenizer
// keeps them inside a token too), so the quoted word is tokenized exactly
// as the indexed text was.
const WORD = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu;

/**
 * Turns any user text into a safe FTS5 query, or null when it has no word
 * (the search then answers no results). Only words are kept (at most
 * {@link MAX_QUERY_TOKENS} from the first {@link MAX_QUERY_CHARS}
 * characters, NFKC-normalized), each one double-quoted, so FTS5 syntax
 * (`AND`, `OR`, `NOT`, `NEAR`, `-`, `*`, `"`, `:`, `^`, parentheses) is
 * only ever searched as text. The last word matches as a prefix
 * (search-as-you-type). Several words match as the exact phrase or all of
 * them anywhere; bm25 sums over both, so the phrase ranks first. Never throws.
 *
 * @example ftsQuery('café au') // '"café au"* OR ("café" AND "au"*)'
 * @example ftsQuery('NEAR(") *') // null
 */
export function ftsQuery(q: string): string | null {
  if (typeof q !== 'string') return null;
  const tokens = (q.slice(0, MAX_QUERY_CHARS).normalize('NFKC').match(WORD) ?? []).slice(0, MAX_QUERY_TOKENS);
  const last = tokens.length - 1;
  if (last < 0) return null;
  if (last === 0) return `"${tokens[0]}"*`;
  const all = tokens.map((token, i) => (i === last ? `"${token}"*` : `"${token}"`)).join(' AND ');
  return `"${tokens.join(' ')}"* OR (${all})`;
}
