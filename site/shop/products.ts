import { currencyDigits, parseMoneyInput } from 'louise/commerce';
import { defineCollection } from 'louise/content';
import * as v from 'valibot';

/** The shop's one currency: prices are typed in it, carts and payments are in it. */
export const SHOP_CURRENCY = 'usd';

/** The products the shop page shows, in order, by slug (each is an entry of `products`). */
export const SHOP_PRODUCTS = ['field-notebook', 'enamel-mug'] as const;

const PRICE_HINT = 'Type a price like 24.00 (digits, an optional point and cents).';

/**
 * A product's price as its editor types it ("24.00"), read strictly by
 * `parseMoneyInput` (no float, nothing ambiguous like "1,234" taken as a
 * guess). A price that does not read is refused at the save with this
 * message, so the live price is always one the checkout understands.
 */
export const priceText = v.pipe(
  v.string(),
  v.check((text) => priceCents(text) !== null, PRICE_HINT),
);

/** Minor units of a typed price (2400 for "24.00"), or null when it does not read or is not above zero. */
export function priceCents(text: string): number | null {
  const cents = parseMoneyInput(text, currencyDigits(SHOP_CURRENCY));
  return cents !== null && cents > 0 ? cents : null;
}

/**
 * The shop's products: a drafts collection, so a new price reaches buyers
 * only when an editor with the publish right publishes it. Its tables
 * (site/db/schema.ts) come from `collectionTables`.
 */
export const products = defineCollection({
  slug: 'products',
  unique: ['slug'],
  fields: {
    title: { type: 'text', required: true },
    summary: { type: 'text' },
    price: { type: 'text', required: true, schema: priceText },
  },
  versions: { drafts: true },
});
