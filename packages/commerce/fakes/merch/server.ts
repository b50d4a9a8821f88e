/**
 * The fake Merch as an HTTP server for local development and end-to-end tests:
 *   node packages/commerce/fakes/merch/server.ts
 * One port serves the storefront API (`/v1/...`), the platform API
 * (`/open-api/v1.0/...`), the product images (`/images/<name>.svg`) and the
 * hosted checkout (`/checkout/?cartId=...`), whose "Place order" button
 * sends a signed `ORDER_PLACED` webhook to the shop, as Merch does.
 * Env: MERCH_FAKE_PORT (default 12112), MERCH_FAKE_WEBHOOK_URL (where order
 * webhooks are POSTed), MERCH_FAKE_WEBHOOK_SECRET (default
 * merch_whsec_louise_local). The storefront token is the seed's
 * (`ptkn_louise_local_0b7e3c1a`); the platform API takes the fake's API user.
 * `GET /__fake/health` answers 200 once listening; `GET /__fake/violations`
 * lists contract violations of both APIs as JSON (an e2e run asserts it is
 * empty). Plain Node (types stripped): only erasable TypeScript here.
 */
import { createHmac, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readNodeBody, sendWebResponse, serveFake, webRequest } from '../node-bridge.ts';
import { createFakePlatform } from './platform.ts';
import { createFakeStorefront, type FakeCart } from './storefront.ts';

const port = Number(process.env['MERCH_FAKE_PORT'] ?? 12112);
const origin = `http://localhost:${port}`;
const webhookUrl = process.env['MERCH_FAKE_WEBHOOK_URL'] || undefined;
const webhookSecret = process.env['MERCH_FAKE_WEBHOOK_SECRET'] || 'merch_whsec_louise_local';
const onViolation = (message: string) => console.error(`[fake-merch] CONTRACT VIOLATION: ${message}`);
const storefront = createFakeStorefront({ imageOrigin: origin, placeOrderAction: '/checkout/place', onViolation });
const platform = createFakePlatform({ onViolation });

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const page = (status: number, title: string, body: string) => ({
  status,
  html: `<!doctype html><meta charset="utf-8"><title>${escapeHtml(title)}</title><h1>${escapeHtml(title)}</h1>${body}`,
});

/** The `ORDER_PLACED` event for a cart, in Merch's webhook envelope. */
function orderPlaced(cart: FakeCart): Record<string, unknown> {
  const orderId = `ord_${randomUUID().replaceAll('-', '')}`;
  const total = cart.items.reduce((sum, { variant, quantity }) => sum + (variant['unitPrice'] as { value: number }).value * quantity, 0);
  return {
    testMode: true,
    id: `weve_${randomUUID().replaceAll('-', '')}`,
    webhookId: 'wcon_louise_local',
    shopId: 'sh_louise_local',
    type: 'ORDER_PLACED',
    apiVersion: 'V1_BETA',
    createdAt: new Date().toISOString(),
    data: {
      id: orderId,
      friendlyId: orderId.slice(4, 12).toUpperCase(),
      status: 'CONFIRMED',
      cartId: cart.id,
      amounts: { total: { value: Math.round(total * 100) / 100, currency: cart.currency } },
      offers: cart.items.map(({ variant, quantity }) => ({ variantId: variant['id'], name: variant['name'], quantity })),
    },
  };
}

/** Sends the event as Merch does: the raw body signed with base64 HMAC-SHA256 in `X-Fourthwall-Hmac-SHA256`. */
async function sendWebhook(event: Record<string, unknown>): Promise<string> {
  if (!webhookUrl) return 'no webhook URL is set (MERCH_FAKE_WEBHOOK_URL)';
  const body = JSON.stringify(event);
  const signature = createHmac('sha256', webhookSecret).update(body).digest('base64');
  try {
    const res = await fetch(webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'x-fourthwall-hmac-sha256': signature }, body });
    await res.arrayBuffer();
    return `the shop answered ${res.status}`;
  } catch (error) {
    return `the shop could not be reached (${error instanceof Error ? error.message : String(error)})`;
  }
}

async function placeOrder(form: URLSearchParams): Promise<{ status: number; html: string }> {
  const cart = storefront.carts.get(form.get('cartId') ?? '');
  if (!cart) return page(404, 'Cart not found', '<p>This cart does not exist (the fake keeps carts in memory until it stops).</p>');
  storefront.carts.delete(cart.id);
  const event = orderPlaced(cart);
  const outcome = await sendWebhook(event);
  const data = event['data'] as { id: string };
  return page(
    200,
    'Order placed',
    `<p>Order <code data-order>${escapeHtml(data.id)}</code> is confirmed.</p><p data-webhook>Order webhook: ${escapeHtml(outcome)}.</p>`,
  );
}

async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const started = Date.now();
  const url = new URL(req.url ?? '/', origin);
  const method = req.method ?? 'GET';
  if (url.pathname === '/__fake/health') {
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    return;
  }
  if (url.pathname === '/favicon.ico') {
    // The browser asks on the hosted checkout page; not an API call.
    res.writeHead(204).end();
    return;
  }
  if (url.pathname === '/__fake/violations') {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify([...storefront.violations, ...platform.violations]));
    return;
  }
  const body = await readNodeBody(req);
  if (url.pathname === '/checkout/place' && method === 'POST') {
    const placed = await placeOrder(new URLSearchParams(Buffer.from(body ?? []).toString('utf8')));
    res.writeHead(placed.status, { 'content-type': 'text/html; charset=utf-8' }).end(placed.html);
    console.log(`[fake-merch] POST /checkout/place -> ${placed.status}`);
    return;
  }
  const request = webRequest(req, res, url, body);
  const response = (await storefront.handle(request)) ?? (await platform.handle(request));
  if (!response) {
    res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 'NOT_FOUND' }));
    onViolation(`${method} ${url.pathname}: neither a storefront nor a platform path`);
    return;
  }
  await sendWebResponse(res, response);
  // One line per request; never the token or the credentials, never the body.
  console.log(`[fake-merch] ${method} ${url.pathname} -> ${response.status} ${Date.now() - started}ms`);
}

serveFake('fake-merch', port, answer, { code: 'FAKE_MERCH_CRASHED' }, `listening on ${origin} (order webhooks: ${webhookUrl ?? 'not sent'})`);
