import type { Money } from '../money.ts';
import { type PosCatalogItem, mapCatalogItem } from './catalog.ts';
import { objects, optObj, optStr, type PosObject, toPosMoney } from './read.ts';
import { type PosConfig, posInvalidResponse, posRequest } from './request.ts';
import { type Wire, wireObject } from './wire.ts';

/** Pos refuses an item with more variations than this (spec Limits). */
export const POS_MAX_VARIATIONS = 250;
/** Objects per atomic batch and per batch-upsert request (BatchUpsertCatalogObjectsRequest). */
const BATCH_OBJECTS_MAX = 1000;
const REQUEST_OBJECTS_MAX = 10_000;
const IDEMPOTENCY_MAX = 128;

/**
 * Where an item or a variation is sold: `'all'` (the default; every location,
 * including future ones, minus `absentAt`) or a list of location ids.
 */
export type PosPresentAt = 'all' | readonly string[];

/** One location's override of a variation. */
export interface PosLocationOverrideInput {
  locationId: string;
  price?: Money | undefined;
  trackInventory?: boolean | undefined;
  inventoryAlertType?: 'NONE' | 'LOW_QUANTITY' | undefined;
  inventoryAlertThreshold?: number | undefined;
}

export interface PosCatalogVariationInput {
  /** An existing variation's id; left out for a new one. */
  id?: string | undefined;
  /** The version last read, for an existing variation: a concurrent change then fails the write instead of being overwritten. */
  version?: number | undefined;
  name: string;
  sku?: string | undefined;
  /** The base price. Left out: priced at the till (`VARIABLE_PRICING`). */
  price?: Money | undefined;
  /** Default: where the item is. */
  presentAt?: PosPresentAt | undefined;
  absentAt?: readonly string[] | undefined;
  /** Shorthand for price-only overrides: `{ [locationId]: price }`. */
  priceAtLocation?: Readonly<Record<string, Money>> | undefined;
  locationOverrides?: readonly PosLocationOverrideInput[] | undefined;
  trackInventory?: boolean | undefined;
  imageIds?: readonly string[] | undefined;
}

export interface PosCatalogItemInput {
  id?: string | undefined;
  version?: number | undefined;
  name: string;
  description?: string | undefined;
  categoryId?: string | undefined;
  /** Ids returned by `createCatalogImage`. */
  imageIds?: readonly string[] | undefined;
  presentAt?: PosPresentAt | undefined;
  absentAt?: readonly string[] | undefined;
  variations: readonly PosCatalogVariationInput[];
}

export interface PosCatalogWriteResult {
  items: PosCatalogItem[];
  /** Temporary (`#...`) ids to the ids Pos gave. */
  idMappings: { clientObjectId: string; objectId: string }[];
}

/** Presence as camelCase input fields (wireObject makes them snake_case). */
function presenceWire(presentAt: PosPresentAt | undefined, absentAt: readonly string[] | undefined, what: string): Wire {
  if (presentAt === undefined || presentAt === 'all') return { presentAtAllLocations: true, absentAtLocationIds: absentAt?.length ? [...absentAt] : undefined };
  if (!Array.isArray(presentAt)) throw new TypeError(`Pos ${what} presentAt must be 'all' or a list of location ids`);
  if (absentAt?.length) throw new TypeError(`Pos ${what}: absentAt only goes with presentAt 'all'; list the locations in presentAt instead`);
  return { presentAtAllLocations: false, presentAtLocationIds: [...presentAt] };
}

function variationWire(v: PosCatalogVariationInput, itemId: string, item: PosCatalogItemInput, index: number): Wire {
  const what = `variation ${index + 1} (${JSON.stringify(v?.name)}) of ${JSON.stringify(item.name)}`;
  if (typeof v?.name !== 'string' || v.name.trim() === '') throw new TypeError(`Pos catalog variation ${index + 1} needs a name`);
  const overrides = new Map<string, Wire>();
  for (const o of v.locationOverrides ?? []) {
    if (typeof o?.locationId !== 'string' || o.locationId === '') throw new TypeError(`Pos ${what}: every location override needs a locationId`);
    const { locationId, price, ...rest } = o;
    overrides.set(locationId, {
      ...wireObject({ locationId, ...rest }),
      ...(price ? { price_money: toPosMoney(price, `${what} price at ${locationId}`), pricing_type: 'FIXED_PRICING' } : {}),
    });
  }
  for (const [locationId, price] of Object.entries(v.priceAtLocation ?? {})) {
    const existing = overrides.get(locationId) ?? { location_id: locationId };
    overrides.set(locationId, { ...existing, price_money: toPosMoney(price, `${what} price at ${locationId}`), pricing_type: 'FIXED_PRICING' });
  }
  // A variation without its own presence inherits the item's, so an item absent somewhere does not trip the check below.
  const presence =
    v.presentAt === undefined && v.absentAt === undefined ? presenceWire(item.presentAt, item.absentAt, what) : presenceWire(v.presentAt, v.absentAt, what);
  const raw = wireObject({
    type: 'ITEM_VARIATION',
    id: v.id ?? `${itemId.startsWith('#') ? itemId : `#${itemId}`}-v${index + 1}`,
    version: v.version,
    ...presence,
    itemVariationData: {
      itemId,
      name: v.name,
      sku: v.sku,
      pricingType: v.price ? 'FIXED_PRICING' : 'VARIABLE_PRICING',
      priceMoney: v.price ? toPosMoney(v.price, `${what} price`) : undefined,
      trackInventory: v.trackInventory,
      imageIds: v.imageIds ? [...v.imageIds] : undefined,
    },
  });
  // Already on the wire (keyed by location id): set after the conversion.
  if (overrides.size > 0) (raw['item_variation_data'] as Wire)['location_overrides'] = [...overrides.values()];
  return raw;
}

/**
 * An item input as the raw Pos `CatalogObject` (type ITEM, variations nested),
 * checked like every catalog write. New objects get temporary ids from their
 * position (`#item1`, `#item1-v2`), so the same call always makes the same
 * body and thus the same derived idempotency key.
 */
export function catalogItemWire(item: PosCatalogItemInput, position = 0): Wire {
  if (typeof item !== 'object' || item === null || typeof item.name !== 'string' || item.name.trim() === '') {
    throw new TypeError('Pos catalog item needs a name');
  }
  if (!Array.isArray(item.variations) || item.variations.length === 0)
    throw new TypeError(`Pos catalog item ${JSON.stringify(item.name)} needs at least one variation`);
  const id = item.id ?? `#item${position + 1}`;
  const raw = wireObject({
    type: 'ITEM',
    id,
    version: item.version,
    ...presenceWire(item.presentAt, item.absentAt, `item ${JSON.stringify(item.name)}`),
    itemData: {
      name: item.name,
      description: item.description,
      categoryId: item.categoryId,
      imageIds: item.imageIds ? [...item.imageIds] : undefined,
    },
  });
  (raw['item_data'] as Wire)['variations'] = item.variations.map((v, i) => variationWire(v, id, item, i));
  checkCatalogObjects([raw]);
  return raw;
}

/** A location set: everything but `ids` (all), or only `ids`. */
interface Where {
  all: boolean;
  ids: Set<string>;
}

function whereOf(raw: PosObject): Where {
  const all = raw['present_at_all_locations'] !== false;
  const ids = Array.isArray(raw[all ? 'absent_at_location_ids' : 'present_at_location_ids'])
    ? (raw[all ? 'absent_at_location_ids' : 'present_at_location_ids'] as unknown[])
    : [];
  return { all, ids: new Set(ids.filter((x): x is string => typeof x === 'string')) };
}

const sells = (where: Where, locationId: string): boolean => (where.all ? !where.ids.has(locationId) : where.ids.has(locationId));

/** Locations where `variation` is sold but `item` is not: '*' for "locations the item may not have yet". */
function soldWhereItemIsNot(item: Where, variation: Where, overrideIds: string[]): string[] {
  const bad = new Set<string>();
  if (variation.all && !item.all) bad.add('every location not listed on the item');
  if (variation.all && item.all) for (const id of item.ids) if (!variation.ids.has(id)) bad.add(id);
  if (!variation.all) for (const id of variation.ids) if (!sells(item, id)) bad.add(id);
  for (const id of overrideIds) if (!sells(item, id)) bad.add(id);
  return [...bad];
}

/**
 * Refuses, before any request, what Pos would refuse or silently make wrong:
 * an item with more than 250 variations, and a variation sold (present,
 * priced or overridden) at a location where its item is not. Works on raw
 * `CatalogObject`s so typed writes and read-modify-write edits share it.
 * Variations are checked against an item nested or in the same write.
 */
export function checkCatalogObjects(raws: readonly PosObject[]): void {
  const items = new Map<string, PosObject>();
  const variations: { variation: PosObject; itemId: string | null }[] = [];
  for (const raw of raws) {
    if (raw['type'] === 'ITEM') {
      if (typeof raw['id'] === 'string') items.set(raw['id'], raw);
      const nested = objects(optObj(raw, 'item_data'), 'variations', 'catalog write');
      if (nested.length > POS_MAX_VARIATIONS) {
        throw new TypeError(
          `Pos catalog item ${JSON.stringify(optStr(optObj(raw, 'item_data'), 'name') ?? raw['id'])} has ${nested.length} variations; Pos allows at most ${POS_MAX_VARIATIONS}. Split it into several items.`,
        );
      }
      for (const variation of nested) variations.push({ variation, itemId: typeof raw['id'] === 'string' ? raw['id'] : null });
    } else if (raw['type'] === 'ITEM_VARIATION') {
      variations.push({ variation: raw, itemId: optStr(optObj(raw, 'item_variation_data'), 'item_id') });
    }
  }
  for (const { variation, itemId } of variations) {
    const item = itemId === null ? undefined : items.get(itemId);
    if (!item) continue;
    const data = optObj(variation, 'item_variation_data');
    const overrideIds = objects(data, 'location_overrides', 'catalog write').flatMap((o) => (typeof o['location_id'] === 'string' ? [o['location_id']] : []));
    const bad = soldWhereItemIsNot(whereOf(item), whereOf(variation), overrideIds);
    if (bad.length > 0) {
      throw new TypeError(
        `Pos catalog variation ${JSON.stringify(optStr(data, 'name') ?? variation['id'])} is sold at ${bad.join(', ')} where its item ${JSON.stringify(optStr(optObj(item, 'item_data'), 'name') ?? itemId)} is not: make the item present there, or the variation absent.`,
      );
    }
  }
}

function mapWriteAnswer(answer: PosObject, operation: string, objectsKey: string): PosCatalogWriteResult {
  const written =
    objectsKey === 'catalog_object' ? [optObj(answer, 'catalog_object')].filter((o): o is PosObject => o !== null) : objects(answer, objectsKey, operation);
  return {
    items: written.filter((o) => o['type'] === 'ITEM').map((o) => mapCatalogItem(o, operation)),
    idMappings: objects(answer, 'id_mappings', operation).flatMap((m) => {
      const clientObjectId = optStr(m, 'client_object_id');
      const objectId = optStr(m, 'object_id');
      return clientObjectId && objectId ? [{ clientObjectId, objectId }] : [];
    }),
  };
}

/** Writes one raw object (already checked). Shared with `readModifyWriteCatalog`. */
export async function upsertRawCatalogObject(config: PosConfig, raw: PosObject, idempotencyKey?: string): Promise<PosObject> {
  checkCatalogObjects([raw]);
  return posRequest(config, 'POST', '/v2/catalog/object', { body: { object: raw }, idempotency: { key: idempotencyKey, maxLength: IDEMPOTENCY_MAX } });
}

/**
 * Creates an item (no `id`) or updates one (its `id` and the `version` you
 * read) with its variations, per-location prices and presence. Refused
 * before any request: more than 250 variations, or a variation sold where
 * its item is not.
 */
export async function upsertCatalogItem(config: PosConfig, item: PosCatalogItemInput & { idempotencyKey?: string | undefined }): Promise<PosCatalogItem> {
  const raw = catalogItemWire(item);
  const op = 'POST /v2/catalog/object';
  const answer = await upsertRawCatalogObject(config, raw, item.idempotencyKey);
  const result = mapWriteAnswer(answer, op, 'catalog_object').items[0];
  if (!result) throw posInvalidResponse(op, 'catalog_object (an ITEM)');
  return result;
}

/**
 * Writes many items at once, packed into atomic batches of up to 1,000
 * objects (an item and its variations always share a batch). The same checks
 * as `upsertCatalogItem` run on every item before anything is sent.
 */
export async function batchUpsertCatalogObjects(
  config: PosConfig,
  input: { items: readonly PosCatalogItemInput[]; idempotencyKey?: string | undefined },
): Promise<PosCatalogWriteResult> {
  if (!Array.isArray(input?.items) || input.items.length === 0) throw new TypeError('Pos batchUpsertCatalogObjects needs { items } with at least one item');
  const raws = input.items.map((item, i) => catalogItemWire(item, i));
  checkCatalogObjects(raws);
  const batches: { objects: Wire[] }[] = [];
  let size = BATCH_OBJECTS_MAX;
  let total = 0;
  for (const raw of raws) {
    const count = 1 + ((raw['item_data'] as { variations: unknown[] }).variations.length ?? 0);
    total += count;
    if (size + count > BATCH_OBJECTS_MAX) {
      batches.push({ objects: [] });
      size = 0;
    }
    batches.at(-1)?.objects.push(raw);
    size += count;
  }
  if (total > REQUEST_OBJECTS_MAX)
    throw new TypeError(
      `Pos batchUpsertCatalogObjects takes at most ${REQUEST_OBJECTS_MAX} objects (items and variations) per call; got ${total}. Split the call.`,
    );
  const op = 'POST /v2/catalog/batch-upsert';
  const answer = await posRequest(config, 'POST', '/v2/catalog/batch-upsert', {
    body: { batches },
    idempotency: { key: input.idempotencyKey, maxLength: IDEMPOTENCY_MAX },
  });
  return mapWriteAnswer(answer, op, 'objects');
}
