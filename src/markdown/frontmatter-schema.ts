/**
 * A content collection's frontmatter schema, as small as validating an
 * edited value needs, and that validation.
 *
 * Astro writes each collection's JSON Schema (from its Zod schema) to
 * `.astro/collections/<name>.schema.json`; `compactCollectionSchema` keeps
 * the subset Astro emits for frontmatter (strings, numbers, booleans, dates
 * as `format: date-time`, enums, arrays of strings, `anyOf` unions, nullable
 * types, `required`). Hand-written: the JSON Schema validators installed
 * (ajv) compile schemas to code with `new Function`, which Workers forbid,
 * and this subset is a few dozen lines.
 */

/** A JSON value a frontmatter region can carry: a scalar or a list of strings. */
export type FrontmatterValue = string | number | boolean | null | string[];

/** One property's schema: what kind of value it holds. `other` (objects, lists of non-strings) cannot be edited on the page. */
export type FieldSchema =
  | { kind: 'string' | 'number' | 'integer' | 'boolean' | 'date' | 'strings' | 'null' | 'any' | 'other' }
  | { kind: 'enum'; values: (string | number | boolean | null)[] }
  | { kind: 'anyOf'; of: FieldSchema[] };

/** A collection's frontmatter: its properties by name, and which ones an entry must have. */
export interface CollectionSchema {
  fields: Record<string, FieldSchema>;
  required: string[];
}

/** The collections' schemas by collection name (`virtual:louise/collections`). */
export type CollectionSchemas = Record<string, CollectionSchema>;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The compact schema of a collection's JSON Schema, or null when it is not an object schema. */
export function compactCollectionSchema(schema: unknown): CollectionSchema | null {
  if (!isObject(schema) || !isObject(schema.properties)) return null;
  const fields: Record<string, FieldSchema> = {};
  for (const [name, property] of Object.entries(schema.properties)) {
    // Astro adds `$schema` for editors' completion; it is no frontmatter field.
    if (name !== '$schema') fields[name] = compactField(property);
  }
  const required = Array.isArray(schema.required) ? schema.required.filter((name): name is string => typeof name === 'string' && name in fields) : [];
  return { fields, required };
}

function compactField(schema: unknown): FieldSchema {
  if (!isObject(schema)) return { kind: schema === true ? 'any' : 'other' };
  if (Array.isArray(schema.enum)) return { kind: 'enum', values: schema.enum.filter((value) => value === null || typeof value !== 'object') };
  if ('const' in schema && (schema.const === null || typeof schema.const !== 'object')) return { kind: 'enum', values: [schema.const as string] };
  const union = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(union)) return union.length === 1 ? compactField(union[0]) : { kind: 'anyOf', of: union.map(compactField) };
  if (Array.isArray(schema.type)) return { kind: 'anyOf', of: schema.type.map((type) => compactField({ ...schema, type })) };
  switch (schema.type) {
    case 'string':
      return { kind: schema.format === 'date-time' || schema.format === 'date' ? 'date' : 'string' };
    case 'number':
    case 'integer':
    case 'boolean':
    case 'null':
      return { kind: schema.type };
    case 'array':
      return { kind: isObject(schema.items) && schema.items.type === 'string' && !schema.items.enum ? 'strings' : 'other' };
    case undefined:
      return { kind: Object.keys(schema).every((key) => key === 'default' || key === 'description') ? 'any' : 'other' };
    default:
      return { kind: 'other' };
  }
}

/** `2026-03-02`, or a full ISO date-time: what a date field takes. */
const DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** Whether `text` is a date Astro's `z.coerce.date()` reads the same way: the ISO forms, and a real day. */
export function isDateText(text: string): boolean {
  if (!DATE.test(text)) return false;
  const day = text.slice(0, 10);
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day;
}

/** Whether `value` is of the field's kind. */
export function fitsField(field: FieldSchema, value: unknown): boolean {
  switch (field.kind) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'date':
      return typeof value === 'string' && isDateText(value);
    case 'strings':
      return Array.isArray(value) && value.every((item) => typeof item === 'string');
    case 'null':
      return value === null;
    case 'any':
      return true;
    case 'other':
      return false;
    case 'enum':
      return field.values.includes(value as string);
    case 'anyOf':
      return field.of.some((branch) => fitsField(branch, value));
  }
}

/** What to type into a field of this kind, for the message of a refused value. */
export function describeField(field: FieldSchema): string {
  switch (field.kind) {
    case 'string':
      return 'text';
    case 'number':
      return 'a number such as 3 or 2.5';
    case 'integer':
      return 'a whole number such as 3';
    case 'boolean':
      return 'true or false';
    case 'date':
      return 'a date such as 2026-03-02';
    case 'strings':
      return 'a list of words such as ["astro", "notes"]';
    case 'null':
      return 'empty';
    case 'any':
      return 'any value';
    case 'other':
      return 'edited in the file (this kind of value cannot be edited on the page)';
    case 'enum':
      return `one of ${field.values.map((value) => JSON.stringify(value)).join(', ')}`;
    case 'anyOf':
      return field.of.map(describeField).join(', or ');
  }
}

/** A refused frontmatter value: the field and what to type. */
export interface FrontmatterProblem {
  field: string;
  message: string;
}

/**
 * Checks an edited frontmatter value against the collection's schema: the
 * key must be one of its properties and the value of its kind. An optional
 * key may also be set to `null` (left empty). `null` when the value fits.
 *
 * @example
 * checkFrontmatterValue(schema, 'pubDate', 'soon') // { field: 'pubDate', message: 'pubDate must be a date such as 2026-03-02' }
 */
export function checkFrontmatterValue(schema: CollectionSchema, key: string, value: unknown): FrontmatterProblem | null {
  const field = Object.hasOwn(schema.fields, key) ? schema.fields[key] : undefined;
  if (!field) {
    const known = Object.keys(schema.fields);
    return { field: key, message: `${key} is not in this collection's schema${known.length > 0 ? ` (its fields: ${known.join(', ')})` : ''}` };
  }
  if (fitsField(field, value)) return null;
  if (value === null && !schema.required.includes(key)) return null;
  return { field: key, message: `${key} must be ${describeField(field)}` };
}

/** Whether the field holds dates (alone or as one branch of a union): a date value is written back to the file as a YAML date. */
export function isDateField(field: FieldSchema | undefined): boolean {
  if (!field) return false;
  return field.kind === 'date' || (field.kind === 'anyOf' && field.of.some(isDateField));
}
