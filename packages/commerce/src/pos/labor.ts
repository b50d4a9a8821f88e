import { collectPages, cursorOf, int, obj, objects, optObj, optStr, type PosObject, str } from './read.ts';
import { type PosConfig, posPathId, posRequest } from './request.ts';

/** What a timecard pays: Pos keeps its own copy on each timecard. */
export interface PosTimecardWage {
  title?: string;
  /** Per hour, in the currency's minor unit. */
  hourlyRateCents: number;
  currency: string;
}

/** One shift of one team member at one location, normalized. `endAt` null means the member is still clocked in. */
export interface PosTimecard {
  id: string;
  locationId: string;
  teamMemberId: string;
  /** RFC 3339. */
  startAt: string;
  endAt: string | null;
  /** Send it back on every update: a write with an older version is rejected (`VERSION_MISMATCH`). */
  version: number;
  wage: PosTimecardWage;
}

/** The whole timecard as `createTimecard` and `updateTimecard` write it. */
export interface PosTimecardInput {
  locationId: string;
  teamMemberId: string;
  startAt: string;
  endAt?: string | null | undefined;
  wage: PosTimecardWage;
}

export interface PosTimecardSearch {
  locationIds?: string[] | undefined;
  teamMemberIds?: string[] | undefined;
  /** `OPEN` (clocked in) or `CLOSED`. */
  status?: 'OPEN' | 'CLOSED' | undefined;
  /** Timecards that started at or after this instant (RFC 3339). */
  startedFrom?: string | undefined;
  /** Timecards that started before this instant (RFC 3339). */
  startedBefore?: string | undefined;
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/;

export function mapTimecard(raw: PosObject, operation: string): PosTimecard {
  const wage = obj(raw, 'wage', operation);
  const rate = obj(wage, 'hourly_rate', operation);
  const title = optStr(wage, 'title');
  return {
    id: str(raw, 'id', operation),
    locationId: str(raw, 'location_id', operation),
    teamMemberId: str(raw, 'team_member_id', operation),
    startAt: str(raw, 'start_at', operation),
    endAt: optStr(raw, 'end_at'),
    version: int(raw, 'version', operation),
    wage: { ...(title !== null ? { title } : {}), hourlyRateCents: int(rate, 'amount', operation), currency: str(rate, 'currency', operation) },
  };
}

function checkInstant(value: unknown, what: string): string {
  if (typeof value !== 'string' || !INSTANT.test(value) || Number.isNaN(Date.parse(value))) {
    throw new TypeError(`Pos ${what} must be an RFC 3339 time with an offset, such as 2025-03-01T09:00:00Z; got ${JSON.stringify(value)}`);
  }
  return value;
}

function checkId(value: unknown, what: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw new TypeError(`Pos ${what} must be a non-empty id string`);
  return value;
}

function wireWage(wage: PosTimecardWage, what: string): PosObject {
  if (typeof wage !== 'object' || wage === null)
    throw new TypeError(`Pos ${what} needs a wage { hourlyRateCents, currency }: without one Pos records a wage of zero`);
  if (!Number.isSafeInteger(wage.hourlyRateCents) || wage.hourlyRateCents < 0) {
    throw new TypeError(`Pos ${what} wage.hourlyRateCents must be a non-negative integer in minor units (cents)`);
  }
  if (typeof wage.currency !== 'string' || !/^[A-Za-z]{3}$/.test(wage.currency))
    throw new TypeError(`Pos ${what} wage.currency must be a 3-letter ISO 4217 code`);
  return {
    ...(wage.title !== undefined ? { title: wage.title } : {}),
    hourly_rate: { amount: wage.hourlyRateCents, currency: wage.currency.toUpperCase() },
  };
}

/** The whole record on the wire, checked: every write of a timecard sends all of it. */
function wireTimecard(input: PosTimecardInput, what: string): PosObject {
  if (typeof input !== 'object' || input === null) throw new TypeError(`Pos ${what} needs a timecard`);
  const startAt = checkInstant(input.startAt, `${what} startAt`);
  const endAt = input.endAt === undefined || input.endAt === null ? null : checkInstant(input.endAt, `${what} endAt`);
  if (endAt !== null && Date.parse(endAt) < Date.parse(startAt)) throw new TypeError(`Pos ${what} endAt is before startAt`);
  return {
    location_id: checkId(input.locationId, `${what} locationId`),
    team_member_id: checkId(input.teamMemberId, `${what} teamMemberId`),
    start_at: startAt,
    ...(endAt !== null ? { end_at: endAt } : {}),
    wage: wireWage(input.wage, what),
  };
}

/**
 * Clocks a team member in (no `endAt`) or records a whole shift. Pos allows
 * one open timecard per team member: a second clock-in is refused.
 */
export async function createTimecard(config: PosConfig, input: PosTimecardInput & { idempotencyKey?: string | undefined }): Promise<PosTimecard> {
  const op = 'POST /v2/labor/timecards';
  const timecard = wireTimecard(input, 'createTimecard');
  const answer = await posRequest(config, 'POST', '/v2/labor/timecards', { body: { timecard }, idempotency: { key: input.idempotencyKey, maxLength: 128 } });
  return mapTimecard(obj(answer, 'timecard', op), op);
}

/**
 * Replaces the WHOLE timecard: a field left out is cleared, and a wage left
 * out becomes zero, so the wage is required. `version` is the one you read;
 * if the timecard changed since, Pos rejects the write (`VERSION_MISMATCH`)
 * instead of overwriting the other change. To clock out, use `clockOut`.
 */
export async function updateTimecard(config: PosConfig, timecardId: string, input: PosTimecardInput & { version: number }): Promise<PosTimecard> {
  const path = `/v2/labor/timecards/${posPathId(timecardId, 'timecard')}`;
  const timecard = wireTimecard(input, 'updateTimecard');
  if (!Number.isSafeInteger(input.version) || input.version < 0) throw new TypeError('Pos updateTimecard needs the version you read (an integer)');
  const answer = await posRequest(config, 'PUT', path, { body: { timecard: { ...timecard, version: input.version } } });
  return mapTimecard(obj(answer, 'timecard', `PUT ${path}`), `PUT ${path}`);
}

/** One timecard; a 404 is thrown like any failure (`err.status === 404`). */
export async function retrieveTimecard(config: PosConfig, timecardId: string): Promise<PosTimecard> {
  const path = `/v2/labor/timecards/${posPathId(timecardId, 'timecard')}`;
  return mapTimecard(obj(await posRequest(config, 'GET', path), 'timecard', `GET ${path}`), `GET ${path}`);
}

function checkIds(ids: unknown, what: string): string[] | undefined {
  if (ids === undefined) return undefined;
  if (!Array.isArray(ids) || ids.length === 0 || ids.some((id) => typeof id !== 'string' || id === '')) {
    throw new TypeError(`Pos searchTimecards ${what} must be a non-empty list of ids (leave it out for all)`);
  }
  return ids as string[];
}

/** Timecards matching every filter given, oldest start first, following the cursor to the last page. */
export async function searchTimecards(config: PosConfig, search: PosTimecardSearch = {}): Promise<PosTimecard[]> {
  const op = 'POST /v2/labor/timecards/search';
  const { status, startedFrom, startedBefore } = search ?? {};
  if (status !== undefined && status !== 'OPEN' && status !== 'CLOSED') throw new TypeError("Pos searchTimecards status must be 'OPEN' or 'CLOSED'");
  const locationIds = checkIds(search?.locationIds, 'locationIds');
  const teamMemberIds = checkIds(search?.teamMemberIds, 'teamMemberIds');
  const start = {
    ...(startedFrom !== undefined ? { start_at: checkInstant(startedFrom, 'searchTimecards startedFrom') } : {}),
    ...(startedBefore !== undefined ? { end_at: checkInstant(startedBefore, 'searchTimecards startedBefore') } : {}),
  };
  const filter = {
    ...(locationIds ? { location_ids: locationIds } : {}),
    ...(teamMemberIds ? { team_member_ids: teamMemberIds } : {}),
    ...(status ? { status } : {}),
    ...(Object.keys(start).length > 0 ? { start } : {}),
  };
  const query = { filter, sort: { field: 'START_AT', order: 'ASC' } };
  return collectPages(op, async (cursor) => {
    const answer = await posRequest(config, 'POST', '/v2/labor/timecards/search', { body: { query, limit: 200, ...(cursor ? { cursor } : {}) } });
    return { items: objects(answer, 'timecards', op).map((raw) => mapTimecard(raw, op)), cursor: cursorOf(answer) };
  });
}

/**
 * Clocks a team member out: reads the timecard, then writes it back whole
 * (location, team member, start, wage, breaks, version) with `endAt` (default
 * now) added. The update replaces the record, so everything not sent back
 * would be lost, the wage included. If someone changed the timecard between
 * the read and the write, Pos rejects the stale version and this throws
 * (`PosApiError`, code `VERSION_MISMATCH`): read again and retry if still right.
 */
export async function clockOut(config: PosConfig, timecardId: string, endAt?: string): Promise<PosTimecard> {
  const path = `/v2/labor/timecards/${posPathId(timecardId, 'timecard')}`;
  const end = checkInstant(endAt ?? new Date(config.clock?.now() ?? Date.now()).toISOString(), 'clockOut endAt');
  const read = obj(await posRequest(config, 'GET', path), 'timecard', `GET ${path}`);
  const current = mapTimecard(read, `GET ${path}`);
  if (current.endAt !== null) throw new Error(`Pos clockOut: timecard ${timecardId} is already clocked out (at ${current.endAt})`);
  if (Date.parse(end) < Date.parse(current.startAt)) throw new TypeError(`Pos clockOut endAt ${end} is before the timecard's start ${current.startAt}`);
  const wage = optObj(read, 'wage') ?? {};
  const breaks = objects(read, 'breaks', `GET ${path}`);
  const timecard = {
    location_id: current.locationId,
    team_member_id: current.teamMemberId,
    start_at: current.startAt,
    end_at: end,
    // The wage as Pos holds it (title, rate, tip eligibility), minus the read-only job id.
    wage: Object.fromEntries(Object.entries(wage).filter(([key]) => key !== 'job_id')),
    ...(breaks.length > 0 ? { breaks } : {}),
    version: current.version,
  };
  const answer = await posRequest(config, 'PUT', path, { body: { timecard } });
  return mapTimecard(obj(answer, 'timecard', `PUT ${path}`), `PUT ${path}`);
}
