// POST /api/shop/webhook: Pay's events. The signature is checked over the
// raw body first; an event is only a pointer, so the payment intent is
// fetched again from Pay before the order is marked paid, and only when
// Pay says it succeeded for exactly the order's amount and currency.
import type { APIRoute } from 'astro';
import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { retrievePaymentIntent, verifyPaySignature } from 'louise/commerce/pay';
import { errorResponse, json } from 'louise/http';
import * as v from 'valibot';
import { orders } from '../../../db/schema.ts';
import { findOrder, payFailure, paySettings, shopDb, unconfigured } from '../../../shop/server.ts';
import { readSignedJson } from '../../../providers.ts';

const event = v.object({ type: v.string(), data: v.object({ object: v.object({ id: v.pipe(v.string(), v.regex(/^pi_[A-Za-z0-9_]{1,200}$/)) }) }) });

export const POST: APIRoute = async ({ request }) => {
  try {
    const pay = paySettings(env);
    if (!pay) return unconfigured();
    const signed = await readSignedJson(
      request,
      (body) => verifyPaySignature(body, request.headers.get('stripe-signature'), pay.webhookSecret),
      'The Stripe-Signature header does not match this body and the webhook secret.',
    );
    if (!signed.ok) return signed.response;
    const parsed = signed.data;
    // Other events are acknowledged and left alone (a 4xx would make Pay send them again and again).
    if (!v.is(v.object({ type: v.literal('payment_intent.succeeded') }), parsed)) return json({ received: true });
    const result = v.safeParse(event, parsed);
    if (!result.success) return json({ error: 'invalid_event' }, { status: 400 });

    let intent: Awaited<ReturnType<typeof retrievePaymentIntent>>;
    try {
      intent = await retrievePaymentIntent(pay.secretKey, result.output.data.object.id, pay.options);
    } catch (error) {
      return payFailure(error); // 502: Pay sends the event again later
    }
    const order = await findOrder(env, { paymentIntentId: intent.id });
    if (!order) return json({ received: true, note: 'no order for this payment' });
    if (intent.status !== 'succeeded' || intent.amount !== order.amount || intent.currency !== order.currency) {
      console.warn(`shop: payment ${intent.id} (${intent.status}, ${intent.amount} ${intent.currency}) does not settle order ${order.id}; left unpaid`);
      return json({ received: true });
    }
    await shopDb(env)
      .update(orders)
      .set({ status: 'paid', paidAt: Date.now() })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'awaiting_payment')));
    return json({ received: true });
  } catch (error) {
    return errorResponse(error, request);
  }
};
