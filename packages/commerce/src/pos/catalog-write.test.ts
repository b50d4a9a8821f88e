import { describe, expect, it } from 'vitest';
import { seedPosShop } from '../../fakes/pos/seed.ts';
import { thrown } from '../upstream.testing.ts';
import { retrieveCatalogItem, variationPriceAt } from './catalog.ts';
import { batchUpsertCatalogObjects, type PosCatalogVariationInput, upsertCatalogItem } from './catalog-write.ts';
import { fakePosPerTest, posConfigFor } from './pos.testing.ts';

const pos = fakePosPerTest();

const usd = (amount: number) => ({ amount, currency: 'USD' });
const variations = (n: number): PosCatalogVariationInput[] => Array.from({ length: n }, (_, i) => ({ name: `Size ${i + 1}`, price: usd(100 + i) }));

describe('catalog writes', () => {
  it('creates an item with per-location prices and presence, then updates it by version', async () => {
    const shop = seedPosShop(pos.fake.state);
    const config = posConfigFor(pos.fake);
    const { harbourCafe, oldTownKiosk, stationStand } = shop.locations;
    const created = await upsertCatalogItem(config, {
      name: 'Iced latte',
      presentAt: [harbourCafe, stationStand],
      variations: [
        { name: 'Regular', price: usd(450), priceAtLocation: { [stationStand]: usd(500) } },
        { name: 'Oat', price: usd(490), presentAt: [harbourCafe], locationOverrides: [{ locationId: harbourCafe, trackInventory: true }] },
      ],
    });
    expect(created).toMatchObject({ name: 'Iced latte', presentAtAllLocations: false, presentAtLocationIds: [harbourCafe, stationStand] });
    const sent = (pos.fake.requests.at(-1)?.body as { object: { item_data: { variations: Record<string, unknown>[] } } } | undefined)?.object;
    expect(sent?.item_data.variations[0]).toMatchObject({
      present_at_all_locations: false,
      present_at_location_ids: [harbourCafe, stationStand],
      item_variation_data: { location_overrides: [{ location_id: stationStand, price_money: usd(500), pricing_type: 'FIXED_PRICING' }] },
    });
    const [regular, oat] = created.variations;
    if (!regular || !oat) throw new Error('variations missing');
    expect(variationPriceAt(created, regular, stationStand)).toEqual(usd(500));
    expect(variationPriceAt(created, regular, oldTownKiosk)).toBeNull();
    expect(oat.locationOverrides).toEqual([{ locationId: harbourCafe, price: null, pricingType: null, trackInventory: true, soldOut: false }]);

    const updated = await upsertCatalogItem(config, {
      id: created.id,
      version: created.version ?? undefined,
      name: 'Iced latte (large cup)',
      presentAt: [harbourCafe, stationStand],
      variations: [{ id: regular.id, version: regular.version ?? undefined, name: 'Regular', price: usd(470) }],
    });
    expect(updated.name).toBe('Iced latte (large cup)');
    expect(updated.variations.map((v) => [v.id, v.price])).toEqual([[regular.id, usd(470)]]);
    expect(updated.version).toBeGreaterThan(created.version ?? 0);

    // The version read before the update is stale now: Pos refuses it.
    const stale = await thrown(
      upsertCatalogItem(config, {
        id: created.id,
        version: created.version ?? undefined,
        name: 'Overwrite',
        variations: [{ id: regular.id, name: 'Regular' }],
      }),
    );
    expect(stale).toMatchObject({ name: 'PosApiError', code: 'VERSION_MISMATCH' });
    expect((await retrieveCatalogItem(config, created.id))?.name).toBe('Iced latte (large cup)');
  });

  it('refuses a variation sold where its item is not, with zero requests', async () => {
    const config = posConfigFor(pos.fake);
    const cases = [
      { name: 'Bun', presentAt: ['L1'], variations: [{ name: 'Plain', presentAt: 'all' as const }] },
      { name: 'Bun', presentAt: ['L1'], variations: [{ name: 'Plain', presentAt: ['L1', 'L2'] }] },
      { name: 'Bun', absentAt: ['L2'], variations: [{ name: 'Plain', presentAt: 'all' as const }] },
      { name: 'Bun', presentAt: ['L1'], variations: [{ name: 'Plain', priceAtLocation: { L2: usd(300) } }] },
      { name: 'Bun', absentAt: ['L2'], variations: [{ name: 'Plain', locationOverrides: [{ locationId: 'L2', trackInventory: true }] }] },
    ];
    for (const item of cases) {
      await expect(upsertCatalogItem(config, item)).rejects.toThrow(/is sold at .*L2|every location not listed/);
      await expect(batchUpsertCatalogObjects(config, { items: [item] })).rejects.toThrow(TypeError);
    }
    expect(pos.fake.requests).toHaveLength(0);
  });

  it('refuses 251 variations with zero requests; exactly 250 goes through', async () => {
    const config = posConfigFor(pos.fake);
    await expect(upsertCatalogItem(config, { name: 'Paint', variations: variations(251) })).rejects.toThrow(/251 variations.*at most 250/);
    await expect(batchUpsertCatalogObjects(config, { items: [{ name: 'Paint', variations: variations(251) }] })).rejects.toThrow(/at most 250/);
    expect(pos.fake.requests).toHaveLength(0);

    const item = await upsertCatalogItem(config, { name: 'Paint', variations: variations(250) });
    expect(item.variations).toHaveLength(250);
    const batch = await batchUpsertCatalogObjects(config, { items: [{ name: 'Ink', variations: variations(250) }] });
    expect(batch.items[0]?.variations).toHaveLength(250);
    expect(pos.fake.requests).toHaveLength(2);
  });

  it('batch-upserts many items, packing batches of at most 1,000 objects, and maps temporary ids', async () => {
    const config = posConfigFor(pos.fake);
    const items = Array.from({ length: 5 }, (_, i) => ({ name: `Colour ${i}`, variations: variations(249) }));
    const result = await batchUpsertCatalogObjects(config, { items });
    expect(result.items.map((i) => i.name)).toEqual(items.map((i) => i.name));
    const batches = (pos.fake.requests.at(-1)?.body as { batches: { objects: { item_data: { variations: unknown[] } }[] }[] } | undefined)?.batches;
    expect(batches?.map((b) => b.objects.reduce((n, o) => n + 1 + o.item_data.variations.length, 0))).toEqual([1000, 250]);
    expect(result.idMappings.find((m) => m.clientObjectId === '#item1')?.objectId).toBe(result.items[0]?.id);
  });

  it('the same call twice sends the same idempotency key (temporary ids come from positions)', async () => {
    const config = posConfigFor(pos.fake);
    const input = { name: 'Tea', variations: [{ name: 'Pot', price: usd(300) }] };
    const first = await upsertCatalogItem(config, input);
    const second = await upsertCatalogItem(config, input);
    expect(second.id).toBe(first.id);
    expect(pos.fake.requests.at(-1)?.replayed).toBe(true);
  });

  it('a 503 on a write is retried under the same idempotency key when retry is on', async () => {
    pos.fake.script({ status: 503 });
    const config = posConfigFor(pos.fake, { retry: { attempts: 2, baseDelayMs: 0, maxDelayMs: 0 } });
    await upsertCatalogItem(config, { name: 'Scone', variations: [{ name: 'Plain', price: usd(250) }] });
    const keys = pos.fake.requests.map((r) => (r.body as { idempotency_key: string }).idempotency_key);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('called every catalog write operation with a valid request', () => {
    for (const op of ['UpsertCatalogObject', 'BatchUpsertCatalogObjects']) expect(pos.called).toContain(op);
  });
});
