import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodePayForm } from '../../fakes/pay/form-decode.ts';
import { encodePayForm, type PayFormValue, type PayParams } from './form.ts';

// stripe-node's own encoder is the oracle. The package's exports map hides
// cjs/utils.js, so it is required by file path (tests only; src never imports stripe).
const require = createRequire(import.meta.url);
const stripeUtils = require(require.resolve('stripe').replace(/stripe\.cjs\.node\.js$/, 'utils.js')) as { queryStringifyRequestData(data: unknown): string };

const key = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }).filter((k) => !/[[\]]/.test(k) && !/^\d+$/.test(k) && k !== '__proto__');
const leafValue: fc.Arbitrary<PayFormValue> = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
);
const { value: anyValue } = fc.letrec<{ value: PayFormValue }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leafValue,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(key, tie('value'), { maxKeys: 3 }),
  ),
}));
const params = fc.dictionary(key, anyValue, { maxKeys: 5 }) as fc.Arbitrary<PayParams>;

const GAP = '@@gap@@';

/** What the form keeps of a value: strings at the leaves, nothing for undefined or empty containers. */
function kept(value: PayFormValue): unknown {
  if (value === undefined) return undefined;
  if (value === null) return '';
  if (Array.isArray(value)) {
    const items = value.map(kept);
    while (items.length > 0 && items[items.length - 1] === undefined) items.pop();
    // An entry that sends nothing before one that does leaves a gap in the indexes, which a reader must refuse.
    if (items.includes(undefined)) return GAP;
    return items.length > 0 ? items : undefined;
  }
  if (typeof value === 'object' && !(value instanceof Date)) {
    const entries = Object.entries(value)
      .map(([k, v]) => [k, kept(v)] as const)
      .filter(([, v]) => v !== undefined);
    return entries.length > 0 ? Object.fromEntries(entries) : undefined;
  }
  return String(value);
}

describe('encodePayForm', () => {
  it('writes the exact example in pay-notes.md', () => {
    const body = encodePayForm({
      amount: 2000,
      currency: 'usd',
      metadata: { order_id: 'a b&c' },
      payment_method_types: ['card'],
      expand: ['customer'],
      items: [{ price: 'p_1', quantity: 2 }],
      empty: '',
      nul: null,
      und: undefined,
      d: 0,
      b: true,
    });
    expect(body).toBe(
      'amount=2000&currency=usd&metadata[order_id]=a%20b%26c&payment_method_types[0]=card&expand[0]=customer&items[0][price]=p_1&items[0][quantity]=2&empty=&nul=&d=0&b=true',
    );
  });

  it("escapes ! * ( ) ' and keeps brackets literal, like qs", () => {
    expect(encodePayForm({ "a[b]!*()'": "x!*()' [y]" })).toBe('a[b]%21%2A%28%29%27=x%21%2A%28%29%27%20[y]');
    expect(encodePayForm({ when: new Date(1_700_000_000_999) })).toBe('when=1700000000');
  });

  it("is byte for byte stripe-node's stringifyRequestData, for any parameters", () => {
    fc.assert(
      fc.property(params, (p) => {
        expect(encodePayForm(p)).toBe(stripeUtils.queryStringifyRequestData(p));
      }),
      { numRuns: 500 },
    );
  });

  it("reads back as sent through the fake's decoder (strings at the leaves)", () => {
    fc.assert(
      fc.property(params, (p) => {
        const expected = kept(p as PayFormValue) ?? {};
        const encoded = encodePayForm(p);
        if (JSON.stringify(expected).includes(GAP)) expect(() => decodePayForm(encoded)).toThrow(/gaps/);
        else expect(decodePayForm(encoded)).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });
});
