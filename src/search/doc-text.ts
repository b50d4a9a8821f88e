import type { CollectionConfig, FieldSpec } from '../content/collection.ts';
import type { SectionsDef } from '../content/sections.ts';
import { blockTypeOf } from '../db/field-spec.ts';
import { plainText } from '../security/text.ts';

/** An entry as the index holds it: the ranked title and the rest as one body. */
export interface DocText {
  title: string;
  body: string;
}

/** Longest title or body the index keeps, in UTF-16 code units: a page is searchable by its first 200,000 characters. */
export const SEARCH_TEXT_MAX = 200_000;

/** Nesting a json field is read to; deeper leaves are not indexed (the routes refuse deeper values anyway). */
const MAX_DEPTH = 64;

// Controls other than \t and \n: the snippet sentinels \u0002/\u0003 can then never come from content.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROLS = /[\u0000-\u0008\u000b-\u001f]/g;

/**
 * The search field ranked as the title: `search.title` when given, else
 * the field named `title` when listed, else the first listed field.
 * Throws when the collection has no `search` (a programmer error).
 */
export function searchTitleField(config: CollectionConfig): string {
  const fields = searchFieldsOf(config);
  const title = config.search?.title ?? (fields.includes('title') ? 'title' : fields[0]);
  if (title === undefined) throw new Error(`Collection ${config.slug}: search.fields is empty.`);
  return title;
}

/** The listed search fields; throws when the collection has no `search`. */
export function searchFieldsOf(config: CollectionConfig): readonly string[] {
  if (!config.search) throw new Error(`Collection ${config.slug} has no search config: add search: { fields: [...] } to index it.`);
  return config.search.fields;
}

/**
 * The text the index holds for an entry's field values: the title field,
 * and every other listed field in order joined by a blank line. Text as is,
 * rich text as its text (`plainText`), json as every string leaf
 * (depth-first, keys in order), sections by their words (`sectionsText`),
 * an image as its alt. The text is
 * NFKC-normalized like queries are, control characters other than tab and
 * newline become spaces, and each part is cut at {@link SEARCH_TEXT_MAX}.
 */
export function docText(config: CollectionConfig, data: Readonly<Record<string, unknown>>): DocText {
  const title = searchTitleField(config);
  const body = searchFieldsOf(config)
    .filter((field) => field !== title)
    .map((field) => fieldText(config.fields[field], data[field]))
    .filter((text) => text !== '');
  return { title: clean(fieldText(config.fields[title], data[title])), body: clean(body.join('\n\n')) };
}

/** The plain text of one field value; '' for a value that does not fit its type. */
export function fieldText(spec: FieldSpec | undefined, value: unknown): string {
  if (value === null || value === undefined || !spec) return '';
  switch (spec.type) {
    case 'text':
      return typeof value === 'string' ? value : '';
    case 'richtext':
      return typeof value === 'string' ? plainText(value) : '';
    case 'image': {
      const alt = typeof value === 'object' ? (value as { alt?: unknown }).alt : undefined;
      return typeof alt === 'string' ? alt : '';
    }
    case 'json':
      return spec.sections ? sectionsText(spec.sections, value).join('\n') : jsonLeaves(value).join('\n');
  }
}

/**
 * The words of a sections list, block by block: text, rich text as its
 * text, list items, link labels and image alts. Never ids, block types or
 * hrefs, which are not what a reader searches for.
 */
export function sectionsText(def: SectionsDef, value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const out: string[] = [];
  for (const block of value as Record<string, unknown>[]) {
    for (const [key, field] of Object.entries(blockTypeOf(def, block)?.fields ?? {})) out.push(...blockWords(field.type, block[key]));
  }
  return out.filter((text) => text !== '');
}

function blockWords(type: string, value: unknown): string[] {
  if (typeof value === 'string') return type === 'richtext' ? [plainText(value)] : type === 'text' ? [value] : [];
  if (Array.isArray(value)) return type === 'list' ? value.filter((line): line is string => typeof line === 'string') : [];
  const words = type === 'link' ? (value as { label?: unknown } | null)?.label : type === 'image' ? (value as { alt?: unknown } | null)?.alt : undefined;
  return typeof words === 'string' ? [words] : [];
}

/**
 * Every string leaf of a JSON value, depth-first, object keys in order, arrays in order.
 * @internal (not exported from any package entry)
 */
export function jsonLeaves(value: unknown): string[] {
  const leaves: string[] = [];
  let length = 0;
  // An explicit stack, so a deeply nested value cannot overflow the call stack.
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0 && length <= SEARCH_TEXT_MAX) {
    const top = stack.pop() as { value: unknown; depth: number };
    if (typeof top.value === 'string') {
      leaves.push(top.value);
      length += top.value.length + 1;
    } else if (typeof top.value === 'object' && top.value !== null && top.depth < MAX_DEPTH) {
      const children = Array.isArray(top.value) ? top.value : Object.values(top.value);
      for (let i = children.length - 1; i >= 0; i--) stack.push({ value: children[i], depth: top.depth + 1 });
    }
  }
  return leaves;
}

/**
 * NFKC (as `ftsQuery` reads queries, so `ﬁ` and `ｆｉ` find `fi`), controls
 * to spaces, cut at the cap without leaving half a surrogate pair.
 */
function clean(text: string): string {
  const out = cut(cut(text).normalize('NFKC'));
  return out.replace(CONTROLS, ' ');
}

function cut(text: string): string {
  if (text.length <= SEARCH_TEXT_MAX) return text;
  const out = text.slice(0, SEARCH_TEXT_MAX);
  return /[\ud800-\udbff]$/.test(out) ? out.slice(0, -1) : out;
}
