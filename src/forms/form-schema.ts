import * as v from 'valibot';
import { normalizeFieldText } from '../security/field-text.ts';
import { labelOf, maxLengthOf, type FormField } from './field-spec.ts';

/** A stored submission's fields: each declared field that was given, checkboxes always (false when unticked). */
export type SubmissionData = Record<string, string | number | boolean>;

/** The valibot schema of a form: any input in, the coerced `SubmissionData` out. */
export type FormSchema = v.GenericSchema<unknown, SubmissionData>;

/** One field that failed, with a message a visitor can act on. */
export interface FieldViolation {
  field: string;
  message: string;
}

/** The outcome of `validateForm`: the coerced data, or every field that failed. */
export type FormValidation = { data: SubmissionData } | { violations: FieldViolation[] };

/** Shown for a missing or malformed email address. */
export const EMAIL_MESSAGE = 'Enter an email address like name@example.com.';

const TRUE = new Set(['on', 'true', '1', 'yes']);
const FALSE = new Set(['', 'off', 'false', '0', 'no']);
// What a person types for a number: digits, one optional point, an optional exponent. No hex, no Infinity.
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d{1,3})?$/;

/**
 * Builds the schema of a form's fields (`defineForm` does this once). Form
 * posts send every value as a string, so it coerces: text is normalized
 * (`normalizeFieldText`; one line except `longtext`, whose line breaks
 * become `\n`) and trimmed, `"on"`/`"true"`/`"1"` tick a checkbox and an
 * absent one is `false`, `"42"` is the number 42. Empty optional fields are
 * left out of the data; keys that are not declared fields are dropped.
 */
export function buildFormSchema(fields: Readonly<Record<string, FormField>>): FormSchema {
  const names = Object.keys(fields);
  const entries = Object.fromEntries(names.map((name) => [name, fieldSchema(name, fields[name] as FormField)]));
  return v.pipe(
    v.custom<Record<string, unknown>>((input) => typeof input === 'object' && input !== null && !Array.isArray(input), 'Send the form fields as an object.'),
    // Every declared key present (absent as undefined), nothing else: an unticked checkbox is simply missing from a form post.
    v.transform((input) => Object.fromEntries(names.map((name) => [name, Object.hasOwn(input, name) ? input[name] : undefined]))),
    v.object(entries),
    v.transform((data) => Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined)) as SubmissionData),
  );
}

/** The schema of a checked form. */
export function formSchema(form: { schema: FormSchema }): FormSchema {
  return form.schema;
}

/**
 * Validates and coerces a submission against a form: `{ data }`, or
 * `{ violations: [{ field, message }] }` with one message per failing field.
 * Keys that are not declared fields never reach `data`.
 *
 * @example validateForm(contact, { email: 'nope' }) // { violations: [{ field: 'email', message: 'Enter an email address like name@example.com.' }, ...] }
 */
export function validateForm(form: { schema: FormSchema }, input: unknown): FormValidation {
  const result = v.safeParse(form.schema, input, { abortPipeEarly: true });
  if (result.success) return { data: result.output };
  const violations: FieldViolation[] = [];
  const seen = new Set<string>();
  for (const issue of result.issues) {
    const key = issue.path?.[0]?.key;
    const field = typeof key === 'string' ? key : '';
    if (seen.has(field)) continue;
    seen.add(field);
    violations.push({ field, message: issue.message });
  }
  return { violations };
}

function fieldSchema(name: string, field: FormField): v.GenericSchema<unknown, string | number | boolean | undefined> {
  const label = labelOf(name, field);
  switch (field.type) {
    case 'checkbox':
      return v.pipe(v.unknown(), toBoolean(label), field.required ? v.literal(true, `Tick “${label}” to continue.`) : v.boolean());
    case 'number':
      return v.pipe(v.unknown(), toNumber(), required(field, v.pipe(v.number(`Enter ${label}.`), ...numberChecks(field))));
    case 'choice': {
      const options = field.options ?? [];
      const message = `Choose ${options.length === 1 ? `“${options[0]}”` : `one of: ${options.join(', ')}`}.`;
      return v.pipe(v.unknown(), toText(true, message), required(field, v.pipe(v.string(`Choose ${label}.`), v.picklist(options, message))));
    }
    default: {
      const max = maxLengthOf(field) as number;
      const email = field.type === 'email';
      const checks = [v.maxLength<string, number, string>(max, `Use at most ${max} characters.`), ...(email ? [v.email<string, string>(EMAIL_MESSAGE)] : [])];
      const missing = email ? EMAIL_MESSAGE : `Fill in ${label}.`;
      return v.pipe(
        v.unknown(),
        toText(field.type !== 'longtext', email ? EMAIL_MESSAGE : 'Enter text.'),
        required(field, v.pipe(v.string(missing), ...checks)),
      );
    }
  }
}

/** The value schema as is for a required field; an optional one also takes undefined (left empty). */
function required<T>(field: FormField, schema: v.GenericSchema<unknown, T>): v.GenericSchema<unknown, T | undefined> {
  return field.required ? schema : v.optional(schema);
}

/** A string (or absent) to normalized, trimmed text; empty is undefined. Anything else is `message`. */
function toText(oneLine: boolean, message: string) {
  return v.rawTransform<unknown, string | undefined>(({ dataset, addIssue, NEVER }) => {
    const input = dataset.value;
    if (input === undefined || input === null) return undefined;
    if (typeof input !== 'string') {
      addIssue({ message });
      return NEVER;
    }
    const text = oneLine ? input : input.replace(/\r\n?/g, '\n');
    const clean = normalizeFieldText(text, { oneLine }).trim();
    return clean === '' ? undefined : clean;
  });
}

/** A form post's `"on"`/`"true"`/`"1"` (or a JSON boolean) to true; absent, empty, `"off"`, `"false"`, `"0"` to false. */
function toBoolean(label: string) {
  return v.rawTransform<unknown, boolean>(({ dataset, addIssue, NEVER }) => {
    const input = dataset.value;
    if (input === undefined || input === null || typeof input === 'boolean') return input === true;
    if (typeof input === 'string') {
      const word = input.trim().toLowerCase();
      if (TRUE.has(word)) return true;
      if (FALSE.has(word)) return false;
    }
    addIssue({ message: `Tick “${label}” or leave it empty.` });
    return NEVER;
  });
}

/** A decimal string (or a JSON number) to a number; absent or blank is undefined. */
function toNumber() {
  return v.rawTransform<unknown, number | undefined>(({ dataset, addIssue, NEVER }) => {
    const input = dataset.value;
    if (input === undefined || input === null) return undefined;
    if (typeof input === 'number' && Number.isFinite(input)) return input;
    if (typeof input === 'string') {
      const text = input.trim();
      if (text === '') return undefined;
      const n = Number(text);
      if (DECIMAL.test(text) && Number.isFinite(n)) return n;
    }
    addIssue({ message: 'Enter a number, such as 42.' });
    return NEVER;
  });
}

function numberChecks(field: FormField): v.PipeAction<number, number, v.BaseIssue<unknown>>[] {
  const checks: v.PipeAction<number, number, v.BaseIssue<unknown>>[] = [];
  if (field.integer) checks.push(v.integer('Enter a whole number.'));
  if (field.min !== undefined) checks.push(v.minValue(field.min, `Enter ${field.min} or more.`));
  if (field.max !== undefined) checks.push(v.maxValue(field.max, `Enter ${field.max} or less.`));
  return checks;
}
