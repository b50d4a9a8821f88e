import * as v from 'valibot';
import type { OverlayRegion, ValueRegion } from '../db/overlays-schema.ts';
import { HttpError } from '../http/errors.ts';
import { checkFrontmatterValue, type CollectionSchema, type FrontmatterProblem, isDateField } from '../markdown/frontmatter-schema.ts';
import { normalizeFieldText } from '../security/field-text.ts';

/** The region of an entry that is its Markdown body, not a frontmatter key. */
const BODY = 'body';
const MAX_TEXT = 2_000;
const MAX_ITEMS = 200;

const Text = v.pipe(v.string(), v.maxLength(MAX_TEXT, `a value holds at most ${MAX_TEXT} characters`));
const ValueSave = v.strictObject(
  {
    type: v.literal('value'),
    value: v.union(
      [Text, v.pipe(v.number(), v.finite()), v.boolean(), v.null(), v.pipe(v.array(Text), v.maxLength(MAX_ITEMS, `a list holds at most ${MAX_ITEMS} items`))],
      'value must be text, a number, true or false, null, or a list of texts',
    ),
  },
  'a value region is { type: "value", value }: nothing else',
);

/** Whether a save's raw region is in the value form (`{ type: 'value', … }`). */
export function isValueSave(raw: unknown): boolean {
  return typeof raw === 'object' && raw !== null && (raw as { type?: unknown }).type === 'value';
}

/**
 * A frontmatter value region from the wire, its texts normalized as one-line
 * text and trimmed (a space around a date or a tag is never meant, and would
 * make a different tag); 400 for any other shape.
 */
export function valueRegion(name: string, raw: unknown): ValueRegion {
  const parsed = v.safeParse(ValueSave, raw);
  if (!parsed.success) throw new HttpError(400, 'invalid_body', `${name}: ${v.summarize(parsed.issues)}`);
  const value = parsed.output.value;
  const line = (text: string) => normalizeFieldText(text, { oneLine: true }).trim();
  return { type: 'value', value: typeof value === 'string' ? line(value) : Array.isArray(value) ? value.map(line) : value };
}

/**
 * Checks a save into an entry of a collection with a known schema: each
 * region but the body is a frontmatter key, which the schema must have, and
 * a text or value region's value must be of its kind. Marks value regions of
 * date fields `date`, for `louise content pull`. 422 `validation` with one
 * violation per refused field, the message saying what to type.
 */
export function checkEntrySave(schema: CollectionSchema, fields: Record<string, OverlayRegion>): void {
  const violations: FrontmatterProblem[] = [];
  for (const [name, region] of Object.entries(fields)) {
    if (name === BODY && region.type === 'markdown') continue;
    // Images and Markdown are checked by their own rules; only their key is the schema's to allow.
    const value = region.type === 'text' || region.type === 'value' ? region.value : undefined;
    const problem =
      value === undefined
        ? Object.hasOwn(schema.fields, name)
          ? null
          : checkFrontmatterValue(schema, name, null)
        : checkFrontmatterValue(schema, name, value);
    if (problem) violations.push(problem);
    else if (region.type === 'value' && typeof region.value === 'string' && isDateField(schema.fields[name])) region.date = true;
  }
  if (violations.length > 0) throw new HttpError(422, 'validation', violations.map((problem) => problem.message).join('; '), { violations });
}
