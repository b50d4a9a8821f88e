import { describe, expect, it } from 'vitest';
import { createFakePos, FAKE_POS_TOKEN, FAKE_POS_VERSION } from '../../fakes/pos/fake-pos.ts';

// The fake is only as good as its checks: each one must refuse a request that breaks the contract.
const headers = { authorization: `Bearer ${FAKE_POS_TOKEN}`, 'square-version': FAKE_POS_VERSION, 'content-type': 'application/json' };
const send = (fake: ReturnType<typeof createFakePos>, path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
  fake.fetch(`https://pos.fake.test${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { ...headers, ...init.headers },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });

describe('the fake Pos checks every request against the published OpenAPI', () => {
  it('refuses a misspelt field, a missing required field and a wrong type, and records each', async () => {
    const fake = createFakePos();
    for (const [path, body, problem] of [
      ['/v2/locations', { location: { name: 'A', businessName: 'B' } }, /unknown field "businessName"/],
      ['/v2/labor/timecards', { idempotency_key: 'k', timecard: { location_id: 'L' } }, /required property 'start_at'/],
      ['/v2/orders/search', { location_ids: 'L1' }, /must be array/],
    ] as const) {
      const res = await send(fake, path, { body });
      expect(res.status).toBe(400);
      expect(fake.violations.join('\n')).toMatch(problem);
    }
  });

  it('refuses a wrong token (401), a wrong version, an unknown path and a query it does not take', async () => {
    const fake = createFakePos();
    expect((await send(fake, '/v2/locations', { headers: { authorization: 'Bearer nope' } })).status).toBe(401);
    expect((await send(fake, '/v2/locations', { headers: { 'square-version': '2024-01-18' } })).status).toBe(400);
    expect((await send(fake, '/v2/no-such-thing')).status).toBe(404);
    expect((await send(fake, '/v2/locations?limit=5')).status).toBe(400);
    expect(fake.violations).toHaveLength(4);
  });

  it('replays the same key with the same request, and refuses the same key with another', async () => {
    const fake = createFakePos();
    const customer = (given: string) => ({ idempotency_key: 'same-key', given_name: given, email_address: 'a@example.com' });
    const first = await (await send(fake, '/v2/customers', { body: customer('Ada') })).json();
    const again = await (await send(fake, '/v2/customers', { body: customer('Ada') })).json();
    expect(again).toEqual(first);
    expect(fake.requests.at(-1)?.replayed).toBe(true);
    expect(fake.state.table('customers').size).toBe(1);
    const other = await send(fake, '/v2/customers', { body: customer('Grace') });
    expect(other.status).toBe(400);
    expect(await other.json()).toMatchObject({ errors: [{ code: 'IDEMPOTENCY_KEY_REUSED' }] });
    expect(fake.violations).toEqual([]);
  });

  it('checks its own answers too: an answer Pos could not give is a violation', async () => {
    const fake = createFakePos();
    // A location stored with a field Pos never sends: the fake's answer breaks the response schema.
    fake.state.table('locations').set('L1', { id: 'L1', name: 'Odd', opening_hours: 'always' });
    expect((await send(fake, '/v2/locations/L1')).status).toBe(200);
    expect(fake.violations).toEqual([expect.stringMatching(/fake answer to RetrieveLocation: .*unknown field "opening_hours"/)]);
  });
});
