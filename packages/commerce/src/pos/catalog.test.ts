import { describe, expect, it } from 'vitest';
import { storeCatalogObjects } from '../../fakes/pos/areas/catalog.ts';
import { seedPosShop } from '../../fakes/pos/seed.ts';
import { thrown } from '../upstream.testing.ts';
import { listCatalogItems, retrieveCatalogItem, retrieveLiveCatalogObjectIds, retrieveVariationPrices, variationPriceAt } from './catalog.ts';
import { fakePosPerTest, posConfigFor } from './pos.testing.ts';

const pos = fakePosPerTest();

describe('catalog', () => {
  it('lists the seeded items with variations, presence and per-location prices', async () => {
    const shop = seedPosShop(pos.fake.state);
    const items = await listCatalogItems(posConfigFor(pos.fake));
    expect(items.map((i) => i.name)).toEqual(['Flat white', 'Cinnamon bun', 'House blend beans 250 g', 'Lemonade']);
    expect(pos.fake.requests[0]?.query).toEqual({ types: 'ITEM' });

    const bun = items.find((i) => i.id === shop.items.cinnamonBun);
    expect(bun).toMatchObject({ presentAtAllLocations: true, absentAtLocationIds: [shop.locations.oldTownKiosk], presentAtLocationIds: [] });
    const flatWhite = items.find((i) => i.id === shop.items.flatWhite);
    const large = flatWhite?.variations.find((v) => v.name === 'Large');
    expect(large).toMatchObject({
      itemId: shop.items.flatWhite,
      price: { amount: 480, currency: 'USD' },
      locationOverrides: [{ locationId: shop.locations.stationStand, price: { amount: 520, currency: 'USD' }, soldOut: false }],
    });
    if (!flatWhite || !large || !bun?.variations[0]) throw new Error('seed missing');
    expect(variationPriceAt(flatWhite, large, shop.locations.stationStand)).toEqual({ amount: 520, currency: 'USD' });
    expect(variationPriceAt(flatWhite, large, shop.locations.harbourCafe)).toEqual({ amount: 480, currency: 'USD' });
    expect(variationPriceAt(bun, bun.variations[0], shop.locations.oldTownKiosk)).toBeNull();
  });

  it('follows the cursor across several pages (Pos pages by 100)', async () => {
    const objects = Array.from({ length: 230 }, (_, i) => ({
      type: 'ITEM',
      id: `#i${i}`,
      item_data: {
        name: `Item ${i}`,
        variations: [{ type: 'ITEM_VARIATION', id: `#v${i}`, item_variation_data: { name: 'Regular', pricing_type: 'VARIABLE_PRICING' } }],
      },
    }));
    storeCatalogObjects(pos.fake.state, objects);
    const items = await listCatalogItems(posConfigFor(pos.fake));
    expect(items).toHaveLength(230);
    expect(new Set(items.map((i) => i.id)).size).toBe(230);
    expect(items.at(-1)?.name).toBe('Item 229');
    expect(pos.fake.requests.map((r) => r.query['cursor'] === undefined)).toEqual([true, false, false]);
  });

  it('retrieveCatalogItem is null on 404, but a 500 throws', async () => {
    const config = posConfigFor(pos.fake);
    expect(await retrieveCatalogItem(config, 'MISSING')).toBeNull();
    pos.fake.script({ status: 500 });
    const error = await thrown(retrieveCatalogItem(config, 'ANY'));
    expect(error).toMatchObject({ name: 'PosApiError', status: 500, code: 'INTERNAL_SERVER_ERROR' });
  });

  it('retrieves an item and its variation prices: base and each location override', async () => {
    const shop = seedPosShop(pos.fake.state);
    const config = posConfigFor(pos.fake);
    expect((await retrieveCatalogItem(config, shop.items.flatWhite))?.variations.map((v) => v.name)).toEqual(['Regular', 'Large']);
    expect(await retrieveVariationPrices(config, shop.items.flatWhite)).toEqual([
      { variationId: shop.variations.flatWhiteRegular, name: 'Regular', basePrice: { amount: 400, currency: 'USD' }, overrides: [] },
      {
        variationId: shop.variations.flatWhiteLarge,
        name: 'Large',
        basePrice: { amount: 480, currency: 'USD' },
        overrides: [{ locationId: shop.locations.stationStand, price: { amount: 520, currency: 'USD' } }],
      },
    ]);
    expect(await retrieveVariationPrices(config, 'GONE')).toBeNull();
  });

  it('retrieveLiveCatalogObjectIds keeps only existing, undeleted objects of the type, in order', async () => {
    const shop = seedPosShop(pos.fake.state);
    const config = posConfigFor(pos.fake);
    const deleted = pos.fake.state.table('catalog').get(shop.variations.lemonadeLarge);
    if (!deleted) throw new Error('seed missing');
    deleted['is_deleted'] = true;
    const ids = [
      shop.variations.beansGround,
      shop.items.beans,
      'NOPE',
      shop.variations.lemonadeLarge,
      shop.variations.flatWhiteRegular,
      shop.variations.beansGround,
    ];
    expect(await retrieveLiveCatalogObjectIds(config, ids, { type: 'ITEM_VARIATION' })).toEqual([
      shop.variations.beansGround,
      shop.variations.flatWhiteRegular,
    ]);
    expect(pos.fake.requests).toHaveLength(1);
    expect(pos.fake.requests[0]?.body).toEqual({
      object_ids: [shop.variations.beansGround, shop.items.beans, 'NOPE', shop.variations.lemonadeLarge, shop.variations.flatWhiteRegular],
      include_deleted_objects: false,
    });
    expect(await retrieveLiveCatalogObjectIds(config, ids, { type: 'ITEM' })).toEqual([shop.items.beans]);
  });

  it('refuses bad ids or a missing type before any request', async () => {
    const config = posConfigFor(pos.fake);
    await expect(retrieveCatalogItem(config, '../list')).rejects.toThrow(TypeError);
    await expect(retrieveLiveCatalogObjectIds(config, ['A'], { type: '' })).rejects.toThrow(/type/);
    await expect(retrieveLiveCatalogObjectIds(config, [''], { type: 'ITEM' })).rejects.toThrow(/ids/);
    expect(pos.fake.requests).toHaveLength(0);
  });

  it('called every catalog read operation with a valid request', () => {
    for (const op of ['ListCatalog', 'RetrieveCatalogObject', 'BatchRetrieveCatalogObjects']) expect(pos.called).toContain(op);
  });
});
