import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UpstreamError } from '../../../../src/security/upstream.ts';
import { MERCH_SEED_TOKEN, createFakeStorefront, type FakeStorefront } from '../../fakes/merch/storefront.ts';
import { createCart } from './index.ts';

let fake: FakeStorefront;
let o: { baseUrl: string; fetch: FakeStorefront['fetch']; checkoutUrl: string; currency: string };

beforeEach(() => {
  fake = createFakeStorefront();
  o = { baseUrl: 'https://storefront.test/v1', fetch: fake.fetch, checkoutUrl: 'https://louise-shop.fourthwall.com/some/page?x=1', currency: 'usd' };
});

afterEach(() => {
  expect(fake.violations).toEqual([]);
});

describe('createCart', () => {
  it('sends exactly { currency, items } and hands off to <origin>/checkout/?cartCurrency&cartId', async () => {
    const lines = [
      { variantId: 'v-tee-black-m', quantity: 2, note: 'not sent' },
      { variantId: 'v-mug-white', quantity: 1 },
    ];
    const cart = await createCart(MERCH_SEED_TOKEN, lines, o);
    const [request] = fake.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/carts', query: { storefront_token: '<token>' }, status: 200 });
    expect(request?.body).toEqual({
      currency: 'USD',
      items: [
        { variantId: 'v-tee-black-m', quantity: 2 },
        { variantId: 'v-mug-white', quantity: 1 },
      ],
    });
    expect(cart.cartId).toMatch(/^cart_\w+$/);
    expect(cart.checkoutUrl).toBe(`https://louise-shop.fourthwall.com/checkout/?cartCurrency=USD&cartId=${cart.cartId}`);
    expect(fake.carts.get(cart.cartId)?.items.map((i) => [i.variant['id'], i.quantity])).toEqual([
      ['v-tee-black-m', 2],
      ['v-mug-white', 1],
    ]);
  });

  it('lands on the fake hosted checkout, which lists the cart lines', async () => {
    const { checkoutUrl } = await createCart(MERCH_SEED_TOKEN, [{ variantId: 'v-pin', quantity: 3 }], { ...o, checkoutUrl: 'http://localhost:8787' });
    expect(checkoutUrl).toMatch(/^http:\/\/localhost:8787\/checkout\/\?cartCurrency=USD&cartId=cart_\w+$/);
    const page = await fake.handle(new Request(checkoutUrl));
    expect(page?.status).toBe(200);
    const html = await page?.text();
    expect(html).toContain('Enamel Pin (Gold) x 3: 9.99 USD');
    expect((await fake.handle(new Request('http://localhost:8787/checkout/?cartId=cart_nope')))?.status).toBe(404);
  });

  it('surfaces the provider refusing a line (sold out, unknown variant) as UpstreamError 400', async () => {
    for (const variantId of ['v-tee-black-xl', 'v-unknown']) {
      const error = await createCart(MERCH_SEED_TOKEN, [{ variantId, quantity: 1 }], o).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UpstreamError);
      expect(error).toMatchObject({ provider: 'Merch', status: 400, operation: 'POST /v1/carts' });
    }
    expect(fake.carts.size).toBe(0);
  });

  it('fails an answer without a usable cart id as invalid_response, never building a hand-off from it', async () => {
    for (const body of [{}, { id: '' }, { id: '../evil' }, { id: 42 }]) {
      fake.script({ body });
      const error = await createCart(MERCH_SEED_TOKEN, [{ variantId: 'v-pin', quantity: 1 }], o).catch((e: unknown) => e);
      expect(error, JSON.stringify(body)).toMatchObject({ code: 'invalid_response' });
    }
  });

  it('refuses bad input before any request: no items, bad quantity, bad currency, a checkout origin that is not https', async () => {
    const item = [{ variantId: 'v-pin', quantity: 1 }];
    await expect(createCart(MERCH_SEED_TOKEN, [], o)).rejects.toThrow(RangeError);
    await expect(createCart(MERCH_SEED_TOKEN, [{ variantId: 'v-pin', quantity: 0 }], o)).rejects.toThrow(RangeError);
    await expect(createCart(MERCH_SEED_TOKEN, [{ variantId: 'v-pin', quantity: 1.5 }], o)).rejects.toThrow(RangeError);
    await expect(createCart(MERCH_SEED_TOKEN, [{ variantId: '', quantity: 1 }], o)).rejects.toThrow(TypeError);
    await expect(createCart(MERCH_SEED_TOKEN, item, { ...o, currency: 'dollars' })).rejects.toThrow(TypeError);
    for (const checkoutUrl of ['http://shop.example', 'javascript:alert(1)', 'shop.example', '', 'ftp://shop.example']) {
      await expect(createCart(MERCH_SEED_TOKEN, item, { ...o, checkoutUrl }), checkoutUrl).rejects.toThrow(TypeError);
    }
    await expect(createCart('', item, o)).rejects.toThrow(TypeError);
    expect(fake.requests).toEqual([]);
  });
});
