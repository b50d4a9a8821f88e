import type { Money } from '../money.ts';
import { collectPages, cursorOf, money, nullOn404, obj, objects, optBool, optInt, optObj, optStr, type PosObject, str, strings } from './read.ts';
import { type PosConfig, posInvalidResponse, posPathId, posRequest } from './request.ts';

/**
 * Where a catalog object is sold, as Pos keeps it: present everywhere
 * (including future locations) except `absentAtLocationIds`, or nowhere
 * except `presentAtLocationIds`.
 */
export interface PosPresence {
  presentAtAllLocations: boolean;
  presentAtLocationIds: string[];
  absentAtLocationIds: string[];
}

/** One location's override of a variation: its own price there, its own stock tracking. */
export interface PosLocationOverride {
  locationId: string;
  price: Money | null;
  pricingType: string | null;
  trackInventory: boolean | null;
  soldOut: boolean;
}

/** A sellable variation of a catalog item (a size, a flavour), normalized. */
export interface PosCatalogVariation extends PosPresence {
  id: string;
  itemId: string | null;
  version: number | null;
  name: string | null;
  sku: string | null;
  ordinal: number | null;
  /** `FIXED_PRICING` (price is set) or `VARIABLE_PRICING` (priced at the till). */
  pricingType: string | null;
  /** The base price: what every location charges unless it overrides it. */
  price: Money | null;
  locationOverrides: PosLocationOverride[];
  trackInventory: boolean | null;
  sellable: boolean | null;
  stockable: boolean | null;
  imageIds: string[];
}

/** A catalog item with its variations, normalized. */
export interface PosCatalogItem extends PosPresence {
  id: string;
  /** Pos's optimistic-concurrency version: a write naming an older one is refused. */
  version: number | null;
  updatedAt: string | null;
  isDeleted: boolean;
  name: string | null;
  description: string | null;
  categoryId: string | null;
  imageIds: string[];
  variations: PosCatalogVariation[];
}

/** The prices of one variation: the base price and each location that overrides it. */
export interface PosVariationPrices {
  variationId: string;
  name: string | null;
  basePrice: Money | null;
  overrides: { locationId: string; price: Money }[];
}

function presenceOf(raw: PosObject): PosPresence {
  return {
    // Pos: "If not specified, defaults to true."
    presentAtAllLocations: optBool(raw, 'present_at_all_locations') ?? true,
    presentAtLocationIds: strings(raw, 'present_at_location_ids'),
    absentAtLocationIds: strings(raw, 'absent_at_location_ids'),
  };
}

/** True when a record with this presence is sold at `locationId`. */
export function isPresentAt(presence: PosPresence, locationId: string): boolean {
  return presence.presentAtAllLocations ? !presence.absentAtLocationIds.includes(locationId) : presence.presentAtLocationIds.includes(locationId);
}

export function mapCatalogVariation(raw: PosObject, operation: string): PosCatalogVariation {
  const data = optObj(raw, 'item_variation_data');
  return {
    id: str(raw, 'id', operation),
    itemId: optStr(data, 'item_id'),
    version: optInt(raw, 'version'),
    name: optStr(data, 'name'),
    sku: optStr(data, 'sku'),
    ordinal: optInt(data, 'ordinal'),
    pricingType: optStr(data, 'pricing_type'),
    price: money(data, 'price_money'),
    ...presenceOf(raw),
    locationOverrides: objects(data, 'location_overrides', operation).flatMap((o) => {
      const locationId = optStr(o, 'location_id');
      if (locationId === null) return [];
      return [
        {
          locationId,
          price: money(o, 'price_money'),
          pricingType: optStr(o, 'pricing_type'),
          trackInventory: optBool(o, 'track_inventory'),
          soldOut: optBool(o, 'sold_out') ?? false,
        },
      ];
    }),
    trackInventory: optBool(data, 'track_inventory'),
    sellable: optBool(data, 'sellable'),
    stockable: optBool(data, 'stockable'),
    imageIds: strings(data, 'image_ids'),
  };
}

export function mapCatalogItem(raw: PosObject, operation: string): PosCatalogItem {
  if (raw['type'] !== 'ITEM') throw posInvalidResponse(operation, `an ITEM object (got ${JSON.stringify(raw['type'])})`);
  const data = optObj(raw, 'item_data');
  return {
    id: str(raw, 'id', operation),
    version: optInt(raw, 'version'),
    updatedAt: optStr(raw, 'updated_at'),
    isDeleted: optBool(raw, 'is_deleted') ?? false,
    name: optStr(data, 'name'),
    description: optStr(data, 'description'),
    categoryId: optStr(data, 'category_id') ?? optStr(optObj(data, 'reporting_category'), 'id'),
    imageIds: strings(data, 'image_ids'),
    ...presenceOf(raw),
    variations: objects(data, 'variations', operation).map((v) => mapCatalogVariation(v, operation)),
  };
}

/**
 * What a variation costs at one location: null where it is not sold (it or
 * its item is absent there, or it is priced at the till), else the location's
 * override price, else the base price.
 */
export function variationPriceAt(item: PosCatalogItem, variation: PosCatalogVariation, locationId: string): Money | null {
  if (!isPresentAt(item, locationId) || !isPresentAt(variation, locationId)) return null;
  const override = variation.locationOverrides.find((o) => o.locationId === locationId);
  return override?.price ?? variation.price;
}

/** Every catalog item (with its variations), following the cursor to the last page. Deleted items are left out by Pos. */
export async function listCatalogItems(config: PosConfig): Promise<PosCatalogItem[]> {
  const op = 'GET /v2/catalog/list';
  return collectPages(op, async (cursor) => {
    const answer = await posRequest(config, 'GET', '/v2/catalog/list', { query: { types: 'ITEM', cursor } });
    return { items: objects(answer, 'objects', op).map((raw) => mapCatalogItem(raw, op)), cursor: cursorOf(answer) };
  });
}

/** The raw catalog object as Pos answers it (what `readModifyWriteCatalog` edits). */
export async function retrieveRawCatalogObject(config: PosConfig, objectId: string): Promise<PosObject> {
  const path = `/v2/catalog/object/${posPathId(objectId, 'catalog object')}`;
  const answer = await posRequest(config, 'GET', path);
  const raw = obj(answer, 'object', `GET ${path}`);
  str(raw, 'id', `GET ${path}`);
  return raw;
}

/** One item with its variations; null only when Pos answers 404 (any other failure throws). */
export async function retrieveCatalogItem(config: PosConfig, itemId: string): Promise<PosCatalogItem | null> {
  const raw = await nullOn404(retrieveRawCatalogObject(config, itemId));
  return raw === null ? null : mapCatalogItem(raw, `GET /v2/catalog/object/${itemId}`);
}

/** The base price and every location override price of each variation of an item; null when the item is not found. */
export async function retrieveVariationPrices(config: PosConfig, itemId: string): Promise<PosVariationPrices[] | null> {
  const item = await retrieveCatalogItem(config, itemId);
  if (item === null) return null;
  return item.variations.map((v) => ({
    variationId: v.id,
    name: v.name,
    basePrice: v.price,
    overrides: v.locationOverrides.flatMap((o) => (o.price === null ? [] : [{ locationId: o.locationId, price: o.price }])),
  }));
}

/** Ids per batch-retrieve request (Pos's documented ceiling for `object_ids`). */
const BATCH_RETRIEVE_MAX = 1000;

/**
 * Which of `ids` still exist in the catalog, are not deleted and are of
 * `type` (`ITEM`, `ITEM_VARIATION`, `IMAGE`, ...), in the order given. For
 * pruning references (a cart line, an `imageIds` list) before a write Pos
 * would refuse. One batch-retrieve per 1,000 ids.
 */
export async function retrieveLiveCatalogObjectIds(config: PosConfig, ids: readonly string[], options: { type: string }): Promise<string[]> {
  if (!Array.isArray(ids) || ids.some((id) => typeof id !== 'string' || id === '')) {
    throw new TypeError('Pos retrieveLiveCatalogObjectIds needs a list of catalog object ids (non-empty strings)');
  }
  if (typeof options?.type !== 'string' || !/^[A-Z_]+$/.test(options.type)) {
    throw new TypeError("Pos retrieveLiveCatalogObjectIds needs { type }, a catalog object type such as 'ITEM' or 'ITEM_VARIATION'");
  }
  const unique = [...new Set(ids)];
  const live = new Set<string>();
  const op = 'POST /v2/catalog/batch-retrieve';
  for (let start = 0; start < unique.length; start += BATCH_RETRIEVE_MAX) {
    const body = { object_ids: unique.slice(start, start + BATCH_RETRIEVE_MAX), include_deleted_objects: false };
    const answer = await posRequest(config, 'POST', '/v2/catalog/batch-retrieve', { body });
    for (const raw of objects(answer, 'objects', op)) {
      if (raw['type'] === options.type && raw['is_deleted'] !== true && typeof raw['id'] === 'string') live.add(raw['id']);
    }
  }
  return ids.filter((id, i) => live.has(id) && ids.indexOf(id) === i);
}
