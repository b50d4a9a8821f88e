import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney, MONEY_LOCALES, parseMoney } from './money-format.ts';

// Every code Intl lists, plus codes it formats but leaves out of the list.
const CURRENCIES = [...Intl.supportedValuesOf('currency'), 'CLF', 'UYW', 'XAU'];
const usd = { locale: 'en-US', currency: 'USD' };
const nbsp = '\u00A0';

/** Text as a reader sees it: no format characters (bidi marks), no spaces, one minus sign. */
const visible = (text: string) => text.replace(/[\p{Cf}\s]/gu, '').replace(/\u2212/g, '-');

describe('formatMoney', () => {
  it('formats minor units with the currency digits of the locale', () => {
    expect(formatMoney({ amount: 123450, currency: 'USD' }, { locale: 'en-US' })).toBe('$1,234.50');
    expect(formatMoney({ amount: -123450, currency: 'eur' }, { locale: 'de-DE' })).toBe(`-1.234,50${nbsp}€`);
    expect(formatMoney({ amount: 1235, currency: 'JPY' }, { locale: 'ja-JP' })).toBe('￥1,235');
    expect(formatMoney({ amount: 1234500, currency: 'BHD' }, { locale: 'en-US' })).toBe(`BHD${nbsp}1,234.500`);
    expect(formatMoney({ amount: 12345, currency: 'USD' }, { locale: 'ar-EG' })).toBe('\u200F١٢٣٫٤٥\u00A0US$');
  });

  it('prints every digit of the largest safe amount (no float detour)', () => {
    expect(formatMoney({ amount: Number.MAX_SAFE_INTEGER, currency: 'USD' }, { locale: 'en-US' })).toBe('$90,071,992,547,409.91');
    expect(formatMoney({ amount: -Number.MAX_SAFE_INTEGER, currency: 'JPY' }, { locale: 'en-US' })).toBe('-¥9,007,199,254,740,991');
  });

  it('passes other Intl options through, but style and currency come from the money', () => {
    expect(formatMoney({ amount: 1250, currency: 'USD' }, { locale: 'en-US', currencyDisplay: 'code' })).toBe(`USD${nbsp}12.50`);
    expect(formatMoney({ amount: 1250, currency: 'USD' }, { locale: 'en-US', signDisplay: 'always' })).toBe('+$12.50');
    expect(formatMoney({ amount: 1250, currency: 'USD' }, { locale: 'en-US', style: 'percent', currency: 'EUR' })).toBe('$12.50');
    expect(formatMoney({ amount: 1250, currency: 'USD' }, { locale: 'en-US', maximumFractionDigits: 0 })).toBe('$13');
  });

  it('refuses a fractional amount and an unknown currency', () => {
    expect(() => formatMoney({ amount: 12.5, currency: 'USD' }, { locale: 'en-US' })).toThrow(/integer count of minor units/);
    expect(() => formatMoney({ amount: 2 ** 53, currency: 'USD' }, { locale: 'en-US' })).toThrow(RangeError);
    expect(() => formatMoney({ amount: 1, currency: 'XYZ' }, { locale: 'en-US' })).toThrow(/Unknown currency/);
  });
});

describe('parseMoney', () => {
  it('reads back what formatMoney printed', () => {
    expect(parseMoney('$1,234.50', usd)).toBe(123450);
    expect(parseMoney('-$0.05', usd)).toBe(-5);
    expect(parseMoney(`-1.234,50${nbsp}€`, { locale: 'de-DE', currency: 'EUR' })).toBe(-123450);
    expect(parseMoney("$-1'234.50", { locale: 'de-CH', currency: 'USD' })).toBe(-123450);
    expect(parseMoney('‏‎-1,234.50 ‏₪', { locale: 'he-IL', currency: 'ILS' })).toBe(-123450);
    expect(parseMoney('؜-‏١٬٢٣٤٫٥٦٧ د.ب.‏', { locale: 'ar-EG', currency: 'BHD' })).toBe(-1234567);
    expect(parseMoney('‎−‎$۱٬۲۳۴٫۵۰', { locale: 'fa-IR', currency: 'USD' })).toBe(-123450);
    expect(parseMoney('১২,৩৪,৫৬৭.৮৯ US$', { locale: 'bn-BD', currency: 'USD' })).toBe(123456789);
    expect(parseMoney('￥1,235', { locale: 'ja-JP', currency: 'jpy' })).toBe(1235);
  });

  it('accepts the text with bidi marks dropped, plain spaces for no-break ones, and a hyphen for U+2212', () => {
    expect(parseMoney('-1,234.50 ₪', { locale: 'he-IL', currency: 'ILS' })).toBe(-123450);
    expect(parseMoney('-١٬٢٣٤٫٥٠ US$', { locale: 'ar-EG', currency: 'USD' })).toBe(-123450);
    expect(parseMoney('-1 234,50 €', { locale: 'fr-FR', currency: 'EUR' })).toBe(-123450);
    expect(parseMoney('-1 234,50 US$', { locale: 'sv-SE', currency: 'USD' })).toBe(-123450);
    expect(parseMoney('  $12.50\n', usd)).toBe(1250);
  });

  it('returns null for any other text', () => {
    const nulls = [
      '',
      '$',
      '1,234.50',
      '$1234.50',
      '$1,234.5',
      '$1,234.500',
      '$12',
      '€12.50',
      'USD 12.50',
      '--$12.50',
      '-$-12.50',
      '$12.50-',
      '-$0.00',
      '$12.50 or so',
      '$1,2,3.45',
      '$12.5.0',
      '$12,50',
      '$90,071,992,547,409.92',
      '$900,719,925,474,099,100.00',
      `$${'1'.repeat(300)}.00`,
    ];
    for (const text of nulls) expect(parseMoney(text, usd), text).toBeNull();
    expect(parseMoney('-1.234,50 €', { locale: 'de-DE', currency: 'USD' })).toBeNull();
    expect(parseMoney('-1,234.50 ₪', { locale: 'en-US', currency: 'ILS' })).toBeNull();
    expect(parseMoney('12.50 US$', { locale: 'ar-EG', currency: 'USD' }), 'ASCII digits where the locale uses Arabic-Indic').toBeNull();
    expect(parseMoney('¥1,235.00', { locale: 'en-US', currency: 'JPY' })).toBeNull();
    expect(parseMoney(42 as unknown as string, usd)).toBeNull();
  });

  it('throws for an unknown currency or a malformed locale, which are settings and not text', () => {
    expect(() => parseMoney('$1.00', { locale: 'en-US', currency: 'XYZ' })).toThrow(/Unknown currency/);
    expect(() => parseMoney('$1.00', { locale: 'en_US!', currency: 'USD' })).toThrow(RangeError);
  });

  /** The (locale, currency, amount) triples where parseMoney does not give back the amount formatMoney printed. */
  function misreads(amounts: readonly number[], currencies: readonly string[] = CURRENCIES, locales: readonly string[] = MONEY_LOCALES): string[] {
    const wrong: string[] = [];
    for (const currency of currencies) {
      for (const locale of locales) {
        for (const amount of amounts) {
          const text = formatMoney({ amount, currency }, { locale });
          const read = parseMoney(text, { locale, currency });
          if (read !== amount) wrong.push(`${locale} ${currency} ${amount}: ${JSON.stringify(text)} read as ${read}`);
        }
      }
    }
    return wrong;
  }

  it('inverts formatMoney for every currency and listed locale, at the edges', () => {
    expect(CURRENCIES.length).toBeGreaterThan(150);
    expect(misreads([0, 1, -1, 999, 1e12, -1e12, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER])).toEqual([]);
    // Every currency in every locale: seconds of CPU, so more on a loaded machine than the default 5 s allows.
  }, 30_000);

  it('inverts formatMoney for every currency and listed locale, for random amounts up to 1e12 minor units', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1e12, max: 1e12 }), { minLength: 5, maxLength: 5 }), (amounts) => {
        expect(misreads(amounts)).toEqual([]);
      }),
      { numRuns: 1 },
    );
    fc.assert(
      fc.property(fc.constantFrom(...CURRENCIES), fc.constantFrom(...MONEY_LOCALES), fc.maxSafeInteger(), (currency, locale, amount) => {
        expect(misreads([amount], [currency], [locale])).toEqual([]);
      }),
      { numRuns: 3000 },
    );
  }, 30_000);

  it('accepts an edited text only when it reads as exactly what formatMoney prints for the result', () => {
    const edited = fc
      .tuple(fc.constantFrom(...CURRENCIES), fc.constantFrom(...MONEY_LOCALES), fc.integer({ min: -1e9, max: 1e9 }), fc.nat(), fc.string({ maxLength: 2 }))
      .map(([currency, locale, amount, at, insert]) => {
        const text = formatMoney({ amount, currency }, { locale });
        const cut = at % (text.length + 1);
        // Drop one character at `cut` and put up to two others there.
        return { currency, locale, text: text.slice(0, cut) + insert + text.slice(cut + 1) };
      });
    fc.assert(
      fc.property(edited, ({ currency, locale, text }) => {
        const amount = parseMoney(text, { locale, currency });
        if (amount !== null) expect(visible(formatMoney({ amount, currency }, { locale }))).toBe(visible(text));
      }),
      { numRuns: 3000 },
    );
  });
});
