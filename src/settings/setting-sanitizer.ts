import { LouiseValidationError, type Violation } from '../content/validation-error.ts';

/**
 * Checks and normalizes one setting's value, returning what to store.
 * Refuses by throwing `LouiseValidationError` whose violation fields are
 * paths inside the value (`''` for the value itself, `'0.href'`); the
 * caller reports them under the setting's key. Returning `undefined`
 * removes the key (JSON cannot hold it). Any other throw is a bug.
 */
export type SettingSanitizer = (value: unknown) => unknown;

/** Refuses a value: throws `LouiseValidationError` with one violation at `field` ('' for the value itself). */
export function refuse(message: string, field = ''): never {
  throw new LouiseValidationError([{ field, message }]);
}

/** A sanitizer's violations placed under the setting `key` (`''` and `key` itself become `key`, `0.href` becomes `key.0.href`). */
export function violationsAt(key: string, violations: readonly Violation[]): Violation[] {
  return violations.map(({ field, message }) => ({
    field: field === '' || field === key || field.startsWith(`${key}.`) ? field || key : `${key}.${field}`,
    message,
  }));
}

/** Runs `sanitize` on `value`: `{ value }`, or the violations placed under `key`. Errors other than `LouiseValidationError` propagate. */
export function runSanitizer(key: string, sanitize: SettingSanitizer, value: unknown): { value: unknown } | { violations: Violation[] } {
  try {
    return { value: sanitize(value) };
  } catch (error) {
    if (error instanceof LouiseValidationError) return { violations: violationsAt(key, error.violations) };
    throw error;
  }
}
