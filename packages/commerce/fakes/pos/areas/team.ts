import { badRequest, notFound, type Obj, type PosHandler, type PosState, page } from '../state.ts';

/** Pos's documented default page size for a team search. */
const DEFAULT_LIMIT = 100;

/** A team member as Pos answers it, stored; for a create and for seeding tests. */
export function newTeamMember(state: PosState, fields: Obj): Obj {
  const member: Obj = {
    id: state.id('TM'),
    status: 'ACTIVE',
    is_owner: false,
    assigned_locations: { assignment_type: 'ALL_CURRENT_AND_FUTURE_LOCATIONS' },
    created_at: state.isoNow(),
    updated_at: state.isoNow(),
    ...fields,
  };
  state.table('teamMembers').set(member['id'] as string, member);
  return member;
}

function found(state: PosState, id: string | undefined): Obj {
  const member = state.table('teamMembers').get(id ?? '');
  if (!member) throw notFound('Team member', 'team_member_id');
  return member;
}

function atLocation(member: Obj, locationIds: string[]): boolean {
  const assigned = (member['assigned_locations'] ?? {}) as { assignment_type?: string; location_ids?: string[] };
  if (assigned.assignment_type === 'ALL_CURRENT_AND_FUTURE_LOCATIONS') return true;
  return (assigned.location_ids ?? []).some((id) => locationIds.includes(id));
}

/** The fake's team operations, keyed by OpenAPI operation id. */
export const teamHandlers: Record<string, PosHandler> = {
  CreateTeamMember: ({ state, body }) => {
    const fields = (body['team_member'] ?? {}) as Obj;
    if (!fields['given_name'] || !fields['family_name']) throw badRequest('BAD_REQUEST', 'given_name and family_name are required', 'team_member');
    return { body: { team_member: newTeamMember(state, fields) } };
  },
  UpdateTeamMember: ({ state, params, body }) => {
    const member = found(state, params['team_member_id']);
    for (const [key, value] of Object.entries((body['team_member'] ?? {}) as Obj)) {
      if (value === null) delete member[key];
      else member[key] = value;
    }
    member['updated_at'] = state.isoNow();
    return { body: { team_member: member } };
  },
  RetrieveTeamMember: ({ state, params }) => ({ body: { team_member: found(state, params['team_member_id']) } }),
  SearchTeamMembers: ({ state, body }) => {
    const filter = ((body['query'] as Obj | undefined)?.['filter'] ?? {}) as { status?: string; location_ids?: string[]; is_owner?: boolean };
    const all = [...state.table('teamMembers').values()].filter(
      (m) =>
        (filter.status === undefined || m['status'] === filter.status) &&
        (filter.is_owner === undefined || m['is_owner'] === filter.is_owner) &&
        (filter.location_ids === undefined || atLocation(m, filter.location_ids)),
    );
    const result = page(all, body['cursor'] as string | undefined, (body['limit'] as number | undefined) ?? DEFAULT_LIMIT);
    return { body: { team_members: result.items, ...(result.cursor ? { cursor: result.cursor } : {}) } };
  },
};
