import * as v from 'valibot';

/** Field types: `text` (one line of plain text), `richtext` (sanitized HTML string), `json` (a JSON value; an array is addressable by dotted index). */
export type FieldType = 'text' | 'richtext' | 'json';

export interface FieldSpec {
  type: FieldType;
  /** Checked on publish (and on pagesRoute create): a required text is not blank, a required json is not null. */
  required?: boolean;
  /**
   * `json` fields: the value's shape, as a valibot schema, checked on every
   * write (422 otherwise). An array schema's `item` checks a list item saved
   * by dotted index. Without it any JSON value within the size limits is taken.
   *
   * @example paragraphs: { type: 'json', schema: textList }
   */
  schema?: v.GenericSchema;
}

/** The shape of a list of plain-text items (`paragraphs`), for a json field's `schema`. */
export const textList = v.array(v.string('each item must be text'), 'must be a list of text');

export type FieldMap = Readonly<Record<string, FieldSpec>>;

export interface CollectionConfig {
  /** Names the main table and the versions table `${slug}_versions`. */
  slug: string;
  /** The snapshot fields; keys equal the main table's property names. */
  fields: FieldMap;
  /** `{ drafts: true }` opts the collection into drafts. */
  versions?: { drafts: true };
  /** Fields indexed for search. */
  search?: { fields: readonly string[] };
}

const SLUG = /^[a-z][a-z0-9_]*$/;
const FIELD = /^[A-Za-z_][A-Za-z0-9_]*$/;
const TYPES: ReadonlySet<string> = new Set(['text', 'richtext', 'json']);
/** Columns the toolkit manages; a snapshot may not write them. */
const RESERVED: ReadonlySet<string> = new Set(['id', 'publishedVersionId', 'createdAt', 'updatedAt', 'pageId', 'createdBy', 'discardedAt', 'discardedBy']);
/** Names every object inherits (`toString`, `constructor`, `__proto__`, ...): a user key must never be mistaken for one. */
export const INHERITED: ReadonlySet<string> = new Set([...Object.getOwnPropertyNames(Object.prototype), '__proto__']);

/**
 * Declares a collection, checked once: a bad slug, field name, type or
 * search field throws an Error naming every problem.
 *
 * @example
 * defineCollection({ slug: 'pages', fields: { title: { type: 'text', required: true } }, versions: { drafts: true } })
 */
export function defineCollection<C extends CollectionConfig>(config: C): C {
  const problems: string[] = [];
  if (typeof config !== 'object' || config === null) throw new Error('defineCollection(): expected a config object.');
  if (typeof config.slug !== 'string' || !SLUG.test(config.slug))
    problems.push(`slug must be lower-case letters, digits and _ starting with a letter (got ${JSON.stringify(config.slug)})`);
  const fields = config.fields as unknown;
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields) || Object.keys(fields).length === 0) {
    problems.push('fields must be a non-empty map of field name to { type, required? }');
  } else {
    for (const [name, spec] of Object.entries(fields as Record<string, unknown>)) {
      if (!FIELD.test(name)) problems.push(`field ${JSON.stringify(name)}: not a plain identifier`);
      if (RESERVED.has(name)) problems.push(`field ${name}: reserved for the toolkit`);
      if (INHERITED.has(name)) problems.push(`field ${name}: every object has a property of that name; choose another`);
      const s = spec as Partial<FieldSpec> | null;
      if (typeof s !== 'object' || s === null || !TYPES.has(String(s.type))) problems.push(`field ${name}: type must be text, richtext or json`);
      else {
        if (s.required !== undefined && typeof s.required !== 'boolean') problems.push(`field ${name}: required must be a boolean`);
        if (s.schema !== undefined && (s.type !== 'json' || !isSchema(s.schema)))
          problems.push(`field ${name}: schema must be a valibot schema, on a json field`);
      }
    }
  }
  if (config.versions !== undefined && (typeof config.versions !== 'object' || config.versions?.drafts !== true))
    problems.push('versions must be { drafts: true } or left out');
  if (config.search !== undefined) {
    const list = config.search?.fields as unknown;
    if (!Array.isArray(list)) problems.push('search.fields must be a list of field names');
    else
      for (const name of list)
        if (typeof fields !== 'object' || fields === null || !Object.hasOwn(fields, String(name)))
          problems.push(`search field ${JSON.stringify(name)} is not a field of the collection`);
  }
  if (problems.length > 0) throw new Error(`defineCollection(${JSON.stringify(config.slug)}): invalid config.\n  - ${problems.join('\n  - ')}`);
  return config;
}

function isSchema(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'schema';
}

/** Whether a collection stages edits as drafts. */
export function isVersioned(config: CollectionConfig): boolean {
  return config.versions?.drafts === true;
}

/** Names of the rich-text fields of a field map. */
export function richFieldsOf(fields: FieldMap): string[] {
  return Object.entries(fields)
    .filter(([, spec]) => spec.type === 'richtext')
    .map(([name]) => name);
}

/** The writable fields of the toolkit's `pages` table (the `pagesRoute` default allowlist). */
export const DEFAULT_PAGE_FIELDS: FieldMap = Object.freeze({
  slug: { type: 'text', required: true },
  title: { type: 'text' },
  summary: { type: 'text' },
  body: { type: 'richtext' },
  paragraphs: { type: 'json', schema: textList },
});
