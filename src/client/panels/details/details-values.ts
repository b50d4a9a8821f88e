// The Post details panel's values: what each kind of input shows and reads
// back, the save it makes, and a refused save's messages by field. No DOM,
// so the panel's rules are tested in Node; the panel itself only wires
// inputs to these.
import type { DetailField } from '../../../drafts/wire.ts';

type Value = DetailField['value'];

/** The text an input of the field's kind starts with; a choice's is the index of its value in `choices` (`''` for none). */
export function inputText(field: DetailField): string {
  const { value } = field;
  if (field.input === 'choice') {
    const index = (field.choices ?? []).indexOf(value as never);
    return index < 0 ? '' : String(index);
  }
  if (value === null || typeof value === 'boolean') return '';
  if (Array.isArray(value)) return value.join(', ');
  // A date input takes a day: a value with a time shows its day (saved unchanged unless edited).
  if (field.input === 'date' && typeof value === 'string') return value.slice(0, 10);
  return String(value);
}

/**
 * What an input holds, as the value region's value: trimmed text, a day,
 * tags split on commas (blank and repeated ones dropped), a flag, a number,
 * a choice by index. Empty is null, which removes the key from the file.
 * A number that does not read as one is sent as typed: the server refuses it
 * saying what to type, beside the field.
 */
export function parseInput(field: DetailField, raw: string | boolean): Value {
  if (typeof raw === 'boolean') return raw;
  const text = raw.trim();
  if (field.input === 'tags') return [...new Set(text.split(',').map((tag) => tag.trim()))].filter((tag) => tag !== '');
  if (text === '') return null;
  if (field.input === 'number') return Number.isFinite(Number(text)) ? Number(text) : text;
  if (field.input === 'choice') return field.choices?.[Number(text)] ?? null;
  return text;
}

/** The save body: a value region per key whose value changed; `{}` when none did. */
export function detailsSave(fields: readonly DetailField[], values: Readonly<Record<string, Value>>): Record<string, { type: 'value'; value: Value }> {
  const save: Record<string, { type: 'value'; value: Value }> = {};
  for (const field of fields) {
    if (!Object.hasOwn(values, field.key)) continue;
    const value = values[field.key] as Value;
    if (JSON.stringify(value) !== JSON.stringify(field.value)) save[field.key] = { type: 'value', value };
  }
  return save;
}

/** A 422 `validation` body's violations (`{ field, message }`), in order; anything malformed is skipped. */
export function refusedFields(body: unknown): { field: string; message: string }[] {
  const violations = (body as { violations?: unknown } | null)?.violations;
  if (!Array.isArray(violations)) return [];
  return violations.flatMap((item: unknown) => {
    const { field, message } = (item ?? {}) as { field?: unknown; message?: unknown };
    return typeof field === 'string' && typeof message === 'string' ? [{ field, message }] : [];
  });
}
