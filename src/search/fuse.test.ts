import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuseRankings, RRF_K } from './fuse.ts';

// Ranked lists of small ids, so lists overlap often; duplicates allowed.
const list = fc.array(fc.integer({ min: 1, max: 30 }), { maxLength: 25 });
const lists = fc.array(list, { maxLength: 5 });
const k = fc.double({ min: 0.001, max: 1000, noNaN: true });

/** Every permutation of a small array (at most 5 lists: 120). */
function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}

const firstRank = (l: readonly number[], id: number) => l.indexOf(id) + 1;

describe('fuseRankings', () => {
  it('scores Σ 1/(k + rank) and sorts by score, best rank, id', () => {
    expect(
      fuseRankings([
        [3, 1, 2],
        [1, 4],
      ]),
    ).toEqual([
      { id: 1, score: 1 / 62 + 1 / 61 },
      { id: 3, score: 1 / 61 },
      { id: 4, score: 1 / 62 },
      { id: 2, score: 1 / 63 },
    ]);
    expect(RRF_K).toBe(60);
  });

  it('is order-independent: every permutation of the lists gives the identical output', () => {
    fc.assert(
      fc.property(lists, k, (ls, kk) => {
        const expected = fuseRankings(ls, { k: kk });
        for (const p of permutations(ls)) expect(fuseRankings(p, { k: kk })).toEqual(expected);
      }),
      { numRuns: 150 },
    );
  });

  it('breaks exact score ties the same way whatever the list order (by best rank, then id)', () => {
    // a and b both score 1/61 + 1/63 and both have best rank 1: the id decides.
    const one = fuseRankings([
      ['b', 'x', 'a'],
      ['a', 'y', 'b'],
    ]);
    const two = fuseRankings([
      ['a', 'y', 'b'],
      ['b', 'x', 'a'],
    ]);
    expect(one.map((h) => h.id)).toEqual(['a', 'b', 'x', 'y']);
    expect(two).toEqual(one);
    // Numbers numerically (not as text), and before strings.
    expect(fuseRankings<string | number>([[10], [9], ['1']]).map((h) => h.id)).toEqual([9, 10, '1']);
  });

  it('is deterministic and its output is sorted by score descending with every id once', () => {
    fc.assert(
      fc.property(lists, (ls) => {
        const out = fuseRankings(ls);
        expect(fuseRankings(ls)).toEqual(out);
        expect(new Set(out.map((h) => h.id)).size).toBe(out.length);
        expect(new Set(out.map((h) => h.id))).toEqual(new Set(ls.flat()));
        for (let i = 1; i < out.length; i++) expect((out[i - 1] as { score: number }).score).toBeGreaterThanOrEqual((out[i] as { score: number }).score);
      }),
    );
  });

  it('ranks a doc found by both lists at ranks r1, r2 above every doc found by only one list at a rank s ≥ min(r1, r2), for any k', () => {
    fc.assert(
      fc.property(list, list, k, (a, b, kk) => {
        const out = fuseRankings([a, b], { k: kk });
        const position = new Map(out.map((h, i) => [h.id, i]));
        const both = out.filter((h) => a.includes(h.id) && b.includes(h.id));
        const onlyOne = out.filter((h) => a.includes(h.id) !== b.includes(h.id));
        for (const d of both) {
          const best = Math.min(firstRank(a, d.id), firstRank(b, d.id));
          for (const e of onlyOne) {
            const s = a.includes(e.id) ? firstRank(a, e.id) : firstRank(b, e.id);
            if (s >= best) expect(position.get(d.id)).toBeLessThan(position.get(e.id) as number);
          }
        }
      }),
    );
  });

  it('with the default k = 60, a doc within the first 61 ranks of two lists beats every doc found by one list alone, even at rank 1', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 200 }), { maxLength: 80 }),
        fc.uniqueArray(fc.integer({ min: 1, max: 200 }), { maxLength: 80 }),
        (a, b) => {
          const out = fuseRankings([a, b]);
          const position = new Map(out.map((h, i) => [h.id, i]));
          const both = out.filter((h) => a.includes(h.id) && b.includes(h.id) && firstRank(a, h.id) <= 61 && firstRank(b, h.id) <= 61);
          const onlyOne = out.filter((h) => a.includes(h.id) !== b.includes(h.id));
          for (const d of both) for (const e of onlyOne) expect(position.get(d.id)).toBeLessThan(position.get(e.id) as number);
        },
      ),
    );
    // The boundary is real: at rank 62 in both lists, 2/122 equals a single rank 1 (1/61).
    const a = [1, ...Array.from({ length: 60 }, (_, i) => 100 + i), 7];
    const b = [...Array.from({ length: 61 }, (_, i) => 200 + i), 7];
    const out = fuseRankings([a, b]);
    expect(out.findIndex((h) => h.id === 7)).toBeGreaterThan(out.findIndex((h) => h.id === 1));
  });

  it('keeps the order of a single list', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string(), { maxLength: 40 }), (l) => {
        expect(fuseRankings([l]).map((h) => h.id)).toEqual(l);
      }),
    );
  });

  it('counts an id repeated inside one list once, at its first rank', () => {
    expect(fuseRankings([[5, 6, 5, 5]])).toEqual([
      { id: 5, score: 1 / 61 },
      { id: 6, score: 1 / 62 },
    ]);
    fc.assert(
      fc.property(lists, (ls) => {
        const deduped = ls.map((l) => l.map((id, i) => (l.indexOf(id) === i ? id : null)));
        // Replacing later repeats by holes (which keep positions) changes nothing.
        const holes = deduped.map((l) => l.map((id, i) => id ?? -1 - i));
        const withoutHoles = fuseRankings(holes).filter((h) => h.id > 0);
        expect(fuseRankings(ls)).toEqual(withoutHoles);
      }),
    );
  });

  it('answers [] for no lists or empty lists', () => {
    expect(fuseRankings([])).toEqual([]);
    expect(fuseRankings([[], []])).toEqual([]);
  });

  it('refuses a k that is not a positive finite number with a TypeError', () => {
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY, '60' as unknown as number]) {
      expect(() => fuseRankings([[1]], { k: bad })).toThrow(TypeError);
    }
    expect(fuseRankings([[1]], { k: 0.5 })).toEqual([{ id: 1, score: 1 / 1.5 }]);
  });
});
