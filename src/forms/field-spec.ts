import { INHERITED } from '../content/collection.ts';

/** The kinds of field a form declares. */
export type FormFieldType = 'text' | 'email' | 'longtext' | 'choice' | 'checkbox' | 'number';

/** One declared form field. */
export interface FormField {
  type: FormFieldType;
  /** Shown in messages, the email and the inbox; default the field name. */
  label?: string;
  /** Must be filled (a checkbox: must be ticked). */
  required?: boolean;
  /** text, email, longtext: most characters kept; default 200, 254 and 5000. */
  maxLength?: number;
  /** choice: the allowed values, required. */
  options?: readonly string[];
  /** number: smallest and largest allowed value. */
  min?: number;
  max?: number;
  /** number: whole numbers only. */
  integer?: boolean;
}

/** Default `maxLength` of the text kinds. */
export const DEFAULT_MAX_LENGTH = { text: 200, email: 254, longtext: 5000 } as const;

/** A field's `maxLength` with its default, or null for kinds without one. */
export function maxLengthOf(field: FormField): number | null {
  if (field.type === 'text' || field.type === 'email' || field.type === 'longtext') return field.maxLength ?? DEFAULT_MAX_LENGTH[field.type];
  return null;
}

/** The label a person reads: the declared one, else the field name. */
export function labelOf(name: string, field: FormField): string {
  return field.label ?? name;
}

const IDENTIFIER = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
const TYPES: ReadonlySet<string> = new Set(['text', 'email', 'longtext', 'choice', 'checkbox', 'number']);
const KEYS_OF: Readonly<Record<FormFieldType, readonly string[]>> = {
  text: ['maxLength'],
  email: ['maxLength'],
  longtext: ['maxLength'],
  choice: ['options'],
  checkbox: [],
  number: ['min', 'max', 'integer'],
};
const COMMON = ['type', 'label', 'required'];
const MAX_OPTIONS = 200;

/** What is wrong with one field declaration, each problem saying how to fix it; empty when it is fine. */
export function fieldProblems(name: string, spec: unknown): string[] {
  const problems: string[] = [];
  if (name.startsWith('_')) problems.push(`field ${JSON.stringify(name)}: names starting with _ are reserved for the hidden fields (_hp, _ts)`);
  else if (!IDENTIFIER.test(name)) problems.push(`field ${JSON.stringify(name)}: a name is a letter then letters, digits or _ (at most 64)`);
  if (INHERITED.has(name)) problems.push(`field ${name}: every object has a property of that name; choose another`);
  const s = spec as Partial<Record<string, unknown>> | null;
  if (typeof s !== 'object' || s === null || !TYPES.has(String(s['type']))) {
    problems.push(`field ${name}: type must be one of ${[...TYPES].join(', ')}`);
    return problems;
  }
  const type = s['type'] as FormFieldType;
  const allowed = new Set([...COMMON, ...KEYS_OF[type]]);
  for (const key of Object.keys(s)) if (!allowed.has(key)) problems.push(`field ${name}: ${key} does not apply to a ${type} field`);
  if (s['label'] !== undefined && (typeof s['label'] !== 'string' || s['label'].trim() === '')) problems.push(`field ${name}: label must be non-empty text`);
  if (s['required'] !== undefined && typeof s['required'] !== 'boolean') problems.push(`field ${name}: required must be true or false`);
  const maxLength = s['maxLength'];
  if (maxLength !== undefined && (typeof maxLength !== 'number' || !Number.isSafeInteger(maxLength) || maxLength < 1 || maxLength > 100_000))
    problems.push(`field ${name}: maxLength must be a whole number from 1 to 100000`);
  if (type === 'choice') problems.push(...optionProblems(name, s['options']));
  if (type === 'number') problems.push(...numberProblems(name, s));
  return problems;
}

function optionProblems(name: string, options: unknown): string[] {
  if (!Array.isArray(options) || options.length === 0 || options.length > MAX_OPTIONS)
    return [`field ${name}: a choice field needs options, a list of 1 to ${MAX_OPTIONS} values`];
  const problems: string[] = [];
  if (options.some((o) => typeof o !== 'string' || o.trim() !== o || o === '' || o.length > 200))
    problems.push(`field ${name}: each option must be non-empty text without surrounding spaces (at most 200 characters)`);
  if (new Set(options).size !== options.length) problems.push(`field ${name}: options must not repeat`);
  return problems;
}

function numberProblems(name: string, s: Partial<Record<string, unknown>>): string[] {
  const problems: string[] = [];
  const { min, max, integer } = s;
  if (min !== undefined && (typeof min !== 'number' || !Number.isFinite(min))) problems.push(`field ${name}: min must be a finite number`);
  if (max !== undefined && (typeof max !== 'number' || !Number.isFinite(max))) problems.push(`field ${name}: max must be a finite number`);
  if (typeof min === 'number' && typeof max === 'number' && min > max) problems.push(`field ${name}: min (${min}) is greater than max (${max})`);
  if (integer !== undefined && typeof integer !== 'boolean') problems.push(`field ${name}: integer must be true or false`);
  return problems;
}
