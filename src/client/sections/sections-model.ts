// The pure half of the sections editor: where a block field's marker points,
// new block ids, and the list operations the toolbar runs. No DOM here.

/** A block as stored: its id, its type and its fields. */
export type Block = { id: string; type: string } & Record<string, unknown>;

/** What the session island says about one declared block type. */
export interface BlockTypeNote {
  label: string;
  /** The picker's sentence about the type, when the declaration gives one. */
  description?: string;
  /** The picker's picture of the type (a site path or https URL), when the declaration gives one. */
  preview?: string;
  fields: Record<string, { type: string; label: string }>;
  /** A new block's fields (its id is made here). */
  blank: Record<string, unknown>;
}

/** One sections field of the page, from the session island (integration `cmsSections`). */
export interface SectionsNote {
  value: unknown;
  types: Record<string, BlockTypeNote>;
}

/** Where a block field's marker points: `<collection>:<key>:<field>.<index>.<name>[.<item>]`. */
export interface BlockFieldMarker {
  /** `<collection>:<key>:<field>`: the sections field. */
  list: string;
  name: string;
  /** A `list` field's item, else null. */
  item: number | null;
}

const BLOCK_FIELD = /^(.+:[^:.]+)\.\d+\.([A-Za-z_][A-Za-z0-9_]*)(?:\.(\d+))?$/;

/** Parses a block field's marker, or null when it is not one. */
export function parseBlockField(raw: string): BlockFieldMarker | null {
  const match = BLOCK_FIELD.exec(raw);
  if (!match) return null;
  return { list: match[1] as string, name: match[2] as string, item: match[3] === undefined ? null : Number(match[3]) };
}

/** The save key of a block's field: by the block's id, never its position, so a reorder cannot send text to another block. */
export const blockFieldKey = (field: string, id: string, name: string) => `${field}.${id}.${name}`;

/** A fresh block id: `b` and 10 base-36 characters (the server takes `[a-z][a-z0-9]{3,31}`). */
export function newBlockId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  return `b${Array.from(bytes, (byte) => (byte % 36).toString(36)).join('')}`;
}

/** The stored blocks of a sections note, keeping only well-formed ones. */
export function blocksOf(value: unknown): Block[] {
  if (!Array.isArray(value)) return [];
  return value.filter((block): block is Block => typeof block?.id === 'string' && typeof block?.type === 'string');
}

/** `ids` with `id` moved `by` places (clamped to the ends); the same list when it cannot move. */
export function moveId(ids: readonly string[], id: string, by: number): string[] {
  const from = ids.indexOf(id);
  const to = Math.max(0, Math.min(ids.length - 1, from + by));
  if (from < 0 || to === from) return [...ids];
  const out = ids.filter((other) => other !== id);
  out.splice(to, 0, id);
  return out;
}

/** A copy of a block under a new id (its fields deep-copied). */
export function copyBlock(block: Block, id = newBlockId()): Block {
  return { ...structuredClone(block), id };
}

/** A new block of a declared type, from its blank fields. */
export function blankBlock(type: string, note: BlockTypeNote, id = newBlockId()): Block {
  return { ...structuredClone(note.blank), id, type };
}

/** A type's default description: its fields' labels, "Heading, Text and Button". */
export function fieldSummary(note: BlockTypeNote): string {
  const labels = Object.values(note.fields).map((field) => field.label);
  if (labels.length < 2) return labels[0] ?? '';
  return `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
}
