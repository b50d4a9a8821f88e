// POST /api/merch/cart: "Buy" on a merch product page, a plain form post (it
// works without JavaScript). The product is read again so a variant that is
// gone or sold out is caught here with the buyer's words; a good choice gets a
// cart at the storefront and a 303 to the store's hosted checkout. Problems go
// back to the product page as `?problem=<code>`, which says what to do.
import type { APIRoute } from 'astro';
import { env } from 'cloudflare:workers';
import { createCart, getProduct } from 'louise/commerce/merch';
import { isSameOrigin, json } from 'louise/http';
import { rateLimit } from 'louise/security';
import * as v from 'valibot';
import { MERCH_SLUG, merchKv, merchSettings, merchUnconfigured } from '../../../merch/server.ts';
import { logUpstreamFailure } from '../../../providers.ts';

const MAX_FORM_BYTES = 4096;
const slug = v.pipe(v.string(), v.regex(MERCH_SLUG));
const choice = v.object({
  product: slug,
  variant: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,100}$/)),
  quantity: v.pipe(v.string(), v.regex(/^\d{1,2}$/), v.transform(Number), v.integer(), v.minValue(1), v.maxValue(10)),
});

const back = (product: string, problem: string) => new Response(null, { status: 303, headers: { location: `/merch/${product}?problem=${problem}` } });

export const POST: APIRoute = async ({ request, clientAddress }) => {
  if (!isSameOrigin(request)) return json({ error: 'forbidden', message: 'Order from the merch page.' }, { status: 403 });
  const settings = merchSettings(env);
  if (!settings) return merchUnconfigured();
  const text = await request.text();
  if (text.length > MAX_FORM_BYTES) return json({ error: 'too_large' }, { status: 413 });
  const form = Object.fromEntries(new URLSearchParams(text));
  const parsed = v.safeParse(choice, form);
  if (!parsed.success) {
    const product = v.is(slug, form['product']) ? form['product'] : null;
    return product
      ? back(product, 'invalid')
      : json({ error: 'invalid', message: 'Choose a product, a size or colour, and a quantity from 1 to 10.' }, { status: 400 });
  }
  const { product: productSlug, variant: variantId, quantity } = parsed.output;
  // Each post makes a cart at the storefront: bounded per visitor so nobody can flood the store.
  const limit = await rateLimit(merchKv(env), `merch-cart:${clientAddress}`, 30, 600);
  if (!limit.ok) return back(productSlug, 'busy');
  try {
    const product = await getProduct(settings.token, productSlug, settings.options);
    if (!product) return back(productSlug, 'gone');
    const variant = product.variants.find((candidate) => candidate.id === variantId);
    if (!variant) return back(productSlug, 'gone');
    if (variant.stock !== null && variant.stock < quantity) return back(productSlug, variant.stock === 0 ? 'sold-out' : 'low-stock');
    const cart = await createCart(settings.token, [{ variantId, quantity }], {
      ...settings.options,
      checkoutUrl: settings.checkoutUrl,
      currency: variant.price.currency,
    });
    return new Response(null, { status: 303, headers: { location: cart.checkoutUrl } });
  } catch (error) {
    logUpstreamFailure(error);
    return back(productSlug, 'unavailable');
  }
};
