import { blockTypeOf, isSectionsField, type FieldMap } from '../db/field-spec.ts';
import { fieldRev, fieldRevs } from './field-rev.ts';

/** One block field of a sections field, as a save addresses it: `sections.<blockId>.<key>`. */
export interface BlockAddress {
  field: string;
  id: string;
  key: string;
}

const BLOCK_ID_PART = '[a-z][a-z0-9]{3,31}';
/** A block id: a letter then 3 to 31 lower-case letters or digits, so never all digits and never mistaken for a list index. */
export const BLOCK_ID = new RegExp(`^${BLOCK_ID_PART}$`);
const BLOCK_KEY = new RegExp(`^([A-Za-z_][A-Za-z0-9_]*)\\.(${BLOCK_ID_PART})\\.([A-Za-z_][A-Za-z0-9_]*)$`);

/** The block field a key names (`sections.b1x2y3z4w5.heading`), when its first part is a sections field of `fields`; else null. */
export function parseBlockKey(key: string, fields: FieldMap): BlockAddress | null {
  const match = BLOCK_KEY.exec(key);
  if (!match) return null;
  const [, field, id, name] = match as unknown as [string, string, string, string];
  return Object.hasOwn(fields, field) && isSectionsField(fields[field]) ? { field, id, key: name } : null;
}

/** The body and `$base` key of a block field. */
export function blockKey(address: BlockAddress): string {
  return `${address.field}.${address.id}.${address.key}`;
}

/**
 * The revision of a sections list's structure: which blocks, of which
 * types, in which order (`fieldRev` of `[[id, type], ...]`). Edits inside
 * blocks leave it unchanged, so a reorder and a text edit never conflict.
 * @internal (not exported from any package entry)
 */
export function structureRev(list: unknown): string {
  return fieldRev(structureOf(list));
}

function structureOf(list: unknown): unknown {
  if (!Array.isArray(list)) return list ?? null;
  return list.map((block) => [(block as { id?: unknown } | null)?.id ?? null, (block as { type?: unknown } | null)?.type ?? null]);
}

/**
 * What the revision of `key` is taken over in `data`: a field's value; a
 * sections field's structure; a block field's value (null when absent).
 * Two snapshots with equal subjects at a key hold the same thing there.
 */
export function revisionSubject(data: Readonly<Record<string, unknown>>, key: string, fields: FieldMap | undefined): unknown {
  if (fields && Object.hasOwn(fields, key)) return isSectionsField(fields[key]) ? structureOf(data[key]) : (data[key] ?? null);
  const address = fields ? parseBlockKey(key, fields) : null;
  if (!address) return data[key] ?? null;
  const list = data[address.field];
  const block = Array.isArray(list) ? list.find((b) => (b as { id?: unknown } | null)?.id === address.id) : undefined;
  return (block as Record<string, unknown> | undefined)?.[address.key] ?? null;
}

/**
 * The revisions a client builds saves on: `fieldRev` of every field, except
 * a sections field `S` gives `S` (its `structureRev`) and `S.<id>.<key>`
 * for every declared field of every block.
 *
 * @example documentRevs(page, collection.fields) // { title: '…', sections: '…', 'sections.b1x2y3z4w5.heading': '…' }
 */
export function documentRevs(data: Readonly<Record<string, unknown>>, fields: FieldMap): Record<string, string> {
  const revs = fieldRevs(data, Object.keys(fields));
  for (const [field, spec] of Object.entries(fields)) {
    if (!isSectionsField(spec)) continue;
    const list = data[field];
    revs[field] = structureRev(list);
    if (!Array.isArray(list)) continue;
    for (const block of list as Record<string, unknown>[]) {
      const type = blockTypeOf(spec.sections, block);
      if (!type || typeof block.id !== 'string') continue;
      for (const key of Object.keys(type.fields)) revs[`${field}.${block.id}.${key}`] = fieldRev(block[key] ?? null);
    }
  }
  return revs;
}
