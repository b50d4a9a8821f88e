import { describe, expect, it } from 'vitest';
import { newTeamMember } from '../../fakes/pos/areas/team.ts';
import { thrown } from '../upstream.testing.ts';
import { fakePosPerTest, posConfigFor } from './pos.testing.ts';
import { createTeamMember, retrieveTeamMember, searchTeamMembers, updateTeamMember } from './team.ts';

const pos = fakePosPerTest();

describe('team members', () => {
  it('creates with a referenceId, retrieves, and sparsely updates (null clears)', async () => {
    const config = posConfigFor(pos.fake);
    const created = await createTeamMember(config, {
      givenName: 'Ada',
      familyName: 'Lovelace',
      emailAddress: 'ada@example.com',
      referenceId: 'staff-17',
      assignedLocations: { assignmentType: 'EXPLICIT_LOCATIONS', locationIds: ['L1'] },
    });
    expect(created).toMatchObject({ givenName: 'Ada', referenceId: 'staff-17', status: 'ACTIVE', assignmentType: 'EXPLICIT_LOCATIONS', locationIds: ['L1'] });
    expect(pos.fake.requests.at(-1)?.body).toMatchObject({
      team_member: {
        given_name: 'Ada',
        family_name: 'Lovelace',
        reference_id: 'staff-17',
        assigned_locations: { assignment_type: 'EXPLICIT_LOCATIONS', location_ids: ['L1'] },
      },
      idempotency_key: expect.any(String),
    });
    expect(await retrieveTeamMember(config, created.id)).toEqual(created);

    const updated = await updateTeamMember(config, created.id, { phoneNumber: '+15555550100', emailAddress: null });
    expect(pos.fake.requests.at(-1)?.body).toEqual({ team_member: { phone_number: '+15555550100', email_address: null } });
    expect(updated).toMatchObject({ givenName: 'Ada', phoneNumber: '+15555550100', emailAddress: null });
  });

  it('searchTeamMembers sends status ACTIVE and limit 200 by default and reads the first page only', async () => {
    for (let i = 0; i < 205; i++) newTeamMember(pos.fake.state, { given_name: `M${i}` });
    newTeamMember(pos.fake.state, { given_name: 'Gone', status: 'INACTIVE' });
    const members = await searchTeamMembers(posConfigFor(pos.fake));
    expect(pos.fake.requests).toHaveLength(1);
    expect(pos.fake.requests[0]?.body).toEqual({ query: { filter: { status: 'ACTIVE' } }, limit: 200 });
    expect(members).toHaveLength(200);
    expect(members.every((m) => m.status === 'ACTIVE')).toBe(true);
  });

  it('filters by status and location ids, with a smaller limit', async () => {
    newTeamMember(pos.fake.state, { given_name: 'Here', assigned_locations: { assignment_type: 'EXPLICIT_LOCATIONS', location_ids: ['L1'] } });
    newTeamMember(pos.fake.state, { given_name: 'There', assigned_locations: { assignment_type: 'EXPLICIT_LOCATIONS', location_ids: ['L2'] } });
    newTeamMember(pos.fake.state, {
      given_name: 'Left',
      status: 'INACTIVE',
      assigned_locations: { assignment_type: 'EXPLICIT_LOCATIONS', location_ids: ['L1'] },
    });
    const config = posConfigFor(pos.fake);
    expect((await searchTeamMembers(config, { locationIds: ['L1'] })).map((m) => m.givenName)).toEqual(['Here']);
    expect((await searchTeamMembers(config, { status: 'INACTIVE', locationIds: ['L1'], limit: 5 })).map((m) => m.givenName)).toEqual(['Left']);
    expect(pos.fake.requests.at(-1)?.body).toEqual({ query: { filter: { status: 'INACTIVE', location_ids: ['L1'] } }, limit: 5 });
  });

  it('a missing member is a 404 PosApiError; bad input sends nothing', async () => {
    const config = posConfigFor(pos.fake);
    expect(await thrown(retrieveTeamMember(config, 'NOPE'))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    const before = pos.fake.requests.length;
    await expect(searchTeamMembers(config, { limit: 201 })).rejects.toThrow(/1 to 200/);
    await expect(searchTeamMembers(config, { limit: 0 })).rejects.toThrow(TypeError);
    await expect(searchTeamMembers(config, { status: 'active' as 'ACTIVE' })).rejects.toThrow(TypeError);
    await expect(searchTeamMembers(config, { locationIds: [] })).rejects.toThrow(TypeError);
    await expect(createTeamMember(config, { givenName: 'Ada', familyName: '' })).rejects.toThrow(/familyName/);
    await expect(updateTeamMember(config, 'TM1', {})).rejects.toThrow(/at least one field/);
    await expect(updateTeamMember(config, '../x', { givenName: 'A' })).rejects.toThrow(TypeError);
    expect(pos.fake.requests).toHaveLength(before);
  });

  it('called every team operation with a valid request', () => {
    expect([...pos.called]).toEqual(expect.arrayContaining(['CreateTeamMember', 'UpdateTeamMember', 'RetrieveTeamMember', 'SearchTeamMembers']));
  });
});
