import { createHmac } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { baseUrl } from './editing-helpers.ts';
import { claimedPort } from '../ports.ts';

// The reference site's merch store against the local fake Merch server
// (started with the site by scripts/e2e-server.mjs): storefront reads,
// the hand-off to the hosted checkout, and the signed order webhook.
const FAKE_MERCH = `http://localhost:${claimedPort('E2E_MERCH_PORT', 12112)}`;
const WEBHOOK_SECRET = 'merch_whsec_louise_local';

async function expectAxeClean(page: Page, selector: string): Promise<void> {
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  expect(results.violations.map((v) => `${v.id} ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

const sign = (body: string, secret = WEBHOOK_SECRET) => createHmac('sha256', secret).update(body).digest('base64');

test('a visitor browses collections (the catch-all first), reads a product without its compliance block, and is handed off to checkout', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const context = await browser.newContext({ baseURL: baseUrl() });
  const page = await context.newPage();
  await page.goto('/merch');
  const collections = page.getByRole('navigation', { name: 'Collections' }).getByRole('link');
  await expect(collections).toHaveText(['All Products', 'Apparel', 'Home & Desk']);
  await expect(collections.first()).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('[data-merch-product]')).toHaveCount(6);
  await expect(page.locator('[data-merch-product="winter-hoodie"]')).toContainText('Sold out');
  // The cheapest tee (XL, $22.50) is sold out: the price shown is of what can be bought, all $25.00.
  await expect(page.locator('[data-merch-product="louise-logo-tee"] .merch-price')).toHaveText('$25.00');
  await expect(page.locator('[data-merch-product="launch-poster"] .merch-price')).toHaveText('From $20.00');
  await expectAxeClean(page, 'main');
  await page.screenshot({ path: test.info().outputPath('merch-list.png'), fullPage: true });

  await collections.filter({ hasText: 'Apparel' }).click();
  await expect(page).toHaveURL(/\/merch\?collection=apparel$/);
  await expect(page.locator('[data-merch-product]')).toHaveCount(2);

  await page.locator('[data-merch-product="louise-logo-tee"] a').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Louise Logo Tee');
  const copy = page.locator('.merch-copy');
  await expect(copy).toContainText('100% combed ring-spun cotton');
  await expect(copy).not.toContainText('GPSR');
  await expect(copy).not.toContainText('Manufacturer');
  await expect(page.getByLabel(/Black \/ XL/)).toBeDisabled();
  await expectAxeClean(page, 'main');
  await page.screenshot({ path: test.info().outputPath('merch-product.png'), fullPage: true });

  await page.getByLabel(/Black \/ M/).check();
  await page.getByLabel('Quantity').fill('2');
  await page.getByRole('button', { name: 'Buy at checkout' }).click();
  await expect(page).toHaveURL(new RegExp(`^${FAKE_MERCH}/checkout/\\?cartCurrency=USD&cartId=`));
  await expect(page.locator('li[data-variant]')).toHaveText([/Louise Logo Tee \(Black \/ M\) x 2/]);

  // The hosted checkout places the order and sends the signed ORDER_PLACED webhook to the site.
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.locator('[data-webhook]')).toHaveText('Order webhook: the shop answered 200.');
  await context.close();
});

test('a panel whose compliance text is not hidden is left out for the description', async ({ page }) => {
  await page.goto('/merch/launch-poster');
  await expect(page.locator('.merch-copy')).toHaveText('The launch-night poster, signed by the team.');
  await expect(page.locator('main')).not.toContainText('Papierhaus');
});

test('unknown products and collections are 404 pages that point back to the store', async ({ page }) => {
  for (const path of ['/merch/no-such-thing', '/merch/..%2Fadmin', '/merch?collection=nope']) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
    await expect(page.locator('main')).toContainText(/no such (product|collection)/i);
  }
});

test('the cart route refuses cross-site posts, bad choices and sold-out variants with words the buyer can act on', async ({ page, request }) => {
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const headers = { 'content-type': 'application/x-www-form-urlencoded', origin: baseUrl() };

  const crossSite = await request.post('/api/merch/cart', {
    headers: { ...headers, origin: 'https://evil.example' },
    data: form({ product: 'studio-mug', variant: 'v-mug-white', quantity: '1' }),
  });
  expect(crossSite.status()).toBe(403);

  const bad = await request.post('/api/merch/cart', {
    headers,
    data: form({ product: 'louise-logo-tee', variant: 'v-tee-black-m', quantity: '0' }),
    maxRedirects: 0,
  });
  expect(bad.status()).toBe(303);
  expect(bad.headers()['location']).toBe('/merch/louise-logo-tee?problem=invalid');

  const noProduct = await request.post('/api/merch/cart', { headers, data: form({ variant: 'x', quantity: '1' }), maxRedirects: 0 });
  expect(noProduct.status()).toBe(400);
  expect(await noProduct.json()).toMatchObject({ error: 'invalid' });

  const soldOut = await request.post('/api/merch/cart', {
    headers,
    data: form({ product: 'winter-hoodie', variant: 'v-hoodie-m', quantity: '1' }),
    maxRedirects: 0,
  });
  expect(soldOut.status()).toBe(303);
  expect(soldOut.headers()['location']).toBe('/merch/winter-hoodie?problem=sold-out');
  await page.goto(soldOut.headers()['location'] ?? '');
  await expect(page.getByRole('alert')).toHaveText('That option just sold out. Choose another one.');

  const stranger = await request.post('/api/merch/cart', {
    headers,
    data: form({ product: 'studio-mug', variant: 'v-tee-black-m', quantity: '1' }),
    maxRedirects: 0,
  });
  expect(stranger.headers()['location']).toBe('/merch/studio-mug?problem=gone');
});

test('the order webhook accepts only signed events, and keeps each event once', async ({ request }) => {
  const event = JSON.stringify({
    testMode: true,
    id: `weve_e2e_${Date.now()}`,
    webhookId: 'wcon_e2e',
    shopId: 'sh_e2e',
    type: 'ORDER_PLACED',
    apiVersion: 'V1_BETA',
    createdAt: new Date().toISOString(),
    data: { id: 'ord_e2e_1', status: 'CONFIRMED' },
    // A prototype key in the payload is stored as data, never merged into anything.
  }).replace('"status"', '"__proto__":{"polluted":true},"status"');
  const post = (body: string, signature: string | null) =>
    request.post('/api/merch/webhook', {
      headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'x-fourthwall-hmac-sha256': signature }) },
      data: body,
    });

  const first = await post(event, sign(event));
  expect(first.status(), await first.text()).toBe(200);
  expect(await first.json()).toEqual({ received: true, duplicate: false });
  const again = await post(event, sign(event));
  expect(await again.json()).toEqual({ received: true, duplicate: true });

  for (const [body, signature] of [
    [event.replace('ord_e2e_1', 'ord_e2e_2'), sign(event)], // tampered body
    [event, sign(event, 'another-secret')], // wrong secret
    [event, createHmac('sha256', WEBHOOK_SECRET).update(event).digest('hex')], // hex, not base64
    [event, null], // unsigned
  ] as const) {
    const res = await post(body, signature);
    expect(res.status()).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'bad_signature' });
  }
  const notJson = await post('{"id":', sign('{"id":'));
  expect(notJson.status()).toBe(400);
  const badEvent = JSON.stringify({ id: '../../etc', type: 'ORDER_PLACED', data: {} });
  expect((await post(badEvent, sign(badEvent))).status()).toBe(400);
});

test('the fake Merch server saw no request that breaks the contract', async ({ request }) => {
  const violations = await request.get(`${FAKE_MERCH}/__fake/violations`);
  expect(await violations.json()).toEqual([]);
});
