import { badRequest, notFound, type Obj, type PosHandler, type PosState, page, versionMismatch } from '../state.ts';

/**
 * The fake's catalog. Objects are stored flat (an item's variations are rows
 * of their own, as Pos keeps them, so a variation can be batch-retrieved by
 * id) and nested again when answered. Every write gives everything it wrote
 * one new version; a write naming another version than the current one is
 * refused with VERSION_MISMATCH. Deleted objects stay as rows with
 * `is_deleted`, so only `include_deleted_objects` sees them.
 */

/** Pos's ListCatalog page size ("currently set to be 100"). */
const LIST_PAGE = 100;
const MAX_VARIATIONS = 250;
/** ListCatalog's types when none are asked for: top-level types only (no variations, no images). */
const DEFAULT_TYPES = new Set([
  'ITEM',
  'CATEGORY',
  'TAX',
  'DISCOUNT',
  'MODIFIER_LIST',
  'PRICING_RULE',
  'PRODUCT_SET',
  'TIME_PERIOD',
  'MEASUREMENT_UNIT',
  'SUBSCRIPTION_PLAN',
  'ITEM_OPTION',
  'CUSTOM_ATTRIBUTE_DEFINITION',
  'QUICK_AMOUNT_SETTINGS',
]);

const catalog = (state: PosState) => state.table('catalog');
const clone = <T>(value: T): T => structuredClone(value);
const dataOf = (o: Obj, key: string): Obj => (o[key] as Obj | undefined) ?? {};

/** The object as Pos answers it: an item carries its live variations, in order. */
function answerOf(state: PosState, stored: Obj): Obj {
  const out = clone(stored);
  if (out['type'] === 'ITEM') {
    const variations = [...catalog(state).values()].filter(
      (v) => v['type'] === 'ITEM_VARIATION' && v['is_deleted'] !== true && dataOf(v, 'item_variation_data')['item_id'] === stored['id'],
    );
    variations.sort((a, b) => Number(dataOf(a, 'item_variation_data')['ordinal']) - Number(dataOf(b, 'item_variation_data')['ordinal']));
    out['item_data'] = { ...dataOf(out, 'item_data'), variations: variations.map(clone) };
  }
  return out;
}

function live(state: PosState, id: string | undefined): Obj | undefined {
  const stored = catalog(state).get(id ?? '');
  return stored && stored['is_deleted'] !== true ? stored : undefined;
}

function sellsAt(o: Obj, locationId: string): boolean {
  return o['present_at_all_locations'] !== false
    ? !((o['absent_at_location_ids'] as string[] | undefined) ?? []).includes(locationId)
    : ((o['present_at_location_ids'] as string[] | undefined) ?? []).includes(locationId);
}

function locationIdsIn(o: Obj): string[] {
  const overrides = (dataOf(o, 'item_variation_data')['location_overrides'] as Obj[] | undefined) ?? [];
  return [
    ...((o['present_at_location_ids'] as string[] | undefined) ?? []),
    ...((o['absent_at_location_ids'] as string[] | undefined) ?? []),
    ...overrides.map((x) => String(x['location_id'])),
  ];
}

/** Pos refuses a variation enabled where its item is not (including "all future locations" under an item listed at some). */
function checkPresence(state: PosState, item: Obj, variation: Obj): void {
  const name = String(dataOf(variation, 'item_variation_data')['name'] ?? variation['id']);
  if (variation['present_at_all_locations'] !== false && item['present_at_all_locations'] === false) {
    throw badRequest('INVALID_VALUE', `Item variation ${name} is present at all locations but its item is not`, 'present_at_all_locations');
  }
  const overrides = ((dataOf(variation, 'item_variation_data')['location_overrides'] as Obj[] | undefined) ?? []).map((o) => String(o['location_id']));
  const locations = new Set([...state.table('locations').keys(), ...locationIdsIn(item), ...locationIdsIn(variation)]);
  for (const locationId of locations) {
    if ((sellsAt(variation, locationId) || overrides.includes(locationId)) && !sellsAt(item, locationId)) {
      throw badRequest('INVALID_VALUE', `Item variation ${name} is enabled at location ${locationId} where its item is not`, 'present_at_location_ids');
    }
  }
}

/**
 * Writes objects as one atomic batch, as UpsertCatalogObject and each batch of
 * BatchUpsertCatalogObjects do: every check first, then every write. Returns
 * the written top-level objects (as answered) and the temporary id mappings.
 */
export function storeCatalogObjects(state: PosState, objects: Obj[]): { written: Obj[]; idMappings: Obj[] } {
  const idMappings: Obj[] = [];
  const ids = new Map<string, string>();
  const realId = (id: string): string => {
    if (!id.startsWith('#')) return id;
    const known = ids.get(id) ?? state.id();
    if (!ids.has(id)) idMappings.push({ client_object_id: id, object_id: known });
    ids.set(id, known);
    return known;
  };
  // Flatten: an item's nested variations are objects of their own.
  const flat: { object: Obj; nestedIn: string | null }[] = [];
  for (const raw of objects) {
    const object = clone(raw);
    flat.push({ object, nestedIn: null });
    if (object['type'] === 'ITEM' && Array.isArray(dataOf(object, 'item_data')['variations'])) {
      const variations = dataOf(object, 'item_data')['variations'] as Obj[];
      if (variations.length > MAX_VARIATIONS)
        throw badRequest('INVALID_VALUE', `An item can have at most ${MAX_VARIATIONS} variations`, 'item_data.variations');
      for (const v of variations) flat.push({ object: v, nestedIn: String(object['id']) });
    }
  }
  for (const { object } of flat) {
    const id = String(object['id']);
    if (object['is_deleted'] === true) throw badRequest('INVALID_VALUE', 'is_deleted must not be set to true', 'is_deleted');
    if (!id.startsWith('#')) {
      const stored = catalog(state).get(id);
      if (!stored || stored['is_deleted'] === true) throw badRequest('INVALID_VALUE', `Object ${id} does not exist`, 'id');
      if (stored['type'] !== object['type']) throw badRequest('INVALID_VALUE', `Object ${id} is a ${String(stored['type'])}`, 'type');
      if (object['version'] !== undefined && object['version'] !== stored['version']) throw versionMismatch(`Object ${id}`);
    }
    for (const locationId of locationIdsIn(object)) {
      if (!state.table('locations').has(locationId)) throw badRequest('INVALID_LOCATION', `Location ${locationId} does not exist`, 'location_id');
    }
    const imageIds = [
      ...((dataOf(object, 'item_data')['image_ids'] as string[] | undefined) ?? []),
      ...((dataOf(object, 'item_variation_data')['image_ids'] as string[] | undefined) ?? []),
    ];
    for (const imageId of imageIds)
      if (live(state, imageId)?.['type'] !== 'IMAGE') throw badRequest('INVALID_VALUE', `Image ${imageId} does not exist`, 'image_ids');
  }
  // Presence: each variation against its item, from this write or stored.
  const byId = new Map(flat.map(({ object }) => [String(object['id']), object]));
  for (const { object, nestedIn } of flat) {
    if (object['type'] !== 'ITEM_VARIATION') continue;
    const itemId = String(dataOf(object, 'item_variation_data')['item_id'] ?? nestedIn ?? '');
    const item = byId.get(itemId) ?? live(state, itemId);
    if (item?.['type'] !== 'ITEM') throw badRequest('INVALID_VALUE', `Item variation ${String(object['id'])} names no item`, 'item_variation_data.item_id');
    checkPresence(state, item, object);
  }

  const version = state.nextVersion();
  const now = state.isoNow();
  const written: string[] = [];
  const ordinals = new Map<string, number>();
  for (const { object, nestedIn } of flat) {
    const id = realId(String(object['id']));
    const row: Obj = { ...object, id, version, updated_at: now, is_deleted: false };
    if (row['present_at_all_locations'] === undefined) row['present_at_all_locations'] = true;
    if (row['type'] === 'ITEM') {
      const data = { ...dataOf(row, 'item_data') };
      const nested = data['variations'] as Obj[] | undefined;
      delete data['variations'];
      row['item_data'] = data;
      // Variations left out of an item's list are deleted, as Pos does when an item is written with its variations.
      if (nested) {
        const keep = new Set(nested.map((v) => realId(String(v['id']))));
        for (const v of catalog(state).values()) {
          if (v['type'] === 'ITEM_VARIATION' && dataOf(v, 'item_variation_data')['item_id'] === id && !keep.has(String(v['id'])))
            Object.assign(v, { is_deleted: true, version, updated_at: now });
        }
      }
    }
    if (row['type'] === 'ITEM_VARIATION') {
      const data = { ...dataOf(row, 'item_variation_data') };
      const itemId = realId(String(data['item_id'] ?? nestedIn));
      data['item_id'] = itemId;
      const ordinal = (ordinals.get(itemId) ?? 0) + 1;
      ordinals.set(itemId, ordinal);
      data['ordinal'] = nestedIn ? ordinal : (dataOf(catalog(state).get(id) ?? {}, 'item_variation_data')['ordinal'] ?? ordinal);
      row['item_variation_data'] = data;
    }
    catalog(state).set(id, row);
    if (nestedIn === null) written.push(id);
  }
  return { written: written.map((id) => answerOf(state, catalog(state).get(id) as Obj)), idMappings };
}

function createImage(state: PosState, body: Obj): Obj {
  const request = body['request'] as Obj | undefined;
  if (!request) throw badRequest('MISSING_REQUIRED_PARAMETER', 'The request part is missing', 'request');
  if (typeof body['image_file'] !== 'string') throw badRequest('MISSING_REQUIRED_PARAMETER', 'The image_file part is missing', 'image_file');
  const image = request['image'] as Obj;
  if (image['type'] !== 'IMAGE') throw badRequest('INVALID_VALUE', 'image must be of type IMAGE', 'image.type');
  const target = typeof request['object_id'] === 'string' ? live(state, request['object_id']) : undefined;
  if (typeof request['object_id'] === 'string' && !target) throw notFound(`Object ${request['object_id']}`, 'object_id');
  const id = state.id();
  const data = dataOf(image, 'image_data');
  const stored: Obj = {
    type: 'IMAGE',
    id,
    version: state.nextVersion(),
    updated_at: state.isoNow(),
    is_deleted: false,
    present_at_all_locations: true,
    image_data: { ...data, url: `https://items-images.pos.fake.test/files/${id}/original.jpeg` },
  };
  catalog(state).set(id, stored);
  if (target) {
    const key = target['type'] === 'ITEM' ? 'item_data' : target['type'] === 'ITEM_VARIATION' ? 'item_variation_data' : null;
    if (key === null) throw badRequest('INVALID_VALUE', 'Images attach to items and variations', 'object_id');
    const targetData = dataOf(target, key);
    const imageIds = (targetData['image_ids'] as string[] | undefined) ?? [];
    target[key] = { ...targetData, image_ids: request['is_primary'] === true ? [id, ...imageIds] : [...imageIds, id] };
    Object.assign(target, { version: state.nextVersion(), updated_at: state.isoNow() });
  }
  return stored;
}

/** The fake's catalog operations, keyed by OpenAPI operation id. */
export const catalogHandlers: Record<string, PosHandler> = {
  ListCatalog: ({ state, query }) => {
    const types = query['types'] ? new Set(query['types'].split(',').map((t) => t.trim().toUpperCase())) : DEFAULT_TYPES;
    const rows = [...catalog(state).values()].filter((o) => o['is_deleted'] !== true && types.has(String(o['type'])));
    const { items, cursor } = page(rows, query['cursor'], LIST_PAGE);
    return { body: { objects: items.map((o) => answerOf(state, o)), ...(cursor ? { cursor } : {}) } };
  },
  RetrieveCatalogObject: ({ state, params }) => {
    const stored = live(state, params['object_id']);
    if (!stored) throw notFound('Object', 'object_id');
    return { body: { object: answerOf(state, stored) } };
  },
  BatchRetrieveCatalogObjects: ({ state, body }) => {
    const withDeleted = body['include_deleted_objects'] === true;
    const found = ((body['object_ids'] as string[] | undefined) ?? []).flatMap((id) => {
      const stored = catalog(state).get(id);
      return stored && (withDeleted || stored['is_deleted'] !== true) ? [answerOf(state, stored)] : [];
    });
    return { body: { objects: found } };
  },
  UpsertCatalogObject: ({ state, body }) => {
    const { written, idMappings } = storeCatalogObjects(state, [body['object'] as Obj]);
    return { body: { catalog_object: written[0] as Obj, id_mappings: idMappings } };
  },
  BatchUpsertCatalogObjects: ({ state, body }) => {
    const batches = body['batches'] as { objects: Obj[] }[];
    if (batches.some((b) => b.objects.length > 1000)) throw badRequest('INVALID_VALUE', 'A batch takes at most 1000 objects', 'batches');
    if (batches.reduce((n, b) => n + b.objects.length, 0) > 10_000) throw badRequest('INVALID_VALUE', 'A request takes at most 10000 objects', 'batches');
    const results = batches.map((b) => storeCatalogObjects(state, b.objects));
    return { body: { objects: results.flatMap((r) => r.written), id_mappings: results.flatMap((r) => r.idMappings), updated_at: state.isoNow() } };
  },
  DeleteCatalogObject: ({ state, params }) => {
    const stored = live(state, params['object_id']);
    if (!stored) throw notFound('Object', 'object_id');
    const version = state.nextVersion();
    const deleted = [
      stored,
      ...[...catalog(state).values()].filter((v) => stored['type'] === 'ITEM' && dataOf(v, 'item_variation_data')['item_id'] === stored['id']),
    ];
    for (const o of deleted) Object.assign(o, { is_deleted: true, version, updated_at: state.isoNow() });
    return { body: { deleted_object_ids: deleted.map((o) => String(o['id'])), deleted_at: state.isoNow() } };
  },
  CreateCatalogImage: ({ state, body }) => ({ body: { image: createImage(state, body) } }),
};
