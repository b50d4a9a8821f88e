import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { WebhooksHelper } from 'square';
import { describe, expect, it } from 'vitest';
import { createFakePos } from '../../fakes/pos/fake-pos.ts';
import { seedPosShop } from '../../fakes/pos/seed.ts';
import { createOrder } from './orders.ts';
import { createPayment } from './payments.ts';
import { posConfigFor } from './pos.testing.ts';
import { POS_SIGNATURE_HEADER, verifyPosSignature } from './webhook.ts';

// The official SDK is the oracle: what it accepts, ours accepts, and the other way round.
const oracle = (url: string, body: string, header: string, key: string) =>
  WebhooksHelper.verifySignature({ requestBody: body, signatureHeader: header, signatureKey: key, notificationUrl: url });

const KEY = 'Fv9gmMU2hNhJUtkt-eOqJQ';
const URL = 'https://shop.example/api/pos/webhook';
const BODY = JSON.stringify({
  merchant_id: 'MLOUISELOCAL',
  type: 'payment.updated',
  event_id: '6a8f5f28-54a1-4eb0-a98a-3111513fd4fc',
  created_at: '2026-11-27T10:00:00Z',
  data: {
    type: 'payment',
    id: 'KkAkhdMsgzn59SM8A89WgKwekxLZY',
    object: { payment: { id: 'KkAk', amount_money: { amount: 450, currency: 'USD' }, note: 'Grüße ✓' } },
  },
});
const sign = (url: string, body: string, key = KEY, encoding: 'base64' | 'base64url' | 'hex' = 'base64') =>
  createHmac('sha256', key)
    .update(url + body, 'utf8')
    .digest(encoding);

describe('verifyPosSignature', () => {
  it('names the provider header', () => {
    expect(POS_SIGNATURE_HEADER).toBe('x-square-hmacsha256-signature');
  });

  it('accepts the base64 HMAC of URL + body, as the official SDK does', async () => {
    const header = sign(URL, BODY);
    expect(await oracle(URL, BODY, header, KEY)).toBe(true);
    expect(await verifyPosSignature(URL, BODY, header, KEY)).toBe(true);
  });

  it('refuses a different notification URL, a tampered body and a wrong key, as the SDK does', async () => {
    const header = sign(URL, BODY);
    for (const [url, body, key] of [
      [`${URL}/`, BODY, KEY],
      ['http://shop.example/api/pos/webhook', BODY, KEY],
      ['https://evil.example/api/pos/webhook', BODY, KEY],
      [URL, BODY.replace('450', '45'), KEY],
      [URL, `${BODY}\n`, KEY],
      [URL, BODY, 'another-key'],
    ] as const) {
      expect(await oracle(url, body, header, key)).toBe(false);
      expect(await verifyPosSignature(url, body, header, key)).toBe(false);
    }
  });

  it('refuses other encodings and decorations of the right MAC, missing and oversized headers', async () => {
    const good = sign(URL, BODY);
    for (const header of [
      sign(URL, BODY, KEY, 'hex'),
      sign(URL, BODY, KEY, 'base64url'),
      good.replace(/=+$/, ''),
      ` ${good}`,
      `${good} `,
      `sha256=${good}`,
      '',
      'x'.repeat(10_000),
    ]) {
      expect(await verifyPosSignature(URL, BODY, header, KEY)).toBe(false);
    }
    expect(await verifyPosSignature(URL, BODY, null, KEY)).toBe(false);
    // The body is signed as text: a signature over the URL alone does not cover the body.
    expect(await verifyPosSignature(URL, BODY, sign(URL, ''), KEY)).toBe(false);
  });

  it('throws for a missing key or URL, which are settings, not attacks', async () => {
    await expect(verifyPosSignature(URL, BODY, sign(URL, BODY), '')).rejects.toThrow(/signature key is empty/);
    await expect(verifyPosSignature('', BODY, sign(URL, BODY), KEY)).rejects.toThrow(/notification URL is empty/);
  });

  it('agrees with the SDK on random URLs, bodies, keys and headers (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.webUrl(),
        fc.string({ unit: 'grapheme' }),
        fc.string({ minLength: 1 }),
        fc.boolean(),
        fc.string(),
        async (url, body, key, signIt, junk) => {
          const header = signIt ? sign(url, body, key) : junk;
          expect(await verifyPosSignature(url, body, header, key)).toBe(await oracle(url, body, header, key));
        },
      ),
      { numRuns: 200 },
    );
    // Many signatures against the SDK's: seconds of CPU, more on a loaded machine than the default 5 s.
  }, 30_000);
});

describe("the fake Pos's notifications", () => {
  it('are signed as Pos signs them: over the registered URL, whatever address they are delivered to', async () => {
    const received: Request[] = [];
    const registered = 'https://shop.example/api/pos/webhook';
    const fake = createFakePos({
      webhook: {
        notificationUrl: registered,
        signatureKey: KEY,
        deliverTo: 'http://127.0.0.1:9/internal',
        fetch: async (input, init) => {
          received.push(new Request(input, init));
          return new Response(null, { status: 204 });
        },
      },
    });
    const shop = seedPosShop(fake.state);
    const config = posConfigFor(fake);
    const order = await createOrder(config, {
      locationId: shop.locations.harbourCafe,
      lineItems: [{ catalogObjectId: shop.variations.lemonadeSmall, quantity: 1 }],
    });
    await createPayment(config, { sourceId: 'cnon:card-nonce-ok', orderId: order.id, amount: order.totalMoney });
    await fake.settled();
    expect(received).toHaveLength(1);
    const request = received[0] as Request;
    expect(request.url).toBe('http://127.0.0.1:9/internal');
    const body = await request.text();
    const header = request.headers.get(POS_SIGNATURE_HEADER) ?? '';
    expect(await oracle(registered, body, header, KEY)).toBe(true);
    expect(await verifyPosSignature(registered, body, header, KEY)).toBe(true);
    // Verified against the address it came to, it fails: the URL must come from configuration.
    expect(await verifyPosSignature(request.url, body, header, KEY)).toBe(false);
    expect(JSON.parse(body)).toMatchObject({ type: 'payment.created', data: { type: 'payment', object: { payment: { order_id: order.id } } } });
    expect(fake.notifications[0]?.delivery).toBe(204);
    expect(fake.violations).toEqual([]);
  });

  it('a declined payment notifies nobody', async () => {
    const fake = createFakePos();
    const shop = seedPosShop(fake.state);
    const config = posConfigFor(fake);
    const order = await createOrder(config, {
      locationId: shop.locations.harbourCafe,
      lineItems: [{ catalogObjectId: shop.variations.lemonadeSmall, quantity: 1 }],
    });
    await createPayment(config, { sourceId: 'cnon:card-nonce-declined', orderId: order.id, amount: order.totalMoney }).catch(() => null);
    expect(fake.notifications).toEqual([]);
  });
});
