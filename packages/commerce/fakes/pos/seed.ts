import { storeCatalogObjects } from './areas/catalog.ts';
import { setInventoryCount } from './areas/inventory.ts';
import { newLocation } from './areas/locations.ts';
import type { Obj, PosState } from './state.ts';

/** What `seedPosShop` made, by role, for tests, e2e and the reference site. */
export interface SeededPosShop {
  locations: { harbourCafe: string; oldTownKiosk: string; stationStand: string };
  items: { flatWhite: string; cinnamonBun: string; beans: string; lemonade: string };
  variations: {
    flatWhiteRegular: string;
    flatWhiteLarge: string;
    cinnamonBun: string;
    beansWhole: string;
    beansGround: string;
    lemonadeSmall: string;
    lemonadeLarge: string;
  };
}

const usd = (amount: number) => ({ amount, currency: 'USD' });

function variation(id: string, name: string, amount: number, extra: Obj = {}, data: Obj = {}): Obj {
  return {
    type: 'ITEM_VARIATION',
    id,
    present_at_all_locations: true,
    ...extra,
    item_variation_data: { name, pricing_type: 'FIXED_PRICING', price_money: usd(amount), ...data },
  };
}

/**
 * A small coffee business, as raw Pos objects: three USD locations and four
 * items. The cinnamon bun is not sold at the Old Town Kiosk; ground beans are
 * not sold at the Station Stand, though the whole beans are; the large flat
 * white costs more at the Station Stand (a location override); the beans and
 * the bun have stock counts. Written through the same path as the fake's
 * upserts, so the seed obeys the rules Pos enforces.
 */
export function seedPosShop(state: PosState): SeededPosShop {
  const locations = state.table('locations');
  const add = (name: string): string => {
    const location = newLocation(state, { name, business_name: 'Louise Coffee', currency: 'USD' });
    locations.set(location['id'] as string, location);
    return location['id'] as string;
  };
  const harbourCafe = add('Harbour Café');
  const oldTownKiosk = add('Old Town Kiosk');
  const stationStand = add('Station Stand');

  const { written, idMappings } = storeCatalogObjects(state, [
    {
      type: 'ITEM',
      id: '#flat-white',
      present_at_all_locations: true,
      item_data: {
        name: 'Flat white',
        description: 'Double ristretto, steamed milk.',
        variations: [
          variation('#flat-white-regular', 'Regular', 400),
          variation(
            '#flat-white-large',
            'Large',
            480,
            {},
            { location_overrides: [{ location_id: stationStand, price_money: usd(520), pricing_type: 'FIXED_PRICING' }] },
          ),
        ],
      },
    },
    {
      type: 'ITEM',
      id: '#cinnamon-bun',
      present_at_all_locations: true,
      absent_at_location_ids: [oldTownKiosk],
      item_data: {
        name: 'Cinnamon bun',
        description: 'Baked every morning at the Harbour Café.',
        variations: [variation('#cinnamon-bun-regular', 'Regular', 350, { absent_at_location_ids: [oldTownKiosk] }, { track_inventory: true })],
      },
    },
    {
      type: 'ITEM',
      id: '#beans',
      present_at_all_locations: true,
      item_data: {
        name: 'House blend beans 250 g',
        variations: [
          variation('#beans-whole', 'Whole bean', 1200, {}, { track_inventory: true }),
          // The stand has no grinder: the item is sold there, this variation is not.
          variation('#beans-ground', 'Ground', 1200, { absent_at_location_ids: [stationStand] }, { track_inventory: true }),
        ],
      },
    },
    {
      type: 'ITEM',
      id: '#lemonade',
      present_at_all_locations: true,
      item_data: { name: 'Lemonade', variations: [variation('#lemonade-small', 'Small', 300), variation('#lemonade-large', 'Large', 400)] },
    },
  ]);
  if (written.length !== 4) throw new Error('seedPosShop: the catalog write did not store four items');
  const real = (temp: string): string => {
    const id = idMappings.find((m) => m['client_object_id'] === temp)?.['object_id'];
    if (typeof id !== 'string') throw new Error(`seedPosShop: no id for ${temp}`);
    return id;
  };
  const variations = {
    flatWhiteRegular: real('#flat-white-regular'),
    flatWhiteLarge: real('#flat-white-large'),
    cinnamonBun: real('#cinnamon-bun-regular'),
    beansWhole: real('#beans-whole'),
    beansGround: real('#beans-ground'),
    lemonadeSmall: real('#lemonade-small'),
    lemonadeLarge: real('#lemonade-large'),
  };
  setInventoryCount(state, variations.beansWhole, harbourCafe, '14');
  setInventoryCount(state, variations.beansGround, harbourCafe, '6');
  setInventoryCount(state, variations.beansWhole, stationStand, '3');
  setInventoryCount(state, variations.cinnamonBun, harbourCafe, '12');
  return {
    locations: { harbourCafe, oldTownKiosk, stationStand },
    items: { flatWhite: real('#flat-white'), cinnamonBun: real('#cinnamon-bun'), beans: real('#beans'), lemonade: real('#lemonade') },
    variations,
  };
}
