import { describe, expect, it } from 'vitest';
import { seedPosShop } from '../../fakes/pos/seed.ts';
import { thrown } from '../upstream.testing.ts';
import { retrieveCatalogItem } from './catalog.ts';
import { createFakePos } from '../../fakes/pos/fake-pos.ts';
import { readModifyWriteCatalog } from './catalog-edit.ts';
import { upsertCatalogItem } from './catalog-write.ts';
import { fakePosPerTest, posConfigFor } from './pos.testing.ts';
import type { PosObject } from './read.ts';

const pos = fakePosPerTest();

const itemData = (raw: PosObject) => raw['item_data'] as { name: string; variations: PosObject[] };

describe('readModifyWriteCatalog', () => {
  it('reads the raw object, applies the mutation to a copy and writes it back with the version read', async () => {
    const shop = seedPosShop(pos.fake.state);
    const config = posConfigFor(pos.fake);
    const versionRead = pos.fake.state.table('catalog').get(shop.items.lemonade)?.['version'];
    let seen: PosObject | undefined;
    const written = await readModifyWriteCatalog(config, shop.items.lemonade, (raw) => {
      seen = raw;
      itemData(raw).name = 'Pink lemonade';
    });
    const [read, write] = pos.fake.requests;
    expect(read?.operation).toBe('RetrieveCatalogObject');
    expect(write?.operation).toBe('UpsertCatalogObject');
    expect((write?.body as { object: PosObject } | undefined)?.object['version']).toBe(versionRead);
    expect((write?.body as { object: PosObject } | undefined)?.object).toMatchObject({ id: shop.items.lemonade, item_data: { name: 'Pink lemonade' } });
    expect(itemData(written).name).toBe('Pink lemonade');
    expect(seen).not.toBe(written);
    expect((await retrieveCatalogItem(config, shop.items.lemonade))?.variations.map((v) => v.name)).toEqual(['Small', 'Large']);
  });

  it('a concurrent write makes it fail with VERSION_MISMATCH and the other write stays', async () => {
    const shop = seedPosShop(pos.fake.state);
    const config = posConfigFor(pos.fake);
    const error = await thrown(
      readModifyWriteCatalog(config, shop.items.beans, async (raw) => {
        // Another writer changes the item between our read and our write.
        const current = await retrieveCatalogItem(config, shop.items.beans);
        if (!current) throw new Error('seed missing');
        await upsertCatalogItem(config, {
          id: current.id,
          version: current.version ?? undefined,
          name: 'House blend beans 250 g (new roast)',
          variations: current.variations.map((v) => ({ id: v.id, version: v.version ?? undefined, name: v.name ?? '', price: v.price ?? undefined })),
        });
        itemData(raw).name = 'Our stale rename';
      }),
    );
    expect(error).toMatchObject({ name: 'PosApiError', status: 409, code: 'VERSION_MISMATCH', category: 'INVALID_REQUEST_ERROR' });
    expect((await retrieveCatalogItem(config, shop.items.beans))?.name).toBe('House blend beans 250 g (new roast)');
  });

  it('pins the overridden config.version on both calls', async () => {
    pos.fake = createFakePos({ version: '2026-09-16' });
    const shop = seedPosShop(pos.fake.state);
    await readModifyWriteCatalog(posConfigFor(pos.fake, { version: '2026-09-16' }), shop.items.flatWhite, (raw) => {
      itemData(raw).name = 'Flat white (oat by default)';
    });
    expect(pos.fake.requests.map((r) => [r.operation, r.headers['square-version']])).toEqual([
      ['RetrieveCatalogObject', '2026-09-16'],
      ['UpsertCatalogObject', '2026-09-16'],
    ]);
  });

  it('the write passes the presence and 250-variation checks: nothing is written', async () => {
    const shop = seedPosShop(pos.fake.state);
    const config = posConfigFor(pos.fake);
    await expect(
      readModifyWriteCatalog(config, shop.items.cinnamonBun, (raw) => {
        const variation = itemData(raw).variations[0] as PosObject;
        variation['absent_at_location_ids'] = [];
      }),
    ).rejects.toThrow(/sold at .* where its item "Cinnamon bun" is not/);
    await expect(
      readModifyWriteCatalog(config, shop.items.lemonade, (raw) => {
        const [first] = itemData(raw).variations;
        itemData(raw).variations = Array.from({ length: 251 }, (_, i) => ({ ...first, id: `#v${i}` }) as PosObject);
      }),
    ).rejects.toThrow(/251 variations/);
    expect(pos.fake.requests.map((r) => r.operation)).toEqual(['RetrieveCatalogObject', 'RetrieveCatalogObject']);
  });

  it('a missing object is a 404 PosApiError; an id or type change is refused', async () => {
    const shop = seedPosShop(pos.fake.state);
    const config = posConfigFor(pos.fake);
    expect(await thrown(readModifyWriteCatalog(config, 'GONE', () => {}))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    await expect(readModifyWriteCatalog(config, shop.items.beans, (raw) => ({ ...raw, id: 'OTHER' }))).rejects.toThrow(/id or type/);
    expect(pos.fake.requests.filter((r) => r.operation === 'UpsertCatalogObject')).toHaveLength(0);
  });

  it('called both catalog edit operations with a valid request', () => {
    for (const op of ['RetrieveCatalogObject', 'UpsertCatalogObject']) expect(pos.called).toContain(op);
  });
});
