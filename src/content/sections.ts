import * as v from 'valibot';
import { imageValue, type BlockField, type BlockType, type FieldSpec, type ImageValue, type SectionsDef } from '../db/field-spec.ts';
import { normalizeFieldText, normalizeJsonStrings } from '../security/field-text.ts';
import { RICH_URL_SCHEMES, isProtocolRelative, isSafeUrl } from '../security/url-scheme.ts';
import { INHERITED } from './collection.ts';
import { BLOCK_ID } from './document-revs.ts';
import { fieldViolations } from './field-values.ts';
import { LouiseValidationError } from './validation-error.ts';

export type { BlockField, BlockType, SectionsDef } from '../db/field-spec.ts';

export { BLOCK_ID };
const TYPE_NAME = /^[a-z][a-z0-9-]*$/;
const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const FIELD_TYPES: ReadonlySet<string> = new Set(['text', 'richtext', 'image', 'link', 'list']);
const DEFAULT_MAX_BLOCKS = 100;
const DEFAULT_MAX_ITEMS = 50;
const TEXT_MAX = 2_000;
const DESCRIPTION_MAX = 200;
const RICH_MAX = 100_000;
const HREF_MAX = 2_048;
// The scheme check rich-text links get (sanitize-rich's RICH_URLS): paths, #anchors, http, https, mailto, tel.
const LINK_URLS = { schemes: RICH_URL_SCHEMES, relative: true } as const;

type FieldValue<F> = F extends { type: 'text' | 'richtext' }
  ? string
  : F extends { type: 'image' }
    ? ImageValue | null
    : F extends { type: 'link' }
      ? { href: string; label: string }
      : F extends { type: 'list' }
        ? string[]
        : never;

/** One stored block of type `K`: its id, its type and every declared field. */
export type SectionBlock<K extends string, B extends BlockType> = { id: string; type: K } & { -readonly [F in keyof B['fields']]: FieldValue<B['fields'][F]> };

/** The union of block shapes of a set of block types, discriminated by `type`. */
export type Section<T extends Record<string, BlockType>> = { [K in keyof T & string]: SectionBlock<K, T[K]> }[keyof T & string];

/** The TypeScript type of one block of a `defineSections` result: `type Section = SectionOf<typeof homeSections>`. */
export type SectionOf<S> = S extends Sections<infer T> ? Section<T> : never;

/** A page's list of typed blocks, declared once (`defineSections`). */
export interface Sections<T extends Record<string, BlockType>> extends SectionsDef {
  readonly types: T;
  readonly max: number;
  /** The stored value: an array of blocks `{ id, type, ...fields }`, ids unique, at most `max`. */
  readonly schema: v.GenericSchema<unknown, Section<T>[]>;
  /** The collection field: put it in `defineCollection`'s fields (`sections: home.field`). */
  readonly field: FieldSpec & { type: 'json'; schema: v.GenericSchema<unknown, Section<T>[]>; sections: Sections<T> };
  /**
   * Throws `LouiseValidationError`, one violation per problem, addressed
   * `<field>.<index>.<key>` (field default `sections`). Not a TypeScript
   * assertion on purpose: those only compile when called through a name
   * with a written type, and `const blocks = defineSections(...)` has none.
   * Use `v.parse(blocks.schema, value)` for a typed value.
   */
  assertValidSections(value: unknown, field?: string): void;
  /** A new block of `type` with its fields' defaults and a fresh id (or `id`). */
  blank(type: keyof T & string, id?: string): Section<T>;
}

/**
 * Declares the block types a page can be built from, checked once: a bad
 * type name, field name or field type throws an Error naming every problem.
 * The result's `field` goes into `defineCollection`; its `schema` checks
 * every write and publish; `SectionOf<typeof result>` types a renderer.
 *
 * @example
 * export const home = defineSections({ hero: { label: 'Hero', fields: { heading: { type: 'text', required: true }, image: { type: 'image' } } } });
 * defineCollection({ slug: 'pages', fields: { title: { type: 'text' }, sections: home.field }, versions: { drafts: true } });
 */
export function defineSections<const T extends Record<string, BlockType>>(types: T, options: { max?: number } = {}): Sections<T> {
  const problems = typesProblems(types);
  const max = options.max ?? DEFAULT_MAX_BLOCKS;
  if (!Number.isSafeInteger(max) || max < 1 || max > 1_000) problems.push('max must be a whole number of blocks from 1 to 1000');
  if (problems.length > 0) throw new Error(`defineSections(): invalid block types.\n  - ${problems.join('\n  - ')}`);
  const schema = sectionsSchema(types, max) as v.GenericSchema<unknown, Section<T>[]>;
  const sections = {
    types,
    max,
    schema,
    assertValidSections(value: unknown, field = 'sections'): void {
      const violations = fieldViolations(field, sections.field, value);
      if (violations.length > 0) throw new LouiseValidationError(violations);
    },
    blank(type: keyof T & string, id = newBlockId()): Section<T> {
      const spec = Object.hasOwn(types, type) ? types[type] : undefined;
      if (!spec) throw new Error(`blank(): ${JSON.stringify(type)} is not a block type.`);
      const block: Record<string, unknown> = { id, type };
      for (const [name, field] of Object.entries(spec.fields)) block[name] = defaultValue(field);
      return block as Section<T>;
    },
  } as Sections<T>;
  // The field and its sections point at each other: search, saves and publish find the block types from the field.
  (sections as { field: Sections<T>['field'] }).field = { type: 'json', schema, sections };
  return sections;
}

/** A fresh block id: `b` and 10 random base-36 characters. */
export function newBlockId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  return `b${Array.from(bytes, (byte) => (byte % 36).toString(36)).join('')}`;
}

function defaultValue(field: BlockField): unknown {
  switch (field.type) {
    case 'text':
      return field.default ?? field.label ?? '';
    case 'richtext':
      return field.default ?? '';
    case 'image':
      return null;
    case 'link':
      return { ...(field.default ?? { href: '/', label: field.label ?? 'Link' }) };
    case 'list':
      return [...(field.default ?? [])];
  }
}

function typesProblems(types: unknown): string[] {
  if (typeof types !== 'object' || types === null || Array.isArray(types) || Object.keys(types).length === 0)
    return ['expected a non-empty map of block type name to { label, fields }'];
  const problems: string[] = [];
  for (const [name, type] of Object.entries(types as Record<string, unknown>)) {
    if (!TYPE_NAME.test(name) || INHERITED.has(name)) problems.push(`type ${JSON.stringify(name)}: lower-case letters, digits and -, starting with a letter`);
    const { label, fields, description, preview } = (type ?? {}) as { label?: unknown; fields?: unknown; description?: unknown; preview?: unknown };
    if (typeof label !== 'string' || label.trim() === '') problems.push(`type ${name}: label must be non-empty text`);
    if (description !== undefined && (typeof description !== 'string' || description.trim() === '' || description.length > DESCRIPTION_MAX))
      problems.push(`type ${name}: description must be non-empty text of at most ${DESCRIPTION_MAX} characters`);
    if (preview !== undefined && !isPreviewUrl(preview))
      problems.push(`type ${name}: preview must be a site path (/previews/${name}.png) or an https URL of an image`);
    if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) {
      problems.push(`type ${name}: fields must be a map of field name to { type }`);
      continue;
    }
    for (const [key, field] of Object.entries(fields)) problems.push(...blockFieldProblems(`${name}.${key}`, key, field));
  }
  return problems;
}

/** A block preview's address: a path of the site (never `//host`) or https, shown as an image in the editor's picker. */
function isPreviewUrl(value: unknown): boolean {
  if (typeof value !== 'string' || value.length > HREF_MAX) return false;
  if (value.startsWith('/')) return !isProtocolRelative(value) && !/[\s"'<>\\]/.test(value);
  return URL.canParse(value) && new URL(value).protocol === 'https:';
}

function blockFieldProblems(at: string, key: string, field: unknown): string[] {
  const problems: string[] = [];
  if (!FIELD_NAME.test(key) || key === 'id' || key === 'type' || INHERITED.has(key))
    problems.push(`field ${at}: a plain identifier other than id, type and names every object has`);
  const f = field as { type?: unknown; max?: unknown; required?: unknown } | null;
  if (typeof f !== 'object' || f === null || !FIELD_TYPES.has(String(f.type))) problems.push(`field ${at}: type must be text, richtext, image, link or list`);
  else {
    if (f.required !== undefined && typeof f.required !== 'boolean') problems.push(`field ${at}: required must be a boolean`);
    if (f.max !== undefined && (f.type !== 'list' || !Number.isSafeInteger(f.max) || (f.max as number) < 1))
      problems.push(`field ${at}: max is a positive whole number, on a list`);
  }
  return problems;
}

/** Whether a block link may point there: the rich-text link schemes, and never `//host` (another site that looks like a path). */
export function isSafeHref(href: string): boolean {
  return isSafeUrl(href, LINK_URLS) && !isProtocolRelative(href);
}

const oneLine = (max: number) => v.pipe(v.string('must be text'), v.maxLength(max, `is at most ${max} characters`));

/** The valibot schema of one block field's value. */
export function blockFieldSchema(field: BlockField): v.GenericSchema {
  switch (field.type) {
    case 'text':
      return oneLine(TEXT_MAX);
    case 'richtext':
      return v.pipe(v.string('must be text'), v.maxLength(RICH_MAX, `is at most ${RICH_MAX} characters`));
    case 'image':
      return imageValue;
    case 'link':
      return v.strictObject(
        {
          href: v.pipe(oneLine(HREF_MAX), v.check(isSafeHref, 'must be a path, #anchor, http(s), mailto or tel link')),
          label: oneLine(TEXT_MAX),
        },
        keyMessage('a link is { href, label }'),
      );
    case 'list': {
      const max = field.max ?? DEFAULT_MAX_ITEMS;
      return v.pipe(v.array(oneLine(TEXT_MAX), 'must be a list of text'), v.maxLength(max, `holds at most ${max} items`));
    }
  }
}

/** Messages for a strict object's issues: an unknown key, a missing key, or not an object at all. */
function keyMessage(shape: string) {
  return (issue: v.BaseIssue<unknown>) => {
    if (issue.expected === 'never') return 'is not a field of this block type';
    if (issue.received === 'undefined') return 'is missing';
    return shape;
  };
}

function sectionsSchema(types: Readonly<Record<string, BlockType>>, max: number): v.GenericSchema {
  const blocks = Object.entries(types).map(([name, type]) =>
    v.strictObject(
      {
        id: v.pipe(v.string('must be text'), v.regex(BLOCK_ID, 'must be a block id (a letter, then 3 to 31 lower-case letters or digits)')),
        type: v.literal(name),
        ...Object.fromEntries(Object.entries(type.fields).map(([key, field]) => [key, blockFieldSchema(field)])),
      },
      keyMessage('a block is an object { id, type, ...fields }'),
    ),
  );
  const known = Object.keys(types).join(', ');
  return v.pipe(
    v.array(v.variant('type', blocks as unknown as v.VariantOptions<'type'>, `must be one of the block types: ${known}`), 'must be a list of blocks'),
    v.maxLength(max, `holds at most ${max} blocks`),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const list = dataset.value as { id: string }[];
      const seen = new Set<string>();
      list.forEach((block, index) => {
        if (seen.has(block.id)) {
          const path: [v.ArrayPathItem, v.ObjectPathItem] = [
            { type: 'array', origin: 'value', input: list, key: index, value: block },
            { type: 'object', origin: 'value', input: block, key: 'id', value: block.id },
          ];
          addIssue({ message: 'is the id of an earlier block', path });
        }
        seen.add(block.id);
      });
    }),
  );
}

/**
 * One block field's value made storable: checked against the field, then
 * normalized as fields are (one-line text, list items and link labels
 * without line breaks or bidi controls; rich text through `sanitize`).
 * A problem inside the value has its `path` (`href` of a link).
 */
export function prepareBlockValue(
  field: BlockField,
  value: unknown,
  sanitize: (html: string) => string,
): { value: unknown } | { problem: string; path: string | null } {
  const result = v.safeParse(blockFieldSchema(field), value);
  if (result.success) return { value: normalizeBlockValue(field, value, sanitize) };
  const issue = result.issues[0];
  return { problem: issue.message, path: v.getDotPath(issue) };
}

function normalizeBlockValue(field: BlockField, value: unknown, sanitize: (html: string) => string): unknown {
  const line = (text: string) => normalizeFieldText(text, { oneLine: true });
  switch (field.type) {
    case 'text':
      return line(value as string);
    case 'richtext':
      return normalizeFieldText(sanitize(value as string), { oneLine: false });
    case 'image':
      return normalizeJsonStrings(value);
    case 'link': {
      const { href, label } = value as { href: string; label: string };
      return { href: line(href), label: line(label) };
    }
    case 'list':
      return (value as string[]).map(line);
  }
}

/** A valid sections list normalized block by block (each block rebuilt from its declared keys). */
export function normalizeSections(def: SectionsDef, list: readonly Record<string, unknown>[], sanitize: (html: string) => string): Record<string, unknown>[] {
  return list.map((block) => {
    const type = def.types[block.type as string] as BlockType;
    const out: Record<string, unknown> = { id: block.id, type: block.type };
    for (const [key, field] of Object.entries(type.fields)) out[key] = normalizeBlockValue(field, block[key], sanitize);
    return out;
  });
}
