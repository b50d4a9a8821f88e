import fc from 'fast-check';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { signPayload } from '../../fakes/pay/fake-pay.ts';
import { verifyPaySignature } from './webhook.ts';

// Pay's own SDK is the oracle for both directions.
const { webhooks } = Stripe;
const secret = 'whsec_test_secret';
const body = JSON.stringify({ id: 'evt_1', type: 'payment_intent.succeeded', data: { object: { id: 'pi_1' } } });
const t = 1_800_000_000;
const at = (sec: number) => () => sec * 1000;

describe('verifyPaySignature', () => {
  it("accepts what Pay's SDK signs, for any body and secret", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'grapheme' }),
        fc.string({ unit: 'grapheme', minLength: 1 }),
        fc.integer({ min: 1, max: 4_000_000_000 }),
        async (payload, key, ts) => {
          const header = webhooks.generateTestHeaderString({ payload, secret: key, timestamp: ts });
          expect(await verifyPaySignature(payload, header, key, { now: at(ts + 10) })).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("signs (in the fake) what Pay's SDK verifies, so the fake's webhooks are real ones", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'grapheme' }),
        fc.string({ unit: 'grapheme-ascii', minLength: 1 }).filter((s) => s.trim() === s),
        async (text, key) => {
          const payload = JSON.stringify({ id: 'evt_1', object: 'event', text });
          const header = await signPayload(payload, key, t);
          expect(webhooks.constructEvent(payload, header, key, 300, undefined, (t + 1) * 1000)).toMatchObject({ id: 'evt_1', text });
          expect(await verifyPaySignature(payload, header, key, { now: at(t + 1) })).toBe(true);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('refuses a tampered body, a wrong secret, a missing v1 and a valid v0 alone', async () => {
    const header = webhooks.generateTestHeaderString({ payload: body, secret, timestamp: t });
    const now = at(t);
    expect(await verifyPaySignature(body, header, secret, { now })).toBe(true);
    expect(await verifyPaySignature(`${body} `, header, secret, { now })).toBe(false);
    expect(await verifyPaySignature(body, header, 'whsec_other', { now })).toBe(false);
    expect(await verifyPaySignature(body, `t=${t}`, secret, { now })).toBe(false);
    const v0 = webhooks.generateTestHeaderString({ payload: body, secret, timestamp: t, scheme: 'v0' });
    expect(v0).toMatch(/^t=\d+,v0=/);
    expect(await verifyPaySignature(body, v0, secret, { now })).toBe(false);
  });

  it('passes when any one of several v1 entries matches (a rolled secret), ignoring v0', async () => {
    const good = webhooks.generateTestHeaderString({ payload: body, secret, timestamp: t }).split(',')[1];
    expect(await verifyPaySignature(body, `t=${t},v1=${'0'.repeat(64)},${good},v0=abc`, secret, { now: at(t) })).toBe(true);
    expect(await verifyPaySignature(body, `t=${t},v1=${'0'.repeat(64)},v0=abc`, secret, { now: at(t) })).toBe(false);
  });

  it('refuses a stale timestamp as the SDK does, accepts a future one, and tolerance 0 turns the age check off', async () => {
    const header = webhooks.generateTestHeaderString({ payload: body, secret, timestamp: t });
    for (const [age, tolerance] of [
      [300, 300],
      [301, 300],
      [10, 5],
      [-1000, 300],
      [1_000_000, 0],
    ] as const) {
      let sdk = true;
      try {
        webhooks.constructEvent(body, header, secret, tolerance, undefined, (t + age) * 1000);
      } catch {
        sdk = false;
      }
      expect(await verifyPaySignature(body, header, secret, { toleranceSec: tolerance, now: at(t + age) }), `age ${age} tolerance ${tolerance}`).toBe(sdk);
    }
    expect(await verifyPaySignature(body, header, secret, { now: at(t + 301) })).toBe(false);
    expect(await verifyPaySignature(body, header, secret, { now: at(t - 3600) })).toBe(true);
  });

  it('answers false, never throws, for hostile or malformed headers', async () => {
    const good = webhooks.generateTestHeaderString({ payload: body, secret, timestamp: t });
    const sig = good.split('v1=')[1];
    for (const header of [
      null,
      '',
      ',,,',
      't=',
      `t=abc,v1=${sig}`,
      `t=${t},t=${t},v1=${sig}`,
      `v1=${sig}`,
      `t=${t}v1=${sig}`,
      `t=-${t},v1=${sig}`,
      `${good}${','.repeat(5000)}`,
    ]) {
      expect(await verifyPaySignature(body, header, secret, { now: at(t) }), String(header).slice(0, 40)).toBe(false);
    }
    await fc.assert(
      fc.asyncProperty(fc.string(), async (header) => {
        expect(await verifyPaySignature(body, header, secret, { now: at(t) })).toBe(false);
      }),
    );
  });

  it('throws on an empty secret: a missing setting, not a bad request', async () => {
    await expect(verifyPaySignature(body, 't=1,v1=00', '')).rejects.toThrow(TypeError);
  });
});
