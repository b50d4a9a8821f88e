import * as v from 'valibot';
import { isSafeUrl } from '../security/url-scheme.ts';

/**
 * Field types: `text` (one line of plain text), `richtext` (sanitized HTML
 * string), `json` (a JSON value; an array is addressable by dotted index),
 * `image` (an {@link ImageValue} or null, stored as JSON).
 */
export type FieldType = 'text' | 'richtext' | 'json' | 'image';

export interface FieldSpec {
  type: FieldType;
  /** Checked on publish (and on pagesRoute create): a required text is not blank, a required json is not null. */
  required?: boolean;
  /**
   * `json` fields: the value's shape, as a valibot schema, checked on every
   * write (422 otherwise). An array schema's `item` checks a list item saved
   * by dotted index. Without it any JSON value within the size limits is taken.
   * `text` fields: a schema of the string (a price, a code), checked the same
   * way; its message is what the editor is shown.
   *
   * @example paragraphs: { type: 'json', schema: textList }
   * @example price: { type: 'text', schema: v.pipe(v.string(), v.regex(/^\d+(\.\d{2})?$/, 'Type a price like 24.00')) }
   */
  schema?: v.GenericSchema;
  /**
   * `json` fields made by `defineSections` (`louise/content`): the block
   * types the list holds. Saves then address one block's field by id
   * (`sections.<id>.<key>`), and search reads the blocks' text only.
   */
  sections?: SectionsDef;
}

/**
 * One field of a block type: `text` (one line of plain text), `richtext`
 * (sanitized HTML), `image` (an {@link ImageValue} or null), `link`
 * (`{ href, label }`), `list` (one-line text items, at most `max`, default 50).
 * `required` is checked on publish.
 */
export type BlockField =
  | { type: 'text'; label?: string; required?: boolean; default?: string }
  | { type: 'richtext'; label?: string; required?: boolean; default?: string }
  | { type: 'image'; label?: string; required?: boolean }
  | { type: 'link'; label?: string; required?: boolean; default?: { href: string; label: string } }
  | { type: 'list'; label?: string; default?: string[]; max?: number };

/** One kind of block: its name in the picker and its fields. */
export interface BlockType {
  label: string;
  fields: Readonly<Record<string, BlockField>>;
  /** A sentence under the label in the block picker (default: the block's field labels, "Heading, Text and Button"). */
  description?: string;
  /** A picture of the block for the picker: a site path (`/previews/hero.png`) or an https URL (default: a sketch drawn from its fields). */
  preview?: string;
}

/** What a sections field declares, as the layers below `louise/content` read it (a `defineSections` result fits). */
export interface SectionsDef {
  readonly types: Readonly<Record<string, BlockType>>;
  /** Most blocks in the list. */
  readonly max: number;
}

/** The declared type of a stored block (named by its `type`); undefined for anything else. */
export function blockTypeOf(def: SectionsDef, block: unknown): BlockType | undefined {
  const type = (block as { type?: unknown } | null)?.type;
  return typeof type === 'string' && Object.hasOwn(def.types, type) ? def.types[type] : undefined;
}

/** The shape of a list of plain-text items (`paragraphs`), for a json field's `schema`. */
export const textList = v.array(v.string('each item must be text'), 'must be a list of text');

export type FieldMap = Readonly<Record<string, FieldSpec>>;

/**
 * An image field's value: the picture's address (normally a media asset's
 * `url`), its alt text, and its intrinsic size as the media library
 * measured it (null when unknown). A page renders it as a plain
 * `<img src alt width height>`.
 */
export interface ImageValue {
  src: string;
  alt: string;
  width: number | null;
  height: number | null;
}

/** An image src: an absolute http(s) URL or a root-relative path (`/media/...`), never `//host`, `data:` or `javascript:`. */
export function isImageSrc(src: string): boolean {
  if (src.startsWith('/')) return !src.startsWith('//') && !src.startsWith('/\\') && isSafeUrl(src, { schemes: [], relative: true });
  return isSafeUrl(src, { schemes: ['http', 'https'], relative: false });
}

const side = v.nullable(
  v.pipe(v.number('width and height are numbers or null'), v.integer('width and height are whole pixels'), v.minValue(1), v.maxValue(100_000)),
);

/** The shape of an image field's value (null: no image). Extra keys are refused, so nothing else rides along into the page. */
export const imageValue = v.nullable(
  v.strictObject(
    {
      src: v.pipe(
        v.string('src must be text'),
        v.maxLength(2048, 'src is too long'),
        v.check(isImageSrc, 'src must be an http(s) URL or a path starting with /'),
      ),
      alt: v.pipe(v.string('alt must be text'), v.maxLength(1000, 'alt is at most 1000 characters')),
      width: side,
      height: side,
    },
    'an image is { src, alt, width, height } or null',
  ),
);

/** Whether a field is stored as JSON text: a json field, or an image. */
export function isJsonStored(spec: FieldSpec): boolean {
  return spec.type === 'json' || spec.type === 'image';
}

/** Whether a field is a list of typed blocks (`defineSections`). */
export function isSectionsField(spec: FieldSpec | undefined): spec is FieldSpec & { type: 'json'; schema: v.GenericSchema; sections: SectionsDef } {
  return spec?.type === 'json' && spec.sections !== undefined && spec.schema !== undefined;
}

/** Whether a json field holds a list: its column defaults to `[]` and a value that does not fit falls back to `[]`. */
export function isListField(spec: FieldSpec): boolean {
  return spec.type === 'json' && (spec.schema as { type?: string } | undefined)?.type === 'array';
}
