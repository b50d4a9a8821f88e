import { blockTypeOf, isSectionsField, type FieldMap } from '../db/field-spec.ts';
import { blockKey, parseBlockKey, revisionSubject, type BlockAddress } from '../content/document-revs.ts';
import { DRAFT_BASE_KEY, canonicalJson, fieldRev } from '../content/field-rev.ts';
import { fieldViolations } from '../content/field-values.ts';
import { prepareBlockValue } from '../content/sections.ts';
import type { Violation } from '../content/validation-error.ts';

/** One list item addressed by a dotted key (`paragraphs.2`). */
export interface ItemEdit {
  field: string;
  index: number;
  value: unknown;
}

/** One field of one block of a sections field (`sections.<blockId>.<key>`). */
export interface BlockEdit extends BlockAddress {
  value: unknown;
}

/**
 * One typed draft edit: what a save changes and the revisions it was made
 * against. The edge builds it (a route parses its body once, the realtime
 * object takes its already-checked socket message) and the cores take it:
 * nothing below a route reads a body's shape. `{ fields, base }` is a whole
 * edit; list items and block fields are addressed by their own parts. `V`
 * narrows the values when the edge knows more (an overlay region's).
 */
export interface DraftEdit<V = unknown> {
  /** Whole fields by name. */
  fields: Record<string, V>;
  /** Field (or block field, `sections.<id>.<key>`) to the revision the edit started from. Without it nothing is checked. */
  base?: Readonly<Record<string, string>> | undefined;
  /** List items of `json` fields by index (a body's `paragraphs.2`). */
  items?: ItemEdit[];
  /** Fields of sections blocks by block id (a body's `sections.<id>.<key>`). */
  blocks?: BlockEdit[];
  /**
   * Sections fields sent whole with their revision in `base`: a structure
   * save. The list's order and membership come from the save; a block the
   * current list holds keeps its stored content. Derived from `fields` and
   * `base` (`structureFields`): whoever builds an edit need not set it.
   */
  structure?: string[];
}

/** @internal (not exported from any package entry) */
export interface ParsedDraftBody {
  /** The body's changes (its `base` is the separate `base` below). */
  edit: DraftEdit;
  /** Field name to the revision the save started from; undefined when the body has no `$base`. */
  base: Record<string, string> | undefined;
  /** Keys that are not config fields (or dotted keys on a field that is not json, or an index into a sections field): the route answers 400. */
  unknown: string[];
  /** Shape problems (a bad `$base`, a field sent whole and by item): the route answers 400. */
  problems: string[];
}

const DOTTED = /^([A-Za-z_][A-Za-z0-9_]*)\.(0|[1-9][0-9]{0,5})$/;

/**
 * Splits a draft save body (changed fields plus an optional `$base`) against
 * the collection's fields. A `json` field's items may be sent by dotted
 * index; the revision in `$base` is then the whole field's. A sections
 * field's blocks are addressed by id instead (`sections.<id>.<key>`, with
 * its own revision), never by position, which a reorder would race.
 * @internal (not exported from any package entry)
 */
export function parseDraftBody(body: Readonly<Record<string, unknown>>, fields: FieldMap): ParsedDraftBody {
  const items: ItemEdit[] = [];
  const blocks: BlockEdit[] = [];
  const edit: DraftEdit = { fields: {}, items, blocks };
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
    const spec = dotted && Object.hasOwn(fields, dotted[1] as string) ? fields[dotted[1] as string] : undefined;
    if (dotted && spec?.type === 'json' && !isSectionsField(spec)) {
      items.push({ field: dotted[1] as string, index: Number(dotted[2]), value });
      continue;
    }
    const address = parseBlockKey(key, fields);
    if (address) blocks.push({ ...address, value });
    else unknown.push(key);
  }
  for (const item of [...items, ...blocks]) {
    if (Object.hasOwn(edit.fields, item.field)) problems.push(`${item.field} is sent both whole and by item; send one`);
  }
  edit.structure = structureFields(edit.fields, base, fields);
  return { edit, base, unknown, problems: [...new Set(problems)] };
}

function parseBase(value: unknown, fields: FieldMap, problems: string[]): Record<string, string> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    problems.push(`${DRAFT_BASE_KEY} must be an object of field name to revision`);
    return undefined;
  }
  const base: Record<string, string> = {};
  for (const [field, rev] of Object.entries(value)) {
    if (!Object.hasOwn(fields, field) && !parseBlockKey(field, fields)) problems.push(`${DRAFT_BASE_KEY}.${field} is not a field of the collection`);
    else if (typeof rev !== 'string' || rev.length > 64) problems.push(`${DRAFT_BASE_KEY}.${field} must be a revision string`);
    else base[field] = rev;
  }
  return base;
}

/** The sections fields of a save sent whole with a revision in `base`: its structure saves. */
export function structureFields(values: Readonly<Record<string, unknown>>, base: Readonly<Record<string, string>> | undefined, fields: FieldMap): string[] {
  return Object.keys(values).filter((field) => Object.hasOwn(fields, field) && isSectionsField(fields[field]) && base?.[field] !== undefined);
}

/**
 * Every field a save touches (an item edit touches its list; a block edit its sections field, for locks).
 * @internal (not exported from any package entry)
 */
export function touchedFields(edit: DraftEdit): string[] {
  return [...new Set([...Object.keys(edit.fields), ...(edit.items ?? []).map((item) => item.field), ...(edit.blocks ?? []).map((block) => block.field)])];
}

/**
 * Every key a save's `$base` can check: the touched fields and each block field (`sections.<id>.<key>`).
 * @internal (not exported from any package entry)
 */
export function editKeys(edit: DraftEdit): string[] {
  return [...touchedFields(edit), ...(edit.blocks ?? []).map(blockKey)];
}

/** Sections fields whose new value the merge computes from the current one (block edits, structure saves): their write must be guarded. */
export function derivedFields(edit: DraftEdit): string[] {
  return [...new Set([...(edit.structure ?? []), ...(edit.blocks ?? []).map((block) => block.field)])];
}

/** What the merge needs to know of the collection for sections fields: block types, and the write path's sanitizer for their rich text. */
export interface MergeRules {
  fields: FieldMap;
  sanitize: (html: string) => string;
}

export type MergeResult =
  | { ok: true; data: Record<string, unknown> }
  | { ok: false; outOfRange: string[] }
  /** Block edits whose block the current list no longer holds (their keys). */
  | { ok: false; removed: string[] }
  | { ok: false; violations: Violation[] };

/**
 * Merges an edit over the current work into a new full snapshot. An item
 * index must address an existing entry of an array; otherwise nothing merges.
 * A block edit must address a block the current list holds, by id, and a
 * field of its type; a structure save keeps the stored content of the blocks
 * it keeps (their type may not change). Every sections field the edit
 * touches is then checked whole (ids unique, at most `max` blocks), with
 * `rules`, which an edit with blocks or structure needs. Pure: `current` is
 * not mutated.
 * @internal (not exported from any package entry)
 */
export function mergeDraft(current: Readonly<Record<string, unknown>>, edit: DraftEdit, rules?: MergeRules): MergeResult {
  const data: Record<string, unknown> = { ...current, ...edit.fields };
  const sections = derivedFields(edit);
  if (sections.length > 0) {
    if (!rules) throw new Error('mergeDraft(): an edit of sections blocks needs the merge rules (fields, sanitize).');
    const merged = mergeSections(current, data, edit, rules);
    if (!merged.ok) return merged;
  }
  const outOfRange: string[] = [];
  for (const item of edit.items ?? []) {
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

/** Structure saves and block edits of `edit`, merged into `data` (which already holds the fields sent whole), then checked whole. */
function mergeSections(current: Readonly<Record<string, unknown>>, data: Record<string, unknown>, edit: DraftEdit, rules: MergeRules) {
  const violations: Violation[] = [];
  const removed: string[] = [];
  const blocksOf = (value: unknown) => (Array.isArray(value) ? (value as Record<string, unknown>[]) : []);
  for (const field of edit.structure ?? []) {
    const stored = new Map(blocksOf(current[field]).map((block) => [block.id, block]));
    data[field] = blocksOf(data[field]).map((block, index) => {
      const kept = stored.get(block.id);
      if (!kept) return block;
      if (kept.type !== block.type)
        violations.push({ field: `${field}.${index}.type`, message: `block ${String(block.id)} is a ${String(kept.type)} block; its type cannot change` });
      return kept;
    });
  }
  for (const change of edit.blocks ?? []) {
    const list = [...blocksOf(data[change.field])];
    const index = list.findIndex((block) => block.id === change.id);
    const block = list[index];
    if (!block) {
      removed.push(blockKey(change));
      continue;
    }
    const def = rules.fields[change.field]?.sections;
    const type = def ? blockTypeOf(def, block) : undefined;
    const spec = type && Object.hasOwn(type.fields, change.key) ? type.fields[change.key] : undefined;
    const at = `${change.field}.${index}.${change.key}`;
    if (!spec) {
      violations.push({ field: at, message: `is not a field of a ${String(block.type)} block` });
      continue;
    }
    const prepared = prepareBlockValue(spec, change.value, rules.sanitize);
    if ('problem' in prepared) violations.push({ field: prepared.path ? `${at}.${prepared.path}` : at, message: prepared.problem });
    else list[index] = { ...block, [change.key]: prepared.value };
    data[change.field] = list;
  }
  if (removed.length > 0) return { ok: false as const, removed };
  if (violations.length === 0)
    for (const field of derivedFields(edit)) violations.push(...fieldViolations(field, rules.fields[field] as FieldMap[string], data[field]));
  return violations.length > 0 ? { ok: false as const, violations } : { ok: true as const };
}

/** One field of a 409: its current value and revision. */
export interface Conflict {
  field: string;
  value: unknown;
  rev: string;
}

/**
 * Keys of a save (fields, and with `fields` also block fields
 * `sections.<id>.<key>`) whose revision in `base` no longer matches the
 * current work, leaving out those where both sides end at the same value.
 * With `fields`, a sections field's revision and comparison are of its
 * structure (`structureRev`), and its conflict carries the whole current
 * list. Keys without a revision in `base` (or no `base` at all) are not checked.
 * @internal (not exported from any package entry)
 */
export function findConflicts(
  current: Readonly<Record<string, unknown>>,
  merged: Readonly<Record<string, unknown>>,
  touched: readonly string[],
  base: Readonly<Record<string, string>> | undefined,
  fields?: FieldMap,
): Conflict[] {
  if (!base) return [];
  const conflicts: Conflict[] = [];
  for (const field of touched) {
    const want = Object.hasOwn(base, field) ? base[field] : undefined;
    if (want === undefined) continue;
    const subject = revisionSubject(current, field, fields);
    const rev = fieldRev(subject);
    if (rev === want) continue;
    if (canonicalJson(revisionSubject(merged, field, fields)) === canonicalJson(subject)) continue;
    const whole = fields !== undefined && Object.hasOwn(fields, field);
    conflicts.push({ field, value: whole ? (current[field] ?? null) : subject, rev });
  }
  return conflicts;
}

/**
 * Touched fields whose value the merge actually changes.
 * @internal (not exported from any package entry)
 */
export function changedFields(current: Readonly<Record<string, unknown>>, merged: Readonly<Record<string, unknown>>, touched: readonly string[]): string[] {
  return touched.filter((field) => canonicalJson(merged[field] ?? null) !== canonicalJson(current[field] ?? null));
}
