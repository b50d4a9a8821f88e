import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CartIssue, type CartLine, cartIssues } from './cart.ts';
import { type CartChange, repairCart } from './cart-repair.ts';
import { arbitraryCatalog, arbitraryLine, type SiteLine, variantIds } from './cart.testing.ts';

const line = (variantId: string, quantity: number, price: number, modifierIds?: string[], title = `${variantId} x${quantity}`): SiteLine =>
  modifierIds ? { variantId, quantity, price, modifierIds, title } : { variantId, quantity, price, title };

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

const arbitraryOptions = fc.option(fc.integer({ min: 1, max: 8 }), { nil: undefined }).map((maxQuantity) => (maxQuantity === undefined ? {} : { maxQuantity }));

describe('repairCart', () => {
  it('reprices every line of a changed variant, once in the changes, keeping other fields and untouched lines', () => {
    const b = line('b', 1, 50);
    const { lines, changes } = repairCart([line('a', 1, 90), b, line('a', 2, 90, ['m1'])], [{ kind: 'price-changed', variantId: 'a', price: 100, was: 90 }]);
    expect(lines).toEqual([line('a', 1, 100, undefined, 'a x1'), b, line('a', 2, 100, ['m1'], 'a x2')]);
    expect(lines[1]).toBe(b);
    expect(changes).toEqual([{ kind: 'repriced', variantId: 'a', from: 90, to: 100 }]);
  });

  it('removes every line of an unavailable variant, and of an out-of-stock one that still wants too many', () => {
    const cart = [line('a', 1, 1, ['m1']), line('b', 2, 1), line('a', 1, 1), line('b', 2, 1), line('c', 1, 1)];
    const issues: CartIssue[] = [
      { kind: 'unavailable', variantId: 'a' },
      { kind: 'out-of-stock', variantId: 'b', available: 3 },
      { kind: 'modifier-unavailable', modifierId: 'm1' },
    ];
    const { lines, changes } = repairCart(cart, issues);
    expect(lines).toEqual([line('c', 1, 1)]);
    expect(changes).toEqual([
      { kind: 'removed', variantId: 'a', reason: 'unavailable' },
      { kind: 'removed', variantId: 'b', reason: 'out-of-stock' },
    ]);
  });

  it('changes nothing for issues the cart no longer has (stale ones)', () => {
    const cart = [line('b', 1, 1), line('b', 2, 1, ['m1'])];
    const stale: CartIssue[] = [
      { kind: 'out-of-stock', variantId: 'b', available: 3 },
      { kind: 'price-changed', variantId: 'b', price: 1, was: 2 },
      { kind: 'modifier-unavailable', modifierId: 'm9' },
    ];
    const { lines, changes } = repairCart(cart, stale);
    expect(changes).toEqual([]);
    expect(lines.every((l, i) => l === cart[i])).toBe(true);
  });

  it('strips add-ons that are gone, then merges the lines that became the same', () => {
    const first = line('a', 1, 100, ['m2', 'm1'], 'first');
    const { lines, changes } = repairCart(
      [first, line('b', 1, 5, ['m2']), line('a', 2, 100, ['m1'], 'second')],
      [{ kind: 'modifier-unavailable', modifierId: 'm2' }],
    );
    expect(lines).toEqual([line('a', 3, 100, ['m1'], 'first'), line('b', 1, 5, [], 'b x1')]);
    expect(changes).toEqual([
      { kind: 'modifier-removed', variantId: 'a', modifierId: 'm2' },
      { kind: 'modifier-removed', variantId: 'b', modifierId: 'm2' },
      { kind: 'merged', variantId: 'a', quantity: 3, cut: 0, lines: 2 },
    ]);
    expect(first.modifierIds).toEqual(['m2', 'm1']);
  });

  it('merges by variant and add-ons in any order by default, or by the key given', () => {
    const cart = [line('a', 1, 1, ['m1', 'm2']), line('a', 1, 1, ['m2', 'm1']), line('a', 1, 1), line('a', 1, 1, [])];
    expect(repairCart(cart, []).lines.map((l) => l.quantity)).toEqual([2, 2]);
    expect(repairCart(cart, [], { key: (l) => l.variantId }).lines).toEqual([line('a', 4, 1, ['m1', 'm2'], 'a x1')]);
    expect(repairCart([line('a', 1, 1, ['m1', 'm1']), line('a', 1, 1, ['m1'])], []).lines).toHaveLength(2);
  });

  it('caps every line at maxQuantity, a merged one or a single one, and reports the cut; no cap without it', () => {
    const cart = [line('a', 3, 1), line('b', 12, 1), line('a', 4, 1), line('c', 2, 1)];
    const capped = repairCart(cart, [], { maxQuantity: 5 });
    expect(capped.lines.map((l) => [l.variantId, l.quantity])).toEqual([
      ['a', 5],
      ['b', 5],
      ['c', 2],
    ]);
    expect(capped.changes).toEqual([
      { kind: 'merged', variantId: 'a', quantity: 5, cut: 2, lines: 2 },
      { kind: 'merged', variantId: 'b', quantity: 5, cut: 7, lines: 1 },
    ]);
    expect(repairCart(cart, []).lines.map((l) => l.quantity)).toEqual([7, 12, 2]);
    for (const maxQuantity of [0, -1, 1.5, Number.NaN]) expect(() => repairCart(cart, [], { maxQuantity })).toThrow(/maxQuantity must be a positive integer/);
  });

  it('never mutates its input (deep-frozen here)', () => {
    const cart = deepFreeze([line('a', 1, 90, ['m1', 'm2']), line('a', 1, 90, ['m1']), line('x', 1, 1), line('b', 9, 1)]);
    const issues = deepFreeze<CartIssue[]>([
      { kind: 'price-changed', variantId: 'a', price: 100, was: 90 },
      { kind: 'modifier-unavailable', modifierId: 'm2' },
      { kind: 'unavailable', variantId: 'x' },
    ]);
    const before = structuredClone(cart);
    const { lines } = repairCart(cart, issues, { maxQuantity: 3 });
    expect(lines).toEqual([line('a', 2, 100, ['m1'], 'a x1'), line('b', 3, 1, undefined, 'b x9')]);
    expect(cart).toEqual(before);
  });

  it('treats ids a plain object already has as ordinary ids', () => {
    const cart = [line('__proto__', 1, 1), line('constructor', 1, 1), line('__proto__', 2, 1), line('toString', 1, 1)];
    const { lines, changes } = repairCart(cart, [{ kind: 'unavailable', variantId: 'constructor' }]);
    expect(lines.map((l) => [l.variantId, l.quantity])).toEqual([
      ['__proto__', 3],
      ['toString', 1],
    ]);
    expect(changes.map((c) => c.kind)).toEqual(['removed', 'merged']);
    expect(({} as Record<string, unknown>).quantity).toBeUndefined();
  });

  it('leaves no issue behind, against the catalog the issues came from, whatever the cap', () => {
    fc.assert(
      fc.property(fc.array(arbitraryLine, { maxLength: 12 }), arbitraryCatalog, arbitraryOptions, (cart, catalog, options) => {
        const repaired = repairCart(deepFreeze(cart), cartIssues(cart, catalog), options);
        expect(cartIssues(repaired.lines, catalog)).toEqual([]);
      }),
      { numRuns: 2000 },
    );
  });

  it('is idempotent: repairing its output against fresh issues changes nothing', () => {
    fc.assert(
      fc.property(fc.array(arbitraryLine, { maxLength: 12 }), arbitraryCatalog, arbitraryOptions, (cart, catalog, options) => {
        const once = repairCart(cart, cartIssues(cart, catalog), options);
        const twice = repairCart(once.lines, cartIssues(once.lines, catalog), options);
        expect(twice.changes).toEqual([]);
        // The same objects, not copies: nothing was touched.
        expect(twice.lines.every((l, i) => l === once.lines[i]) && twice.lines.length === once.lines.length).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps every unit of a kept variant except what the cap cut, and no line over the cap', () => {
    const total = (lines: readonly CartLine[], variantId: string) => lines.filter((l) => l.variantId === variantId).reduce((sum, l) => sum + l.quantity, 0);
    fc.assert(
      fc.property(fc.array(arbitraryLine, { maxLength: 12 }), arbitraryCatalog, arbitraryOptions, (cart, catalog, options) => {
        const { lines, changes } = repairCart(cart, cartIssues(cart, catalog), options);
        const cut = (variantId: string) =>
          changes
            .filter((c): c is Extract<CartChange, { kind: 'merged' }> => c.kind === 'merged' && c.variantId === variantId)
            .reduce((sum, c) => sum + c.cut, 0);
        const removed = new Set(changes.flatMap((c) => (c.kind === 'removed' ? [c.variantId] : [])));
        for (const variantId of variantIds) expect(total(lines, variantId) + cut(variantId)).toBe(removed.has(variantId) ? 0 : total(cart, variantId));
        for (const l of lines) expect(l.quantity).toBeLessThanOrEqual(options.maxQuantity ?? Number.POSITIVE_INFINITY);
      }),
      { numRuns: 2000 },
    );
  });
});
