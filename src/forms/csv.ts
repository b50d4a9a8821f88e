import type { Submission } from './generic-table.ts';

// A spreadsheet reads a cell starting with one of these as a formula (=HYPERLINK, =cmd|...).
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell (RFC 4180): quoted when it holds `"`, `,`, CR or LF, quotes
 * doubled. A text value starting with `=`, `+`, `-`, `@`, a tab or CR is
 * prefixed with `'` so a spreadsheet shows it instead of running it as a
 * formula. Numbers and booleans are written as they are (a negative number
 * is data, not a formula); absent values are empty.
 */
export function csvCell(value: unknown): string {
  if (value === undefined || value === null) return '';
  let text = typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value);
  if (typeof value !== 'number' && typeof value !== 'boolean' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV line (CRLF ended). */
export function csvLine(cells: readonly unknown[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** The header row: the form's declared fields in order, then `createdAt`. */
export function csvHeader(fields: readonly string[]): string {
  return csvLine([...fields, 'createdAt']);
}

/** A submission's row under `csvHeader(fields)`: its declared fields (keys it no longer declares are left out), then `createdAt` as ISO 8601. */
export function csvRow(fields: readonly string[], submission: Submission): string {
  return csvLine([
    ...fields.map((name) => (Object.hasOwn(submission.data, name) ? submission.data[name] : undefined)),
    new Date(submission.createdAt).toISOString(),
  ]);
}
