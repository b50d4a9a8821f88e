import type { FieldMap } from './collection.ts';
import { DRAFT_BASE_KEY, canonicalJson, fieldRev } from './field-rev.ts';

/** One list item addressed by a dotted key (`paragraphs.2`). */
export interface ItemEdit {
  field: string;
  index: number;
  value: unknown;
}

/** A draft save body, split: whole-field values and list-item values. */
export interface DraftEdit {
  fields: Record<string, unknown>;
  items: ItemEdit[];
}

export interface ParsedDraftBody {
  edit: DraftEdit;
  /** Field name to the revision the save started from; undefined when the body has no `$base`. */
  base: Record<string, string> | undefined;
  /** Keys that are not config fields (or dotted keys on a field that is not json): the route answers 400. */
  unknown: string[];
  /** Shape problems (a bad `$base`, a field sent whole and by item): the route answers 400. */
  problems: string[];
}

const DOTTED = /^([A-Za-z_][A-Za-z0-9_]*)\.(0|[1-9][0-9]{0,5})$/;

/**
 * Splits a draft save body (changed fields plus an optional `$base`) against
 * the collection's fields. A `json` field's items may be sent by dotted
 * index; the revision in `$base` is then the whole field's.
 */
export function parseDraftBody(body: Readonly<Record<string, unknown>>, fields: FieldMap): ParsedDraftBody {
  const edit: DraftEdit = { fields: {}, items: [] };
  const unknown: string[] = [];
  const problems: string[] = [];
  let base: Record<string, string> | undefined;
  for (const [key, value] of Object.entries(body)) {
    if (key === DRAFT_BASE_KEY) {
      base = parseBase(value, fields, problems);
      continue;
    }
    if (Object.hasOwn(fields, key)) {
      edit.fields[key] = value;
      continue;
    }
    const dotted = DOTTED.exec(key);
    if (dotted && Object.hasOwn(fields, dotted[1] as string) && fields[dotted[1] as string]?.type === 'json') {
      edit.items.push({ field: dotted[1] as string, index: Number(dotted[2]), value });
      continue;
    }
    unknown.push(key);
  }
  for (const item of edit.items) {
    if (Object.hasOwn(edit.fields, item.field)) problems.push(`${item.field} is sent both whole and by item; send one`);
  }
  return { edit, base, unknown, problems: [...new Set(problems)] };
}

function parseBase(value: unknown, fields: FieldMap, problems: string[]): Record<string, string> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    problems.push(`${DRAFT_BASE_KEY} must be an object of field name to revision`);
    return undefined;
  }
  const base: Record<string, string> = {};
  for (const [field, rev] of Object.entries(value)) {
    if (!Object.hasOwn(fields, field)) problems.push(`${DRAFT_BASE_KEY}.${field} is not a field of the collection`);
    else if (typeof rev !== 'string' || rev.length > 64) problems.push(`${DRAFT_BASE_KEY}.${field} must be a revision string`);
    else base[field] = rev;
  }
  return base;
}

/** Every field a save touches (an item edit touches its list). */
export function touchedFields(edit: DraftEdit): string[] {
  return [...new Set([...Object.keys(edit.fields), ...edit.items.map((item) => item.field)])];
}

export type MergeResult = { ok: true; data: Record<string, unknown> } | { ok: false; outOfRange: string[] };

/**
 * Merges an edit over the current work into a new full snapshot. An item
 * index must address an existing entry of an array; otherwise nothing merges.
 * Pure: `current` is not mutated.
 */
export function mergeDraft(current: Readonly<Record<string, unknown>>, edit: DraftEdit): MergeResult {
  const data: Record<string, unknown> = { ...current, ...edit.fields };
  const outOfRange: string[] = [];
  for (const item of edit.items) {
    const list = data[item.field];
    if (!Array.isArray(list) || item.index >= list.length) {
      outOfRange.push(`${item.field}.${item.index}`);
      continue;
    }
    const copy = [...list];
    copy[item.index] = item.value;
    data[item.field] = copy;
  }
  return outOfRange.length > 0 ? { ok: false, outOfRange } : { ok: true, data };
}

/** One field of a 409: its current value and revision. */
export interface Conflict {
  field: string;
  value: unknown;
  rev: string;
}

/**
 * Fields of a save whose revision in `base` no longer matches the current
 * work, leaving out those where both sides end at the same value. Fields
 * without a revision in `base` (or no `base` at all) are not checked.
 */
export function findConflicts(
  current: Readonly<Record<string, unknown>>,
  merged: Readonly<Record<string, unknown>>,
  touched: readonly string[],
  base: Readonly<Record<string, string>> | undefined,
): Conflict[] {
  if (!base) return [];
  const conflicts: Conflict[] = [];
  for (const field of touched) {
    const want = Object.hasOwn(base, field) ? base[field] : undefined;
    if (want === undefined) continue;
    const value = current[field] ?? null;
    const rev = fieldRev(value);
    if (rev === want) continue;
    if (canonicalJson(merged[field] ?? null) === canonicalJson(value)) continue;
    conflicts.push({ field, value, rev });
  }
  return conflicts;
}

/** Touched fields whose value the merge actually changes. */
export function changedFields(current: Readonly<Record<string, unknown>>, merged: Readonly<Record<string, unknown>>, touched: readonly string[]): string[] {
  return touched.filter((field) => canonicalJson(merged[field] ?? null) !== canonicalJson(current[field] ?? null));
}
