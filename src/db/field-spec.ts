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

/** Whether a json field holds a list: its column defaults to `[]` and a value that does not fit falls back to `[]`. */
export function isListField(spec: FieldSpec): boolean {
  return spec.type === 'json' && (spec.schema as { type?: string } | undefined)?.type === 'array';
}
