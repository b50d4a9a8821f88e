import { describe, expect, it } from 'vitest';
import { newCard } from '../../fakes/pos/areas/cards.ts';
import { newCustomer } from '../../fakes/pos/areas/customers.ts';
import { SANDBOX_TOKEN_DECLINED, SANDBOX_TOKEN_OK } from '../../fakes/pos/areas/payments.ts';
import { thrown } from '../upstream.testing.ts';
import { createCard, disableCard, listCards } from './cards.ts';
import { fakePosPerTest, posConfigFor } from './pos.testing.ts';
import { posRequest } from './request.ts';

const pos = fakePosPerTest();

const ops = (name: string) => pos.fake.requests.filter((r) => r.operation === name);

function seedCustomer(name: string): string {
  const customer = newCustomer(pos.fake.state, { given_name: name });
  pos.fake.state.table('customers').set(String(customer['id']), customer);
  return String(customer['id']);
}

function seedCards(customerId: string, count: number, fields: Record<string, unknown> = {}): string[] {
  return Array.from({ length: count }, () => {
    const card = newCard(pos.fake.state, { customer_id: customerId, ...fields });
    pos.fake.state.table('cards').set(String(card['id']), card);
    return String(card['id']);
  });
}

describe('cards', () => {
  it('keeps a card on file from a card-form token', async () => {
    const customerId = seedCustomer('Ada');
    const card = await createCard(posConfigFor(pos.fake), {
      sourceId: SANDBOX_TOKEN_OK,
      customerId,
      cardholderName: 'Ada Lovelace',
      billingAddress: { postalCode: '94103' },
    });
    expect(ops('CreateCard')[0]?.body).toEqual({
      source_id: SANDBOX_TOKEN_OK,
      card: { customer_id: customerId, cardholder_name: 'Ada Lovelace', billing_address: { postal_code: '94103' } },
      idempotency_key: expect.any(String),
    });
    expect(card).toMatchObject({
      customerId,
      brand: 'VISA',
      last4: '1111',
      enabled: true,
      cardholderName: 'Ada Lovelace',
      billingAddress: { postalCode: '94103' },
    });
    expect(card.id).toMatch(/^ccof:/);
  });

  it('a declined token is refused with PAYMENT_METHOD_ERROR', async () => {
    const error = await thrown(createCard(posConfigFor(pos.fake), { sourceId: SANDBOX_TOKEN_DECLINED, customerId: seedCustomer('Bo') }));
    expect(error).toMatchObject({ category: 'PAYMENT_METHOD_ERROR', code: 'CARD_DECLINED' });
    expect(pos.fake.state.table('cards').size).toBe(0);
  });

  it('listCards follows the cursor and hides disabled cards unless asked', async () => {
    const customerId = seedCustomer('Cy');
    const enabled = seedCards(customerId, 24);
    const disabled = seedCards(customerId, 3, { enabled: false });
    enabled.push(...seedCards(customerId, 4));
    seedCards(seedCustomer('Di'), 2);
    const config = posConfigFor(pos.fake);

    const cards = await listCards(config, { customerId });
    expect(cards.map((c) => c.id)).toEqual(enabled);
    expect(ops('ListCards')).toHaveLength(2); // 28 enabled, 25 a page
    expect(ops('ListCards')[0]?.query).toMatchObject({ customer_id: customerId, include_disabled: false });

    const all = await listCards(config, { customerId, includeDisabled: true });
    expect(all).toHaveLength(31);
    expect(all.filter((c) => !c.enabled).map((c) => c.id)).toEqual(disabled);
    expect(ops('ListCards')).toHaveLength(4);
  });

  it('the fake leaves disabled cards out unless include_disabled, and the client hides any that slip through', async () => {
    const customerId = seedCustomer('Gil');
    const [on] = seedCards(customerId, 1) as [string];
    const [off] = seedCards(customerId, 1, { enabled: false }) as [string];
    const config = posConfigFor(pos.fake);
    const ids = (answer: Record<string, unknown>) => (answer['cards'] as { id: string }[]).map((c) => c.id);
    expect(ids(await posRequest(config, 'GET', '/v2/cards', { query: { customer_id: customerId } }))).toEqual([on]);
    expect(ids(await posRequest(config, 'GET', '/v2/cards', { query: { customer_id: customerId, include_disabled: true } }))).toEqual([on, off]);
    pos.fake.script({ body: { cards: [...pos.fake.state.table('cards').values()] } });
    expect((await listCards(config, { customerId })).map((c) => c.id)).toEqual([on]);
  });

  it('disableCard returns false for another customer card and sends no disable', async () => {
    const [theirs] = seedCards(seedCustomer('Eve'), 1) as [string];
    const config = posConfigFor(pos.fake);
    expect(await disableCard(config, theirs, { customerId: seedCustomer('Mallory') })).toBe(false);
    expect(await disableCard(config, 'ccof:NOSUCHCARD', { customerId: 'C1' })).toBe(false);
    expect(ops('RetrieveCard')).toHaveLength(2);
    expect(ops('DisableCard')).toHaveLength(0);
    expect(pos.fake.state.table('cards').get(theirs)?.['enabled']).toBe(true);
  });

  it('disableCard disables the customer own card, which then leaves the list', async () => {
    const customerId = seedCustomer('Fay');
    const [card, other] = seedCards(customerId, 2) as [string, string];
    const config = posConfigFor(pos.fake);
    expect(await disableCard(config, card, { customerId })).toBe(true);
    expect(ops('DisableCard')).toHaveLength(1);
    expect((await listCards(config, { customerId })).map((c) => c.id)).toEqual([other]);
    // Already disabled: true, and nothing more is sent.
    expect(await disableCard(config, card, { customerId })).toBe(true);
    expect(ops('DisableCard')).toHaveLength(1);
  });

  it('a failed read is thrown, not taken for "not this customer"', async () => {
    pos.fake.script({ status: 500, match: { method: 'GET' } });
    const error = await thrown(disableCard(posConfigFor(pos.fake), 'ccof:X', { customerId: 'C1' }));
    expect(error.status).toBe(500);
  });

  it('refuses unusable input before any request', async () => {
    const config = posConfigFor(pos.fake);
    await expect(listCards(config, { customerId: '' })).rejects.toThrow(/customerId/);
    await expect(disableCard(config, 'ccof:X', { customerId: '' })).rejects.toThrow(/customerId/);
    await expect(disableCard(config, '../cards', { customerId: 'C1' })).rejects.toThrow(TypeError);
    await expect(createCard(config, { sourceId: '', customerId: 'C1' })).rejects.toThrow(/sourceId/);
    await expect(createCard(config, { sourceId: SANDBOX_TOKEN_OK, customerId: 'C1', idempotencyKey: 'k'.repeat(129) })).rejects.toThrow(/1 to 128/);
    expect(pos.fake.requests).toHaveLength(0);
  });

  it('every cards operation was called through the fake with a valid request', () => {
    expect([...pos.called]).toEqual(expect.arrayContaining(['CreateCard', 'DisableCard', 'ListCards', 'RetrieveCard']));
  });
});
