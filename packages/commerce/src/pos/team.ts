import { obj, objects, optBool, optObj, optStr, type PosObject, str, strings } from './read.ts';
import { type PosConfig, posPathId, posRequest } from './request.ts';
import { wireObject } from './wire.ts';

/** A member of the seller's staff, normalized. */
export interface PosTeamMember {
  id: string;
  /** Your own id for this person: how a team member is linked to a record of yours (there is no search by email). */
  referenceId: string | null;
  /** `ACTIVE` or `INACTIVE`. */
  status: string | null;
  givenName: string | null;
  familyName: string | null;
  emailAddress: string | null;
  phoneNumber: string | null;
  isOwner: boolean;
  /** `ALL_CURRENT_AND_FUTURE_LOCATIONS` or `EXPLICIT_LOCATIONS` (then `locationIds` lists them). */
  assignmentType: string | null;
  locationIds: string[];
  createdAt: string | null;
  updatedAt: string | null;
}

/** What `createTeamMember` and `updateTeamMember` take. On update only the fields passed are sent; null clears one. */
export interface PosTeamMemberInput {
  referenceId?: string | null | undefined;
  status?: 'ACTIVE' | 'INACTIVE' | undefined;
  givenName?: string | undefined;
  familyName?: string | undefined;
  emailAddress?: string | null | undefined;
  phoneNumber?: string | null | undefined;
  assignedLocations?: { assignmentType: 'ALL_CURRENT_AND_FUTURE_LOCATIONS' | 'EXPLICIT_LOCATIONS'; locationIds?: string[] | undefined } | undefined;
}

export interface PosTeamSearch {
  /** Default `ACTIVE`. */
  status?: 'ACTIVE' | 'INACTIVE' | undefined;
  /** Members assigned to any of these locations. */
  locationIds?: string[] | undefined;
  /** At most this many members, 1 to 200; default 200. */
  limit?: number | undefined;
}

export function mapTeamMember(raw: PosObject, operation: string): PosTeamMember {
  const assigned = optObj(raw, 'assigned_locations');
  return {
    id: str(raw, 'id', operation),
    referenceId: optStr(raw, 'reference_id'),
    status: optStr(raw, 'status'),
    givenName: optStr(raw, 'given_name'),
    familyName: optStr(raw, 'family_name'),
    emailAddress: optStr(raw, 'email_address'),
    phoneNumber: optStr(raw, 'phone_number'),
    isOwner: optBool(raw, 'is_owner') ?? false,
    assignmentType: optStr(assigned, 'assignment_type'),
    locationIds: strings(assigned, 'location_ids'),
    createdAt: optStr(raw, 'created_at'),
    updatedAt: optStr(raw, 'updated_at'),
  };
}

const STATUSES = ['ACTIVE', 'INACTIVE'];

function checkInput(input: PosTeamMemberInput, what: string): void {
  if (typeof input !== 'object' || input === null) throw new TypeError(`Pos ${what} needs an object of fields`);
  if (input.status !== undefined && !STATUSES.includes(input.status)) throw new TypeError(`Pos ${what} status must be 'ACTIVE' or 'INACTIVE'`);
  const ids = input.assignedLocations?.locationIds;
  if (ids !== undefined && (!Array.isArray(ids) || ids.some((id) => typeof id !== 'string' || id === ''))) {
    throw new TypeError(`Pos ${what} assignedLocations.locationIds must be a list of location ids`);
  }
}

/**
 * A new team member. Pos needs a given and a family name. Set `referenceId`
 * to your own id for the person: it is the link back to your records, since
 * team members cannot be searched by email.
 */
export async function createTeamMember(
  config: PosConfig,
  input: PosTeamMemberInput & { givenName: string; familyName: string; idempotencyKey?: string | undefined },
): Promise<PosTeamMember> {
  checkInput(input, 'createTeamMember');
  if (typeof input.givenName !== 'string' || input.givenName.trim() === '' || typeof input.familyName !== 'string' || input.familyName.trim() === '') {
    throw new TypeError('Pos createTeamMember needs a givenName and a familyName');
  }
  const { idempotencyKey, ...fields } = input;
  const answer = await posRequest(config, 'POST', '/v2/team-members', {
    body: { team_member: wireObject(fields) },
    idempotency: { key: idempotencyKey, maxLength: 128 },
  });
  return mapTeamMember(obj(answer, 'team_member', 'POST /v2/team-members'), 'POST /v2/team-members');
}

/** A sparse update: only the fields passed are sent; null clears one. */
export async function updateTeamMember(config: PosConfig, teamMemberId: string, fields: PosTeamMemberInput): Promise<PosTeamMember> {
  const path = `/v2/team-members/${posPathId(teamMemberId, 'team member')}`;
  checkInput(fields, 'updateTeamMember');
  const teamMember = wireObject(fields);
  if (Object.keys(teamMember).length === 0) throw new TypeError('Pos updateTeamMember needs at least one field to change');
  const answer = await posRequest(config, 'PUT', path, { body: { team_member: teamMember } });
  return mapTeamMember(obj(answer, 'team_member', `PUT ${path}`), `PUT ${path}`);
}

/** One team member; a 404 is thrown like any failure (`err.status === 404`). */
export async function retrieveTeamMember(config: PosConfig, teamMemberId: string): Promise<PosTeamMember> {
  const path = `/v2/team-members/${posPathId(teamMemberId, 'team member')}`;
  const answer = await posRequest(config, 'GET', path);
  return mapTeamMember(obj(answer, 'team_member', `GET ${path}`), `GET ${path}`);
}

/**
 * Team members by status (default `ACTIVE`) and, optionally, location: the
 * FIRST page only, up to `limit` (default 200, Pos's maximum). Pos filters by
 * nothing else: there is no email or name filter, so link a member to your
 * records through `referenceId` and keep its id, rather than searching.
 * Any further pages are not read: raise `limit` or narrow the filter.
 */
export async function searchTeamMembers(config: PosConfig, search: PosTeamSearch = {}): Promise<PosTeamMember[]> {
  const op = 'POST /v2/team-members/search';
  const { status = 'ACTIVE', locationIds, limit = 200 } = search ?? {};
  if (!STATUSES.includes(status)) throw new TypeError(`Pos searchTeamMembers status must be 'ACTIVE' or 'INACTIVE', got ${JSON.stringify(status)}`);
  if (!Number.isInteger(limit) || limit < 1 || limit > 200) throw new TypeError(`Pos searchTeamMembers limit must be an integer from 1 to 200, got ${limit}`);
  if (locationIds !== undefined && (!Array.isArray(locationIds) || locationIds.length === 0 || locationIds.some((id) => typeof id !== 'string' || id === ''))) {
    throw new TypeError('Pos searchTeamMembers locationIds must be a non-empty list of location ids (leave it out for every location)');
  }
  const filter = { status, ...(locationIds ? { location_ids: locationIds } : {}) };
  const answer = await posRequest(config, 'POST', '/v2/team-members/search', { body: { query: { filter }, limit } });
  return objects(answer, 'team_members', op).map((raw) => mapTeamMember(raw, op));
}
