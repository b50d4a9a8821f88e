// GET /api/shop/orders/<id>: an order's status, for the page that waits for
// Pay's webhook. The id is a random UUID only its buyer was given.
import type { APIRoute } from 'astro';
import { env } from 'cloudflare:workers';
import { errorResponse, json } from 'louise/http';
import * as v from 'valibot';
import { findOrder, orderId } from '../../../../shop/server.ts';

export const GET: APIRoute = async ({ params, request }) => {
  try {
    const order = v.is(orderId, params.id) ? await findOrder(env, { id: params.id }) : null;
    if (!order) return json({ error: 'not_found', message: 'No such order.' }, { status: 404 });
    return json({ status: order.status, amount: order.amount, currency: order.currency });
  } catch (error) {
    return errorResponse(error, request);
  }
};
