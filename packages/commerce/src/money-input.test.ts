import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { majorToCents } from './money.ts';
import { MONEY_LOCALES } from './money-format.ts';
import { parseMoneyInput } from './money-input.ts';

describe('parseMoneyInput', () => {
  it('reads what people type, with either decimal convention', () => {
    const read: [string, number][] = [
      ['12', 1200],
      ['12.5', 1250],
      ['12.50', 1250],
      ['12,5', 1250],
      ['.5', 50],
      ['0.05', 5],
      ['007', 700],
      ['1,234.56', 123456],
      ['1.234,56', 123456],
      ['1 234,56', 123456],
      ['1\u00A0234,56', 123456],
      ['1\u202F234,56', 123456],
      ["1'234.50", 123450],
      ['1’234.50', 123450],
      ['1,234,567', 123456700],
      ['1.234.567', 123456700],
      ['1 234', 123400],
      ['12,34,567.89', 123456789],
      ['1,23', 123],
      ['  -12.5 ', -1250],
      ['\u221212.5', -1250],
      ['+12', 1200],
      ['-0', 0],
      ['١٢٫٥', 1250],
      ['١٬٢٣٤٫٥٦', 123456],
      ['1,234٫5', 123450],
      ['۱۲٫۵', 1250],
      ['১২.৫০', 1250],
      ['１２．５', 1250],
      ['\u200F١٢٫٥\u200F', 1250],
      ['90071992547409.91', Number.MAX_SAFE_INTEGER],
    ];
    for (const [text, minor] of read) expect(parseMoneyInput(text), text).toBe(minor);
    expect(Object.is(parseMoneyInput('-0.00'), 0)).toBe(true);
  });

  it('uses the digit count it is given', () => {
    expect(parseMoneyInput('1234', 0)).toBe(1234);
    expect(parseMoneyInput('12.5', 0)).toBeNull();
    expect(parseMoneyInput('12.3', 3)).toBe(12300);
    expect(parseMoneyInput('1,234.567', 3)).toBe(1234567);
    expect(parseMoneyInput('12.345', 3), 'still 12345 in German').toBeNull();
    expect(parseMoneyInput('0,123', 3)).toBe(123);
    expect(parseMoneyInput('1234,567', 3)).toBe(1234567);
    expect(parseMoneyInput('1,2345', 4)).toBe(12345);
    expect(() => parseMoneyInput('12', -1)).toThrow(/digits must be an integer/);
  });

  it('takes the decimal separator as a hint, which settles the ambiguous cases', () => {
    expect(parseMoneyInput('12.345', 3, { decimal: '.' })).toBe(12345);
    expect(parseMoneyInput('1,234', 2, { decimal: '.' })).toBe(123400);
    expect(parseMoneyInput('1.234', 2, { decimal: ',' })).toBe(123400);
    expect(parseMoneyInput('1.234,5', 2, { decimal: ',' })).toBe(123450);
    expect(parseMoneyInput('١٢٫٥', 2, { decimal: '.' })).toBe(1250);
    expect(parseMoneyInput('12,5', 2, { decimal: '.' }), 'a comma is only a group separator now').toBeNull();
    expect(parseMoneyInput('1,234.5', 2, { decimal: ',' })).toBeNull();
  });

  it('returns null for what is ambiguous, malformed or too precise', () => {
    const nulls = [
      ['1,234', 'group or decimal point'],
      ['1.000', 'group or decimal point'],
      ['999,999', 'group or decimal point'],
      ['0,123', 'three fraction digits'],
      ['12.505', 'three fraction digits'],
      ['12.5000', 'four fraction digits'],
      ['', 'empty'],
      ['   ', 'blank'],
      ['-', 'sign only'],
      ['.', 'point only'],
      ['12.', 'trailing separator'],
      ['--5', 'two signs'],
      ['+-5', 'two signs'],
      ['5-', 'sign after'],
      ['1-2', 'sign inside'],
      ['- 5', 'space after the sign'],
      ['1e5', 'exponent'],
      ['1E-2', 'exponent'],
      ['$12.50', 'currency sign'],
      ['12.50 EUR', 'currency code'],
      ['12abc', 'letters'],
      ['Infinity', 'letters'],
      ['0x1F', 'letters'],
      ['1,234.5.6', 'two points'],
      ['1.234,567.8', 'two kinds of group'],
      ['1 234.567,89', 'two kinds of group'],
      ['12 50', 'bad grouping'],
      ['1,2345.6', 'bad grouping'],
      ['12,3456', 'bad grouping or too precise'],
      ['01,234.5', 'grouped with a leading zero'],
      ['1  234', 'double space'],
      ['1\t234', 'tab'],
      ['1٢', 'two digit systems'],
      ['1٫234,5', 'the Arabic decimal separator as a group'],
      ['12٫٥', 'two digit systems'],
      ['90071992547409.92', 'past MAX_SAFE_INTEGER'],
      ['9'.repeat(70), 'too long'],
    ];
    for (const [text = '', why] of nulls) expect(parseMoneyInput(text), `${JSON.stringify(text)}: ${why}`).toBeNull();
    expect(parseMoneyInput(12 as unknown as string)).toBeNull();
  });

  it('reads plain decimals exactly as majorToCents does, with no float on the way', () => {
    const plain = fc
      .tuple(fc.boolean(), fc.stringMatching(/^[1-9]\d{0,12}$|^0$/), fc.stringMatching(/^\d{1,4}$/), fc.constantFrom('.', ','), fc.constantFrom(2, 3, 4))
      .map(([negative, whole, fraction, point, digits]) => ({ text: `${negative ? '-' : ''}${whole}${point}${fraction}`, whole, fraction, digits }));
    fc.assert(
      fc.property(plain, ({ text, whole, fraction, digits }) => {
        const ambiguous = whole !== '0' && whole.length <= 3 && fraction.length === 3;
        const expected = ambiguous || fraction.length > digits ? null : majorToCents(text.replace(',', '.'), digits);
        expect(parseMoneyInput(text, digits)).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it('reads numbers as Intl prints them in every listed locale, except the ambiguous ones', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...MONEY_LOCALES),
        fc.oneof(fc.integer({ min: -1e12, max: 1e12 }), fc.integer({ min: -1e7, max: 1e7 })),
        fc.constantFrom(0, 2, 3),
        (locale, minor, digits) => {
          const major = `${minor / 10 ** digits}` as `${number}`;
          const text = new Intl.NumberFormat(locale, { minimumFractionDigits: digits }).format(major);
          const separators = text.replace(/[\p{Nd}\p{Cf}\-\u2212]/gu, '');
          const point = Math.max(text.lastIndexOf('.'), text.lastIndexOf(','));
          const before = text.slice(0, point).replace(/[\p{Cf}\-\u2212]/gu, '');
          // One '.' or ',' between 1 to 3 digits (not a lone 0) and 3 digits: also a grouped thousand.
          const ambiguous = (separators === '.' || separators === ',') && text.length - point === 4 && before.length <= 3 && Math.abs(minor) >= 10 ** digits;
          expect(parseMoneyInput(text, digits), text).toBe(ambiguous ? null : minor);
          // With the locale's decimal separator as the hint, nothing is ambiguous.
          const decimal = new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value;
          expect(parseMoneyInput(text, digits, decimal === '.' || decimal === ',' ? { decimal } : {}), text).toBe(minor);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('never throws and returns a safe integer or null, whatever the text', () => {
    const chars = fc.constantFrom(..."0123456789.,' -+\u00A0\u2212٫٬١e$".split(''));
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: chars, maxLength: 12 })), fc.constantFrom(0, 2, 3), (text, digits) => {
        const minor = parseMoneyInput(text, digits);
        if (minor !== null) expect(Number.isSafeInteger(minor)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });
});
