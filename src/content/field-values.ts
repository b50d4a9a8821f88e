import * as v from 'valibot';
import { imageValue, type FieldMap, type FieldSpec } from './collection.ts';
import { blockTypeOf, isSectionsField, type BlockField, type SectionsDef } from '../db/field-spec.ts';
import { jsonLimitProblem } from '../http/json-limits.ts';
import type { Violation } from './validation-error.ts';

/**
 * Why `value` cannot be stored in a field of `spec`, or null: text and rich
 * text must be strings (a text field's `schema`, if any, checks the string);
 * a json value must fit the size limits and the field's `schema`. The one
 * check every write path and every read of stored data goes through.
 */
export function fieldValueProblem(spec: FieldSpec, value: unknown): string | null {
  if (spec.type === 'image') return value === undefined ? 'must be an image or null' : schemaProblem(imageValue, value);
  if (spec.type !== 'json') {
    if (typeof value !== 'string') return 'must be a string';
    return spec.type === 'text' && spec.schema ? schemaProblem(spec.schema, value) : null;
  }
  if (value === undefined) return 'must be a JSON value';
  return jsonLimitProblem(value) ?? (spec.schema ? schemaProblem(spec.schema, value) : null);
}

/** Like `fieldValueProblem` for one item of a json list saved by dotted index. */
export function itemValueProblem(spec: FieldSpec, value: unknown): string | null {
  if (spec.type !== 'json') return 'is not a list';
  if (value === undefined) return 'must be a JSON value';
  const schema = spec.schema as (v.GenericSchema & { type?: string; item?: v.GenericSchema }) | undefined;
  if (schema && schema.type !== 'array') return 'is not a list: send the whole value';
  return jsonLimitProblem(value) ?? (schema?.item ? schemaProblem(schema.item, value) : null);
}

function schemaProblem(schema: v.GenericSchema, value: unknown): string | null {
  const result = v.safeParse(schema, value);
  if (result.success) return null;
  const issue = result.issues[0];
  const path = v.getDotPath(issue);
  return path ? `${path}: ${issue.message}` : issue.message;
}

/**
 * Why `value` cannot be stored in `field`, as violations: one for most
 * fields (`fieldValueProblem`); for a sections field one per problem,
 * addressed by path (`sections.3.heading`), so the editor can point at the block.
 */
export function fieldViolations(field: string, spec: FieldSpec, value: unknown): Violation[] {
  if (!isSectionsField(spec)) {
    const problem = fieldValueProblem(spec, value);
    return problem ? [{ field, message: problem }] : [];
  }
  const limit = value === undefined ? 'must be a list of blocks' : jsonLimitProblem(value);
  if (limit) return [{ field, message: limit }];
  const result = v.safeParse(spec.schema, value);
  if (result.success) return [];
  return result.issues.map((issue) => {
    const path = v.getDotPath(issue);
    return { field: path ? `${field}.${path}` : field, message: issue.message };
  });
}

/** Violations of the fields in `data` (keys that are not own fields of `fields` are not checked here). */
export function typeViolations(data: Readonly<Record<string, unknown>>, fields: FieldMap): Violation[] {
  const violations: Violation[] = [];
  for (const [field, value] of Object.entries(data)) {
    const spec = Object.hasOwn(fields, field) ? fields[field] : undefined;
    if (spec) violations.push(...fieldViolations(field, spec, value));
  }
  return violations;
}

/** Required-field violations of a complete snapshot (full field validation on publish). */
export function requiredViolations(data: Readonly<Record<string, unknown>>, fields: FieldMap): Violation[] {
  const violations: Violation[] = [];
  for (const [field, spec] of Object.entries(fields)) {
    const value = Object.hasOwn(data, field) ? data[field] : undefined;
    if (spec.required && isBlank(spec, value)) violations.push({ field, message: 'is required' });
    if (isSectionsField(spec) && Array.isArray(value)) violations.push(...requiredBlockViolations(field, spec.sections, value));
  }
  return violations;
}

/** Required fields of every block of a (valid) sections list, addressed `<field>.<index>.<key>`. */
function requiredBlockViolations(field: string, def: SectionsDef, list: unknown[]): Violation[] {
  const violations: Violation[] = [];
  list.forEach((block, index) => {
    for (const [key, spec] of Object.entries(blockTypeOf(def, block)?.fields ?? {})) {
      const value = (block as Record<string, unknown>)[key];
      if ('required' in spec && spec.required && isBlank(spec, value)) violations.push({ field: `${field}.${index}.${key}`, message: 'is required' });
    }
  });
  return violations;
}

function isBlank(spec: FieldSpec | BlockField, value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (spec.type === 'link') return typeof value === 'object' && String((value as { label?: unknown }).label ?? '').trim() === '';
  return (spec.type === 'text' || spec.type === 'richtext') && typeof value === 'string' && value.trim() === '';
}

/** A stored field that did not fit its spec, and the value rendered in its place. */
export interface InvalidField extends Violation {
  /** What the page shows instead (`''`, `[]` or null); saving it repairs the field. */
  fallback: unknown;
}

/** What a page can render from stored data, and what it had to replace. */
export interface ConformedEntry<T extends Record<string, unknown>> {
  data: T;
  /** Stored fields that did not fit their spec; each now holds its fallback. */
  invalid: InvalidField[];
}

/**
 * Makes stored data safe to render: every field of `fields` that does not
 * fit its spec (a list stored as text, a value nested too deep, data written
 * around the routes) is replaced by its fallback (`''`, `[]` for a list,
 * else null) and reported, so a template never crashes on bad data and edit
 * mode can say what to repair. Pure; `data` is not mutated.
 *
 * @example const { data: page, invalid } = conformEntry(row, pagesCollection.fields);
 */
export function conformEntry<T extends Record<string, unknown>>(data: T, fields: FieldMap): ConformedEntry<T> {
  const out: Record<string, unknown> = { ...data };
  const invalid: InvalidField[] = [];
  for (const [field, spec] of Object.entries(fields)) {
    const problem = fieldValueProblem(spec, Object.hasOwn(data, field) ? data[field] : undefined);
    if (!problem) continue;
    const fallback = fallbackValue(spec);
    invalid.push({ field, message: problem, fallback });
    out[field] = fallback;
  }
  return { data: out as T, invalid };
}

function fallbackValue(spec: FieldSpec): unknown {
  if (spec.type === 'image') return null;
  if (spec.type !== 'json') return '';
  return (spec.schema as { type?: string } | undefined)?.type === 'array' ? [] : null;
}
