import { HttpError } from './errors.ts';

/** Page size of list answers when none is asked for. */
export const DEFAULT_LIST_LIMIT = 50;
/** Largest page size a list answers. */
export const MAX_LIST_LIMIT = 200;

/** A keyset page request: ids below `cursor`, newest first. */
export interface ListQuery {
  limit: number;
  cursor: number | null;
}

const INT = /^[1-9][0-9]{0,15}$/;

/** Reads `?limit` (1 to 200, default 50) and `?cursor` (an opaque id from `nextCursor`); 400 for anything else. */
export function parseListQuery(url: URL): ListQuery {
  const limitText = url.searchParams.get('limit');
  const cursorText = url.searchParams.get('cursor');
  if (limitText !== null && (!INT.test(limitText) || Number(limitText) > MAX_LIST_LIMIT))
    throw new HttpError(400, 'invalid_query', `limit must be an integer from 1 to ${MAX_LIST_LIMIT}.`);
  if (cursorText !== null && !INT.test(cursorText)) throw new HttpError(400, 'invalid_query', 'cursor must be a nextCursor value from a previous page.');
  return { limit: limitText === null ? DEFAULT_LIST_LIMIT : Number(limitText), cursor: cursorText === null ? null : Number(cursorText) };
}

/** Cuts a `limit + 1` fetch into the page and the cursor of the next one. */
export function listPage<T extends Record<string, unknown>>(rows: T[], limit: number): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return { items, nextCursor: rows.length > limit && last ? String(last['id']) : null };
}

/** Parses a `:id` path parameter: a positive integer, else null (the route answers 404). */
export function parseId(text: string | undefined): number | null {
  return text !== undefined && INT.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : null;
}
