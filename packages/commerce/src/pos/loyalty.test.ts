import { describe, expect, it } from 'vitest';
import { seedLoyaltyAccount, seedLoyaltyProgram } from '../../fakes/pos/areas/loyalty.ts';
import { thrown } from '../upstream.testing.ts';
import { retrieveLoyaltyAccountByCustomer, retrieveLoyaltyProgram } from './loyalty.ts';
import { fakePosPerTest, posConfigFor } from './pos.testing.ts';

const pos = fakePosPerTest();

describe('loyalty programs', () => {
  it('retrieveLoyaltyProgram returns an INACTIVE program too (main, and by id)', async () => {
    const seeded = seedLoyaltyProgram(pos.fake.state, { status: 'INACTIVE', terminology: { one: 'Star', other: 'Stars' } });
    const program = await retrieveLoyaltyProgram(posConfigFor(pos.fake));
    expect(program).toMatchObject({ id: seeded['id'], status: 'INACTIVE', terminology: { one: 'Star', other: 'Stars' } });
    expect(program?.rewardTiers[0]).toMatchObject({ points: 10, name: '$1 off' });
    expect(program?.accrualRules).toEqual([{ accrualType: 'VISIT', points: 1 }]);
    expect(pos.fake.requests[0]?.path).toBe('/v2/loyalty/programs/main');
    expect(await retrieveLoyaltyProgram(posConfigFor(pos.fake), seeded['id'] as string)).toEqual(program);
  });

  it('is null only on 404', async () => {
    expect(await retrieveLoyaltyProgram(posConfigFor(pos.fake))).toBeNull();
    expect(pos.fake.requests[0]?.status).toBe(404);
  });

  it('throws on a 500 (an outage is not "no program"), and on 401', async () => {
    seedLoyaltyProgram(pos.fake.state);
    pos.fake.script({ status: 500 });
    expect(await thrown(retrieveLoyaltyProgram(posConfigFor(pos.fake)))).toMatchObject({ name: 'PosApiError', status: 500, code: 'INTERNAL_SERVER_ERROR' });
    pos.fake.script({ status: 401 });
    expect(await thrown(retrieveLoyaltyProgram(posConfigFor(pos.fake)))).toMatchObject({ status: 401 });
  });

  it('refuses an unusable program id before any request', async () => {
    await expect(retrieveLoyaltyProgram(posConfigFor(pos.fake), '../accounts')).rejects.toThrow(TypeError);
    expect(pos.fake.requests).toHaveLength(0);
  });
});

describe('loyalty accounts', () => {
  it('finds the account of a customer, or null when there is none', async () => {
    const program = seedLoyaltyProgram(pos.fake.state);
    seedLoyaltyAccount(pos.fake.state, program['id'] as string, 'OTHER', { balance: 3 });
    const seeded = seedLoyaltyAccount(pos.fake.state, program['id'] as string, 'CUST1', {
      balance: 42,
      lifetime_points: 90,
      mapping: { phone_number: '+15555550100' },
    });
    const config = posConfigFor(pos.fake);
    expect(await retrieveLoyaltyAccountByCustomer(config, 'CUST1')).toMatchObject({
      id: seeded['id'],
      programId: program['id'],
      customerId: 'CUST1',
      balance: 42,
      lifetimePoints: 90,
      phoneNumber: '+15555550100',
    });
    expect(pos.fake.requests.at(-1)?.body).toEqual({ query: { customer_ids: ['CUST1'] } });
    expect(await retrieveLoyaltyAccountByCustomer(config, 'NOBODY')).toBeNull();
  });

  it('a failed search throws; an empty customer id sends nothing', async () => {
    pos.fake.script({ status: 503 });
    expect(await thrown(retrieveLoyaltyAccountByCustomer(posConfigFor(pos.fake), 'CUST1'))).toMatchObject({ status: 503, retryable: true });
    await expect(retrieveLoyaltyAccountByCustomer(posConfigFor(pos.fake), '')).rejects.toThrow(TypeError);
    expect(pos.fake.requests).toHaveLength(1);
  });

  it('called every loyalty operation with a valid request', () => {
    expect([...pos.called]).toEqual(expect.arrayContaining(['RetrieveLoyaltyProgram', 'SearchLoyaltyAccounts']));
  });
});
