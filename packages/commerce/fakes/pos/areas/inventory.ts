import { badRequest, type Obj, type PosHandler, type PosState, page } from '../state.ts';

/**
 * The fake's stock: one count per variation, location and state, kept as
 * Pos's decimal strings. Physical counts set a count, adjustments move a
 * quantity from one state to another (`NONE` is outside the stock).
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const counts = (state: PosState) => state.table('inventory');
const keyOf = (objectId: string, locationId: string, countState: string) => `${objectId}|${locationId}|${countState}`;

/** A count as Pos answers it. Seeds use it too. */
export function setInventoryCount(state: PosState, objectId: string, locationId: string, quantity: string, countState = 'IN_STOCK'): Obj {
  const count: Obj = {
    catalog_object_id: objectId,
    catalog_object_type: 'ITEM_VARIATION',
    state: countState,
    location_id: locationId,
    quantity,
    calculated_at: state.isoNow(),
  };
  counts(state).set(keyOf(objectId, locationId, countState), count);
  return count;
}

/** Decimal arithmetic at Pos's 5 places, without float drift. */
const toUnits = (q: string): bigint => {
  const [whole = '0', frac = ''] = q.replace('-', '').split('.');
  const units = BigInt(whole) * 100000n + BigInt(`${frac}00000`.slice(0, 5));
  return q.startsWith('-') ? -units : units;
};
const fromUnits = (u: bigint): string => {
  const sign = u < 0n ? '-' : '';
  const abs = u < 0n ? -u : u;
  const frac = (abs % 100000n).toString().padStart(5, '0').replace(/0+$/, '');
  return `${sign}${abs / 100000n}${frac ? `.${frac}` : ''}`;
};

function checkTarget(state: PosState, change: Obj, field: string): void {
  const object = state.table('catalog').get(String(change['catalog_object_id']));
  if (!object || object['is_deleted'] === true || object['type'] !== 'ITEM_VARIATION') {
    throw badRequest('INVALID_VALUE', `Catalog object ${String(change['catalog_object_id'])} is not a live item variation`, `${field}.catalog_object_id`);
  }
  if (!state.table('locations').has(String(change['location_id']))) throw badRequest('INVALID_LOCATION', 'Location not found', `${field}.location_id`);
  if (typeof change['quantity'] !== 'string' || !/^\d+(\.\d{1,5})?$/.test(change['quantity']))
    throw badRequest('INVALID_VALUE', 'quantity must be a decimal string', `${field}.quantity`);
  const occurred = Date.parse(String(change['occurred_at'] ?? ''));
  if (Number.isNaN(occurred)) throw badRequest('MISSING_REQUIRED_PARAMETER', 'occurred_at is required', `${field}.occurred_at`);
  if (occurred > state.now() + 60_000 || occurred < state.now() - DAY_MS)
    throw badRequest('INVALID_VALUE', 'occurred_at must be within the last 24 hours', `${field}.occurred_at`);
}

/** The fake's inventory operations, keyed by OpenAPI operation id. */
export const inventoryHandlers: Record<string, PosHandler> = {
  BatchRetrieveInventoryCounts: ({ state, body }) => {
    const ids = body['catalog_object_ids'] as string[] | undefined;
    const locations = body['location_ids'] as string[] | undefined;
    const states = body['states'] as string[] | undefined;
    const rows = [...counts(state).values()].filter(
      (c) =>
        (!ids || ids.includes(String(c['catalog_object_id']))) &&
        (!locations || locations.includes(String(c['location_id']))) &&
        (!states || states.includes(String(c['state']))),
    );
    const { items, cursor } = page(rows, body['cursor'] as string | undefined, Number(body['limit'] ?? 1000));
    return { body: { counts: items, ...(cursor ? { cursor } : {}) } };
  },
  BatchChangeInventory: ({ state, body }) => {
    const changes = (body['changes'] as Obj[] | undefined) ?? [];
    if (changes.length > 100) throw badRequest('INVALID_VALUE', 'At most 100 changes per request', 'changes');
    changes.forEach((c, i) => {
      if (c['type'] === 'PHYSICAL_COUNT' && c['physical_count']) checkTarget(state, c['physical_count'] as Obj, `changes[${i}].physical_count`);
      else if (c['type'] === 'ADJUSTMENT' && c['adjustment']) checkTarget(state, c['adjustment'] as Obj, `changes[${i}].adjustment`);
      else throw badRequest('INVALID_VALUE', 'Only PHYSICAL_COUNT and ADJUSTMENT changes are supported', `changes[${i}].type`);
    });
    const touched = new Map<string, Obj>();
    const answered = changes.map((c) => {
      const created_at = state.isoNow();
      if (c['type'] === 'PHYSICAL_COUNT') {
        const p = c['physical_count'] as Obj;
        const countState = String(p['state'] ?? 'IN_STOCK');
        const count = setInventoryCount(state, String(p['catalog_object_id']), String(p['location_id']), String(p['quantity']), countState);
        touched.set(keyOf(String(p['catalog_object_id']), String(p['location_id']), countState), count);
        return { type: 'PHYSICAL_COUNT', physical_count: { ...p, id: state.id(), state: countState, catalog_object_type: 'ITEM_VARIATION', created_at } };
      }
      const a = c['adjustment'] as Obj;
      const [objectId, locationId] = [String(a['catalog_object_id']), String(a['location_id'])];
      for (const [countState, sign] of [
        [String(a['from_state']), -1n],
        [String(a['to_state']), 1n],
      ] as const) {
        if (countState === 'NONE') continue;
        const now = counts(state).get(keyOf(objectId, locationId, countState))?.['quantity'] ?? '0';
        const count = setInventoryCount(state, objectId, locationId, fromUnits(toUnits(String(now)) + sign * toUnits(String(a['quantity']))), countState);
        touched.set(keyOf(objectId, locationId, countState), count);
      }
      return { type: 'ADJUSTMENT', adjustment: { ...a, id: state.id(), catalog_object_type: 'ITEM_VARIATION', created_at } };
    });
    return { body: { counts: [...touched.values()], changes: answered } };
  },
};
