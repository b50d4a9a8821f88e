// The commerce base's claims, measured as ratios within one run:
// - safeEqual takes the same time wherever two signatures differ (first
//   character, last character, not at all): the ratios to "equal" stay
//   near 1.00, unlike `===`, which stops at the first difference;
// - verifyPaySignature costs about one HMAC (its header parsing is noise);
// - formatMoney and parseMoney reuse their Intl formatters: their cost is a
//   small multiple of one cached Intl.NumberFormat#format call;
// - merchCopy and the Merch throttle, and what the Pos client adds to a
//   request (see the end of this file).
// Run: node bench/commerce.bench.ts (Node 24 strips the types itself).
import { formatMoney, hmacSha256Base64, hmacSha256Hex, parseMoney, safeEqual } from '../packages/commerce/src/index.ts';
import { merchCopy } from '../packages/commerce/src/merch/index.ts';
import { acquireMerchSlot } from '../packages/commerce/src/merch-platform/limiter.ts';
import { verifyPaySignature } from '../packages/commerce/src/pay/index.ts';
import { posIdempotencyKey } from '../packages/commerce/src/pos/request.ts';
import { verifyPosSignature } from '../packages/commerce/src/pos/webhook.ts';
import { sanitizeModelHtml } from '../src/security/sanitize-model.ts';
import { MERCH_SEED_PRODUCTS } from '../packages/commerce/fakes/merch/storefront-seed.ts';
import { median } from './harness.ts';

const ROUNDS = 9;
const ROUND_MS = 120;

/** Calls per second of `run` over about `ms` (sync or async). */
async function rate(run: () => unknown, ms: number): Promise<number> {
  let calls = 0;
  const start = performance.now();
  let elapsed = 0;
  do {
    for (let i = 0; i < 64; i++) await run();
    calls += 64;
    elapsed = performance.now() - start;
  } while (elapsed < ms);
  return calls / (elapsed / 1000);
}

async function compare(title: string, cases: Record<string, () => unknown>, baseline: string): Promise<void> {
  const names = Object.keys(cases);
  for (const name of names) await rate(cases[name] as () => unknown, ROUND_MS); // warm-up
  const samples = new Map<string, number[]>(names.map((name) => [name, []]));
  for (let round = 0; round < ROUNDS; round++) for (const name of names) samples.get(name)?.push(await rate(cases[name] as () => unknown, ROUND_MS));
  const base = median(samples.get(baseline) ?? []);
  console.log(`\n${title}`);
  const width = Math.max(...names.map((name) => name.length));
  for (const name of names) {
    const perSecond = median(samples.get(name) ?? []);
    console.log(`  ${name.padEnd(width)}  ${(perSecond / 1e3).toFixed(0).padStart(8)} k/s  ${(base / perSecond).toFixed(2)}x the time of ${baseline}`);
  }
}

// A long signature makes an early exit visible: 4 KiB of hex.
// Each side its own flat string (split/join), so no case pays for flattening a rope or gets a shared pointer.
const flat = (text: string) => text.split('').join('');
const signature = flat('a1'.repeat(2048));
const same = flat(signature);
const firstDiffers = flat(`b${signature.slice(1)}`);
const lastDiffers = flat(`${signature.slice(0, -1)}b`);
await compare(
  'safeEqual on a 4 KiB signature, by where the other side differs',
  {
    equal: () => safeEqual(signature, same),
    'first char differs': () => safeEqual(signature, firstDiffers),
    'last char differs': () => safeEqual(signature, lastDiffers),
    '=== first char differs (for contrast)': () => signature === firstDiffers,
  },
  'equal',
);

const secret = 'whsec_bench';
const body = JSON.stringify({ id: 'evt_1', type: 'payment_intent.succeeded', data: { object: { id: 'pi_1', amount: 2400 } } });
const t = Math.floor(Date.now() / 1000);
const header = `t=${t},v1=${await hmacSha256Hex(secret, `${t}.${body}`)}`;
await compare(
  'verifyPaySignature against the one HMAC it must compute',
  { hmacSha256Hex: () => hmacSha256Hex(secret, `${t}.${body}`), verifyPaySignature: () => verifyPaySignature(body, header, secret) },
  'hmacSha256Hex',
);

const intl = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });
const text = formatMoney({ amount: 123_456_789, currency: 'EUR' }, { locale: 'de-DE' });
await compare(
  'formatMoney and parseMoney (de-DE, EUR) against one cached Intl.NumberFormat#format',
  {
    'Intl format (cached)': () => intl.format(1234567.89),
    formatMoney: () => formatMoney({ amount: 123_456_789, currency: 'EUR' }, { locale: 'de-DE' }),
    parseMoney: () => parseMoney(text, { locale: 'de-DE', currency: 'EUR' }),
  },
  'Intl format (cached)',
);

// Merch: merchCopy's strip-and-check costs a small multiple of the model
// sanitizer it ends with; the in-isolate throttle (a token reserved, no wait)
// adds next to nothing to a request compared with one HMAC of a small body.
const panel = MERCH_SEED_PRODUCTS[0]?.additionalInformation?.moreDetails ?? '';
await compare(
  'merchCopy on a real-shaped panel (hidden GPSR block) against sanitizeModelHtml alone',
  {
    sanitizeModelHtml: () => sanitizeModelHtml(panel),
    merchCopy: () => merchCopy({ slug: 'tee', description: '<p>Tee</p>', moreDetails: panel }),
  },
  'sanitizeModelHtml',
);
// A huge bucket, so no reservation ever waits: this measures the bookkeeping only.
const slot = { key: 'bench', limits: { requests: { capacity: 1e12, periodMs: 1 }, creations: { capacity: 1e12, periodMs: 1 } } };
await compare(
  'the Merch throttle (one request token, no wait) against one HMAC of a webhook body',
  { hmacSha256Hex: () => hmacSha256Hex(secret, body), acquireMerchSlot: () => acquireMerchSlot(slot, false) },
  'hmacSha256Hex',
);

// Pos: the derived idempotency key (canonical JSON and one SHA-256 of a
// checkout-sized order) costs about one and a half HMACs of a webhook body,
// and the webhook check (one HMAC over URL + body) one HMAC: the safety they
// buy is nearly free next to the network call they guard.
const order = {
  order: {
    location_id: 'L8ZQ4Y4X3W2V1',
    line_items: Array.from({ length: 12 }, (_, i) => ({ catalog_object_id: `VAR${i}QWERTYUIOPAS`, quantity: String(1 + (i % 3)), note: `line ${i}` })),
    reference_id: 'cart-2026-11-27-0001',
  },
};
const posUrl = 'https://shop.example/api/pos/webhook';
const posHeader = await hmacSha256Base64(secret, posUrl + body);
await compare(
  'Pos: a derived idempotency key and the webhook check, against JSON.stringify of the order and one HMAC of the body',
  {
    'JSON.stringify(order)': () => JSON.stringify(order),
    posIdempotencyKey: () => posIdempotencyKey('POST /v2/orders', order),
    hmacSha256Base64: () => hmacSha256Base64(secret, posUrl + body),
    verifyPosSignature: () => verifyPosSignature(posUrl, body, posHeader, secret),
  },
  'hmacSha256Base64',
);
