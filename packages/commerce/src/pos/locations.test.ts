import { describe, expect, it } from 'vitest';
import { createLocation, listLocations, retrieveLocation, updateLocation } from './locations.ts';
import { fakePosPerTest, posConfigFor } from './pos.testing.ts';
import { thrown } from '../upstream.testing.ts';

const pos = fakePosPerTest();

describe('locations', () => {
  it('creates, lists, retrieves and sparsely updates a location', async () => {
    const config = posConfigFor(pos.fake);
    const created = await createLocation(config, { name: 'Harbour stand', address: { addressLine1: '1 Quay', locality: 'Portsmouth', country: 'GB' } });
    expect(created).toMatchObject({ name: 'Harbour stand', status: 'ACTIVE', address: { addressLine1: '1 Quay', locality: 'Portsmouth' } });
    expect(pos.fake.requests.at(-1)?.body).toEqual({
      location: { name: 'Harbour stand', address: { address_line_1: '1 Quay', locality: 'Portsmouth', country: 'GB' } },
    });

    expect((await listLocations(config)).map((l) => l.id)).toEqual([created.id]);
    expect(await retrieveLocation(config, created.id)).toEqual(created);

    const updated = await updateLocation(config, created.id, { description: 'Open at weekends' });
    expect(pos.fake.requests.at(-1)?.body).toEqual({ location: { description: 'Open at weekends' } });
    expect(updated.name).toBe('Harbour stand');
  });

  it('a missing location is a 404 PosApiError', async () => {
    const error = await thrown(retrieveLocation(posConfigFor(pos.fake), 'NOPE'));
    expect(error).toMatchObject({ name: 'PosApiError', status: 404, code: 'NOT_FOUND', category: 'INVALID_REQUEST_ERROR' });
  });

  it('createLocation is never retried (Pos takes no idempotency key for it)', async () => {
    pos.fake.script({ status: 503 });
    const error = await thrown(createLocation(posConfigFor(pos.fake, { retry: { attempts: 3, baseDelayMs: 0, maxDelayMs: 0 } }), { name: 'Stand' }));
    expect(error.status).toBe(503);
    expect(pos.fake.requests).toHaveLength(1);
  });

  it('refuses an unusable id or an empty update before any request', async () => {
    const config = posConfigFor(pos.fake);
    await expect(retrieveLocation(config, '../catalog/list')).rejects.toThrow(TypeError);
    await expect(updateLocation(config, 'L1', {})).rejects.toThrow(/at least one field/);
    expect(pos.fake.requests).toHaveLength(0);
  });
});
