// Merging ranked lists (keyword and semantic) into one. Pure: no bindings.

/** The constant of reciprocal rank fusion used when none is given (Cormack, Clarke & Büttcher 2009). */
export const RRF_K = 60;

/**
 * Merges ranked lists of ids into one by reciprocal rank fusion (RRF):
 * every id scores `Σ 1 / (k + rank)` over the lists it appears in, rank
 * 1-based. An id repeated inside one list counts once, at its first rank.
 * Sorted by score (highest first), ties by the best single rank, then by
 * id (numbers numerically and before strings, strings by UTF-16 code unit).
 *
 * Why RRF: it reads only ranks, never scores, so the keyword side (bm25,
 * unbounded) and the semantic side (cosine, in [-1, 1]) need no calibration
 * against each other. Why k = 60: the value Cormack, Clarke & Büttcher
 * found best ("Reciprocal Rank Fusion outperforms Condorcet and individual
 * Rank Learning Methods", SIGIR 2009). A large k flattens the advantage of
 * the top ranks (rank 1 scores 1/61, rank 10 still 1/70), so one list's top
 * hit cannot dominate a document both lists agree on: with k = 60, a
 * document within the first 61 ranks of two lists beats every document found
 * by one list alone.
 *
 * Order-independent (permuting the lists gives the same output, to the bit:
 * each id's terms are summed from its best rank down) and deterministic.
 * Throws a TypeError when `k` is not a positive finite number.
 *
 * @example fuseRankings([[3, 1, 2], [1, 4]]) // 1 first (in both lists), then 3, 4, 2
 */
export function fuseRankings<T extends string | number>(lists: readonly (readonly T[])[], options: { k?: number } = {}): { id: T; score: number }[] {
  const k = options.k ?? RRF_K;
  if (typeof k !== 'number' || !Number.isFinite(k) || k <= 0) {
    throw new TypeError(`fuseRankings: k must be a positive finite number (the default ${RRF_K} is the usual choice), got ${String(k)}.`);
  }
  if (!Array.isArray(lists)) throw new TypeError('fuseRankings expects an array of ranked lists (arrays of ids).');
  const ranks = new Map<T, number[]>();
  for (const list of lists) {
    if (!Array.isArray(list)) throw new TypeError('fuseRankings expects an array of ranked lists (arrays of ids).');
    const seen = new Set<T>();
    list.forEach((id, index) => {
      if (seen.has(id)) return;
      seen.add(id);
      const mine = ranks.get(id);
      if (mine) mine.push(index + 1);
      else ranks.set(id, [index + 1]);
    });
  }
  const fused: { id: T; score: number; best: number }[] = [];
  for (const [id, mine] of ranks) {
    // Floating-point addition is not associative: summing in a fixed order
    // (best rank first) is what makes the score independent of list order.
    mine.sort((a, b) => a - b);
    let score = 0;
    for (const rank of mine) score += 1 / (k + rank);
    fused.push({ id, score, best: mine[0] as number });
  }
  fused.sort((a, b) => b.score - a.score || a.best - b.best || compareIds(a.id, b.id));
  return fused.map(({ id, score }) => ({ id, score }));
}

// Numbers numerically and before strings; strings by UTF-16 code unit.
function compareIds(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}
