import type { CollectionSchema, FieldSchema, FrontmatterValue } from './frontmatter-schema.ts';

/** The input the Post details panel shows for a field. */
export type DetailInput = 'text' | 'date' | 'tags' | 'checkbox' | 'number' | 'choice';

/** One frontmatter key of an entry, as the Post details panel edits it. */
export interface DetailField {
  key: string;
  input: DetailInput;
  /** The entry's value as JSON: a date as `2026-03-02` (or its ISO time when it has one), a missing key as null. */
  value: FrontmatterValue;
  required: boolean;
  /** The allowed values of a `choice`. */
  choices?: (string | number | boolean | null)[];
}

/**
 * The frontmatter keys of an entry the Post details panel lists: every key
 * of the collection's schema that has an input here (objects and lists of
 * non-text are left to the file), but those `shown` on the page (edited in
 * place: title, description, body), in the schema's order.
 */
export function detailFields(schema: CollectionSchema, data: Record<string, unknown>, shown: readonly string[]): DetailField[] {
  const fields: DetailField[] = [];
  for (const [key, field] of Object.entries(schema.fields)) {
    if (shown.includes(key)) continue;
    const input = inputOf(field);
    if (!input) continue;
    const detail: DetailField = { key, input, value: jsonValue(data[key]), required: schema.required.includes(key) };
    const choices = field.kind === 'enum' ? field.values : field.kind === 'anyOf' ? field.of.find((branch) => branch.kind === 'enum')?.values : undefined;
    if (input === 'choice' && choices) detail.choices = choices;
    fields.push(detail);
  }
  return fields;
}

const INPUTS: Partial<Record<FieldSchema['kind'], DetailInput>> = {
  string: 'text',
  date: 'date',
  strings: 'tags',
  boolean: 'checkbox',
  number: 'number',
  integer: 'number',
  enum: 'choice',
};

/** A union takes the input of its date branch if it has one (a date that may be empty), else of its first branch that has one. */
function inputOf(field: FieldSchema): DetailInput | null {
  if (field.kind !== 'anyOf') return INPUTS[field.kind] ?? null;
  if (field.of.some((branch) => branch.kind === 'date')) return 'date';
  for (const branch of field.of) {
    const input = inputOf(branch);
    if (input) return input;
  }
  return null;
}

function jsonValue(value: unknown): FrontmatterValue {
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  if (typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) return value;
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value;
  return null;
}
