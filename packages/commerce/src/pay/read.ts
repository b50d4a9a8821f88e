import { UpstreamError } from '../../../../src/security/upstream.ts';

/**
 * Readers for Pay's answers. Pay's objects are trusted for shape only as far
 * as we read them: a missing id or amount is an answer we cannot act on, so
 * it fails as `invalid_response` instead of flowing on as `undefined`.
 */
export type PayObject = Record<string, unknown>;

export function invalidResponse(operation: string, what: string): UpstreamError {
  return new UpstreamError({ provider: 'Pay', status: 200, code: 'invalid_response', detail: `the answer lacks ${what}`, operation });
}

export function str(obj: PayObject, key: string, operation: string): string {
  const value = obj[key];
  if (typeof value !== 'string') throw invalidResponse(operation, key);
  return value;
}

export function int(obj: PayObject, key: string, operation: string): number {
  const value = obj[key];
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw invalidResponse(operation, key);
  return value;
}

export function optStr(obj: PayObject | null | undefined, key: string): string | null {
  const value = obj?.[key];
  return typeof value === 'string' ? value : null;
}

export function optObj(obj: PayObject | null | undefined, key: string): PayObject | null {
  const value = obj?.[key];
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as PayObject) : null;
}

/** A reference Pay may send as an id or, when expanded, as the object. */
export function idOf(obj: PayObject, key: string): string | null {
  return optStr(obj, key) ?? optStr(optObj(obj, key), 'id');
}

/** Metadata values are strings in Pay; anything else is dropped rather than mis-typed. */
export function stringRecord(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof value !== 'object' || value === null) return out;
  for (const [k, v] of Object.entries(value)) if (typeof v === 'string') out[k] = v;
  return out;
}

/** A 3-letter ISO 4217 code, sent lower-case as Pay expects. */
export function currencyParam(currency: unknown): string {
  if (typeof currency !== 'string' || !/^[A-Za-z]{3}$/.test(currency))
    throw new TypeError(`Pay currency must be a 3-letter ISO 4217 code, got ${JSON.stringify(currency)}`);
  return currency.toLowerCase();
}
