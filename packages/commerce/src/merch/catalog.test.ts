import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { upstreamLogLine } from '../../../../src/security/upstream.ts';
import { MERCH_SEED_PRODUCTS, MERCH_SEED_TOKEN, type SeedProduct, createFakeStorefront, type FakeStorefront } from '../../fakes/merch/storefront.ts';
import { MERCH_IMAGE_HOST, getCollectionProducts, getProduct, listCatalog, lowestPrice, type MerchProduct } from './index.ts';
import { thrown } from '../upstream.testing.ts';

const TOKEN = MERCH_SEED_TOKEN;
let fake: FakeStorefront;
let o: { baseUrl: string; fetch: FakeStorefront['fetch'] };

function start(products?: readonly SeedProduct[]): void {
  fake = createFakeStorefront({ products });
  o = { baseUrl: 'https://storefront.test/v1', fetch: fake.fetch };
}

beforeEach(() => start());

// Every request the client made must have passed the storefront's contract.
afterEach(() => {
  expect(fake.violations).toEqual([]);
});

/** `n` copies of the mug, each its own product. */
function manyProducts(n: number): SeedProduct[] {
  const mug = MERCH_SEED_PRODUCTS[1] as SeedProduct;
  return Array.from({ length: n }, (_, i) => ({ ...structuredClone(mug), id: `p-${i}`, slug: `product-${i}`, name: `Product ${i}` }));
}

describe('getProduct', () => {
  it('reads a product into minor units, stock, flat attributes and absolute image URLs on the image host', async () => {
    const tee = await getProduct(TOKEN, 'louise-logo-tee', o);
    expect(tee).toMatchObject({ slug: 'louise-logo-tee', name: 'Louise Logo Tee', available: true });
    expect(tee?.images).toEqual([
      { url: `https://${MERCH_IMAGE_HOST}/images/tee-front.svg`, width: 800, height: 800 },
      { url: `https://${MERCH_IMAGE_HOST}/images/tee-back.svg`, width: 800, height: 800 },
    ]);
    expect(tee?.variants[0]).toEqual({
      id: 'v-tee-black-s',
      name: 'Black / S',
      sku: 'LLT-BLK-S',
      price: { amount: 2500, currency: 'USD' },
      compareAtPrice: { amount: 3000, currency: 'USD' },
      stock: 12,
      attributes: { description: 'Black, S', color: 'Black', size: 'S' },
    });
    expect(tee?.variants[2]).toMatchObject({ price: { amount: 2250 }, stock: 0, compareAtPrice: null });
    expect(tee?.moreDetails).toContain('GPSR information');

    const mug = await getProduct(TOKEN, 'studio-mug', o);
    expect(mug?.variants[0]?.stock).toBeNull();
    const hoodie = await getProduct(TOKEN, 'winter-hoodie', o);
    expect(hoodie).toMatchObject({ available: false, moreDetails: null });
    const stickers = await getProduct(TOKEN, 'sticker-pack', o);
    expect(stickers?.variants[0]?.sku).toBeNull();
    expect(fake.requests.map((r) => [r.method, r.path, r.query])).toContainEqual(['GET', '/v1/products/studio-mug', { storefront_token: '<token>' }]);
  });

  it('is null on 404 only', async () => {
    expect(await getProduct(TOKEN, 'no-such-product', o)).toBeNull();
    expect(fake.requests[0]?.status).toBe(404);
  });

  it('throws on 500, on no answer and on a malformed 2xx instead of calling the product missing', async () => {
    fake.script({ status: 500 });
    expect(await thrown(getProduct(TOKEN, 'studio-mug', o))).toMatchObject({
      provider: 'Merch',
      status: 500,
      code: 'INTERNAL_SERVER_ERROR',
      retryable: true,
      operation: 'GET /v1/products/studio-mug',
    });
    fake.script({ hang: true });
    expect(await thrown(getProduct(TOKEN, 'studio-mug', { ...o, timeoutMs: 30 }))).toMatchObject({ status: 0, code: 'timeout' });
    fake.script({ malformed: true });
    expect(await thrown(getProduct(TOKEN, 'studio-mug', o))).toMatchObject({ status: 200, code: 'invalid_response' });
    fake.script({ body: { id: 'x', slug: 'studio-mug', name: 'Mug', variants: [{ id: 'v', name: 'v', unitPrice: { value: '15.50', currency: 'USD' } }] } });
    expect(await thrown(getProduct(TOKEN, 'studio-mug', o))).toMatchObject({ code: 'invalid_response' });
    fake.script({
      body: { id: 'x', slug: 'm', name: 'Mug', variants: [{ id: 'v', name: 'v', unitPrice: { value: 1, currency: 'ZZZ' }, stock: { type: 'UNLIMITED' } }] },
    });
    expect(await thrown(getProduct(TOKEN, 'studio-mug', o))).toMatchObject({ code: 'invalid_response' });
  });

  it('drops image URLs that are not absolute http(s) rather than rendering them', async () => {
    const product = structuredClone(MERCH_SEED_PRODUCTS[1] as SeedProduct);
    product.images = [
      { id: 'a', url: 'javascript:alert(1)', width: 1, height: 1 },
      { id: 'b', url: 'https://cdn.example/ok.png', width: 0, height: 10 },
    ];
    start([product]);
    expect((await getProduct(TOKEN, 'studio-mug', o))?.images).toEqual([{ url: 'https://cdn.example/ok.png', width: null, height: 10 }]);
  });

  it('refuses a slug that could leave its path segment, before any request', async () => {
    for (const slug of ['../carts', 'a/b', 'a?size=1', '', '..', 'a%2Fb', ' tee']) {
      await expect(getProduct(TOKEN, slug, o), slug).rejects.toThrow(TypeError);
    }
    expect(fake.requests).toEqual([]);
  });

  it('refuses an empty or spaced token and never shows the token in a message, an operation or a log line', async () => {
    for (const token of ['', 'ptkn with space', 'ptkn_\n']) {
      const error = await getProduct(token, 'studio-mug', o).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TypeError);
      if (token !== '') expect((error as Error).message).not.toContain(token);
    }
    expect(fake.requests).toEqual([]);
    const wrong = 'ptkn_wrong_token_123';
    const error = await thrown(getProduct(wrong, 'studio-mug', o));
    expect(error).toMatchObject({ status: 401, code: 'INVALID_STOREFRONT_TOKEN' });
    fake.script({ status: 503 });
    const outage = await thrown(getProduct(TOKEN, 'studio-mug', o));
    for (const e of [error, outage]) {
      const shown = [e.message, e.operation, upstreamLogLine(e), JSON.stringify(e)].join('\n');
      expect(shown).not.toContain(wrong);
      expect(shown).not.toContain(TOKEN);
      expect(shown).not.toContain('storefront_token');
    }
  });
});

describe('paging', () => {
  it('listCatalog reads every page: 45 products at size 20 is 3 requests, in order, none twice', async () => {
    start(manyProducts(45));
    const products = await listCatalog(TOKEN, { ...o, size: 20 });
    expect(products.map((p) => p.slug)).toEqual(Array.from({ length: 45 }, (_, i) => `product-${i}`));
    expect(fake.requests.map((r) => `${r.path}?page=${r.query['page']}&size=${r.query['size']}`)).toEqual([
      '/v1/collections/all/products?page=0&size=20',
      '/v1/collections/all/products?page=1&size=20',
      '/v1/collections/all/products?page=2&size=20',
    ]);
  });

  it('listCatalog reads a named collection, 100 per page by default', async () => {
    const products = await listCatalog(TOKEN, { ...o, collection: 'home-and-desk' });
    expect(products.map((p) => p.slug)).toEqual(['studio-mug', 'launch-poster', 'sticker-pack', 'enamel-pin']);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]?.query).toMatchObject({ page: '0', size: '100' });
  });

  it('ends a provider that keeps saying hasNextPage with an empty page, and stops at maxPages', async () => {
    fake.script({ body: { results: [], paging: { hasNextPage: true } } });
    expect(await thrown(listCatalog(TOKEN, o))).toMatchObject({ code: 'invalid_response', operation: 'GET /v1/collections/all/products' });
    expect(fake.requests).toHaveLength(1);

    start(manyProducts(45));
    expect(await thrown(listCatalog(TOKEN, { ...o, size: 10, maxPages: 3 }))).toMatchObject({ code: 'too_many_pages', retryable: false });
    expect(fake.requests).toHaveLength(3);
  });

  it('keeps a product seen on two pages once (the catalog shifted while paging)', async () => {
    start(manyProducts(3));
    const wire = (i: number) => ({ ...fake.products[i], images: [] });
    fake.script(
      { body: { results: [wire(0), wire(1)], paging: { hasNextPage: true } } },
      { body: { results: [wire(1), wire(2)], paging: { hasNextPage: false } } },
    );
    const all = await listCatalog(TOKEN, { ...o, size: 2 });
    expect(all.map((p) => p.id)).toEqual(['p-0', 'p-1', 'p-2']);
    expect(fake.requests).toHaveLength(2);
  });

  it('getCollectionProducts returns one page with hasNextPage, and a page without paging is malformed', async () => {
    start(manyProducts(5));
    const page = await getCollectionProducts(TOKEN, 'all', { ...o, page: 2, size: 2 });
    expect(page.results.map((p) => p.slug)).toEqual(['product-4']);
    expect(page.hasNextPage).toBe(false);
    expect((await getCollectionProducts(TOKEN, 'all', { ...o, page: 0, size: 2 })).hasNextPage).toBe(true);
    fake.script({ body: { results: [] } });
    expect(await thrown(getCollectionProducts(TOKEN, 'all', o))).toMatchObject({ code: 'invalid_response' });
    expect(await thrown(getCollectionProducts(TOKEN, 'no-such-collection', o))).toMatchObject({ status: 404, code: 'COLLECTION_NOT_FOUND' });
  });

  it('refuses page sizes and pages the provider does not take, before any request', async () => {
    for (const size of [0, 101, 2.5, -1]) await expect(getCollectionProducts(TOKEN, 'all', { ...o, size }), String(size)).rejects.toThrow(RangeError);
    await expect(getCollectionProducts(TOKEN, 'all', { ...o, page: -1 })).rejects.toThrow(RangeError);
    await expect(listCatalog(TOKEN, { ...o, maxPages: 0 })).rejects.toThrow(RangeError);
    await expect(listCatalog(TOKEN, { ...o, collection: '../products' })).rejects.toThrow(TypeError);
    expect(fake.requests).toEqual([]);
  });
});

describe('lowestPrice', () => {
  const variant = (amount: number, stock: number | null, currency = 'USD') => ({
    id: `v${amount}`,
    name: String(amount),
    sku: null,
    price: { amount, currency },
    compareAtPrice: null,
    stock,
    attributes: {},
  });

  it('skips sold-out variants, counts untracked ones as buyable, and falls back to all when everything is sold out', () => {
    expect(lowestPrice({ variants: [variant(2500, 3), variant(1800, 0), variant(2200, null)] })).toEqual({ amount: 2200, currency: 'USD' });
    expect(lowestPrice({ variants: [variant(5500, 0), variant(5800, 0)] })).toEqual({ amount: 5500, currency: 'USD' });
    expect(lowestPrice({ variants: [] })).toBeNull();
    expect(() => lowestPrice({ variants: [variant(1, null), variant(2, null, 'EUR')] })).toThrow(RangeError);
  });

  it('on the seed: the tee is from 25.00 (the cheaper XL is sold out), the sold-out hoodie still shows 55.00', async () => {
    const products = new Map<string, MerchProduct>((await listCatalog(TOKEN, o)).map((p) => [p.slug, p]));
    const price = (slug: string) => lowestPrice(products.get(slug) as MerchProduct);
    expect(price('louise-logo-tee')).toEqual({ amount: 2500, currency: 'USD' });
    expect(price('winter-hoodie')).toEqual({ amount: 5500, currency: 'USD' });
    expect(price('studio-mug')).toEqual({ amount: 1550, currency: 'USD' });
    expect(price('enamel-pin')).toEqual({ amount: 999, currency: 'USD' });
  });

  it('reads JPY (0 digits) and BHD (3 digits) prices exactly', async () => {
    const base = MERCH_SEED_PRODUCTS[1] as SeedProduct;
    const priced = (slug: string, value: number, currency: string): SeedProduct => ({
      ...structuredClone(base),
      id: slug,
      slug,
      variants: [{ ...structuredClone(base.variants[0] as SeedProduct['variants'][number]), unitPrice: { value, currency } }],
    });
    start([priced('yen', 1500, 'JPY'), priced('fils', 1.235, 'BHD'), priced('cents', 19.99, 'USD')]);
    const products = await listCatalog(TOKEN, o);
    expect(products.map((p) => lowestPrice(p))).toEqual([
      { amount: 1500, currency: 'JPY' },
      { amount: 1235, currency: 'BHD' },
      { amount: 1999, currency: 'USD' },
    ]);
  });
});
