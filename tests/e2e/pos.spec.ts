import { createHmac } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { baseUrl } from './editing-helpers.ts';
import { claimedPort } from '../ports.ts';

// The reference site's point-of-sale page against the local fake Pos server
// (started with the site by scripts/e2e-server.mjs, seeded with three
// locations and four items): prices per location, and card payments through
// the web-payments card form (the fake's stand-in, in a cross-origin frame)
// under the page's own Content-Security-Policy.
const FAKE_POS = `http://localhost:${claimedPort('E2E_POS_PORT', 12113)}`;
// What the webhook subscription registered (.dev.vars.example): Pos signs this URL whatever address the notification reaches.
const REGISTERED_URL = 'http://localhost:4321/api/pos/webhook';
const SIGNATURE_KEY = 'pos_whsig_louise_local';
const sign = (url: string, body: string, key = SIGNATURE_KEY) =>
  createHmac('sha256', key)
    .update(url + body)
    .digest('base64');

/** Axe over the site's own markup; the card fields' frame is the provider's document (here the fake's stand-in), not ours to fix. */
async function expectAxeClean(page: Page, selector: string): Promise<void> {
  const results = await new AxeBuilder({ page }).include(selector).exclude('iframe[title="Secure card payment input frame"]').analyze();
  expect(results.violations.map((v) => `${v.id} ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** Every console message about a blocked resource: the CSP must let the card form load and nothing else. */
function cspReports(page: Page): string[] {
  const reports: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) reports.push(message.text());
  });
  return reports;
}

async function fillCard(page: Page, number: string): Promise<void> {
  const card = page.frameLocator('iframe[title="Secure card payment input frame"]');
  await card.getByLabel('Card number').fill(number);
  await card.getByLabel('Expiry').fill('12/30');
  await card.getByLabel('CVV').fill('123');
  await card.getByLabel('Postcode').fill('94103');
}

test('a visitor sees each location’s prices, and pays for an item at the price of that location', async ({ browser }) => {
  test.setTimeout(60_000);
  const context = await browser.newContext({ baseURL: baseUrl() });
  const page = await context.newPage();
  const reports = cspReports(page);
  const response = await page.goto('/pos');
  expect(response?.status()).toBe(200);
  const csp = response?.headers()['content-security-policy'] ?? '';
  // The card form's origins for the sandbox (the server's environment), its fonts, and the local stand-in; no production origins.
  expect(csp).toMatch(new RegExp(`script-src 'self' [^;]*https://sandbox\\.web\\.squarecdn\\.com[^;]*${FAKE_POS.replaceAll('.', '\\.')}`));
  expect(csp).toMatch(/font-src 'self' [^;]*https:\/\/square-fonts-production-f\.squarecdn\.com/);
  expect(csp).toMatch(/frame-src [^;]*https:\/\/sandbox\.web\.squarecdn\.com/);
  expect(csp).not.toContain('https://web.squarecdn.com');

  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText(['Item', 'Harbour Café', 'Old Town Kiosk', 'Station Stand']);
  const large = table.getByRole('row', { name: /Flat white \(Large\)/ });
  await expect(large.getByRole('cell')).toHaveText(['$4.80', '$4.80', '$5.20 (local price)']);
  await expect(table.getByRole('row', { name: /Cinnamon bun/ }).getByRole('cell')).toHaveText(['$3.50', 'Not sold here', '$3.50']);
  // A variation the location does not sell under an item it does: not sold there (not "priced at the till").
  await expect(table.getByRole('row', { name: /\(Ground\)/ }).getByRole('cell')).toHaveText(['$12.00', '$12.00', 'Not sold here']);

  const pay = page.locator('form[data-pos-pay]');
  await expect(pay.getByRole('button', { name: 'Pay' })).toBeEnabled();
  await expectAxeClean(page, 'main');
  await page.screenshot({ path: test.info().outputPath('pos.png'), fullPage: true });

  await pay.getByLabel('Location').selectOption({ label: 'Station Stand' });
  await pay.getByLabel('Item').selectOption({ label: 'Flat white (Large)' });
  await pay.getByLabel('Quantity').fill('2');
  await fillCard(page, '4111 1111 1111 1111');
  await pay.getByRole('button', { name: 'Pay' }).click();
  // 2 x $5.20: the Station Stand's own price, from the catalog, not from the page.
  await expect(pay.getByRole('status')).toHaveText(/^Paid \$10\.40\. Receipt \S+\.$/);
  await expect(pay.getByRole('status')).toHaveAttribute('data-tone', 'ok');
  await page.screenshot({ path: test.info().outputPath('pos-paid.png'), fullPage: true });
  expect(reports).toEqual([]);

  // Pos then notifies the site of the payment, signed for the registered URL; the site verifies it and keeps it.
  await expect
    .poll(async () => {
      const sent = (await (await context.request.get(`${FAKE_POS}/__fake/notifications`)).json()) as { type: string; delivery: unknown }[];
      return sent.filter((n) => n.type === 'payment.created').map((n) => n.delivery);
    })
    .toContain(200);
  await context.close();
});

test('a declined card and incomplete card details are said in words the buyer can act on', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: baseUrl() });
  const page = await context.newPage();
  await page.goto('/pos');
  const pay = page.locator('form[data-pos-pay]');
  await expect(pay.getByRole('button', { name: 'Pay' })).toBeEnabled();

  await pay.getByRole('button', { name: 'Pay' }).click();
  await expect(pay.getByRole('status')).toHaveText(/Card number is not valid/);
  await expect(pay.getByRole('status')).toHaveAttribute('data-tone', 'problem');

  await fillCard(page, '4000 0000 0000 0002');
  await pay.getByRole('button', { name: 'Pay' }).click();
  await expect(pay.getByRole('status')).toHaveText('The card was declined. Try another card, or ask your bank.');
  await expectAxeClean(page, 'main');
  await context.close();
});

test('the pay route refuses cross-site posts, bad input and an item the location does not sell', async ({ request, page }) => {
  await page.goto('/pos');
  const table = page.getByRole('table');
  const bunRow = table.getByRole('row', { name: /Cinnamon bun/ });
  const variationId = (await bunRow.getAttribute('data-variation')) ?? '';
  const kiosk = (await bunRow.locator('td').nth(1).getAttribute('data-location')) ?? '';
  const itemId = (await page.locator('form[data-pos-pay] option', { hasText: 'Cinnamon bun' }).getAttribute('value'))?.split(':')[0] ?? '';
  const headers = { origin: baseUrl(), 'content-type': 'application/json' };
  const good = { locationId: kiosk, itemId, variationId, quantity: 1, token: 'cnon:card-nonce-ok' };

  const crossSite = await request.post('/api/pos/pay', { headers: { ...headers, origin: 'https://evil.example' }, data: good });
  expect(crossSite.status()).toBe(403);

  for (const bad of [
    { ...good, quantity: 0 },
    { ...good, quantity: 11 },
    { ...good, token: 'not-a-token' },
    { ...good, locationId: '../v2/locations' },
    { ...good, price: 1 },
  ]) {
    const res = await request.post('/api/pos/pay', { headers, data: bad });
    expect(res.status(), JSON.stringify(bad)).toBe(400);
  }
  // Hostile JSON: a prototype key is an unknown field, and a body nested past the limit is refused before any schema sees it.
  const withProto = `{"__proto__":{"quantity":5},${JSON.stringify(good).slice(1)}`;
  expect((await request.post('/api/pos/pay', { headers, data: withProto })).status()).toBe(400);
  const deep = `${'{"a":'.repeat(100)}1${'}'.repeat(100)}`;
  expect((await request.post('/api/pos/pay', { headers, data: deep })).status()).toBe(413);

  const notSold = await request.post('/api/pos/pay', { headers, data: good });
  expect(notSold.status()).toBe(409);
  expect(await notSold.json()).toMatchObject({ error: 'not_sold_here', message: 'That location does not sell this item. Pick another location or item.' });

  const gone = await request.post('/api/pos/pay', { headers, data: { ...good, itemId: 'NOSUCHITEM' } });
  expect(gone.status()).toBe(409);
  expect(await gone.json()).toMatchObject({ error: 'gone' });
});

test('the webhook keeps each signed notification once and refuses any other signature', async ({ request }) => {
  const event = JSON.stringify({
    merchant_id: 'MLOUISELOCAL',
    type: 'payment.updated',
    event_id: 'e2e-6a8f5f28',
    created_at: '2026-11-27T10:00:00Z',
    data: { type: 'payment', id: 'PAYE2E1', object: { payment: { id: 'PAYE2E1', status: 'COMPLETED', note: 'Grüße ✓' } } },
  });
  const post = (body: string, signature: string | null) =>
    request.post('/api/pos/webhook', {
      headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'x-square-hmacsha256-signature': signature }) },
      data: body,
    });

  const first = await post(event, sign(REGISTERED_URL, event));
  expect(first.status()).toBe(200);
  expect(await first.json()).toEqual({ received: true, duplicate: false });
  expect(await (await post(event, sign(REGISTERED_URL, event))).json()).toEqual({ received: true, duplicate: true });

  for (const [body, signature] of [
    [event, sign(`${baseUrl()}/api/pos/webhook`, event)], // signed for the address it reached, not the registered URL
    [event, sign(REGISTERED_URL, event, 'another-key')],
    [event.replace('COMPLETED', 'FAILED'), sign(REGISTERED_URL, event)],
    [
      event,
      createHmac('sha256', SIGNATURE_KEY)
        .update(REGISTERED_URL + event)
        .digest('hex'),
    ],
    [event, null],
  ] as const) {
    const res = await post(body, signature);
    expect(res.status()).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'bad_signature' });
  }
  expect((await post('{"event_id":', sign(REGISTERED_URL, '{"event_id":'))).status()).toBe(400);
  const huge = JSON.stringify({ merchant_id: 'M', type: 'payment.updated', event_id: 'e2e-huge', data: { pad: 'x'.repeat(300 * 1024) } });
  expect((await post(huge, sign(REGISTERED_URL, huge))).status()).toBe(413);
  const badEvent = JSON.stringify({ merchant_id: 'M', type: 'payment.updated', event_id: '../../x', data: {} });
  expect(await (await post(badEvent, sign(REGISTERED_URL, badEvent))).json()).toMatchObject({ error: 'invalid_event' });
});

test('the fake Pos server saw no request that breaks the contract', async ({ request }) => {
  const violations = await request.get(`${FAKE_POS}/__fake/violations`);
  expect(await violations.json()).toEqual([]);
});
