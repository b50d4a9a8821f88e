// POST /api/shop/checkout: the buyer's cart, checked against what visitors
// see now. Any difference (a new price, a product gone) answers 409
// `{ issues }`, and the page repairs the cart with the buyer's consent;
// a cart that checks out gets a payment intent for exactly its total.
import type { APIRoute } from 'astro';
import { env } from 'cloudflare:workers';
import { cartIssues, formatMoney } from 'louise/commerce';
import { createPaymentIntent } from 'louise/commerce/pay';
import { errorResponse, isSameOrigin, json, parseBody } from 'louise/http';
import { rateLimit } from 'louise/security';
import * as v from 'valibot';
import { orders } from '../../../db/schema.ts';
import { SHOP_CURRENCY, SHOP_PRODUCTS } from '../../../shop/products.ts';
import { liveCatalog, payFailure, paySettings, shopDb, shopKv, unconfigured } from '../../../shop/server.ts';

const cartBody = v.object({
  lines: v.pipe(
    v.array(
      v.object({
        variantId: v.picklist(SHOP_PRODUCTS, 'is not a product of this shop'),
        quantity: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(99)),
        price: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100_000_000)),
      }),
    ),
    v.minLength(1, 'The cart is empty.'),
    v.maxLength(20, 'A cart holds at most 20 lines.'),
  ),
});

export const POST: APIRoute = async ({ request, clientAddress }) => {
  try {
    if (!isSameOrigin(request)) return json({ error: 'forbidden', message: 'Check out from the shop page.' }, { status: 403 });
    const pay = paySettings(env);
    if (!pay) return unconfigured();
    // Each checkout creates a payment intent at Pay: bounded per visitor so nobody can flood the account.
    const limit = await rateLimit(shopKv(env), `shop-checkout:${clientAddress}`, 20, 600);
    if (!limit.ok) {
      return json(
        { error: 'rate_limited', message: 'Too many checkouts from here. Wait a few minutes and try again.' },
        { status: 429, headers: { 'retry-after': String(limit.retryAfter) } },
      );
    }
    const { lines } = await parseBody(request, cartBody);
    const catalog = await liveCatalog(env, SHOP_PRODUCTS);
    const prices = new Map([...catalog].map(([slug, product]) => [slug, product.price]));
    const issues = cartIssues(lines, { prices, liveModifierIds: new Set() });
    if (issues.length > 0) return json({ issues }, { status: 409 });

    const id = crypto.randomUUID();
    // Charged at the catalog's prices (equal to the cart's now that it has no issues), never the browser's numbers.
    const items = lines.map((line) => {
      const product = catalog.get(line.variantId) as { title: string; price: number };
      return { name: product.title, unitAmount: product.price, quantity: line.quantity };
    });
    let intent: Awaited<ReturnType<typeof createPaymentIntent>>;
    try {
      intent = await createPaymentIntent(pay.secretKey, items, {
        ...pay.options,
        currency: SHOP_CURRENCY,
        // Cards only, confirmed on the server (pay.ts): no payment method that leaves the page for a bank's.
        allowRedirects: 'never',
        description: `Louise shop order ${id}`,
        metadata: { order: id },
        idempotencyKey: `order-${id}`,
      });
    } catch (error) {
      return payFailure(error);
    }
    await shopDb(env).insert(orders).values({ id, paymentIntentId: intent.id, amount: intent.amount, currency: intent.currency, lines });
    const total = formatMoney({ amount: intent.amount, currency: intent.currency }, { locale: 'en-US' });
    // `clientSecret` is what Pay's card form in the browser confirms with (a deployed shop mounts it); this page confirms on the server.
    return json({ order: id, amount: intent.amount, currency: intent.currency, total, clientSecret: intent.clientSecret }, { status: 201 });
  } catch (error) {
    return errorResponse(error, request);
  }
};
