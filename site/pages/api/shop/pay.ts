// POST /api/shop/pay: pays an order with a payment method the buyer chose.
// The page sends Pay's test payment methods (`pm_card_visa`, …); a deployed
// shop sends the id its card element created. The order is marked paid only
// by Pay's signed webhook (webhook.ts), never by this answer.
import type { APIRoute } from 'astro';
import { env } from 'cloudflare:workers';
import { confirmPaymentIntent } from 'louise/commerce/pay';
import { errorResponse, isSameOrigin, json, parseBody } from 'louise/http';
import { UpstreamError } from 'louise/security';
import * as v from 'valibot';
import { findOrder, orderId, payFailure, paySettings, unconfigured } from '../../../shop/server.ts';

const payBody = v.object({
  order: orderId,
  paymentMethod: v.pipe(v.string(), v.regex(/^pm_[A-Za-z0-9_]{1,100}$/, 'is not a payment method id')),
});

/** Pay's decline codes in the buyer's words (Errors rule 2: map `code` to your own copy). */
const DECLINED: Record<string, string> = {
  card_declined: 'Your card was declined. Try another card.',
  expired_card: 'Your card has expired. Try another card.',
  insufficient_funds: 'Your card was declined for insufficient funds. Try another card.',
  incorrect_cvc: 'The security code is wrong. Check it and try again.',
};

export const POST: APIRoute = async ({ request }) => {
  try {
    if (!isSameOrigin(request)) return json({ error: 'forbidden', message: 'Pay from the shop page.' }, { status: 403 });
    const pay = paySettings(env);
    if (!pay) return unconfigured();
    const body = await parseBody(request, payBody);
    const order = await findOrder(env, { id: body.order });
    if (!order) return json({ error: 'not_found', message: 'No such order. Start again from the shop.' }, { status: 404 });
    if (order.status === 'paid') return json({ status: 'paid' });
    try {
      const intent = await confirmPaymentIntent(pay.secretKey, order.paymentIntentId, { ...pay.options, paymentMethod: body.paymentMethod });
      return json({ status: intent.status });
    } catch (error) {
      if (error instanceof UpstreamError && error.status === 402) {
        const message = DECLINED[error.code ?? ''] ?? DECLINED['card_declined'];
        return json({ error: 'declined', message }, { status: 402 });
      }
      return payFailure(error);
    }
  } catch (error) {
    return errorResponse(error, request);
  }
};
