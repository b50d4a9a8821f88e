import { describe, expect, it } from 'vitest';
import { seedPosShop } from '../../fakes/pos/seed.ts';
import { thrown } from '../upstream.testing.ts';
import { retrieveCatalogItem } from './catalog.ts';
import { createCatalogImage } from './catalog-images.ts';
import { upsertCatalogItem } from './catalog-write.ts';
import { fakePosPerTest, posConfigFor } from './pos.testing.ts';

const pos = fakePosPerTest();

const png = (bytes = [137, 80, 78, 71]) => new Blob([new Uint8Array(bytes)], { type: 'image/png' });

describe('createCatalogImage', () => {
  it('uploads a multipart request that passes the contract and returns the id imageIds takes', async () => {
    const config = posConfigFor(pos.fake);
    const image = await createCatalogImage(config, { file: png(), name: 'Flat white', caption: 'In a blue cup' });
    const sent = pos.fake.requests[0];
    expect(sent?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent?.body).toMatchObject({
      request: { image: { type: 'IMAGE', id: '#image', image_data: { name: 'Flat white', caption: 'In a blue cup' } } },
      image_file: 'image.png (image/png, 4 bytes)',
    });
    expect((sent?.body as { request: { idempotency_key: string } } | undefined)?.request.idempotency_key).toMatch(/^[0-9a-f]{40}$/);
    expect(image).toMatchObject({ name: 'Flat white', caption: 'In a blue cup' });
    expect(image.url).toMatch(/^https:/);

    const item = await upsertCatalogItem(config, {
      name: 'Flat white',
      imageIds: [image.id],
      variations: [{ name: 'Regular', price: { amount: 400, currency: 'USD' } }],
    });
    expect(item.imageIds).toEqual([image.id]);
  });

  it('attaches to an object as its primary image; a different file gets a different derived key', async () => {
    const shop = seedPosShop(pos.fake.state);
    const config = posConfigFor(pos.fake);
    const first = await createCatalogImage(config, { file: png(), objectId: shop.items.flatWhite });
    const second = await createCatalogImage(config, { file: png([137, 80, 78, 71, 1]), objectId: shop.items.flatWhite, isPrimary: true });
    expect(second.id).not.toBe(first.id);
    expect((await retrieveCatalogItem(config, shop.items.flatWhite))?.imageIds).toEqual([second.id, first.id]);
  });

  it('a missing object to attach to is a 404 PosApiError', async () => {
    const error = await thrown(createCatalogImage(posConfigFor(pos.fake), { file: png(), objectId: 'GONE' }));
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('refuses an empty, oversized or non-image file before any request', async () => {
    const config = posConfigFor(pos.fake);
    await expect(createCatalogImage(config, { file: new Blob([]) })).rejects.toThrow(/non-empty/);
    await expect(createCatalogImage(config, { file: new Blob(['x'], { type: 'image/webp' }) })).rejects.toThrow(/JPEG, PJPEG, PNG or GIF/);
    await expect(createCatalogImage(config, { file: new Blob([new Uint8Array(15 * 1024 * 1024 + 1)], { type: 'image/jpeg' }) })).rejects.toThrow(/15 MB/);
    await expect(createCatalogImage(config, { file: png(), isPrimary: true })).rejects.toThrow(/objectId/);
    expect(pos.fake.requests).toHaveLength(0);
  });

  it('called CreateCatalogImage with a valid request', () => {
    expect(pos.called).toContain('CreateCatalogImage');
  });
});
