import { UpstreamError } from '../../../../src/security/upstream.ts';
import { currencyDigits, type Money, majorToCents } from '../money.ts';

/**
 * Readers for the Merch platform's answers. A 2xx we cannot act on (a missing
 * id, a quantity that is not a count) fails as `invalid_response` instead of
 * flowing on as `undefined`.
 */
export type MerchObject = Record<string, unknown>;

export function invalidResponse(operation: string, what: string): UpstreamError {
  return new UpstreamError({ provider: 'Merch', status: 200, code: 'invalid_response', detail: `the answer lacks ${what}`, operation });
}

export function obj(value: unknown, what: string, operation: string): MerchObject {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalidResponse(operation, what);
  return value as MerchObject;
}

export function list(value: unknown, what: string, operation: string): unknown[] {
  if (!Array.isArray(value)) throw invalidResponse(operation, what);
  return value;
}

export function str(o: MerchObject, key: string, operation: string): string {
  const value = o[key];
  if (typeof value !== 'string') throw invalidResponse(operation, key);
  return value;
}

export function optStr(o: MerchObject | null | undefined, key: string): string | null {
  const value = o?.[key];
  return typeof value === 'string' ? value : null;
}

export function optInt(o: MerchObject, key: string, operation: string): number | null {
  const value = o[key];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) throw invalidResponse(operation, key);
  return value;
}

/** Wire money is major units (`{ value: 10, currency: 'USD' }` is $10.00); ours is minor units. */
export function money(value: unknown, what: string, operation: string): Money {
  const o = obj(value, what, operation);
  const amount = o['value'];
  const currency = o['currency'];
  if (typeof amount !== 'number' || !Number.isFinite(amount) || typeof currency !== 'string') throw invalidResponse(operation, what);
  try {
    return { amount: majorToCents(amount, currencyDigits(currency)), currency: currency.toUpperCase() };
  } catch {
    throw invalidResponse(operation, `${what} (a known currency)`);
  }
}

/** The paged envelope: `results` is the only member the provider guarantees. */
export interface MerchPageInfo {
  page: number;
  totalPages: number | null;
  total: number | null;
}

export function pageInfo(o: MerchObject, requestedPage: number, operation: string): MerchPageInfo {
  return { page: optInt(o, 'page', operation) ?? requestedPage, totalPages: optInt(o, 'totalPages', operation), total: optInt(o, 'total', operation) };
}
