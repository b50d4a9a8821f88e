import { describe, expect, it } from 'vitest';
import { createFakePlatform, FAKE_PLATFORM_PASSWORD, FAKE_PLATFORM_USERNAME } from '../../fakes/merch/platform.ts';
import { createVirtualClock } from '../../fakes/merch/virtual-clock.ts';

// The fake is only worth its violations list if it refuses what the contract
// refuses and limits what the provider limits; these tests hold it to both.

const BASE = 'http://merch.test/open-api/v1.0';
const auth = `Basic ${btoa(`${FAKE_PLATFORM_USERNAME}:${FAKE_PLATFORM_PASSWORD}`)}`;
const send = (fake: ReturnType<typeof createFakePlatform>, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  fake.fetch(`${BASE}${path}`, {
    method,
    headers: { authorization: auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? null : JSON.stringify(body),
  });

describe('fake Merch platform contract check', () => {
  it('refuses unknown, missing and mistyped body fields, unknown query names and unknown paths, each as a violation', async () => {
    const fake = createFakePlatform();
    const cases: [string, string, unknown, number][] = [
      ['POST', '/products', { type: 'digital', name: 'x', description: 'y', price: 5, colour: 'red' }, 400],
      ['POST', '/products', { type: 'digital', name: 'x', price: 5 }, 400],
      ['POST', '/products', { type: 'physical', name: 'x' }, 400],
      ['POST', '/products', { type: 'design', name: 'x', productTemplateId: 't', regions: [{ region: 'front' }] }, 400],
      ['PUT', '/products/abc/state', { state: 'ARCHIVED' }, 400],
      ['POST', '/products/abc/images', { images: [{ url: 'https://a.test/x.png', width: 10 }] }, 400],
      ['POST', '/external-orders/validate', { items: [{ offerId: 'o', variantId: 'v', quantity: '2' }], shippingAddress: {} }, 400],
      ['GET', '/external-orders?colour=red', undefined, 400],
      ['GET', '/external-orders?size=500', undefined, 400],
      ['GET', '/products/abc/inventory?page=2', undefined, 400],
      ['GET', '/nothing-here', undefined, 404],
      ['PATCH', '/products/abc', { name: 'x' }, 405],
    ];
    for (const [method, path, body, status] of cases) expect((await send(fake, method, path, body)).status, `${method} ${path}`).toBe(status);
    expect(fake.violations).toHaveLength(cases.length);
    expect(fake.violations[0]).toMatch(/body\.colour: unknown field/);
    expect(fake.violations[1]).toMatch(/body\.description: required/);
    expect(fake.violations[3]).toMatch(/regions\[0\]\.imageId: required/);
    expect(fake.products.size).toBe(3);
  });

  it('refuses a request without Basic auth as a violation; a wrong password is a plain 401', async () => {
    const fake = createFakePlatform();
    expect((await send(fake, 'GET', '/external-orders', undefined, { authorization: 'Bearer abc' })).status).toBe(401);
    expect(fake.violations).toHaveLength(1);
    expect((await send(fake, 'GET', '/external-orders', undefined, { authorization: `Basic ${btoa(`${FAKE_PLATFORM_USERNAME}:nope`)}` })).status).toBe(401);
    expect(fake.violations).toHaveLength(1);
  });

  it('answers null for paths outside the API and lists the operations it assumes', async () => {
    const fake = createFakePlatform();
    expect(await fake.handle(new Request('http://merch.test/v1/collections'))).toBeNull();
    expect(fake.assumedOperations.sort()).toEqual(['GET /external-orders/{orderId}', 'POST /external-orders', 'POST /external-orders/{orderId}/cancel']);
  });

  it('enforces 100 requests per 10 s and 5 creations per minute per shop on its clock, with retry-after', async () => {
    const clock = createVirtualClock();
    const fake = createFakePlatform({ clock });
    const reads = await Promise.all(Array.from({ length: 101 }, () => send(fake, 'GET', '/products/6f1c2b1e-0d1a-4a53-9a51-7e0f1b2c3d01/inventory')));
    expect(reads.filter((r) => r.status === 200)).toHaveLength(100);
    const refused = reads.find((r) => r.status === 429);
    expect(refused?.headers.get('retry-after')).toBe('1');
    expect(await refused?.json()).toEqual({ code: 'TOO_MANY_REQUESTS' });
    await clock.sleep(10_000);
    const product = { type: 'digital', name: 'x', description: 'y', price: 1 };
    const creations = [];
    for (let i = 0; i < 6; i++) creations.push((await send(fake, 'POST', '/products', product)).status);
    expect(creations).toEqual([201, 201, 201, 201, 201, 429]);
    await clock.sleep(12_000);
    expect((await send(fake, 'POST', '/products', product)).status).toBe(201);
    expect(fake.rateLimited).toBe(2);
    expect(fake.violations).toEqual([]);
  });
});
