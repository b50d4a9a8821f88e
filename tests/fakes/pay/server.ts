/**
 * The fake Pay as an HTTP server for local development and end-to-end tests:
 *   node tests/fakes/pay/server.ts
 * Env: PAY_FAKE_PORT (default 12111), PAY_FAKE_WEBHOOK_URL (events are POSTed
 * there, signed), PAY_FAKE_WEBHOOK_SECRET (default whsec_louise_local),
 * PAY_SPEC_DIR (default ../shared/specs beside the repository).
 * Point the client at it with `baseUrl: 'http://localhost:12111'` and any
 * `sk_test_...` key. `GET /__fake/health` answers 200 once listening;
 * `GET /__fake/violations` lists contract violations as JSON (an e2e run can
 * assert it is empty); `GET /__fake/invoices/<id>` is the hosted invoice page.
 * Plain Node (types stripped): only erasable TypeScript here.
 */
import { escapeHtml, serveFake } from '../http-server.ts';
import { createFakePay } from './fake-pay.ts';

const port = Number(process.env['PAY_FAKE_PORT'] ?? 12111);
const webhookUrl = process.env['PAY_FAKE_WEBHOOK_URL'] || undefined;
const fake = createFakePay({
  webhookUrl,
  webhookSecret: process.env['PAY_FAKE_WEBHOOK_SECRET'] || 'whsec_louise_local',
  hostedInvoiceBase: `http://localhost:${port}/__fake`,
  onViolation: (message) => console.error(`[fake-pay] CONTRACT VIOLATION: ${message}`),
});

function hostedInvoice(id: string): Response {
  const invoice = fake.invoices.get(id);
  const html = (status: number, body: string) => new Response(body, { status, headers: { 'content-type': 'text/html; charset=utf-8' } });
  if (!invoice) return html(404, '<h1>No such invoice</h1>');
  const amount = `${((invoice['amount_due'] as number) / 100).toFixed(2)} ${String(invoice['currency']).toUpperCase()}`;
  const title = `Invoice ${escapeHtml(String(invoice['number'] ?? id))}`;
  return html(
    200,
    `<!doctype html><title>${title}</title><h1>${title}</h1><p>Amount due: ${escapeHtml(amount)}</p><p>Status: ${escapeHtml(String(invoice['status']))}</p>`,
  );
}

serveFake({
  name: 'fake-pay',
  port,
  violations: () => fake.violations,
  async handle(request) {
    const hosted = /^\/__fake\/i\/acct_fake\/([A-Za-z0-9_]+)$/.exec(new URL(request.url).pathname);
    return hosted ? hostedInvoice(hosted[1] ?? '') : fake.fetch(request);
  },
  crashBody: { error: { type: 'api_error', message: 'fake-pay crashed; see its log' } },
  listening: `webhooks: ${webhookUrl ?? 'not sent'}`,
  // Never the key, only its mode prefix.
  note: (request) => /^Bearer ((?:sk|rk)_[a-z]+)_/.exec(request.headers.get('authorization') ?? '')?.[1] ?? 'no-key',
});
