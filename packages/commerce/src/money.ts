/**
 * An amount of money as an integer count of the currency's minor unit (cents
 * for USD, yen for JPY, fils for BHD), so sums and comparisons stay exact.
 * The currency is an ISO 4217 code in any case.
 */
export interface Money {
  amount: number;
  currency: string;
}

const digitsByCode = new Map<string, number>();
let currencyNames: Intl.DisplayNames | undefined;

/**
 * How many minor-unit digits `currency` has, as Intl (CLDR) says: USD 2,
 * JPY 0, BHD 3, CLF 4. Throws a RangeError for a code Intl has no name for:
 * Intl formats any three letters (XYZ gets 2 digits), which would hide a typo
 * or a code read from the wrong column.
 */
export function currencyDigits(currency: string): number {
  const code = typeof currency === 'string' && /^[A-Za-z]{3}$/.test(currency) ? currency.toUpperCase() : undefined;
  const cached = code === undefined ? undefined : digitsByCode.get(code);
  if (cached !== undefined) return cached;
  currencyNames ??= new Intl.DisplayNames(['en'], { type: 'currency', fallback: 'none' });
  if (code === undefined || currencyNames.of(code) === undefined) {
    throw new RangeError(`Unknown currency ${JSON.stringify(currency)}: pass an ISO 4217 code that Intl knows, such as 'USD', 'EUR' or 'JPY'.`);
  }
  const digits = new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
  digitsByCode.set(code, digits);
  return digits;
}

/** @internal Refuses a digit count no currency has (a swapped argument, a currency code where digits go). */
export function checkDigits(digits: number): void {
  if (!Number.isInteger(digits) || digits < 0 || digits > 20) {
    throw new RangeError(`digits must be an integer from 0 to 20 (the currency's minor-unit count, see currencyDigits), got ${String(digits)}.`);
  }
}

/**
 * Minor units to a major-unit number for display or a provider that wants
 * major units: 1999 -> 19.99. The division by an exact power of ten is
 * correctly rounded, so the result prints as the exact decimal.
 */
export function centsToMajor(cents: number, digits = 2): number {
  checkDigits(digits);
  if (!Number.isSafeInteger(cents))
    throw new RangeError(`centsToMajor takes an integer count of minor units, got ${String(cents)}: round with majorToCents first.`);
  return cents / 10 ** digits;
}

// Optional sign, digits with an optional point, optional exponent: what
// String(number) prints and what a decimal column holds.
const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * Major units to minor units, exactly: the amount is read as the decimal it
 * prints as (a number through its shortest round-trip string, so 1.005 is
 * '1.005' and not 1.00499999...), then rounded half away from zero on the
 * digits themselves: 1.005 -> 101, -1.005 -> -101, 0.1 + 0.2 -> 30.
 * Strings may carry a sign and an exponent ('-12.5', '1e-7'). Throws a
 * RangeError for NaN, Infinity, a string that is not a decimal, or a result
 * beyond Number.MAX_SAFE_INTEGER.
 * @example majorToCents('19.99') // 1999
 */
export function majorToCents(amount: number | string, digits = 2): number {
  checkDigits(digits);
  if (typeof amount === 'number' && !Number.isFinite(amount)) throw new RangeError(`majorToCents takes a finite amount, got ${String(amount)}.`);
  const text = String(amount);
  const match = DECIMAL.exec(text);
  const whole = match?.[2] ?? '';
  const fraction = match?.[3] ?? '';
  if (!match || whole + fraction === '') {
    throw new RangeError(`majorToCents: ${JSON.stringify(text)} is not a decimal number; pass a number or a string such as '12.34' or '-1e-7'.`);
  }
  const mantissa = (whole + fraction).replace(/^0+/, '');
  if (mantissa === '') return 0;
  // The value in minor units is mantissa x 10^shift. A huge exponent makes
  // shift +-Infinity, which the length checks below handle without building
  // the digits.
  const shift = (match[4] === undefined ? 0 : Number(match[4])) + digits - fraction.length;
  const tooBig = () => new RangeError(`majorToCents: ${text} is more than Number.MAX_SAFE_INTEGER minor units.`);
  let minor: bigint;
  if (shift >= 0) {
    // The mantissa has no leading zero, so 17 digits are already past 2^53.
    if (mantissa.length + shift > 16) throw tooBig();
    minor = BigInt(mantissa + '0'.repeat(shift));
  } else {
    const kept = mantissa.length + shift;
    if (kept > 16) throw tooBig();
    // Half away from zero: the first dropped digit decides. With nothing kept
    // and zeros dropped first (kept < 0), the amount is under half a unit.
    const up = kept >= 0 && mantissa.charCodeAt(kept) >= 53;
    minor = BigInt(kept > 0 ? mantissa.slice(0, kept) : '0') + (up ? 1n : 0n);
  }
  if (minor > MAX_SAFE) throw tooBig();
  const magnitude = Number(minor);
  return match[1] === '-' && magnitude !== 0 ? -magnitude : magnitude;
}
