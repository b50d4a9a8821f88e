import { describe, expect, it } from 'vitest';
import { newLocation } from '../../fakes/pos/areas/locations.ts';
import { newTeamMember } from '../../fakes/pos/areas/team.ts';
import { thrown } from '../upstream.testing.ts';
import { clockOut, createTimecard, retrieveTimecard, searchTimecards, updateTimecard } from './labor.ts';
import { fakePosPerTest, posConfigFor } from './pos.testing.ts';

const pos = fakePosPerTest();

function seed() {
  const location = newLocation(pos.fake.state, {});
  pos.fake.state.table('locations').set(location['id'] as string, location);
  const member = newTeamMember(pos.fake.state, { given_name: 'Ada', family_name: 'Lovelace' });
  return { locationId: location['id'] as string, teamMemberId: member['id'] as string };
}

const wage = { title: 'Barista', hourlyRateCents: 1850, currency: 'USD' };

describe('timecards', () => {
  it('clocks in, and a second clock-in of the same member is refused', async () => {
    const { locationId, teamMemberId } = seed();
    const config = posConfigFor(pos.fake);
    const open = await createTimecard(config, { locationId, teamMemberId, startAt: '2025-03-01T09:00:00Z', wage });
    expect(open).toEqual({ id: open.id, locationId, teamMemberId, startAt: '2025-03-01T09:00:00Z', endAt: null, version: 1, wage });
    expect(pos.fake.requests.at(-1)?.body).toMatchObject({
      timecard: {
        location_id: locationId,
        team_member_id: teamMemberId,
        start_at: '2025-03-01T09:00:00Z',
        wage: { title: 'Barista', hourly_rate: { amount: 1850, currency: 'USD' } },
      },
      idempotency_key: expect.any(String),
    });
    const second = await thrown(createTimecard(config, { locationId, teamMemberId, startAt: '2025-03-01T10:00:00Z', wage }));
    expect(second).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    expect(await retrieveTimecard(config, open.id)).toEqual(open);
  });

  it('clockOut keeps the wage, location, team member and start, and sends the version it read', async () => {
    const { locationId, teamMemberId } = seed();
    const config = posConfigFor(pos.fake);
    const open = await createTimecard(config, { locationId, teamMemberId, startAt: '2025-03-01T09:00:00Z', wage });
    const closed = await clockOut(config, open.id, '2025-03-01T17:30:00Z');
    expect(closed).toEqual({ ...open, endAt: '2025-03-01T17:30:00Z', version: 2 });
    const put = pos.fake.requests.at(-1);
    expect(put?.operation).toBe('UpdateTimecard');
    expect(put?.body).toEqual({
      timecard: {
        location_id: locationId,
        team_member_id: teamMemberId,
        start_at: '2025-03-01T09:00:00Z',
        end_at: '2025-03-01T17:30:00Z',
        wage: { title: 'Barista', hourly_rate: { amount: 1850, currency: 'USD' } },
        version: 1,
      },
    });
    expect(pos.fake.state.table('timecards').get(open.id)).toMatchObject({ status: 'CLOSED', wage: { hourly_rate: { amount: 1850 } } });
    // Closed: the member can clock in again.
    await createTimecard(config, { locationId, teamMemberId, startAt: '2025-03-02T09:00:00Z', wage });
  });

  it('clockOut fails when the timecard changed between its read and its write (stale version)', async () => {
    const { locationId, teamMemberId } = seed();
    const config = posConfigFor(pos.fake);
    const open = await createTimecard(config, { locationId, teamMemberId, startAt: '2025-03-01T09:00:00Z', wage });
    // A manager corrects the rate while clockOut is between its read and its write.
    let raced = false;
    const racing = posConfigFor(pos.fake, {
      fetch: async (input, init) => {
        const request = new Request(input, init);
        if (request.method === 'PUT' && !raced) {
          raced = true;
          await updateTimecard(config, open.id, {
            locationId,
            teamMemberId,
            startAt: open.startAt,
            wage: { ...wage, hourlyRateCents: 2000 },
            version: open.version,
          });
        }
        return pos.fake.fetch(request);
      },
    });
    const error = await thrown(clockOut(racing, open.id, '2025-03-01T17:00:00Z'));
    expect(error).toMatchObject({ name: 'PosApiError', code: 'VERSION_MISMATCH' });
    const now = await retrieveTimecard(config, open.id);
    expect(now).toMatchObject({ endAt: null, version: 2, wage: { hourlyRateCents: 2000 } });
  });

  it('updateTimecard replaces the whole record, with the wage, and refuses a stale version', async () => {
    const { locationId, teamMemberId } = seed();
    const config = posConfigFor(pos.fake);
    const open = await createTimecard(config, { locationId, teamMemberId, startAt: '2025-03-01T09:00:00Z', wage });
    const fixed = await updateTimecard(config, open.id, {
      locationId,
      teamMemberId,
      startAt: '2025-03-01T08:45:00Z',
      endAt: '2025-03-01T12:00:00Z',
      wage,
      version: 1,
    });
    expect(fixed).toMatchObject({ startAt: '2025-03-01T08:45:00Z', endAt: '2025-03-01T12:00:00Z', version: 2, wage });
    const stale = await thrown(updateTimecard(config, open.id, { locationId, teamMemberId, startAt: '2025-03-01T08:00:00Z', wage, version: 1 }));
    expect(stale).toMatchObject({ code: 'VERSION_MISMATCH', category: 'INVALID_REQUEST_ERROR' });
    // Without a wage Pos would record zero: the client refuses before sending.
    const before = pos.fake.requests.length;
    await expect(
      updateTimecard(config, open.id, { locationId, teamMemberId, startAt: '2025-03-01T08:00:00Z', version: 2 } as unknown as Parameters<
        typeof updateTimecard
      >[2]),
    ).rejects.toThrow(/wage/);
    await expect(updateTimecard(config, open.id, { locationId, teamMemberId, startAt: '2025-03-01', wage, version: 2 })).rejects.toThrow(/RFC 3339/);
    await expect(createTimecard(config, { locationId, teamMemberId, startAt: '2025-03-01T09:00:00Z', endAt: '2025-03-01T08:00:00Z', wage })).rejects.toThrow(
      /before/,
    );
    await expect(
      createTimecard(config, { locationId, teamMemberId, startAt: '2025-03-01T09:00:00Z', wage: { ...wage, hourlyRateCents: 18.5 } }),
    ).rejects.toThrow(/integer/);
    await expect(clockOut(config, open.id, 'five o clock')).rejects.toThrow(/RFC 3339/);
    expect(pos.fake.requests).toHaveLength(before);
  });

  it('clockOut refuses a timecard that is already closed, without writing', async () => {
    const { locationId, teamMemberId } = seed();
    const config = posConfigFor(pos.fake);
    const done = await createTimecard(config, { locationId, teamMemberId, startAt: '2025-03-01T09:00:00Z', endAt: '2025-03-01T10:00:00Z', wage });
    await expect(clockOut(config, done.id, '2025-03-01T11:00:00Z')).rejects.toThrow(/already clocked out/);
    expect(pos.fake.requests.at(-1)?.operation).toBe('RetrieveTimecard');
  });

  it('searchTimecards filters and follows the cursor', async () => {
    const { locationId, teamMemberId } = seed();
    const other = newTeamMember(pos.fake.state, { given_name: 'Bo', family_name: 'B' })['id'] as string;
    const config = posConfigFor(pos.fake);
    for (let day = 1; day <= 5; day++) {
      const d = String(day).padStart(2, '0');
      await createTimecard(config, { locationId, teamMemberId, startAt: `2025-03-${d}T09:00:00Z`, endAt: `2025-03-${d}T17:00:00Z`, wage });
    }
    await createTimecard(config, { locationId, teamMemberId: other, startAt: '2025-03-03T09:00:00Z', wage });
    const mine = await searchTimecards(config, { teamMemberIds: [teamMemberId], startedFrom: '2025-03-02T00:00:00Z', startedBefore: '2025-03-05T00:00:00Z' });
    expect(mine.map((t) => t.startAt)).toEqual(['2025-03-02T09:00:00Z', '2025-03-03T09:00:00Z', '2025-03-04T09:00:00Z']);
    expect((await searchTimecards(config, { status: 'OPEN', locationIds: [locationId] })).map((t) => t.teamMemberId)).toEqual([other]);

    for (let i = 0; i < 230; i++) {
      const id = `SEED${i}`;
      pos.fake.state.table('timecards').set(id, {
        id,
        location_id: locationId,
        team_member_id: teamMemberId,
        start_at: new Date(Date.UTC(2024, 0, 1, 0, i)).toISOString(),
        end_at: new Date(Date.UTC(2024, 0, 1, 0, i + 1)).toISOString(),
        status: 'CLOSED',
        version: 1,
        wage: { hourly_rate: { amount: 0, currency: 'USD' } },
      });
    }
    const before = pos.fake.requests.length;
    expect(await searchTimecards(config, { teamMemberIds: [teamMemberId] })).toHaveLength(235);
    expect(pos.fake.requests.length - before).toBe(2);
  });

  it('a timecard answer without its wage is invalid_response, not a zero wage', async () => {
    const { locationId, teamMemberId } = seed();
    pos.fake.state
      .table('timecards')
      .set('TCX', { id: 'TCX', location_id: locationId, team_member_id: teamMemberId, start_at: '2025-03-01T09:00:00Z', version: 1 });
    expect(await thrown(retrieveTimecard(posConfigFor(pos.fake), 'TCX'))).toMatchObject({ code: 'invalid_response' });
  });

  it('called every labor operation with a valid request', () => {
    expect([...pos.called]).toEqual(expect.arrayContaining(['CreateTimecard', 'UpdateTimecard', 'RetrieveTimecard', 'SearchTimecards']));
  });
});
