import { createHmac } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { baseUrl, openEditing, retype, signIn, status, withoutLiveSession } from './editing-helpers.ts';
import { claimedPort } from '../ports.ts';

// The reference site's shop against the local fake Pay server (started with
// the site by scripts/e2e-server.mjs; it checks every request against Pay's
// published OpenAPI and sends the signed webhooks).
const FAKE_PAY_PORT = claimedPort('E2E_PAY_PORT', 12111);

/** The product id in the shop page's `products:<id>:price` marker, read in edit mode. */
async function productId(editor: Page, slug: string): Promise<number> {
  await editor.goto('/shop?edit');
  const marker = await editor.locator(`[data-product="${slug}"] [data-cms-field$=":price"]`).getAttribute('data-cms-field');
  return Number(marker?.split(':')[1]);
}

async function setPrice(editor: Page, id: number, price: string, publish: boolean): Promise<void> {
  const saved = await editor.request.post(`/api/cms/products/${id}/versions`, { headers: { origin: baseUrl() }, data: { price } });
  expect(saved.status(), await saved.text()).toBe(200);
  if (!publish) return;
  const published = await editor.request.post(`/api/cms/products/${id}/publish`, { headers: { origin: baseUrl() }, data: {} });
  expect(published.status(), await published.text()).toBe(200);
}

async function expectAxeClean(page: Page, selector: string): Promise<void> {
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  expect(results.violations.map((v) => `${v.id} ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

test('a buyer sees a changed price, accepts it, is declined once, pays, and the webhook marks the order paid', async ({ browser, page }) => {
  test.setTimeout(60_000);
  await signIn(page);
  const id = await productId(page, 'field-notebook');
  const now = await page.request.get(`/api/cms/products/${id}/versions`);
  const before =
    ((await now.json()) as { items: Array<{ status: string; data: { price: string } }> }).items.find((v) => v.status === 'published')?.data.price ?? '';
  const raised = ((Number(before) * 100 + 150) / 100).toFixed(2);

  const buyerContext = await browser.newContext({ baseURL: baseUrl() });
  const buyer = await buyerContext.newPage();
  await buyer.goto('/shop');
  await buyer.getByRole('button', { name: /Add Field notebook to cart/ }).click();
  await expect(buyer.locator('[data-cart-lines]')).toContainText(`1 × Field notebook, $${before} each`);

  // An editor publishes a new price while the buyer's cart holds the old one.
  await setPrice(page, id, raised, true);

  await buyer.getByRole('button', { name: 'Check out' }).click();
  const issues = buyer.locator('[data-cart-issues]');
  await expect(issues).toContainText(`Field notebook now costs $${raised} (was $${before}).`);
  await expectAxeClean(buyer, '.cart');
  await buyer.screenshot({ path: test.info().outputPath('shop-issues.png'), fullPage: true });
  await buyer.getByRole('button', { name: 'Update my cart' }).click();
  await expect(issues).toBeHidden();
  await expect(buyer.locator('[data-cart-lines]')).toContainText(`1 × Field notebook, $${raised} each`);

  await buyer.getByRole('button', { name: 'Check out' }).click();
  await expect(buyer.locator('[data-pay] legend')).toContainText(`Pay $${raised} with a test card`);
  await buyer.getByLabel('Visa ending 0002 (declined)').check();
  await buyer.getByRole('button', { name: 'Pay now' }).click();
  await expect(buyer.locator('[data-shop-status]')).toHaveText('Your card was declined. Try another card.');

  await buyer.getByLabel('Visa ending 4242 (succeeds)').check();
  await buyer.getByRole('button', { name: 'Pay now' }).click();
  await expect(buyer.locator('[data-shop-status]')).toContainText('Paid. Thank you!', { timeout: 15_000 });
  await expectAxeClean(buyer, '.cart');
  await buyer.screenshot({ path: test.info().outputPath('shop-paid.png'), fullPage: true });
  await expect(buyer.locator('[data-cart-empty]')).toBeVisible();
  await buyerContext.close();
  await setPrice(page, id, before, true);
  // Every request the site's Pay client sent matched Pay's published contract.
  const violations = await page.request.get(`http://localhost:${FAKE_PAY_PORT}/__fake/violations`);
  expect(await violations.json()).toEqual([]);
});

test('the shop refuses forged webhooks, cross-site checkouts and carts that are not carts', async ({ request }) => {
  const forged = await request.post('/api/shop/webhook', {
    headers: { 'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`, 'content-type': 'application/json' },
    data: { type: 'payment_intent.succeeded', data: { object: { id: 'pi_forged' } } },
  });
  expect(forged.status()).toBe(400);
  expect(await forged.json()).toMatchObject({ error: 'bad_signature' });

  const crossSite = await request.post('/api/shop/checkout', {
    headers: { origin: 'https://evil.example' },
    data: { lines: [{ variantId: 'field-notebook', quantity: 1, price: 1 }] },
  });
  expect(crossSite.status()).toBe(403);

  for (const data of [
    { lines: [] },
    { lines: [{ variantId: '__proto__', quantity: 1, price: 100 }] },
    { lines: [{ variantId: 'field-notebook', quantity: 1.5, price: 100 }] },
  ]) {
    const res = await request.post('/api/shop/checkout', { headers: { origin: baseUrl() }, data });
    expect(res.status(), JSON.stringify(data)).toBe(400);
  }
  // Nested past the body limits (64 levels): refused before anything reads it.
  const deep = await request.post('/api/shop/checkout', {
    headers: { origin: baseUrl(), 'content-type': 'application/json' },
    data: `{"lines":${'['.repeat(100)}${']'.repeat(100)}}`,
  });
  expect(deep.status()).toBe(413);

  // Paying: only from the shop's own pages, only a real order, only a payment method id.
  const order = '00000000-0000-4000-8000-000000000000';
  const payCrossSite = await request.post('/api/shop/pay', { headers: { origin: 'https://evil.example' }, data: { order, paymentMethod: 'pm_card_visa' } });
  expect(payCrossSite.status()).toBe(403);
  const cases: [string, number][] = [
    [JSON.stringify({ order: 'x', paymentMethod: 'pm_card_visa' }), 400],
    [JSON.stringify({ order, paymentMethod: 'card_4242' }), 400],
    ['[]', 400],
    ['{"order":', 400],
    // A prototype key is only an unknown key: dropped, and the order is still looked up (and not found).
    [`{"order":"${order}","paymentMethod":"pm_card_visa","__proto__":{"status":"paid"}}`, 404],
  ];
  for (const [data, expected] of cases) {
    const res = await request.post('/api/shop/pay', { headers: { origin: baseUrl(), 'content-type': 'application/json' }, data });
    expect(res.status(), data).toBe(expected);
  }
  const noOrder = await request.post('/api/shop/pay', { headers: { origin: baseUrl() }, data: { order, paymentMethod: 'pm_card_visa' } });
  expect(noOrder.status()).toBe(404);
  expect(await noOrder.json()).toMatchObject({ error: 'not_found' });

  // A cart at a made-up price is a 409 with the real price, never a payment at the buyer's price.
  const cheap = await request.post('/api/shop/checkout', {
    headers: { origin: baseUrl() },
    data: { lines: [{ variantId: 'enamel-mug', quantity: 2, price: 1 }] },
  });
  expect(cheap.status()).toBe(409);
  expect(await cheap.json()).toEqual({ issues: [{ kind: 'price-changed', variantId: 'enamel-mug', price: 1850, was: 1 }] });

  const unknown = await request.get('/api/shop/orders/00000000-0000-4000-8000-000000000000');
  expect(unknown.status()).toBe(404);
});

test('a correctly signed event is only a pointer: an order is paid only when Pay, asked again, says so', async ({ request }) => {
  const checkout = await request.post('/api/shop/checkout', {
    headers: { origin: baseUrl() },
    data: { lines: [{ variantId: 'enamel-mug', quantity: 1, price: 1850 }] },
  });
  expect(checkout.status(), await checkout.text()).toBe(201);
  const { order, clientSecret } = (await checkout.json()) as { order: string; clientSecret: string };
  const intent = { id: clientSecret.split('_secret_')[0] };
  // Signed with the local webhook secret, claiming success for an intent nobody has paid.
  const body = JSON.stringify({ id: 'evt_claim', type: 'payment_intent.succeeded', data: { object: { id: intent.id, status: 'succeeded' } } });
  const t = Math.floor(Date.now() / 1000);
  const signature = createHmac('sha256', 'whsec_louise_local').update(`${t}.${body}`).digest('hex');
  const res = await request.post('/api/shop/webhook', {
    headers: { 'stripe-signature': `t=${t},v1=${signature}`, 'content-type': 'application/json' },
    data: body,
  });
  expect(res.status(), await res.text()).toBe(200);
  expect(await (await request.get(`/api/shop/orders/${order}`)).json()).toMatchObject({ status: 'awaiting_payment' });
});

test('a writer cannot change what buyers pay: a draft price stays a draft', async ({ browser, page }) => {
  await signIn(page);
  const id = await productId(page, 'enamel-mug');
  const writerContext = await browser.newContext({ baseURL: baseUrl() });
  const writer = await writerContext.newPage();
  await signIn(writer, 'writer@localhost');
  const publish = await writer.request.post(`/api/cms/products/${id}/publish`, { headers: { origin: baseUrl() }, data: {} });
  expect(publish.status()).toBe(403);
  await setPrice(writer, id, '99.00', false);

  const res = await page.request.post('/api/shop/checkout', {
    headers: { origin: baseUrl() },
    data: { lines: [{ variantId: 'enamel-mug', quantity: 1, price: 1850 }] },
  });
  expect(res.status(), await res.text()).toBe(201);
  const visitor = await browser.newContext({ baseURL: baseUrl() });
  const shop = await visitor.newPage();
  await shop.goto('/shop');
  await expect(shop.locator('[data-product="enamel-mug"] .price')).toContainText('18.50');
  await visitor.close();
  const versions = await page.request.get(`/api/cms/products/${id}/versions`);
  const pending = ((await versions.json()) as { items: Array<{ id: number; status: string }> }).items.find((v) => v.status === 'pending');
  await page.request.post(`/api/cms/products/${id}/discard`, { headers: { origin: baseUrl() }, data: { versionId: pending?.id ?? null } });
  await writerContext.close();
});

test('an editor edits a price in place, and a price the checkout could not read is refused with what to type', async ({ page }) => {
  await withoutLiveSession(page);
  await signIn(page);
  await openEditing(page, '/shop');
  const price = '[data-product="field-notebook"] [data-cms-field$=":price"]';
  const id = Number((await page.locator(price).getAttribute('data-cms-field'))?.split(':')[1]);
  await retype(page, price, '1,000');
  await expect(status(page)).toContainText('Type a price like 24.00');
  await retype(page, price, '26.00');
  await expectStoredProduct(page, id, '26.00');
  const versions = await page.request.get(`/api/cms/products/${id}/versions`);
  const pending = ((await versions.json()) as { items: Array<{ id: number; status: string }> }).items.find((v) => v.status === 'pending');
  const discarded = await page.request.post(`/api/cms/products/${id}/discard`, { headers: { origin: baseUrl() }, data: { versionId: pending?.id ?? null } });
  expect(discarded.status()).toBe(204);
});

async function expectStoredProduct(page: Page, id: number, price: string): Promise<void> {
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/cms/products/${id}/versions`);
      return ((await res.json()) as { items: Array<{ status: string; data: { price: string } }> }).items.find((v) => v.status === 'pending')?.data.price;
    })
    .toBe(price);
}
