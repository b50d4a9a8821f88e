// What changed between two versions of a document, field by field, in words
// an editor can compare: the shared reading behind the publish preview,
// History's compare with live, conflicts and review requests. Values come
// from the server as untrusted JSON; nothing here renders markup.
import { same } from '../../core/same-value.ts';
import { readableText } from './word-diff.ts';

/** One field that differs between two versions. */
export interface FieldChange {
  field: string;
  /** The field's value in the earlier version (`undefined`: it had none). */
  before: unknown;
  after: unknown;
}

/** The fields whose values differ from `before` (null: nothing published yet) to `after`, in `after`'s order then `before`'s. */
export function fieldChanges(before: Record<string, unknown> | null, after: Record<string, unknown>): FieldChange[] {
  const changes: FieldChange[] = [];
  const seen = new Set<string>();
  for (const field of [...Object.keys(after), ...Object.keys(before ?? {})]) {
    if (seen.has(field)) continue;
    seen.add(field);
    const was = before?.[field];
    const now = after[field];
    if (!same(was, now)) changes.push({ field, before: was, after: now });
  }
  return changes;
}

/**
 * A field's value as text to compare word by word: rich text's readable
 * words (markup dropped), an image's alt text and address, a list's items
 * one per line, anything else as compact JSON.
 */
export function valueText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return /<[a-z][\s\S]*>/i.test(value) ? readableText(value) : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(valueText).join('\n');
  const record = value as Record<string, unknown>;
  if (typeof record.src === 'string') return [typeof record.alt === 'string' ? record.alt : '', `(${record.src})`].filter(Boolean).join(' ');
  return JSON.stringify(value);
}
