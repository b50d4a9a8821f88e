// TEMP stand-in for H2's fuse.ts (the lead drops this commit at merge).

export function fuseRankings<T extends string | number>(lists: readonly (readonly T[])[], options: { k?: number } = {}): { id: T; score: number }[] {
  const k = options.k ?? 60;
  const scores = new Map<T, { score: number; best: number }>();
  for (const list of lists) {
    const seen = new Set<T>();
    list.forEach((id, i) => {
      if (seen.has(id)) return;
      seen.add(id);
      const entry = scores.get(id) ?? { score: 0, best: Number.POSITIVE_INFINITY };
      entry.score += 1 / (k + i + 1);
      entry.best = Math.min(entry.best, i + 1);
      scores.set(id, entry);
    });
  }
  const order = (a: T, b: T): number => (typeof a === 'number' && typeof b === 'number' ? a - b : String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0);
  return [...scores]
    .map(([id, { score, best }]) => ({ id, score, best }))
    .sort((a, b) => b.score - a.score || a.best - b.best || order(a.id, b.id))
    .map(({ id, score }) => ({ id, score }));
}
