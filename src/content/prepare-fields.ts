import { normalizeFieldText, normalizeJsonStrings } from '../security/field-text.ts';
import { richFieldsOf, type FieldMap, type FieldSpec } from './collection.ts';
import { isJsonStored, isSectionsField } from '../db/field-spec.ts';
import { fieldViolations, itemValueProblem } from './field-values.ts';
import { normalizeSections } from './sections.ts';
import { pickFields } from './pick-fields.ts';
import type { Violation } from './validation-error.ts';

/** A write payload made storable, or why not. */
export interface PreparedFields {
  /** Allowlisted fields, rich text sanitized, text normalized. */
  data: Record<string, unknown>;
  /** Keys outside the allowlist (400 `unknown_field`); they never reach a column. */
  unknown: string[];
  /** Values that cannot be stored (422 `validation`). */
  violations: Violation[];
}

/**
 * The one way user input becomes field values, for every write path
 * (pages, drafts, inline saves): allowlist (`pickFields`), sanitize rich
 * text, check type, size limits and the field's schema, then normalize text
 * (`normalizeFieldText`: no NUL or lone surrogates; one-line text also
 * without bidi controls or line breaks). A sections field is checked block
 * by block (violations addressed `sections.3.heading`) and its blocks'
 * rich text sanitized. Pure.
 */
export function prepareFields(input: Readonly<Record<string, unknown>>, fields: FieldMap, sanitize: (html: string) => string): PreparedFields {
  const { data: picked, unknown } = pickFields(input, Object.keys(fields), richFieldsOf(fields), sanitize);
  const data: Record<string, unknown> = {};
  const violations: Violation[] = [];
  for (const [field, value] of Object.entries(picked)) {
    const spec = fields[field] as FieldSpec;
    const problems = fieldViolations(field, spec, value);
    if (problems.length > 0) violations.push(...problems);
    else data[field] = isSectionsField(spec) ? normalizeSections(spec.sections, value as Record<string, unknown>[], sanitize) : normalizeValue(spec, value);
  }
  return { data, unknown, violations };
}

/** One item of a json list saved by dotted index (`paragraphs.2`), checked and normalized. */
export function prepareItem(spec: FieldSpec, value: unknown): { value: unknown } | { problem: string } {
  const problem = itemValueProblem(spec, value);
  return problem ? { problem } : { value: normalizeValue({ type: 'json' }, value) };
}

function normalizeValue(spec: FieldSpec, value: unknown): unknown {
  if (isJsonStored(spec)) return normalizeJsonStrings(value);
  return normalizeFieldText(value as string, { oneLine: spec.type === 'text' });
}
