import type { Money } from '../money.ts';
import { PosApiError, posInvalidResponse } from './request.ts';

/**
 * Readers for Pos answers (snake_case JSON). What a caller acts on (an id, a
 * version, an amount) must be there: a missing one is `invalid_response`, not
 * `undefined` flowing on. Everything else is read leniently: a field Pos
 * leaves out is null.
 */
export type PosObject = Record<string, unknown>;

export function str(obj: PosObject, key: string, operation: string): string {
  const value = obj[key];
  if (typeof value !== 'string' || value === '') throw posInvalidResponse(operation, key);
  return value;
}

export function int(obj: PosObject, key: string, operation: string): number {
  const value = obj[key];
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw posInvalidResponse(operation, key);
  return value;
}

export function optStr(obj: PosObject | null | undefined, key: string): string | null {
  const value = obj?.[key];
  return typeof value === 'string' ? value : null;
}

export function optInt(obj: PosObject | null | undefined, key: string): number | null {
  const value = obj?.[key];
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : null;
}

export function optBool(obj: PosObject | null | undefined, key: string): boolean | null {
  const value = obj?.[key];
  return typeof value === 'boolean' ? value : null;
}

export function optObj(obj: PosObject | null | undefined, key: string): PosObject | null {
  const value = obj?.[key];
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as PosObject) : null;
}

/** The object under `key`, which the answer must have. */
export function obj(parent: PosObject, key: string, operation: string): PosObject {
  const value = optObj(parent, key);
  if (value === null) throw posInvalidResponse(operation, key);
  return value;
}

/** The objects in the list under `key`; an absent list is empty (Pos leaves out empty lists). */
export function objects(parent: PosObject | null | undefined, key: string, operation: string): PosObject[] {
  const value = parent?.[key];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'object' || v === null || Array.isArray(v)))
    throw posInvalidResponse(operation, `${key} as a list of objects`);
  return value as PosObject[];
}

export function strings(parent: PosObject | null | undefined, key: string): string[] {
  const value = parent?.[key];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** A Pos `Money` (`{ amount, currency }`, already in minor units) as ours, or null when absent or incomplete. */
export function money(parent: PosObject | null | undefined, key: string): Money | null {
  const value = optObj(parent, key);
  const amount = optInt(value, 'amount');
  const currency = optStr(value, 'currency');
  return amount === null || currency === null ? null : { amount, currency };
}

/** Ours as a Pos `Money`; refuses a fractional amount or a malformed currency before anything is sent. */
export function toPosMoney(value: Money, what: string): { amount: number; currency: string } {
  if (typeof value !== 'object' || value === null || !Number.isSafeInteger(value.amount)) {
    throw new TypeError(`Pos ${what} must be { amount, currency } with an integer amount in minor units (cents)`);
  }
  if (typeof value.currency !== 'string' || !/^[A-Za-z]{3}$/.test(value.currency)) {
    throw new TypeError(`Pos ${what} currency must be a 3-letter ISO 4217 code, got ${JSON.stringify(value.currency)}`);
  }
  return { amount: value.amount, currency: value.currency.toUpperCase() };
}

/** The cursor of a page: a non-empty string, or null on the last page. */
export function cursorOf(page: PosObject): string | null {
  const cursor = optStr(page, 'cursor');
  return cursor === null || cursor === '' ? null : cursor;
}

/** Upper bound on pages one call follows, so a provider that never stops paging cannot hang a request forever. */
export const POS_MAX_PAGES = 100;

/**
 * Follows a cursor from the first page to the last, collecting what each page
 * yields. A cursor seen before is `invalid_response` (a loop), more than
 * `maxPages` pages is `too_many_pages`: both fail loudly rather than return a
 * silently cut list.
 */
export async function collectPages<T>(
  operation: string,
  page: (cursor: string | undefined) => Promise<{ items: T[]; cursor: string | null }>,
  maxPages = POS_MAX_PAGES,
): Promise<T[]> {
  const items: T[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let count = 1; ; count++) {
    const result = await page(cursor);
    items.push(...result.items);
    if (result.cursor === null) return items;
    if (seen.has(result.cursor)) throw posInvalidResponse(operation, 'a cursor that moves on (the same cursor came back)');
    if (count >= maxPages) throw new PosApiError({ status: 200, code: 'too_many_pages', detail: `more than ${maxPages} pages`, operation });
    seen.add(result.cursor);
    cursor = result.cursor;
  }
}

/** Null when the read answered 404; any other failure is thrown. */
export async function nullOn404<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof PosApiError && error.status === 404) return null;
    throw error;
  }
}
