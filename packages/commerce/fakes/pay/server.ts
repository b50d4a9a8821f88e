/**
 * The fake Pay as an HTTP server for local development and end-to-end tests:
 *   node packages/commerce/fakes/pay/server.ts
 * Env: PAY_FAKE_PORT (default 12111), PAY_FAKE_WEBHOOK_URL (events are POSTed
 * there, signed), PAY_FAKE_WEBHOOK_SECRET (default whsec_louise_local),
 * PAY_SPEC_DIR (default packages/commerce/specs).
 * Point the client at it with `baseUrl: 'http://localhost:12111'` and any
 * `sk_test_...` key. `GET /__fake/health` answers 200 once listening;
 * `GET /__fake/violations` lists contract violations as JSON (an e2e run can
 * assert it is empty); `GET /__fake/invoices/<id>` is the hosted invoice page.
 * Plain Node (types stripped): only erasable TypeScript here.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readNodeBody, sendWebResponse, serveFake, webRequest } from '../node-bridge.ts';
import { createFakePay } from './fake-pay.ts';

const port = Number(process.env['PAY_FAKE_PORT'] ?? 12111);
const origin = `http://localhost:${port}`;
const fake = createFakePay({
  webhookUrl: process.env['PAY_FAKE_WEBHOOK_URL'] || undefined,
  webhookSecret: process.env['PAY_FAKE_WEBHOOK_SECRET'] || 'whsec_louise_local',
  hostedInvoiceBase: `${origin}/__fake`,
  onViolation: (message) => console.error(`[fake-pay] CONTRACT VIOLATION: ${message}`),
});

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function hostedInvoice(id: string): { status: number; html: string } {
  const invoice = fake.invoices.get(id);
  if (!invoice) return { status: 404, html: '<h1>No such invoice</h1>' };
  const amount = `${((invoice['amount_due'] as number) / 100).toFixed(2)} ${String(invoice['currency']).toUpperCase()}`;
  const title = `Invoice ${escapeHtml(String(invoice['number'] ?? id))}`;
  return {
    status: 200,
    html: `<!doctype html><title>${title}</title><h1>${title}</h1><p>Amount due: ${escapeHtml(amount)}</p><p>Status: ${escapeHtml(String(invoice['status']))}</p>`,
  };
}

async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const started = Date.now();
  const url = new URL(req.url ?? '/', origin);
  if (url.pathname === '/__fake/health') {
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    return;
  }
  if (url.pathname === '/__fake/violations') {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(fake.violations));
    return;
  }
  const hosted = /^\/__fake\/i\/acct_fake\/([A-Za-z0-9_]+)$/.exec(url.pathname);
  if (hosted) {
    const page = hostedInvoice(hosted[1] ?? '');
    res.writeHead(page.status, { 'content-type': 'text/html; charset=utf-8' }).end(page.html);
    return;
  }
  const method = req.method ?? 'GET';
  const request = webRequest(req, res, url, await readNodeBody(req));
  const response = await fake.fetch(request);
  await sendWebResponse(res, response);
  // One line per request; never the key (only its mode prefix), never the body.
  const key = /^Bearer ((?:sk|rk)_[a-z]+)_/.exec(req.headers['authorization'] ?? '')?.[1] ?? 'no-key';
  console.log(`[fake-pay] ${method} ${url.pathname} -> ${response.status} ${Date.now() - started}ms (${key})`);
}

serveFake(
  'fake-pay',
  port,
  answer,
  { error: { type: 'api_error', message: 'fake-pay crashed; see its log' } },
  `listening on ${origin} (webhooks: ${process.env['PAY_FAKE_WEBHOOK_URL'] || 'not sent'})`,
);
