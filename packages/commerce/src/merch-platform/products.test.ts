import { describe, expect, it } from 'vitest';
import {
  addProductImages,
  createProduct,
  deleteProduct,
  getProductInventory,
  type MerchProductInput,
  setProductAvailability,
  setProductState,
} from './index.ts';
import { checkedShops } from '../../fakes/merch/platform-shop.ts';

const TEE = '6f1c2b1e-0d1a-4a53-9a51-7e0f1b2c3d01';
const MEDIA = 'f0e1d2c3-b4a5-4968-8776-655443322110';

// Every request the client made must have kept the provider contract.
const shop = checkedShops();

const physical: MerchProductInput = {
  kind: 'physical',
  name: 'Moth tee',
  profitMargin: 12.5,
  productTemplateId: 'tpl_gildan_64000',
  regions: [{ region: 'front', imageId: MEDIA, placementStrategy: 'AUTO' }],
  colors: ['Black', 'Sand'],
  sizes: ['S', 'M'],
  publish: true,
};

describe('createProduct', () => {
  it("sends a physical product as the provider's design type", async () => {
    const { fake, config } = shop();
    const created = await createProduct(config, physical);
    expect(created.productId).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.customizationId).toMatch(/^cst_/);
    expect(fake.requests[0]?.body).toEqual({
      type: 'design',
      name: 'Moth tee',
      productTemplateId: 'tpl_gildan_64000',
      regions: [{ region: 'front', imageId: MEDIA, placementStrategy: 'AUTO' }],
      profitMargin: 12.5,
      colors: ['Black', 'Sand'],
      sizes: ['S', 'M'],
      publishOnCreate: true,
    });
    expect(fake.products.get(created.productId)).toMatchObject({ state: 'PUBLIC', variants: { length: 4 } });
  });

  it('sends a digital product with its USD price as a plain number', async () => {
    const { fake, config } = shop();
    await createProduct(config, { kind: 'digital', name: 'Brush pack', description: '<p>12 brushes</p>', price: { value: 4.99, currency: 'USD' } });
    expect(fake.requests[0]?.body).toEqual({ type: 'digital', name: 'Brush pack', description: '<p>12 brushes</p>', price: 4.99 });
  });

  it('checks the input with the discriminated union before any request', async () => {
    const { fake, config } = shop();
    const bad: unknown[] = [
      undefined,
      { name: 'No kind' },
      { kind: 'bundle', name: 'Unknown kind' },
      { ...physical, profitMargin: undefined },
      { ...physical, profitMargin: -1 },
      { ...physical, regions: [] },
      { ...physical, price: { value: 10, currency: 'USD' } },
      { kind: 'digital', name: 'x', description: 'y', price: { value: 5, currency: 'EUR' } },
      { kind: 'digital', name: 'x', description: 'y', price: { value: 0, currency: 'USD' } },
      { kind: 'digital', name: 'x', description: 'y', price: { value: 1.999, currency: 'USD' } },
      { kind: 'digital', name: 'x', description: 'y', price: 5 },
      { kind: 'digital', name: ' ', description: 'y', price: { value: 5, currency: 'USD' } },
      { kind: 'digital', name: 'x', description: 'y', price: { value: 5, currency: 'USD' }, profitMargin: 3 },
    ];
    for (const input of bad)
      await expect(createProduct(config, input as MerchProductInput), JSON.stringify(input)).rejects.toThrow(/Merch createProduct input/);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('product lifecycle', () => {
  it('sets state and availability, appends images, deletes', async () => {
    const { fake, config } = shop();
    await setProductState(config, TEE, 'HIDDEN');
    await setProductAvailability(config, TEE, false);
    await addProductImages(config, TEE, [{ url: 'https://cdn.example.test/back.png', width: 800, height: 600 }]);
    expect(fake.products.get(TEE)).toMatchObject({ state: 'HIDDEN', available: false, images: { length: 2 } });
    await deleteProduct(config, TEE);
    expect(fake.products.get(TEE)?.state).toBe('ARCHIVED');
    await expect(setProductState(config, TEE, 'PUBLIC')).rejects.toMatchObject({ status: 404 });
  });

  it('refuses bad arguments before sending', async () => {
    const { fake, config } = shop();
    await expect(setProductState(config, TEE, 'ARCHIVED' as 'HIDDEN')).rejects.toThrow(TypeError);
    await expect(setProductAvailability(config, TEE, 'yes' as unknown as boolean)).rejects.toThrow(TypeError);
    await expect(addProductImages(config, TEE, [])).rejects.toThrow(TypeError);
    await expect(addProductImages(config, TEE, [{ url: 'http://insecure.test/a.png', width: 1, height: 1 }])).rejects.toThrow(TypeError);
    await expect(addProductImages(config, TEE, [{ url: 'https://cdn.test/a.png', width: 0, height: 1 }])).rejects.toThrow(TypeError);
    await expect(deleteProduct(config, '../orders')).rejects.toThrow(TypeError);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('getProductInventory', () => {
  it('keeps not stock-tracked (null) apart from sold out (0)', async () => {
    const { config } = shop();
    expect(await getProductInventory(config, TEE)).toEqual([
      { variantId: '0b3f6a52-5f7e-4a8a-8f0e-2c9d1e4b5a01', quantity: 12 },
      { variantId: '0b3f6a52-5f7e-4a8a-8f0e-2c9d1e4b5a02', quantity: 0 },
      { variantId: '0b3f6a52-5f7e-4a8a-8f0e-2c9d1e4b5a03', quantity: null },
    ]);
  });

  it('reads a missing quantity as untracked, and refuses one that is not a count instead of guessing 0', async () => {
    const { fake, config } = shop();
    fake.script({ body: { results: [{ variantId: 'v1' }, { variantId: 'v2', quantity: null }] } });
    expect((await getProductInventory(config, TEE)).map((r) => r.quantity)).toEqual([null, null]);
    for (const quantity of ['3', -1, 1.5]) {
      fake.script({ body: { results: [{ variantId: 'v1', quantity }] } });
      await expect(getProductInventory(config, TEE)).rejects.toMatchObject({ code: 'invalid_response' });
    }
  });
});
