import { describe, expect, it } from 'vitest';
import { MERCH_SEED_COLLECTIONS, MERCH_SEED_PRODUCTS, MERCH_SEED_TOKEN, createFakeStorefront } from '../../fakes/merch/storefront.ts';

// The fake is the other half of every client test: it must refuse what the
// storefront would, or a client bug would pass unnoticed.
const BASE = 'https://storefront.test/v1';
const T = `storefront_token=${MERCH_SEED_TOKEN}`;

async function call(path: string, init?: RequestInit) {
  const fake = createFakeStorefront();
  const res = await fake.fetch(`${BASE}${path}`, init);
  return { status: res.status, violations: fake.violations, body: await res.text() };
}

const post = (body: unknown, type = 'application/json'): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': type },
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

describe('fake storefront', () => {
  it('ships a seed covering the cases a site meets', () => {
    expect(MERCH_SEED_PRODUCTS.length).toBeGreaterThanOrEqual(5);
    expect(MERCH_SEED_COLLECTIONS.map((c) => c.slug)).toEqual(['apparel', 'home-and-desk', 'all']);
    const stocks = MERCH_SEED_PRODUCTS.flatMap((p) => p.variants.map((v) => v.stock));
    expect(stocks).toContainEqual({ type: 'UNLIMITED' });
    expect(MERCH_SEED_PRODUCTS.some((p) => p.variants.every((v) => v.stock.type === 'LIMITED' && v.stock.inStock === 0))).toBe(true);
  });

  it('answers valid requests without violations', async () => {
    for (const path of [
      `/collections?${T}`,
      `/collections/all?${T}`,
      `/collections/apparel/products?page=0&size=1&${T}`,
      `/products/studio-mug?currency=USD&${T}`,
    ]) {
      const r = await call(path);
      expect(r.violations, path).toEqual([]);
      expect(r.status, path).toBe(200);
    }
    const r = await call(`/carts?${T}`, post({ items: [{ variantId: 'v-pin', quantity: 1 }] }));
    expect([r.status, r.violations]).toEqual([200, []]);
  });

  it('refuses and records a request without the token, with unknown or bad query values, or on a path or method the API lacks', async () => {
    const cases: [string, RequestInit | undefined, number][] = [
      ['/collections', undefined, 401],
      [`/collections?${T}&limit=5`, undefined, 400],
      [`/collections/all/products?${T}&size=101`, undefined, 400],
      [`/collections/all/products?${T}&size=0`, undefined, 400],
      [`/collections/all/products?${T}&page=-1`, undefined, 400],
      [`/collections/all/products?${T}&page=1&page=2`, undefined, 400],
      [`/products?${T}`, undefined, 404],
      [`/products/studio-mug?${T}`, { method: 'POST' }, 405],
      [`/carts?${T}`, undefined, 405],
    ];
    for (const [path, init, status] of cases) {
      const r = await call(path, init);
      expect(r.status, path).toBe(status);
      expect(r.violations, path).toHaveLength(1);
      expect(r.body).not.toContain(MERCH_SEED_TOKEN);
    }
  });

  it('refuses a cart body with unknown or mistyped fields, or not JSON', async () => {
    const bodies: [unknown, string?][] = [
      [{ items: [{ variantId: 'v-pin', quantity: 1 }], note: 'x' }],
      [{ items: [{ variantId: 'v-pin', quantity: '1' }] }],
      [{ items: [{ variantId: 'v-pin', quantity: 1, price: 1 }] }],
      [{ items: [{ variantId: 'v-pin', quantity: 0 }] }],
      [{ items: {} }],
      [{ currency: 'usd' }],
      [[{ variantId: 'v-pin', quantity: 1 }]],
      ['{not json'],
      [{ items: [] }, 'text/plain'],
    ];
    for (const [body, type] of bodies) {
      const r = await call(`/carts?${T}`, post(body, type));
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.violations, JSON.stringify(body)).toHaveLength(1);
    }
  });

  it('answers a wrong token 401 without a violation (a misconfigured shop, not a client bug), and unknown slugs 404', async () => {
    expect(await call('/products/studio-mug?storefront_token=ptkn_other')).toMatchObject({ status: 401, violations: [] });
    expect(await call(`/products/nope?${T}`)).toMatchObject({ status: 404, violations: [] });
  });

  it('pages 20 by default, serves image SVGs, and leaves other paths to other handlers', async () => {
    const many = Array.from({ length: 25 }, (_, i) => ({ ...structuredClone(MERCH_SEED_PRODUCTS[1]!), id: `p${i}`, slug: `p-${i}` }));
    const fake = createFakeStorefront({ products: many });
    const page = (await (await fake.fetch(`${BASE}/collections/all/products?${T}`)).json()) as { results: unknown[]; paging: { hasNextPage: boolean } };
    expect([page.results.length, page.paging.hasNextPage]).toEqual([20, true]);
    const svg = await fake.handle(new Request('https://cdn.fourthwall.com/images/tee-front.svg'));
    expect(svg?.headers.get('content-type')).toBe('image/svg+xml');
    expect(await svg?.text()).toMatch(/^<svg [^>]*>.*tee front.*<\/svg>$/);
    expect(await fake.handle(new Request('https://shop.test/open-api/v1.0/products'))).toBeNull();
    expect(fake.violations).toEqual([]);
    expect(fake.requests[0]?.query).toEqual({ storefront_token: '<token>' });
  });
});
