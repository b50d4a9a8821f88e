import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToMajor, currencyDigits, majorToCents } from './money.ts';

const MAX = BigInt(Number.MAX_SAFE_INTEGER);

/** Exact decimal arithmetic on BigInt: the value of a decimal string in minor units, half away from zero, or 'too big'. */
function oracle(text: string, digits: number): bigint | 'too big' {
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i.exec(text) ?? [];
  let numerator = BigInt(`${whole}${fraction}` || '0');
  let denominator = 1n;
  const scale = Number(exponent) + digits - fraction.length;
  if (scale >= 0) numerator *= 10n ** BigInt(scale);
  else denominator = 10n ** BigInt(-scale);
  let units = numerator / denominator;
  if (2n * (numerator % denominator) >= denominator) units += 1n;
  if (units > MAX) return 'too big';
  return sign === '-' ? -units : units;
}

describe('currencyDigits', () => {
  it('reads the minor-unit count from Intl, in any case', () => {
    expect([currencyDigits('USD'), currencyDigits('JPY'), currencyDigits('BHD'), currencyDigits('CLF'), currencyDigits('usd'), currencyDigits('Jpy')]).toEqual([
      2, 0, 3, 4, 2, 0,
    ]);
  });

  it('refuses a code Intl has no name for, saying what to pass', () => {
    for (const code of ['XYZ', 'US', 'USDD', 'US$', '', 'uſd', ' USD']) {
      expect(() => currencyDigits(code)).toThrow(RangeError);
      expect(() => currencyDigits(code)).toThrow(/ISO 4217 code .* such as 'USD'/);
    }
    expect(() => currencyDigits(42 as unknown as string)).toThrow(RangeError);
  });
});

describe('centsToMajor', () => {
  it('divides by the currency unit, default 2 digits', () => {
    expect([centsToMajor(1999), centsToMajor(101), centsToMajor(-5), centsToMajor(1999, 0), centsToMajor(1999, 3), centsToMajor(0)]).toEqual([
      19.99, 1.01, -0.05, 1999, 1.999, 0,
    ]);
  });

  it('refuses a fraction of a minor unit and a digit count no currency has', () => {
    for (const cents of [1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) expect(() => centsToMajor(cents)).toThrow(RangeError);
    for (const digits of [-1, 1.5, 21, Number.NaN]) expect(() => centsToMajor(100, digits)).toThrow(/digits must be an integer/);
  });

  it('round-trips through majorToCents for any amount up to 1e15 minor units', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e15, max: 1e15 }), fc.constantFrom(0, 2, 3, 4), (cents, digits) => {
        expect(majorToCents(centsToMajor(cents, digits), digits)).toBe(cents);
      }),
      { numRuns: 500 },
    );
  });
});

describe('majorToCents', () => {
  it('rounds the printed decimal half away from zero, with no float drift', () => {
    expect(majorToCents(1.005)).toBe(101);
    expect(majorToCents(-1.005)).toBe(-101);
    expect(majorToCents(0.1 + 0.2)).toBe(30);
    expect(majorToCents(19.99)).toBe(1999);
    expect(majorToCents(1.004999)).toBe(100);
    expect(majorToCents('2.5', 0)).toBe(3);
    expect(majorToCents('-2.5', 0)).toBe(-3);
    expect(majorToCents('1.0005', 3)).toBe(1001);
    expect(majorToCents('12', 4)).toBe(120000);
  });

  it('reads signs and exponent forms, as numbers print them', () => {
    expect(String(1e-7)).toBe('1e-7');
    expect(majorToCents(1e-7)).toBe(0);
    expect(majorToCents(5e-3)).toBe(1);
    expect(majorToCents('+1.5E2')).toBe(15000);
    expect(majorToCents('.5')).toBe(50);
    expect(majorToCents('5.')).toBe(500);
    expect(majorToCents('1e-999999999999')).toBe(0);
    expect(Object.is(majorToCents('-0.001'), 0)).toBe(true);
    expect(Object.is(majorToCents(-0), 0)).toBe(true);
  });

  it('reaches Number.MAX_SAFE_INTEGER and refuses anything beyond', () => {
    expect(majorToCents('90071992547409.91')).toBe(Number.MAX_SAFE_INTEGER);
    expect(majorToCents('90071992547409.914')).toBe(Number.MAX_SAFE_INTEGER);
    for (const big of ['90071992547409.915', '90071992547409.92', 1e21, '1e999999999999', -1e15]) {
      expect(() => majorToCents(big)).toThrow(/MAX_SAFE_INTEGER/);
    }
  });

  it('refuses NaN, Infinity and text that is not a decimal', () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) expect(() => majorToCents(bad)).toThrow(/finite/);
    for (const bad of ['', '.', '-', 'e5', '1,5', ' 1', '1 ', '0x10', 'Infinity', '1e', '--1', '1_000']) {
      expect(() => majorToCents(bad)).toThrow(/not a decimal number; pass/);
    }
  });

  it('agrees with exact BigInt arithmetic on any decimal string', () => {
    const decimal = fc
      .tuple(
        fc.constantFrom('', '-', '+'),
        fc.stringMatching(/^\d{0,18}$/),
        fc.option(fc.stringMatching(/^\d{0,18}$/)),
        fc.option(fc.integer({ min: -30, max: 30 })),
      )
      .filter(([, whole, fraction]) => `${whole}${fraction ?? ''}` !== '')
      .map(([sign, whole, fraction, exponent]) => `${sign}${whole}${fraction === null ? '' : `.${fraction}`}${exponent === null ? '' : `e${exponent}`}`);
    fc.assert(
      fc.property(decimal, fc.constantFrom(0, 2, 3, 4), (text, digits) => {
        const expected = oracle(text, digits);
        if (expected === 'too big') expect(() => majorToCents(text, digits)).toThrow(RangeError);
        else expect(majorToCents(text, digits)).toBe(Number(expected));
      }),
      { numRuns: 3000 },
    );
  });

  it('agrees with exact arithmetic on the shortest decimal of any finite double', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (amount) => {
        const expected = oracle(String(amount), 2);
        if (expected === 'too big') expect(() => majorToCents(amount)).toThrow(RangeError);
        else expect(majorToCents(amount)).toBe(Number(expected));
      }),
      { numRuns: 2000 },
    );
  });
});
