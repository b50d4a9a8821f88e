import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UpstreamError } from '../../../../src/security/upstream.ts';
import { MERCH_SEED_TOKEN, type SeedCollection, createFakeStorefront, type FakeStorefront } from '../../fakes/merch/storefront.ts';
import { catchAllFirst, isCatchAllCollection, listCollections } from './index.ts';

let fake: FakeStorefront;
const o = () => ({ baseUrl: 'https://storefront.test/v1', fetch: fake.fetch });

beforeEach(() => {
  fake = createFakeStorefront();
});

afterEach(() => {
  expect(fake.violations).toEqual([]);
});

describe('listCollections', () => {
  it('lists the seed in the provider order (catch-all last) and catchAllFirst leads with it', async () => {
    const collections = await listCollections(MERCH_SEED_TOKEN, o());
    expect(collections.map((c) => c.slug)).toEqual(['apparel', 'home-and-desk', 'all']);
    expect(collections[1]).toEqual({ id: 'col_home_desk', slug: 'home-and-desk', name: 'Home & Desk', description: 'For the desk and the shelf.' });
    expect(catchAllFirst(collections).map((c) => c.slug)).toEqual(['all', 'apparel', 'home-and-desk']);
    expect(fake.requests.map((r) => r.query)).toEqual([{ page: '0', size: '100', storefront_token: '<token>' }]);
  });

  it('reads every page of a long list', async () => {
    const many: SeedCollection[] = Array.from({ length: 230 }, (_, i) => ({ id: `c${i}`, slug: `c-${i}`, name: `C ${i}`, description: '' }));
    fake = createFakeStorefront({ collections: [...many, { id: 'col_all', slug: 'all', name: 'All Products', description: '' }] });
    const collections = await listCollections(MERCH_SEED_TOKEN, o());
    expect(collections).toHaveLength(231);
    expect(collections.at(-1)?.slug).toBe('all');
    expect(fake.requests.map((r) => r.query['page'])).toEqual(['0', '1', '2']);
  });

  it('takes an answer without paging as one page, and fails a malformed one', async () => {
    fake.script({ body: { results: [{ id: 'c', slug: 'c', name: 'C', description: null }] } });
    expect(await listCollections(MERCH_SEED_TOKEN, o())).toEqual([{ id: 'c', slug: 'c', name: 'C', description: '' }]);
    fake.script({ body: { results: [{ id: 'c', name: 'C' }] } });
    const error = await listCollections(MERCH_SEED_TOKEN, o()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({ code: 'invalid_response', operation: 'GET /v1/collections' });
  });
});

describe('catchAllFirst and isCatchAllCollection', () => {
  it('recognises the slug all or the name All Products, nothing else', () => {
    expect(isCatchAllCollection({ slug: 'all', name: 'Everything' })).toBe(true);
    expect(isCatchAllCollection({ slug: 'all-products', name: '  all PRODUCTS ' })).toBe(true);
    expect(isCatchAllCollection({ slug: 'all-stars', name: 'All Stars' })).toBe(false);
    expect(isCatchAllCollection({ slug: 'ALL', name: 'Shouty' })).toBe(false);
  });

  it('moves the catch-all first, keeps the rest in order and never mutates the input', () => {
    const slug = fc.constantFrom('all', 'apparel', 'mugs', 'prints', 'all-stars');
    fc.assert(
      fc.property(fc.array(fc.record({ slug, name: fc.constantFrom('All Products', 'X', 'Y') }), { maxLength: 8 }), (list) => {
        const frozen = Object.freeze(list.map((c) => Object.freeze({ ...c })));
        const before = JSON.stringify(frozen);
        const out = catchAllFirst(frozen);
        expect(JSON.stringify(frozen)).toBe(before);
        expect(out).not.toBe(frozen);
        expect([...out].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))).toEqual(
          [...frozen].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
        );
        const firstOther = out.findIndex((c) => !isCatchAllCollection(c));
        if (firstOther >= 0) expect(out.slice(firstOther).some(isCatchAllCollection)).toBe(false);
        expect(out.filter((c) => !isCatchAllCollection(c))).toEqual(frozen.filter((c) => !isCatchAllCollection(c)));
      }),
    );
  });
});
