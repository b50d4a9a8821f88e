import type { StatusCheck } from './status-check.ts';

/** A timestamp `ageCheck` understands: ISO 8601 string, epoch milliseconds or Date; null or undefined when there is none. */
export type Timestamp = string | number | Date | null | undefined;

export interface AgeCheckOptions {
  /** The clock, in epoch milliseconds. For tests; defaults to `Date.now`. */
  now?: () => number;
}

// ISO 8601 date, or date and time with optional seconds, fraction and offset.
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * A status check that passes when the timestamp `read` returns is at most
 * `maxAgeMs` old, and reports its age as `ageMs` (a stale one too). A
 * missing or unparseable timestamp fails with no age; a future one passes
 * with age 0. An ISO string without an offset is read as UTC, as SQLite's
 * `CURRENT_TIMESTAMP` writes it.
 *
 * @example ageCheck((env: Env) => env.KV.get('last-sync'), 60 * 60 * 1000)
 */
export function ageCheck<E = unknown>(
  read: (env: E, signal: AbortSignal) => Timestamp | Promise<Timestamp>,
  maxAgeMs: number,
  options: AgeCheckOptions = {},
): StatusCheck<E> {
  if (typeof read !== 'function') throw new TypeError('ageCheck: read must be a function (env, signal) => timestamp');
  if (typeof maxAgeMs !== 'number' || !Number.isFinite(maxAgeMs) || maxAgeMs < 0) {
    throw new TypeError(`ageCheck: maxAgeMs must be a finite number of milliseconds, 0 or more (got ${String(maxAgeMs)})`);
  }
  if (options.now !== undefined && typeof options.now !== 'function') throw new TypeError('ageCheck: now must be a function returning epoch milliseconds');
  const now = options.now ?? Date.now;
  return async function age(env, signal) {
    const at = toEpochMs(await read(env, signal));
    if (at === null) return { ok: false };
    const ageMs = Math.max(0, now() - at);
    return { ok: ageMs <= maxAgeMs, ageMs };
  };
}

/** Epoch milliseconds, or null when the value is not a timestamp. */
function toEpochMs(value: unknown): number | null {
  let ms: number;
  if (value instanceof Date) ms = value.getTime();
  else if (typeof value === 'number') ms = value;
  else if (typeof value === 'string') ms = parseIso(value);
  else return null;
  return Number.isFinite(ms) ? ms : null;
}

function parseIso(value: string): number {
  const text = value.trim().toUpperCase().replace(' ', 'T');
  const match = ISO.exec(text);
  if (!match) return Number.NaN;
  const [, year, month, day, offset] = match;
  // Date.parse rolls 2026-02-30 over to March; a date that does not exist is unparseable.
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (date.getUTCMonth() !== Number(month) - 1 || date.getUTCDate() !== Number(day)) return Number.NaN;
  // Without an offset a date-time would parse as local time; servers mean UTC.
  return Date.parse(offset === undefined && text.includes('T') ? `${text}Z` : text);
}
