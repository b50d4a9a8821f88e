import { describe, expect, it } from 'vitest';
import { newCustomer } from '../../fakes/pos/areas/customers.ts';
import { thrown } from '../upstream.testing.ts';
import { createCustomer, ensureCustomer, retrieveCustomer, searchCustomersByEmail, updateCustomer } from './customers.ts';
import { fakePosPerTest, posConfigFor } from './pos.testing.ts';

const pos = fakePosPerTest();

const ops = (name: string) => pos.fake.requests.filter((r) => r.operation === name);

describe('customers', () => {
  it('creates, retrieves and finds a profile by exact email', async () => {
    const config = posConfigFor(pos.fake);
    const created = await createCustomer(config, { email: 'ada@example.com', givenName: 'Ada', familyName: 'Lovelace', address: { locality: 'London' } });
    expect(ops('CreateCustomer')[0]?.body).toEqual({
      email_address: 'ada@example.com',
      given_name: 'Ada',
      family_name: 'Lovelace',
      address: { locality: 'London' },
      idempotency_key: expect.any(String),
    });
    expect(created).toMatchObject({ email: 'ada@example.com', givenName: 'Ada', familyName: 'Lovelace', address: { locality: 'London' }, version: 0 });
    expect(await retrieveCustomer(config, created.id)).toEqual(created);
    await createCustomer(config, { email: 'ada@example.org', givenName: 'Other' });

    expect((await searchCustomersByEmail(config, ' ada@example.com ')).map((c) => c.id)).toEqual([created.id]);
    expect(ops('SearchCustomers').at(-1)?.body).toEqual({
      query: { filter: { email_address: { exact: 'ada@example.com' } }, sort: { field: 'CREATED_AT', order: 'ASC' } },
      limit: 100,
    });
    expect(await searchCustomersByEmail(config, 'nobody@example.com')).toEqual([]);
  });

  it('searchCustomersByEmail follows the cursor, oldest first', async () => {
    const customers = pos.fake.state.table('customers');
    for (let i = 0; i < 103; i++) {
      const c = newCustomer(pos.fake.state, { email_address: 'shared@example.com', given_name: `N${i}` });
      customers.set(String(c['id']), c);
    }
    const found = await searchCustomersByEmail(posConfigFor(pos.fake), 'shared@example.com');
    expect(found.map((c) => c.givenName)).toEqual(Array.from({ length: 103 }, (_, i) => `N${i}`));
    expect(ops('SearchCustomers')).toHaveLength(2);
  });

  it('ensureCustomer finds an existing profile and never overwrites its names or phone', async () => {
    const config = posConfigFor(pos.fake);
    const existing = await createCustomer(config, { email: 'grace@example.com', givenName: 'Grace', familyName: 'Hopper' });
    const before = pos.fake.requests.length;
    const found = await ensureCustomer(config, { email: 'grace@example.com', givenName: 'G.', familyName: 'Murray', phoneNumber: '+15555550100' });
    expect(found.id).toBe(existing.id);
    expect(found).toMatchObject({ givenName: 'Grace', familyName: 'Hopper', phoneNumber: null });
    expect(pos.fake.requests.slice(before).map((r) => r.operation)).toEqual(['SearchCustomers']);
    expect(await retrieveCustomer(config, existing.id)).toMatchObject({ givenName: 'Grace', familyName: 'Hopper', phoneNumber: null });
  });

  it('ensureCustomer creates a missing profile with the names and phone, once', async () => {
    const config = posConfigFor(pos.fake);
    const input = { email: 'alan@example.com', givenName: 'Alan', familyName: 'Turing', phoneNumber: '+441234567890' };
    const created = await ensureCustomer(config, input);
    expect(created).toMatchObject({ email: 'alan@example.com', givenName: 'Alan', familyName: 'Turing', phoneNumber: '+441234567890' });
    expect((await ensureCustomer(config, input)).id).toBe(created.id);
    expect(ops('CreateCustomer')).toHaveLength(1);
    expect(pos.fake.state.table('customers').size).toBe(1);
  });

  it('updateCustomer sends only the fields passed, and null clears one', async () => {
    const config = posConfigFor(pos.fake);
    const c = await createCustomer(config, { email: 'kat@example.com', givenName: 'Katherine', familyName: 'Johnson', note: 'VIP', nickname: 'Kat' });
    const updated = await updateCustomer(config, c.id, { familyName: 'Goble', note: null, version: c.version ?? 0 });
    expect(ops('UpdateCustomer')[0]?.body).toEqual({ family_name: 'Goble', note: null, version: 0 });
    expect(updated).toMatchObject({ givenName: 'Katherine', familyName: 'Goble', nickname: 'Kat', note: null, email: 'kat@example.com', version: 1 });
    expect(pos.fake.state.table('customers').get(c.id)).not.toHaveProperty('note');
  });

  it('a stale version is refused (409 VERSION_MISMATCH)', async () => {
    const config = posConfigFor(pos.fake);
    const c = await createCustomer(config, { givenName: 'Mary' });
    await updateCustomer(config, c.id, { nickname: 'M' });
    const error = await thrown(updateCustomer(config, c.id, { nickname: 'Molly', version: c.version ?? 0 }));
    expect(error).toMatchObject({ status: 409, code: 'VERSION_MISMATCH' });
  });

  it('refuses unusable input before any request', async () => {
    const config = posConfigFor(pos.fake);
    await expect(updateCustomer(config, 'C1', {})).rejects.toThrow(/at least one field/);
    await expect(updateCustomer(config, 'C1', { givenName: '' })).rejects.toThrow(/or null to clear/);
    await expect(updateCustomer(config, 'C1', { emailAddress: 'x@y.z' } as never)).rejects.toThrow(/not a customer field/);
    await expect(updateCustomer(config, '../search', { note: 'x' })).rejects.toThrow(TypeError);
    await expect(createCustomer(config, { note: 'only a note' })).rejects.toThrow(/at least one of/);
    await expect(createCustomer(config, { givenName: null } as never)).rejects.toThrow(/non-empty string/);
    await expect(ensureCustomer(config, { email: 'not-an-email' })).rejects.toThrow(/email/);
    await expect(ensureCustomer(config, { email: 'a@b.c', givenName: '' })).rejects.toThrow(/givenName/);
    await expect(searchCustomersByEmail(config, '')).rejects.toThrow(/email/);
    expect(pos.fake.requests).toHaveLength(0);
  });

  it('every customers operation was called through the fake with a valid request', () => {
    expect([...pos.called]).toEqual(expect.arrayContaining(['CreateCustomer', 'RetrieveCustomer', 'SearchCustomers', 'UpdateCustomer']));
  });
});
