/**
 * The fake Pos as an HTTP server for local development and end-to-end tests:
 *   node packages/commerce/fakes/pos/server.ts
 * Env: POS_FAKE_PORT (default 12113), POS_SPEC_DIR (default
 * packages/commerce/specs); POS_FAKE_WEBHOOK_URL (notifications are POSTed
 * there), signed for POS_FAKE_NOTIFICATION_URL (the URL a subscription
 * registers, default the delivery URL) with POS_FAKE_SIGNATURE_KEY (default
 * pos_whsig_louise_local). Seeded with a small shop (three locations, a
 * catalog with per-location prices, stock). Point the client at it with
 * `baseUrl: 'http://localhost:12113'` and the token `FAKE_POS_TOKEN`.
 * `GET /__fake/health` answers 200 once listening; `GET /__fake/violations`
 * lists contract violations as JSON (an e2e run asserts it is empty),
 * `GET /__fake/notifications` the webhooks sent and how the site answered;
 * `GET /v1/square.js` and `/__fake/card-frame` stand in for the provider's
 * web-payments script and its card fields. Plain Node (types stripped).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readNodeBody, sendWebResponse, serveFake, webRequest } from '../node-bridge.ts';
import { createFakePos } from './fake-pos.ts';
import { seedPosShop } from './seed.ts';
import { CARD_FRAME_HTML, webPaymentsScript } from './web-payments.ts';

const port = Number(process.env['POS_FAKE_PORT'] ?? 12113);
const origin = `http://localhost:${port}`;
const deliverTo = process.env['POS_FAKE_WEBHOOK_URL'] || undefined;
const fake = createFakePos({
  onViolation: (message) => console.error(`[fake-pos] CONTRACT VIOLATION: ${message}`),
  webhook:
    deliverTo === undefined
      ? undefined
      : {
          deliverTo,
          notificationUrl: process.env['POS_FAKE_NOTIFICATION_URL'] || deliverTo,
          signatureKey: process.env['POS_FAKE_SIGNATURE_KEY'] || 'pos_whsig_louise_local',
        },
});
seedPosShop(fake.state);

const STATIC: Record<string, { type: string; body: string }> = {
  '/__fake/health': { type: 'text/plain', body: 'ok' },
  '/v1/square.js': { type: 'text/javascript; charset=utf-8', body: webPaymentsScript(origin) },
  '/__fake/card-frame': { type: 'text/html; charset=utf-8', body: CARD_FRAME_HTML },
};

async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const started = Date.now();
  const url = new URL(req.url ?? '/', origin);
  const file = STATIC[url.pathname];
  if (file) {
    res.writeHead(200, { 'content-type': file.type, 'cache-control': 'no-store' }).end(file.body);
    return;
  }
  if (url.pathname === '/__fake/violations') {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(fake.violations));
    return;
  }
  if (url.pathname === '/__fake/notifications') {
    const sent = fake.notifications.map(({ event, delivery }) => ({ type: event['type'], id: (event['data'] as { id?: string }).id, delivery }));
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(sent));
    return;
  }
  const method = req.method ?? 'GET';
  const response = await fake.fetch(webRequest(req, res, url, await readNodeBody(req)));
  await sendWebResponse(res, response);
  // One line per request; never the token, never the body.
  console.log(`[fake-pos] ${method} ${url.pathname} -> ${response.status} ${Date.now() - started}ms`);
}

serveFake(
  'fake-pos',
  port,
  answer,
  { errors: [{ category: 'API_ERROR', code: 'INTERNAL_SERVER_ERROR', detail: 'fake-pos crashed; see its log' }] },
  `listening on ${origin} (webhooks: ${deliverTo ?? 'not sent'})`,
);
