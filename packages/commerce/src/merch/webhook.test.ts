import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MERCH_SIGNATURE_HEADER, verifyMerchSignature } from './index.ts';

const SECRET = '5f1c2b7e-9d4a-4c3b-8e6f-0a1b2c3d4e5f';
const BODY = JSON.stringify({
  testMode: true,
  id: 'weve_2kQ8x',
  webhookId: 'wcon_91aZ',
  shopId: 'sh_3c1d',
  type: 'ORDER_PLACED',
  apiVersion: 'V1_BETA',
  createdAt: '2026-10-04T12:00:00.000Z',
  data: { id: 'ord_1', total: { value: 25, currency: 'USD' }, note: 'Grüße ✓' },
});
const sign = (body: string, secret = SECRET, encoding: 'base64' | 'base64url' | 'hex' = 'base64') =>
  createHmac('sha256', secret).update(body, 'utf8').digest(encoding);

describe('verifyMerchSignature', () => {
  it('uses the provider header name', () => {
    expect(MERCH_SIGNATURE_HEADER).toBe('x-fourthwall-hmac-sha256');
    expect(new Headers({ 'X-Fourthwall-Hmac-SHA256': 'x' }).get(MERCH_SIGNATURE_HEADER)).toBe('x');
  });

  it('accepts exactly the base64 HMAC-SHA256 of the raw body', async () => {
    const header = sign(BODY);
    expect(header).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(await verifyMerchSignature(BODY, header, SECRET)).toBe(true);
  });

  it('refuses a tampered body, a wrong secret and every other encoding or decoration of the right MAC', async () => {
    const good = sign(BODY);
    expect(await verifyMerchSignature(BODY.replace('"value":25', '"value":2'), good, SECRET)).toBe(false);
    expect(await verifyMerchSignature(`${BODY} `, good, SECRET)).toBe(false);
    expect(await verifyMerchSignature(BODY, sign(BODY, 'another-secret'), SECRET)).toBe(false);
    const variants = [
      sign(BODY, SECRET, 'base64url'),
      sign(BODY, SECRET, 'hex'),
      good.replace(/=+$/, ''),
      ` ${good}`,
      `${good}\n`,
      `sha256=${good}`,
      good.toLowerCase(),
      '',
      `${good},${good}`,
    ];
    for (const header of variants) expect(await verifyMerchSignature(BODY, header, SECRET), JSON.stringify(header)).toBe(false);
    expect(await verifyMerchSignature(BODY, null, SECRET)).toBe(false);
    expect(await verifyMerchSignature(BODY, 'A'.repeat(100_000), SECRET)).toBe(false);
  });

  it('throws on an empty secret: a missing setting, not a failed check', async () => {
    await expect(verifyMerchSignature(BODY, sign(BODY), '')).rejects.toThrow(TypeError);
  });

  it('agrees with node:crypto createHmac for any body and secret, and refuses any one-character change', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'grapheme', maxLength: 300 }), fc.string({ minLength: 1, maxLength: 64 }), fc.nat(), async (body, secret, at) => {
        const header = createHmac('sha256', secret).update(body, 'utf8').digest('base64');
        expect(await verifyMerchSignature(body, header, secret)).toBe(true);
        const i = at % header.length;
        const flipped = header.slice(0, i) + (header[i] === 'A' ? 'B' : 'A') + header.slice(i + 1);
        expect(await verifyMerchSignature(body, flipped, secret)).toBe(false);
      }),
      { numRuns: 200 },
    );
  });
});
