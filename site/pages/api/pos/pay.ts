// POST /api/pos/pay: a card payment for one catalog item at one location.
// The browser sends the one-time token from the provider's card form and
// what it picked; the price is never the browser's: the order is built from
// the catalog at that location (Pos prices it), then the token is charged
// for exactly the order's total. A declined card answers 402 in the buyer's
// words; nothing is charged twice (the payment's idempotency key is derived
// from the order and token).
import type { APIRoute } from 'astro';
import { env } from 'cloudflare:workers';
import { formatMoney } from 'louise/commerce';
import { createOrder, createPayment, PosApiError, retrieveCatalogItem, variationPriceAt } from 'louise/commerce/pos';
import { errorResponse, isSameOrigin, json, parseBody } from 'louise/http';
import { rateLimit } from 'louise/security';
import * as v from 'valibot';
import { posKv, posSettings, posUnconfigured } from '../../../pos/server.ts';
import { logUpstreamFailure } from '../../../providers.ts';

const POS_ID = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/, 'is not an id'));
const payBody = v.strictObject({
  locationId: POS_ID,
  itemId: POS_ID,
  variationId: POS_ID,
  quantity: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10)),
  token: v.pipe(v.string(), v.regex(/^cnon:[A-Za-z0-9_:-]{1,200}$/, 'is not a card token')),
});

function posFailure(error: PosApiError): Response {
  logUpstreamFailure(error);
  if (error.category === 'PAYMENT_METHOD_ERROR') {
    return json({ error: 'declined', code: error.code, message: 'The card was declined. Try another card, or ask your bank.' }, { status: 402 });
  }
  return json({ error: 'pos_unavailable', message: 'The point of sale did not answer. Nothing was charged; try again in a minute.' }, { status: 502 });
}

export const POST: APIRoute = async ({ request, clientAddress }) => {
  try {
    if (!isSameOrigin(request)) return json({ error: 'forbidden', message: 'Pay from the point-of-sale page.' }, { status: 403 });
    const settings = posSettings(env);
    if (!settings) return posUnconfigured();
    if (settings.cardProblem) return json({ error: 'cards_off', message: settings.cardProblem }, { status: 503 });
    // Each attempt creates an order at Pos: bounded per visitor so nobody can flood the seller's account.
    const limit = await rateLimit(posKv(env), `pos-pay:${clientAddress}`, 20, 600);
    if (!limit.ok) {
      return json(
        { error: 'rate_limited', message: 'Too many payments from here. Wait a few minutes and try again.' },
        { status: 429, headers: { 'retry-after': String(limit.retryAfter) } },
      );
    }
    const input = await parseBody(request, payBody);
    try {
      const item = await retrieveCatalogItem(settings.config, input.itemId);
      const variation = item?.variations.find((one) => one.id === input.variationId);
      if (!item || !variation) return json({ error: 'gone', message: 'That item is no longer sold. Reload the page to see what is.' }, { status: 409 });
      // The page's own test of what a location sells (present there, with a price): one definition for both.
      if (variationPriceAt(item, variation, input.locationId) === null) {
        return json({ error: 'not_sold_here', message: 'That location does not sell this item. Pick another location or item.' }, { status: 409 });
      }
      const order = await createOrder(settings.config, {
        locationId: input.locationId,
        lineItems: [{ catalogObjectId: variation.id, quantity: input.quantity }],
        idempotencyKey: crypto.randomUUID(),
      });
      const payment = await createPayment(settings.config, {
        sourceId: input.token,
        orderId: order.id,
        amount: order.totalMoney,
        locationId: input.locationId,
      });
      return json(
        { order: order.id, payment: payment.id, total: formatMoney(order.totalMoney, { locale: 'en-US' }), receipt: payment.receiptNumber ?? payment.id },
        { status: 201 },
      );
    } catch (error) {
      if (error instanceof PosApiError) return posFailure(error);
      throw error;
    }
  } catch (error) {
    return errorResponse(error, request);
  }
};
