import { canonicalJson } from '../content/field-rev.ts';
import { LouiseValidationError, type Violation } from '../content/validation-error.ts';
import { copyOwn, setOwn } from './own-keys.ts';
import { runSanitizer, type SettingSanitizer } from './setting-sanitizer.ts';

/** The result of merging a patch into a settings blob. */
export interface BlobMerge {
  /** A new blob: the old one with every allowed key of the patch merged in. */
  blob: Record<string, unknown>;
  /** Patch keys with no sanitizer in `allow`, in the patch's key order: not merged. */
  ignored: string[];
  /** Merged keys whose stored value actually changes (added, removed, or a different canonical value). */
  changed: string[];
}

/**
 * Merges a patch (`{ key: value }`, `$base` already taken out) into a
 * settings blob. Only top-level keys with an own sanitizer in `allow` are
 * merged, each as its sanitizer returns it (`undefined` removes the key);
 * every other key is ignored. When any sanitizer refuses, throws one
 * `LouiseValidationError` with every violation (fields prefixed by their key)
 * and nothing is merged. Pure: neither input is mutated, and a `__proto__`
 * key is at most an own data property, never a prototype.
 *
 * @example mergeBlobPatch({ a: 1 }, { a: 2, b: 3 }, { a: settingJson() }) // { blob: { a: 2 }, ignored: ['b'], changed: ['a'] }
 */
export function mergeBlobPatch(
  blob: Readonly<Record<string, unknown>>,
  patch: Readonly<Record<string, unknown>>,
  allow: Readonly<Record<string, SettingSanitizer>>,
): BlobMerge {
  const next = copyOwn(blob);
  const ignored: string[] = [];
  const merged: string[] = [];
  const violations: Violation[] = [];
  for (const key of Object.keys(patch)) {
    const sanitize = Object.hasOwn(allow, key) ? allow[key] : undefined;
    if (typeof sanitize !== 'function') {
      ignored.push(key);
      continue;
    }
    const result = runSanitizer(key, sanitize, patch[key]);
    if ('violations' in result) {
      violations.push(...result.violations);
      continue;
    }
    if (result.value === undefined) delete next[key];
    else setOwn(next, key, result.value);
    merged.push(key);
  }
  if (violations.length > 0) throw new LouiseValidationError(violations);
  const changed = merged.filter((key) => storedForm(blob, key) !== storedForm(next, key));
  return { blob: next, ignored, changed };
}

/** A key's value as stored: absent and present-as-null differ. */
function storedForm(record: Readonly<Record<string, unknown>>, key: string): string | undefined {
  return Object.hasOwn(record, key) ? canonicalJson(record[key]) : undefined;
}
