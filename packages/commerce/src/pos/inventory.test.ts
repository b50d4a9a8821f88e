import { describe, expect, it } from 'vitest';
import { setInventoryCount } from '../../fakes/pos/areas/inventory.ts';
import { seedPosShop } from '../../fakes/pos/seed.ts';
import { thrown } from '../upstream.testing.ts';
import { batchChangeInventory, retrieveInventoryCounts, setPhysicalCount } from './inventory.ts';
import { fakePosPerTest, posConfigFor } from './pos.testing.ts';

const NOW = Date.parse('2026-03-02T10:00:00Z');
const pos = fakePosPerTest(() => ({ now: () => NOW }));

const clock = { now: () => NOW, sleep: async () => {} };

describe('inventory', () => {
  it('retrieves the seeded counts by variation and location', async () => {
    const shop = seedPosShop(pos.fake.state);
    const config = posConfigFor(pos.fake);
    const counts = await retrieveInventoryCounts(config, { catalogObjectIds: [shop.variations.beansWhole, shop.variations.beansGround] });
    expect(counts.map((c) => [c.catalogObjectId, c.locationId, c.state, c.quantity])).toEqual([
      [shop.variations.beansWhole, shop.locations.harbourCafe, 'IN_STOCK', 14],
      [shop.variations.beansGround, shop.locations.harbourCafe, 'IN_STOCK', 6],
      [shop.variations.beansWhole, shop.locations.stationStand, 'IN_STOCK', 3],
    ]);
    const atStation = await retrieveInventoryCounts(config, { catalogObjectIds: [shop.variations.beansWhole], locationIds: [shop.locations.stationStand] });
    expect(atStation.map((c) => c.quantity)).toEqual([3]);
  });

  it('follows the cursor across pages', async () => {
    const shop = seedPosShop(pos.fake.state);
    // 1,000 per page is Pos's ceiling: 2,300 counts make three pages.
    const ids = Array.from({ length: 2300 }, (_, i) => `VAR${i}`);
    for (const id of ids) setInventoryCount(pos.fake.state, id, shop.locations.harbourCafe, '1');
    const counts = await retrieveInventoryCounts(posConfigFor(pos.fake), { catalogObjectIds: ids });
    expect(counts).toHaveLength(2300);
    expect(pos.fake.requests.map((r) => (r.body as { cursor?: string }).cursor === undefined)).toEqual([true, false, false]);
  });

  it('sets a physical count (occurred_at now) and adjusts stock by a sale', async () => {
    const shop = seedPosShop(pos.fake.state);
    const config = posConfigFor(pos.fake, { clock });
    const count = await setPhysicalCount(config, { catalogObjectId: shop.variations.lemonadeSmall, locationId: shop.locations.oldTownKiosk, quantity: 40 });
    expect(count).toMatchObject({ catalogObjectId: shop.variations.lemonadeSmall, locationId: shop.locations.oldTownKiosk, state: 'IN_STOCK', quantity: 40 });
    expect((pos.fake.requests[0]?.body as { changes: unknown[] } | undefined)?.changes).toEqual([
      {
        type: 'PHYSICAL_COUNT',
        physical_count: {
          catalog_object_id: shop.variations.lemonadeSmall,
          location_id: shop.locations.oldTownKiosk,
          quantity: '40',
          occurred_at: new Date(NOW).toISOString(),
          state: 'IN_STOCK',
        },
      },
    ]);

    const after = await batchChangeInventory(config, {
      changes: [
        {
          type: 'ADJUSTMENT',
          catalogObjectId: shop.variations.lemonadeSmall,
          locationId: shop.locations.oldTownKiosk,
          quantity: '2.5',
          fromState: 'IN_STOCK',
          toState: 'SOLD',
        },
      ],
      idempotencyKey: 'sale-1',
    });
    expect(after.map((c) => [c.state, c.quantity])).toEqual([
      ['IN_STOCK', 37.5],
      ['SOLD', 2.5],
    ]);
    expect((pos.fake.requests.at(-1)?.body as { idempotency_key: string } | undefined)?.idempotency_key).toBe('sale-1');
  });

  it('an old occurredAt is refused by Pos as a PosApiError; bad input sends nothing', async () => {
    const shop = seedPosShop(pos.fake.state);
    const config = posConfigFor(pos.fake, { clock });
    const error = await thrown(
      setPhysicalCount(config, {
        catalogObjectId: shop.variations.beansWhole,
        locationId: shop.locations.harbourCafe,
        quantity: 1,
        occurredAt: new Date(NOW - 3 * 86_400_000),
      }),
    );
    expect(error).toMatchObject({ status: 400, code: 'INVALID_VALUE' });
    const before = pos.fake.requests.length;
    await expect(setPhysicalCount(config, { catalogObjectId: 'V', locationId: 'L', quantity: -1 })).rejects.toThrow(/non-negative/);
    await expect(setPhysicalCount(config, { catalogObjectId: 'V', locationId: 'L', quantity: 0.123456 })).rejects.toThrow(/5 decimals/);
    await expect(batchChangeInventory(config, { changes: [] })).rejects.toThrow(/at least one change/);
    await expect(retrieveInventoryCounts(config, { catalogObjectIds: [] })).rejects.toThrow(/at least one/);
    expect(pos.fake.requests).toHaveLength(before);
  });

  it('called every inventory operation with a valid request', () => {
    for (const op of ['BatchRetrieveInventoryCounts', 'BatchChangeInventory']) expect(pos.called).toContain(op);
  });
});
