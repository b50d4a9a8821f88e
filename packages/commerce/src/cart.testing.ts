// fast-check generators of carts and catalogs, shared by the cart tests
// (cart.test.ts, cart-repair.test.ts). Test-only: not part of the package.
import fc from 'fast-check';
import type { CartCatalog, CartLine } from './cart.ts';

/** A line as a site stores it: the toolkit's fields plus its own. */
export type SiteLine = CartLine & { title: string };

// Small id pools (with names a plain object would already have) so that
// random carts repeat variants and add-ons.
export const variantIds = ['a', 'b', 'c', '__proto__', 'constructor'];
const modifierIds = ['m1', 'm2', 'm3', 'toString'];

export const arbitraryLine: fc.Arbitrary<SiteLine> = fc.record(
  {
    variantId: fc.constantFrom(...variantIds),
    quantity: fc.integer({ min: 1, max: 6 }),
    price: fc.constantFrom(100, 200, 250),
    modifierIds: fc.array(fc.constantFrom(...modifierIds), { maxLength: 3 }),
    title: fc.string({ maxLength: 3 }),
  },
  { requiredKeys: ['variantId', 'quantity', 'price', 'title'] },
);

export const arbitraryCatalog: fc.Arbitrary<CartCatalog> = fc
  .tuple(
    fc.array(fc.tuple(fc.constantFrom(...variantIds), fc.constantFrom(100, 200, 250))),
    fc.subarray(modifierIds),
    fc.option(fc.array(fc.tuple(fc.constantFrom(...variantIds), fc.option(fc.integer({ min: -2, max: 12 }))))),
  )
  .map(([prices, live, stock]): CartCatalog => ({ prices: new Map(prices), liveModifierIds: new Set(live), ...(stock ? { stock: new Map(stock) } : {}) }));
