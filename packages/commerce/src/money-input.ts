import { checkDigits } from './money.ts';

// The digit systems a keyboard or an IME types: ASCII, Arabic-Indic, Persian,
// Devanagari, Bengali, Thai and full-width (Japanese and Chinese IMEs).
const ZEROS = [0x30, 0x660, 0x6f0, 0x966, 0x9e6, 0xe50, 0xff10];

// Separators, by what they may be. '.' and ',' may be either; the Arabic
// decimal separator only a decimal point; spaces, apostrophes and the Arabic
// thousands separator only a group separator.
const EITHER: ReadonlyMap<string, string> = new Map([
  ['.', '.'],
  [',', ','],
  ['\uFF0E', '.'],
  ['\uFF0C', ','],
]);
const DECIMAL_ONLY = '\u066B';
const GROUP_ONLY: ReadonlyMap<string, string> = new Map([
  [' ', ' '],
  ['\u00A0', ' '],
  ['\u202F', ' '],
  ['\u2009', ' '],
  ["'", "'"],
  ['\u2019', "'"],
  ['\u066C', '\u066C'],
]);

/**
 * The digits of a whole part, which has no separator or one kind of group
 * separator placed in threes (1,234,567) or the Indian way (12,34,567) and
 * no leading zero; undefined when it is not such a number.
 */
function ungroup(whole: string): string | undefined {
  const kinds = new Set(whole.replace(/\d/g, ''));
  if (kinds.size === 0) return whole;
  const [separator = ''] = kinds;
  if (kinds.size > 1 || separator === DECIMAL_ONLY || whole.startsWith('0')) return undefined;
  const groups = whole.split(separator);
  const western = groups.every((group, i) => /^\d+$/.test(group) && (i === 0 ? group.length <= 3 : group.length === 3));
  const indian = groups.every(
    (group, i) => /^\d+$/.test(group) && (i === groups.length - 1 ? group.length === 3 : i === 0 ? group.length <= 2 : group.length === 2),
  );
  return groups.length > 1 && (western || indian) ? groups.join('') : undefined;
}

/**
 * Reads an amount a person typed into a price box into minor units, or null.
 * Strict: it returns a number only when the text reads as exactly one amount.
 *
 * Accepted: surrounding spaces; bidi marks (LRM, RLM, ALM) anywhere, as
 * copying from a right-to-left page leaves them; one leading sign ('-', '+'
 * or U+2212) right before the number; digits (ASCII, Arabic-Indic, Persian,
 * Devanagari, Bengali, Thai or full-width, one system per text); at most one
 * decimal separator ('.', ',' or the Arabic '٫') followed by 1 to `digits`
 * digits; group separators (',', '.', a space of any width, an apostrophe,
 * the Arabic '٬'), one kind per text, before the decimal separator only, in
 * groups of three (1,234,567) or the Indian way (12,34,567), the first group
 * not starting with 0. So '12', '12.5', '12,50', '.5', '1,234.56',
 * '1.234,56', '1 234,56', "1'234.50" and '12,34,567' all read.
 *
 * Null: empty text, a currency sign or code ('$12' too: the box shows the
 * currency, and a typed one could disagree with it), letters, an exponent,
 * more than one sign or a sign elsewhere, a trailing separator ('12.'),
 * more fraction digits than `digits`, a result beyond
 * Number.MAX_SAFE_INTEGER, and ambiguous text: one '.' or ',' between one to
 * three digits (not a lone 0) and exactly three digits, as in '1,234',
 * '1.000' or '12.345', reads both as a grouped thousand and as a decimal, so
 * it is null whatever `digits` is. Pass `decimal` (the locale's decimal
 * separator, which a site can read from Intl) to settle it: then only that
 * character is a decimal separator and the other only a group separator, so
 * '12.345' with `{ decimal: '.' }` is 12.345.
 * @example parseMoneyInput('1.234,5') // 123450
 * @example parseMoneyInput('12.345', 3, { decimal: '.' }) // 12345
 */
export function parseMoneyInput(text: string, digits = 2, options: { decimal?: '.' | ',' } = {}): number | null {
  checkDigits(digits);
  if (typeof text !== 'string' || text.length > 64) return null;
  // Bidi marks come along when a number is copied from a right-to-left page.
  let body = text.replace(/[\u061C\u200E\u200F]/g, '').trim();
  const negative = body.startsWith('-') || body.startsWith('\u2212');
  if (negative || body.startsWith('+')) body = body.slice(1);
  // Rewrite to ASCII digits, '.' and ',' while either may be a decimal
  // separator, DECIMAL_ONLY for one that must be (the Arabic one, or
  // `options.decimal`), and one character per group-only kind; refuse the rest.
  let plain = '';
  let zero: number | undefined;
  for (const char of body) {
    const code = char.codePointAt(0) ?? 0;
    const system = ZEROS.find((z) => code >= z && code <= z + 9);
    if (system !== undefined) {
      if (zero !== undefined && zero !== system) return null;
      zero = system;
      plain += String(code - system);
    } else {
      const either = EITHER.get(char);
      const separator =
        either === undefined ? (GROUP_ONLY.get(char) ?? (char === DECIMAL_ONLY ? char : undefined)) : either === options.decimal ? DECIMAL_ONLY : either;
      if (separator === undefined) return null;
      plain += separator;
    }
  }
  if (zero === undefined) return null;
  const separators = plain.replace(/\d/g, '');
  const last = separators.at(-1);
  // Every way to read the text: without a decimal separator, and with the
  // last separator as one when it can be one and occurs once.
  const readings = new Set<string>();
  const whole = ungroup(plain);
  if (whole !== undefined) readings.add(`${whole}.`);
  const pointLike = last === DECIMAL_ONLY || (options.decimal === undefined && (last === '.' || last === ','));
  if (last !== undefined && pointLike && separators.indexOf(last) === separators.length - 1) {
    const point = plain.lastIndexOf(last);
    const head = ungroup(plain.slice(0, point));
    const fraction = plain.slice(point + 1);
    if (head !== undefined && fraction !== '') readings.add(`${head}.${fraction}`);
  }
  const values = new Set([...readings].map((reading) => reading.replace(/^0+/, '').replace(/\.?0*$/, '')));
  if (values.size !== 1 || readings.size === 0) return null;
  const [head = '', fraction = ''] = [...readings][0]?.split('.') ?? [];
  if (fraction.length > digits) return null;
  const units = (head + fraction.padEnd(digits, '0')).replace(/^0+(?=\d)/, '');
  if (units === '' || units.length > 16) return null;
  const magnitude = Number(units);
  if (!Number.isSafeInteger(magnitude)) return null;
  return negative && magnitude !== 0 ? -magnitude : magnitude;
}
