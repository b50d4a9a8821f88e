import { badRequest, notFound, type Obj, type PosHandler, type PosState, page, versionMismatch } from '../state.ts';

/** Pos's documented default page size for a timecard search. */
const DEFAULT_LIMIT = 200;

function found(state: PosState, id: string | undefined): Obj {
  const timecard = state.table('timecards').get(id ?? '');
  if (!timecard) throw notFound('Timecard', 'id');
  return timecard;
}

/**
 * Checks a whole timecard as written and returns what Pos stores. As Pos
 * does: the location and team member must exist, a member has one open
 * timecard at a time, the end is not before the start, and a wage left out
 * is a wage of zero (an update replaces the record, wage included).
 */
function stored(state: PosState, written: Obj, id: string): Obj {
  const location = state.table('locations').get(written['location_id'] as string);
  if (!location) throw notFound('Location', 'timecard.location_id');
  if (!state.table('teamMembers').has(written['team_member_id'] as string)) throw notFound('Team member', 'timecard.team_member_id');
  const endAt = written['end_at'] as string | undefined;
  if (endAt !== undefined && endAt !== null && Date.parse(endAt) < Date.parse(written['start_at'] as string)) {
    throw badRequest('INVALID_VALUE', 'end_at is before start_at', 'timecard.end_at');
  }
  const open = endAt === undefined || endAt === null;
  if (open) {
    for (const other of state.table('timecards').values()) {
      if (other['id'] !== id && other['team_member_id'] === written['team_member_id'] && other['status'] === 'OPEN') {
        throw badRequest('BAD_REQUEST', 'The team member already has an open timecard', 'timecard.team_member_id');
      }
    }
  }
  const wage = (written['wage'] ?? {}) as Obj;
  const { version: _version, ...fields } = written;
  return {
    ...fields,
    id,
    timezone: location['timezone'],
    wage: { ...wage, hourly_rate: wage['hourly_rate'] ?? { amount: 0, currency: location['currency'] } },
    status: open ? 'OPEN' : 'CLOSED',
  };
}

/** The fake's labor (timecard) operations, keyed by OpenAPI operation id. */
export const laborHandlers: Record<string, PosHandler> = {
  CreateTimecard: ({ state, body }) => {
    const id = state.id('TC');
    const timecard = { ...stored(state, body['timecard'] as Obj, id), version: 1, created_at: state.isoNow(), updated_at: state.isoNow() };
    state.table('timecards').set(id, timecard);
    return { body: { timecard } };
  },
  UpdateTimecard: ({ state, params, body }) => {
    const current = found(state, params['id']);
    const written = body['timecard'] as Obj;
    if (written['version'] !== undefined && written['version'] !== current['version']) throw versionMismatch('Timecard');
    const timecard = {
      ...stored(state, written, current['id'] as string),
      version: (current['version'] as number) + 1,
      created_at: current['created_at'],
      updated_at: state.isoNow(),
    };
    state.table('timecards').set(current['id'] as string, timecard);
    return { body: { timecard } };
  },
  RetrieveTimecard: ({ state, params }) => ({ body: { timecard: found(state, params['id']) } }),
  SearchTimecards: ({ state, body }) => {
    const query = (body['query'] ?? {}) as { filter?: Obj; sort?: { field?: string; order?: string } };
    const filter = (query.filter ?? {}) as {
      location_ids?: string[];
      team_member_ids?: string[];
      status?: string;
      start?: { start_at?: string; end_at?: string };
    };
    const startFrom = filter.start?.start_at ? Date.parse(filter.start.start_at) : Number.NEGATIVE_INFINITY;
    const startBefore = filter.start?.end_at ? Date.parse(filter.start.end_at) : Number.POSITIVE_INFINITY;
    const all = [...state.table('timecards').values()].filter((t) => {
      const start = Date.parse(t['start_at'] as string);
      return (
        (!filter.location_ids || filter.location_ids.includes(t['location_id'] as string)) &&
        (!filter.team_member_ids || filter.team_member_ids.includes(t['team_member_id'] as string)) &&
        (!filter.status || t['status'] === filter.status) &&
        start >= startFrom &&
        start < startBefore
      );
    });
    const field = `${(query.sort?.field ?? 'START_AT').toLowerCase()}`;
    const sign = query.sort?.order === 'DESC' ? -1 : 1;
    all.sort((a, b) => sign * String(a[field] ?? '').localeCompare(String(b[field] ?? '')));
    const result = page(all, body['cursor'] as string | undefined, (body['limit'] as number | undefined) ?? DEFAULT_LIMIT);
    return { body: { timecards: result.items, ...(result.cursor ? { cursor: result.cursor } : {}) } };
  },
};
