import { systemClock } from '../retry.ts';
import { collectPages, cursorOf, objects, optStr, type PosObject, str } from './read.ts';
import { type PosConfig, posInvalidResponse, posRequest } from './request.ts';

/** How many of one variation are in one state (`IN_STOCK`, `SOLD`, ...) at one location. */
export interface PosInventoryCount {
  catalogObjectId: string;
  catalogObjectType: string | null;
  locationId: string;
  state: string;
  /** Pos counts are decimals (a weight can be 2.5); read exactly from Pos's decimal string. */
  quantity: number;
  calculatedAt: string | null;
}

interface ChangeBase {
  catalogObjectId: string;
  locationId: string;
  /** A count: a non-negative number or decimal string (at most 5 decimals). */
  quantity: number | string;
  /** When it happened; default now. Pos refuses a physical count older than 24 hours or in the future. */
  occurredAt?: string | Date | undefined;
  referenceId?: string | undefined;
}

/** A stock change: set the count (`PHYSICAL_COUNT`) or move a quantity between states (`ADJUSTMENT`). */
export type PosInventoryChangeInput =
  | (ChangeBase & { type: 'PHYSICAL_COUNT'; state?: string | undefined })
  | (ChangeBase & { type: 'ADJUSTMENT'; fromState: string; toState: string });

const DECIMAL = /^\d{1,20}(?:\.\d{1,5})?$/;
const STATE = /^[A-Z_]{2,40}$/;
const IDEMPOTENCY_MAX = 128;

export function mapInventoryCount(raw: PosObject, operation: string): PosInventoryCount {
  const quantity = str(raw, 'quantity', operation);
  if (!/^-?\d+(?:\.\d+)?$/.test(quantity)) throw posInvalidResponse(operation, 'quantity as a decimal');
  return {
    catalogObjectId: str(raw, 'catalog_object_id', operation),
    catalogObjectType: optStr(raw, 'catalog_object_type'),
    locationId: str(raw, 'location_id', operation),
    state: str(raw, 'state', operation),
    quantity: Number(quantity),
    calculatedAt: optStr(raw, 'calculated_at'),
  };
}

function idList(value: unknown, what: string): string[] {
  if (!Array.isArray(value) || value.some((id) => typeof id !== 'string' || id === '')) throw new TypeError(`Pos ${what} must be a list of ids`);
  return [...value];
}

/**
 * The counts of these catalog objects (variations), at these locations when
 * given (else all), every page followed. A variation never counted has no
 * entry: treat it as untracked, not as zero.
 */
export async function retrieveInventoryCounts(
  config: PosConfig,
  filter: { catalogObjectIds: readonly string[]; locationIds?: readonly string[] | undefined; states?: readonly string[] | undefined },
): Promise<PosInventoryCount[]> {
  const catalogObjectIds = idList(filter?.catalogObjectIds, 'retrieveInventoryCounts catalogObjectIds');
  if (catalogObjectIds.length === 0) throw new TypeError('Pos retrieveInventoryCounts needs at least one catalog object id');
  const locationIds = filter.locationIds === undefined ? undefined : idList(filter.locationIds, 'retrieveInventoryCounts locationIds');
  const states = filter.states === undefined ? undefined : idList(filter.states, 'retrieveInventoryCounts states');
  const op = 'POST /v2/inventory/counts/batch-retrieve';
  return collectPages(op, async (cursor) => {
    const body = { catalog_object_ids: catalogObjectIds, location_ids: locationIds, states, cursor };
    const answer = await posRequest(config, 'POST', '/v2/inventory/counts/batch-retrieve', { body: JSON.parse(JSON.stringify(body)) });
    return { items: objects(answer, 'counts', op).map((raw) => mapInventoryCount(raw, op)), cursor: cursorOf(answer) };
  });
}

function quantityWire(quantity: number | string, what: string): string {
  const text = typeof quantity === 'number' && Number.isFinite(quantity) ? String(quantity) : quantity;
  if (typeof text !== 'string' || !DECIMAL.test(text))
    throw new TypeError(`Pos ${what} quantity must be a non-negative number with at most 5 decimals, got ${JSON.stringify(quantity)}`);
  return text;
}

function changeWire(change: PosInventoryChangeInput, now: string, index: number): Record<string, unknown> {
  const what = `inventory change ${index + 1}`;
  if (typeof change?.catalogObjectId !== 'string' || change.catalogObjectId === '' || typeof change.locationId !== 'string' || change.locationId === '') {
    throw new TypeError(`Pos ${what} needs a catalogObjectId and a locationId`);
  }
  const occurredAt = change.occurredAt instanceof Date ? change.occurredAt.toISOString() : (change.occurredAt ?? now);
  const common = {
    catalog_object_id: change.catalogObjectId,
    location_id: change.locationId,
    quantity: quantityWire(change.quantity, what),
    occurred_at: occurredAt,
    reference_id: change.referenceId,
  };
  if (change.type === 'PHYSICAL_COUNT') {
    const state = change.state ?? 'IN_STOCK';
    if (!STATE.test(state)) throw new TypeError(`Pos ${what} state must be an inventory state such as IN_STOCK`);
    return { type: 'PHYSICAL_COUNT', physical_count: { ...common, state } };
  }
  if (change.type === 'ADJUSTMENT') {
    if (!STATE.test(change.fromState ?? '') || !STATE.test(change.toState ?? ''))
      throw new TypeError(`Pos ${what} needs fromState and toState (e.g. NONE to IN_STOCK)`);
    return { type: 'ADJUSTMENT', adjustment: { ...common, from_state: change.fromState, to_state: change.toState } };
  }
  throw new TypeError(`Pos ${what} type must be 'PHYSICAL_COUNT' or 'ADJUSTMENT'`);
}

/**
 * Applies stock changes in one request (Pos orders them by `occurredAt`).
 * Carries an idempotency key, so a retried call does not count twice.
 * Returns the counts the changes produced.
 */
export async function batchChangeInventory(
  config: PosConfig,
  input: { changes: readonly PosInventoryChangeInput[]; ignoreUnchangedCounts?: boolean | undefined; idempotencyKey?: string | undefined },
): Promise<PosInventoryCount[]> {
  if (!Array.isArray(input?.changes) || input.changes.length === 0) throw new TypeError('Pos batchChangeInventory needs { changes } with at least one change');
  const now = new Date((config.clock ?? systemClock).now()).toISOString();
  const changes = input.changes.map((c, i) => changeWire(c, now, i));
  const body = JSON.parse(JSON.stringify({ changes, ignore_unchanged_counts: input.ignoreUnchangedCounts })) as Record<string, unknown>;
  const op = 'POST /v2/inventory/changes/batch-create';
  const answer = await posRequest(config, 'POST', '/v2/inventory/changes/batch-create', {
    body,
    idempotency: { key: input.idempotencyKey, maxLength: IDEMPOTENCY_MAX },
  });
  return objects(answer, 'counts', op).map((raw) => mapInventoryCount(raw, op));
}

/** Sets how many of a variation are in stock (or in `state`) at one location, as of now unless `occurredAt` says otherwise. */
export async function setPhysicalCount(
  config: PosConfig,
  input: ChangeBase & { state?: string | undefined; idempotencyKey?: string | undefined },
): Promise<PosInventoryCount | null> {
  const { idempotencyKey, ...change } = input ?? ({} as typeof input);
  const counts = await batchChangeInventory(config, { changes: [{ ...change, type: 'PHYSICAL_COUNT' }], idempotencyKey });
  const state = change.state ?? 'IN_STOCK';
  return counts.find((c) => c.catalogObjectId === change.catalogObjectId && c.locationId === change.locationId && c.state === state) ?? null;
}
