import { currencyDigits, type Money } from './money.ts';

/**
 * The locales `parseMoney` is tested against, each with every currency Intl
 * knows (a property test formats random amounts and parses them back). Other
 * locales work the same way; these cover the separators, digit systems and
 * bidi marks Intl produces.
 */
export const MONEY_LOCALES: readonly string[] =
  'en-US en-GB en-IN de-DE de-CH fr-FR fr-CH es-ES it-IT nl-NL pt-BR sv-SE pl-PL ru-RU ja-JP zh-CN ko-KR ar-EG fa-IR hi-IN bn-BD th-TH he-IL tr-TR'.split(' ');

// Formatters are costly to build and a locale may come from a request header,
// so the caches are bounded: the oldest entry goes first.
const CACHE_LIMIT = 256;

function remember<V>(cache: Map<string, V>, key: string, make: () => V): V {
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const value = make();
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(key, value);
  return value;
}

const formatters = new Map<string, Intl.NumberFormat>();

function currencyFormat(locale: string, currency: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}\0${currency.toUpperCase()}\0${JSON.stringify(options)}`;
  return remember(formatters, key, () => new Intl.NumberFormat(locale, { ...options, style: 'currency', currency }));
}

/** The exact decimal string of `amount` minor units ("-12.34"), which Intl formats without a detour through a float. */
function decimalString(amount: number, digits: number): `${number}` {
  if (!Number.isSafeInteger(amount))
    throw new RangeError(`A money amount is an integer count of minor units, got ${String(amount)}: convert with majorToCents.`);
  const units = String(Math.abs(amount)).padStart(digits + 1, '0');
  const sign = amount < 0 ? '-' : '';
  return (digits === 0 ? `${sign}${units}` : `${sign}${units.slice(0, -digits)}.${units.slice(-digits)}`) as `${number}`;
}

/**
 * Money as text in `locale`, through Intl.NumberFormat's currency style with
 * the currency's own minor-unit digits. Other Intl.NumberFormat options pass
 * through (`currencyDisplay`, `signDisplay`, ...); `style` and `currency`
 * always come from the money. `parseMoney` reads back what the default
 * options produce.
 * @example formatMoney({ amount: 123450, currency: 'EUR' }, { locale: 'de-DE' }) // '1.234,50 €'
 */
export function formatMoney(money: Money, options: { locale: string } & Intl.NumberFormatOptions): string {
  const { locale, ...intl } = options;
  return currencyFormat(locale, money.currency, intl).format(decimalString(money.amount, currencyDigits(money.currency)));
}

interface Shape {
  format: Intl.NumberFormat;
  digits: number;
  currency: string;
  decimal: string | undefined;
  numerals: Map<string, string>;
}

const shapes = new Map<string, Shape>();

// Text is compared after dropping bidi marks (LRM, RLM, ALM, embeddings and
// isolates), reading every no-break or thin space as a space and the minus
// sign U+2212 as '-': copying from a page or typing on a keyboard changes
// these and nothing else.
const MARKS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
const SPACES = /[\u00A0\u2007\u2009\u202F]/g;
const canonical = (text: string) =>
  text
    .replace(MARKS, '')
    .replace(SPACES, ' ')
    .replace(/\u2212/g, '-')
    .trim();

function shapeOf(locale: string, currency: string): Shape {
  return remember(shapes, `${locale}\0${currency.toUpperCase()}`, () => {
    const format = currencyFormat(locale, currency, {});
    const digits = currencyDigits(currency);
    const parts = format.formatToParts(decimalString(10 ** digits + 1, digits));
    const numerals = new Intl.NumberFormat(locale, { numberingSystem: format.resolvedOptions().numberingSystem, useGrouping: false });
    return {
      format,
      digits,
      currency: canonical(parts.find((part) => part.type === 'currency')?.value ?? ''),
      decimal: parts.find((part) => part.type === 'decimal')?.value,
      numerals: new Map(Array.from({ length: 10 }, (_, i) => [numerals.format(i), String(i)])),
    };
  });
}

/**
 * Reads text that `formatMoney(money, { locale })` produced back into minor
 * units, or null for any other text. The currency sign, grouping, digit
 * system (Arabic-Indic, Persian, Bengali, ...) and sign placement must be the
 * locale's; bidi marks may be present or not, spaces may be plain or no-break.
 * It never goes through a float: it reads the digits, then formats the result
 * and compares, so whatever it accepts is exactly what `formatMoney` prints.
 * An unknown currency or malformed locale throws a RangeError, as in
 * `formatMoney`: those are the caller's settings, not the text.
 * @example parseMoney('-1 234,50 €', { locale: 'fr-FR', currency: 'EUR' }) // -123450
 */
export function parseMoney(text: string, options: { locale: string; currency: string }): number | null {
  if (typeof text !== 'string' || text.length > 200) return null;
  const shape = shapeOf(options.locale, options.currency);
  const input = canonical(text);
  const at = shape.currency === '' ? -1 : input.indexOf(shape.currency);
  if (at < 0) return null;
  let whole = '';
  let fraction: string | undefined;
  let negative = false;
  // Only the digits, the decimal separator and the minus sign carry the value;
  // grouping and literals are checked by the comparison at the end.
  for (const char of input.slice(0, at) + input.slice(at + shape.currency.length)) {
    const digit = shape.numerals.get(char);
    if (digit !== undefined) {
      if (fraction === undefined) whole += digit;
      else fraction += digit;
    } else if (char === shape.decimal) {
      if (fraction !== undefined) return null;
      fraction = '';
    } else if (char === '-') {
      if (negative) return null;
      negative = true;
    }
  }
  if (whole === '' || (fraction ?? '').length !== shape.digits) return null;
  const units = (whole + (fraction ?? '')).replace(/^0+(?=\d)/, '');
  if (units.length > 16) return null;
  const magnitude = Number(units);
  if (!Number.isSafeInteger(magnitude)) return null;
  const amount = negative ? -magnitude : magnitude;
  return canonical(shape.format.format(decimalString(amount, shape.digits))) === input ? amount : null;
}
