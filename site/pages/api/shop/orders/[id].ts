// GET /api/shop/orders/<id>: an order's status, for the page that waits for
// Pay's webhook. The id is a random UUID only its buyer was given.
import type { APIRoute } from 'astro';
import { env } from 'cloudflare:workers';
import { errorResponse, json } from 'louise/http';
import { findOrder } from '../../../../shop/server.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const GET: APIRoute = async ({ params, request }) => {
  try {
    const order = UUID.test(params.id ?? '') ? await findOrder(env, params.id as string) : null;
    if (!order) return json({ error: 'not_found', message: 'No such order.' }, { status: 404 });
    return json({ status: order.status, amount: order.amount, currency: order.currency });
  } catch (error) {
    return errorResponse(error, request);
  }
};
