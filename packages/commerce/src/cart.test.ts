import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CartCatalog, type CartIssue, type CartLine, cartIssues, cartModifierIds } from './cart.ts';
import { arbitraryCatalog, arbitraryLine } from './cart.testing.ts';

const line = (variantId: string, quantity: number, price: number, modifierIds?: string[]): CartLine =>
  modifierIds ? { variantId, quantity, price, modifierIds } : { variantId, quantity, price };
const catalog = (prices: Record<string, number>, live: string[] = [], stock?: [string, number | null][]): CartCatalog => ({
  prices: new Map(Object.entries(prices)),
  liveModifierIds: new Set(live),
  ...(stock ? { stock: new Map(stock) } : {}),
});

/** The rules read one by one, over plain arrays: slow, obvious, and written apart from cartIssues. */
function bruteForceIssues(lines: readonly CartLine[], { prices, liveModifierIds, stock }: CartCatalog): CartIssue[] {
  const issues: CartIssue[] = [];
  const variants = lines.map((l) => l.variantId).filter((id, i, all) => all.indexOf(id) === i);
  for (const variantId of variants) {
    const mine = lines.filter((l) => l.variantId === variantId);
    const total = mine.reduce((sum, l) => sum + l.quantity, 0);
    const tracked = stock?.get(variantId);
    const price = prices.get(variantId);
    const stale = mine.find((l) => l.price !== price);
    if (!prices.has(variantId)) issues.push({ kind: 'unavailable', variantId });
    else if (tracked !== undefined && tracked !== null && total > tracked) issues.push({ kind: 'out-of-stock', variantId, available: Math.max(tracked, 0) });
    else if (stale && price !== undefined) issues.push({ kind: 'price-changed', variantId, price, was: stale.price });
  }
  const modifiers = lines.flatMap((l) => l.modifierIds ?? []).filter((id, i, all) => all.indexOf(id) === i);
  for (const modifierId of modifiers) if (!liveModifierIds.has(modifierId)) issues.push({ kind: 'modifier-unavailable', modifierId });
  return issues;
}

describe('cartIssues', () => {
  it('finds nothing wrong with a cart that matches the catalog', () => {
    expect(cartIssues([line('a', 2, 100, ['m1']), line('b', 1, 250)], catalog({ a: 100, b: 250 }, ['m1'], [['a', 2]]))).toEqual([]);
    expect(cartIssues([], catalog({}))).toEqual([]);
  });

  it('reports a variant with no current price as unavailable, and nothing else about it', () => {
    expect(cartIssues([line('gone', 1, 100), line('gone', 3, 90)], catalog({ a: 100 }, [], [['gone', 0]]))).toEqual([
      { kind: 'unavailable', variantId: 'gone' },
    ]);
  });

  it('sums stock over the lines of a variant, and checks it before the price', () => {
    const lines = [line('a', 2, 90, ['m1']), line('a', 2, 90)];
    expect(cartIssues(lines, catalog({ a: 100 }, ['m1'], [['a', 3]]))).toEqual([{ kind: 'out-of-stock', variantId: 'a', available: 3 }]);
    expect(cartIssues(lines, catalog({ a: 100 }, ['m1'], [['a', 4]]))).toEqual([{ kind: 'price-changed', variantId: 'a', price: 100, was: 90 }]);
  });

  it('reports oversold stock as 0 available; null or a missing entry is not tracked', () => {
    expect(cartIssues([line('a', 1, 100)], catalog({ a: 100 }, [], [['a', -2]]))).toEqual([{ kind: 'out-of-stock', variantId: 'a', available: 0 }]);
    expect(cartIssues([line('a', 1, 100)], catalog({ a: 100 }, [], [['a', 0]]))).toEqual([{ kind: 'out-of-stock', variantId: 'a', available: 0 }]);
    expect(cartIssues([line('a', 99, 100), line('b', 99, 100)], catalog({ a: 100, b: 100 }, [], [['a', null]]))).toEqual([]);
  });

  it('gives one price-changed entry per variant, with the first stale price the buyer saw', () => {
    const lines = [line('a', 1, 100), line('a', 1, 120, ['m1']), line('a', 1, 130)];
    expect(cartIssues(lines, catalog({ a: 100 }, ['m1']))).toEqual([{ kind: 'price-changed', variantId: 'a', price: 100, was: 120 }]);
  });

  it('reports each add-on that is gone once, from any line, after the variants, in cart order', () => {
    const lines = [line('b', 1, 5, ['m2', 'm1']), line('x', 1, 5, ['m3']), line('a', 1, 5, ['m2', 'm3', 'm4'])];
    expect(cartIssues(lines, catalog({ a: 1, b: 5 }, ['m1']))).toEqual([
      { kind: 'unavailable', variantId: 'x' },
      { kind: 'price-changed', variantId: 'a', price: 1, was: 5 },
      { kind: 'modifier-unavailable', modifierId: 'm2' },
      { kind: 'modifier-unavailable', modifierId: 'm3' },
      { kind: 'modifier-unavailable', modifierId: 'm4' },
    ]);
  });

  it('treats ids a plain object already has as ordinary ids', () => {
    const lines = [line('__proto__', 1, 100, ['toString']), line('constructor', 1, 100, ['__proto__']), line('hasOwnProperty', 2, 100)];
    expect(cartIssues(lines, catalog({ ['__proto__']: 100 }, [], [['__proto__', 0]]))).toEqual([
      { kind: 'out-of-stock', variantId: '__proto__', available: 0 },
      { kind: 'unavailable', variantId: 'constructor' },
      { kind: 'unavailable', variantId: 'hasOwnProperty' },
      { kind: 'modifier-unavailable', modifierId: 'toString' },
      { kind: 'modifier-unavailable', modifierId: '__proto__' },
    ]);
  });

  it('refuses a malformed line, naming it, rather than let it skew the stock sums', () => {
    const bad: unknown[] = [
      { variantId: 'a', quantity: 0, price: 1 },
      { variantId: 'a', quantity: -3, price: 1 },
      { variantId: 'a', quantity: 1.5, price: 1 },
      { variantId: 'a', quantity: Number.NaN, price: 1 },
      { variantId: 'a', quantity: 1, price: '1' },
      { variantId: 'a', quantity: 1, price: 1.5 },
      { variantId: 7, quantity: 1, price: 1 },
      { variantId: 'a', quantity: 1, price: 1, modifierIds: 'm1' },
      { variantId: 'a', quantity: 1, price: 1, modifierIds: [1] },
      null,
    ];
    for (const wrong of bad) expect(() => cartIssues([line('a', 1, 1), wrong as CartLine], catalog({ a: 1 }))).toThrow(/Cart line 1 is malformed/);
  });

  it('handles a huge cart in one pass', () => {
    const lines = Array.from({ length: 200_000 }, (_, i) => line(`v${i % 20_000}`, 1, 100, [`m${i % 7}`]));
    const prices = new Map(Array.from({ length: 20_000 }, (_, i) => [`v${i}`, i % 2 === 0 ? 100 : 101]));
    const issues = cartIssues(lines, { prices, liveModifierIds: new Set(['m0']) });
    expect(issues.filter((issue) => issue.kind === 'price-changed')).toHaveLength(10_000);
    expect(issues.filter((issue) => issue.kind === 'modifier-unavailable')).toHaveLength(6);
  });

  it('never misses an issue and never invents one (against a brute-force reading of the rules)', () => {
    fc.assert(
      fc.property(fc.array(arbitraryLine, { maxLength: 12 }), arbitraryCatalog, (lines, current) => {
        expect(cartIssues(lines, current)).toEqual(bruteForceIssues(lines, current));
      }),
      { numRuns: 3000 },
    );
  });
});

describe('cartModifierIds', () => {
  it('lists each add-on once, in first-seen order', () => {
    expect(cartModifierIds([line('a', 1, 1, ['m2', 'm1']), line('b', 1, 1), line('c', 1, 1, ['m1', 'm3', 'm2'])])).toEqual(['m2', 'm1', 'm3']);
    expect(cartModifierIds([])).toEqual([]);
  });
});
