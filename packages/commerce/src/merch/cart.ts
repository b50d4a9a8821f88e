import * as v from 'valibot';
import { isLocalHostname } from '../../../../src/security/local-host.ts';
import { type MerchStorefrontOptions, invalidResponse, merchRequest } from './request.ts';

/** One cart line as the storefront takes it. */
export interface MerchCartItem {
  variantId: string;
  quantity: number;
}

/** A created cart and where to send the buyer to pay for it. */
export interface MerchCart {
  cartId: string;
  /** The shop's hosted checkout for this cart: `<origin>/checkout/?cartCurrency=USD&cartId=<id>`. */
  checkoutUrl: string;
}

const CartAnswer = v.object({ id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,200}$/)) });

function checkItems(items: readonly MerchCartItem[]): MerchCartItem[] {
  if (!Array.isArray(items) || items.length === 0) throw new RangeError('Merch cart needs at least one item.');
  return items.map((item, i) => {
    if (typeof item?.variantId !== 'string' || item.variantId === '' || item.variantId.length > 200) {
      throw new TypeError(`Merch cart item ${i} variantId must be a non-empty string, got ${JSON.stringify(item?.variantId)}`);
    }
    if (!Number.isSafeInteger(item.quantity) || item.quantity < 1) {
      throw new RangeError(`Merch cart item ${i} quantity must be a positive integer, got ${String(item.quantity)}`);
    }
    // Only the two fields the provider takes: extra members of a site's cart line never reach it.
    return { variantId: item.variantId, quantity: item.quantity };
  });
}

/**
 * The shop's checkout origin: https, or http only on the developer's own
 * machine (the local fake). Anything else would send buyers, cart in hand,
 * to a page that is not the shop's.
 */
function checkoutOrigin(checkoutUrl: unknown): string {
  let url: URL | null = null;
  try {
    url = typeof checkoutUrl === 'string' ? new URL(checkoutUrl) : null;
  } catch {
    url = null;
  }
  if (url === null || !(url.protocol === 'https:' || (url.protocol === 'http:' && isLocalHostname(url.hostname)))) {
    throw new TypeError(`Merch checkoutUrl must be the shop's https origin (like https://my-shop.fourthwall.com), got ${JSON.stringify(checkoutUrl)}`);
  }
  return url.origin;
}

/**
 * Creates a storefront cart with `items` and returns the hosted checkout
 * URL to redirect the buyer to: payment, tax and shipping all happen on the
 * provider's page, so no card data touches the site. `checkoutUrl` is the
 * shop's checkout origin (its provider domain or custom domain); only its
 * origin is used. `currency` is the currency the buyer sees at checkout.
 * @example
 * const { checkoutUrl } = await createCart(token, [{ variantId, quantity: 1 }], { checkoutUrl: 'https://my-shop.fourthwall.com', currency: 'USD' });
 * return Response.redirect(checkoutUrl, 303);
 */
export async function createCart(
  token: string,
  items: readonly MerchCartItem[],
  options: MerchStorefrontOptions & { checkoutUrl: string; currency: string },
): Promise<MerchCart> {
  const origin = checkoutOrigin(options.checkoutUrl);
  if (typeof options.currency !== 'string' || !/^[A-Za-z]{3}$/.test(options.currency)) {
    throw new TypeError(`Merch cart currency must be a 3-letter ISO 4217 code, got ${JSON.stringify(options.currency)}`);
  }
  const currency = options.currency.toUpperCase();
  const path = '/carts';
  const { data, operation } = await merchRequest(token, path, { method: 'POST', body: { currency, items: checkItems(items) } }, options);
  const answer = v.safeParse(CartAnswer, data);
  if (!answer.success) throw invalidResponse(operation, 200, `cart answer: ${v.summarize(answer.issues)}`);
  const cartId = answer.output.id;
  const handOff = new URL('/checkout/', origin);
  handOff.search = new URLSearchParams({ cartCurrency: currency, cartId }).toString();
  return { cartId, checkoutUrl: handOff.href };
}
