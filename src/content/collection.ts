import type { Table } from 'drizzle-orm';
import { isTable } from '../db/collection-tables.ts';
import { textList, type FieldMap, type FieldSpec } from '../db/field-spec.ts';

export {
  textList,
  imageValue,
  isImageSrc,
  isSectionsField,
  type FieldMap,
  type FieldSpec,
  type FieldType,
  type ImageValue,
} from '../db/field-spec.ts';

export interface CollectionConfig {
  /** Names the collection in markers and routes (`/api/cms/<slug>`), and its tables `<slug>` and `<slug>_versions`. */
  slug: string;
  /** The snapshot fields; keys equal the main table's property names. */
  fields: FieldMap;
  /**
   * `{ drafts: true }` opts the collection into drafts: edits are saved as
   * versions and only Publish changes what visitors see. Without it every
   * save is live at once (`/api/cms/save`).
   */
  versions?: { drafts: true };
  /**
   * Full-text (and, with a vector index, semantic) search of the collection
   * (`louise/search`): `fields` are indexed in order, the title field ranked
   * above the others; a `json` field by every string leaf, rich text as its
   * text, an image by its alt.
   */
  search?: SearchConfig;
  /**
   * Text columns of the live table that identify an entry, such as
   * `['slug']`: not null, unique, not versioned. `loadEntry(Astro, pages,
   * { slug: 'about' })` finds an entry by one; `pagesRoute` requires them on
   * create.
   */
  unique?: readonly string[];
  /**
   * Live collections: named rows, so markers and `loadEntry` use a name
   * instead of a row id (`{ site: 1 }`: `settings:site:tagline` is row 1).
   * When given, only these names address the collection.
   */
  rows?: Readonly<Record<string, number>>;
  /**
   * Live collections: every save is live at once, so by default only editors
   * who may publish make them. `true` opens the collection to every editor
   * (its markers then carry `data-cms-access="edit"`).
   */
  writers?: boolean;
  /**
   * Tables that already exist, used as they are instead of the ones
   * `collectionTables` would make: the toolkit's own `pages` and
   * `pagesVersions` or `siteSettings` (from `louise/db`). A drafts
   * collection's tables must still be named `<slug>` and `<slug>_versions`.
   */
  tables?: { table: Table; versions?: Table };
}

/** A collection's search: which fields are indexed, which is the title, where an entry lives. */
export interface SearchConfig {
  fields: readonly string[];
  /** The field ranked as the title; default `title` when listed, else the first field. */
  title?: string;
  /** The page an entry lives at, for result links (site search page, edit-bar search). Gets { id, title, ...unique columns }. */
  url?: (entry: Record<string, unknown>) => string | null;
}

const SLUG = /^[a-z][a-z0-9_]*$/;
const FIELD = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** A row name: not all digits, so it is never read as a row id. */
const ROW_NAME = /^(?![0-9]+$)[A-Za-z0-9_-]{1,64}$/;
const TYPES: ReadonlySet<string> = new Set(['text', 'richtext', 'json', 'image']);
/** Columns the toolkit manages; a snapshot may not write them. */
const RESERVED: ReadonlySet<string> = new Set(['id', 'publishedVersionId', 'createdAt', 'updatedAt', 'pageId', 'createdBy', 'discardedAt', 'discardedBy']);
/** Names every object inherits (`toString`, `constructor`, `__proto__`, ...): a user key must never be mistaken for one. */
export const INHERITED: ReadonlySet<string> = new Set([...Object.getOwnPropertyNames(Object.prototype), '__proto__']);

/**
 * Declares a collection, checked once: a bad slug, field name, type,
 * search field, unique column, row name or table throws an Error naming
 * every problem. The one declaration of a collection: `collectionTables`
 * gives its drizzle tables, `defineCms({ collections })` mounts its routes,
 * `loadEntry` reads it for a page and `cmsField` marks its fields.
 *
 * @example
 * defineCollection({ slug: 'posts', unique: ['slug'], fields: { title: { type: 'text', required: true } }, versions: { drafts: true } })
 */
export function defineCollection<const C extends CollectionConfig>(config: C): C {
  if (typeof config !== 'object' || config === null) throw new Error('defineCollection(): expected a config object.');
  const problems: string[] = [];
  if (typeof config.slug !== 'string' || !SLUG.test(config.slug))
    problems.push(`slug must be lower-case letters, digits and _ starting with a letter (got ${JSON.stringify(config.slug)})`);
  const fields = config.fields as unknown;
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields) || Object.keys(fields).length === 0) {
    problems.push('fields must be a non-empty map of field name to { type, required? }');
  } else {
    for (const [name, spec] of Object.entries(fields as Record<string, unknown>)) problems.push(...fieldProblems(name, spec));
  }
  if (config.versions !== undefined && (typeof config.versions !== 'object' || config.versions?.drafts !== true))
    problems.push('versions must be { drafts: true } or left out');
  const has = (name: string) => typeof fields === 'object' && fields !== null && Object.hasOwn(fields, name);
  if (config.search !== undefined) problems.push(...searchProblems(config.search as unknown, has));
  problems.push(...uniqueProblems(config.unique as unknown, has), ...liveProblems(config), ...tablesProblems(config));
  if (problems.length > 0) throw new Error(`defineCollection(${JSON.stringify(config.slug)}): invalid config.\n  - ${problems.join('\n  - ')}`);
  return config;
}

function fieldProblems(name: string, spec: unknown): string[] {
  const problems: string[] = [];
  if (!FIELD.test(name)) problems.push(`field ${JSON.stringify(name)}: not a plain identifier`);
  if (RESERVED.has(name)) problems.push(`field ${name}: reserved for the toolkit`);
  if (INHERITED.has(name)) problems.push(`field ${name}: every object has a property of that name; choose another`);
  const s = spec as Partial<FieldSpec> | null;
  if (typeof s !== 'object' || s === null || !TYPES.has(String(s.type))) problems.push(`field ${name}: type must be text, richtext, json or image`);
  else {
    if (s.required !== undefined && typeof s.required !== 'boolean') problems.push(`field ${name}: required must be a boolean`);
    if (s.schema !== undefined && ((s.type !== 'json' && s.type !== 'text') || !isSchema(s.schema)))
      problems.push(`field ${name}: schema must be a valibot schema, on a json or text field`);
    if (s.sections !== undefined && (s.type !== 'json' || s.schema === undefined || typeof s.sections?.types !== 'object'))
      problems.push(`field ${name}: sections come from defineSections(); use its .field`);
  }
  return problems;
}

function uniqueProblems(unique: unknown, isField: (name: string) => boolean): string[] {
  if (unique === undefined) return [];
  if (!Array.isArray(unique) || unique.length === 0) return ['unique must be a non-empty list of column names, or left out'];
  const problems: string[] = [];
  for (const name of unique as unknown[]) {
    const text = String(name);
    if (typeof name !== 'string' || !FIELD.test(name) || RESERVED.has(name) || INHERITED.has(name))
      problems.push(`unique ${JSON.stringify(name)}: must be a plain identifier the toolkit does not use`);
    else if (isField(text)) problems.push(`unique ${text}: is also a field; a unique column is not versioned, so it cannot be one`);
  }
  return problems;
}

function searchProblems(search: unknown, isField: (name: string) => boolean): string[] {
  if (typeof search !== 'object' || search === null) return ['search must be { fields, title?, url? }'];
  const { fields, title, url } = search as { fields?: unknown; title?: unknown; url?: unknown };
  const problems: string[] = [];
  if (!Array.isArray(fields) || fields.length === 0) problems.push('search.fields must be a non-empty list of field names');
  else for (const name of fields) if (!isField(String(name))) problems.push(`search field ${JSON.stringify(name)} is not a field of the collection`);
  if (title !== undefined && !(typeof title === 'string' && Array.isArray(fields) && fields.includes(title)))
    problems.push(`search.title ${JSON.stringify(title)} must be one of search.fields`);
  if (url !== undefined && typeof url !== 'function') problems.push('search.url must be a function (entry) => string | null');
  return problems;
}

/** `rows` and `writers` are for live collections: a drafts collection's markers use row ids and every editor saves drafts. */
function liveProblems(config: CollectionConfig): string[] {
  const problems: string[] = [];
  const drafts = config.versions?.drafts === true;
  if (config.writers !== undefined && (typeof config.writers !== 'boolean' || drafts))
    problems.push(drafts ? 'writers is for live collections; on a drafts collection every editor saves drafts' : 'writers must be true or false');
  if (config.rows === undefined) return problems;
  if (drafts) return [...problems, 'rows is for live collections; a drafts collection is addressed by row id or a unique column'];
  const rows = config.rows as unknown;
  if (typeof rows !== 'object' || rows === null || Array.isArray(rows) || Object.keys(rows).length === 0)
    return [...problems, 'rows must be a non-empty map of row name to row id, such as { site: 1 }'];
  for (const [name, id] of Object.entries(rows)) {
    if (!ROW_NAME.test(name) || INHERITED.has(name)) problems.push(`row ${JSON.stringify(name)}: a name is letters, digits, - and _, and not all digits`);
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) problems.push(`row ${name}: the id must be a positive integer`);
  }
  return problems;
}

function tablesProblems(config: CollectionConfig): string[] {
  const tables = config.tables as { table?: unknown; versions?: unknown } | undefined;
  if (tables === undefined) return [];
  const drafts = config.versions?.drafts === true;
  if (typeof tables !== 'object' || tables === null || !isTable(tables.table)) return ['tables.table must be a drizzle table'];
  if (drafts && !isTable(tables.versions)) return ['tables.versions must be a drizzle table: a drafts collection has a versions table'];
  if (!drafts && tables.versions !== undefined) return ['tables.versions is for drafts collections'];
  return [];
}

function isSchema(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'schema';
}

/** Paths under `/api/cms/` the toolkit answers itself: no collection may take one as its slug. */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set(['auth', 'status', 'save', 'media', 'reviews']);

/**
 * Throws an Error when two collections share a slug, one takes a path the
 * toolkit answers itself (`auth`, `status`, `save`, `media`), or one is
 * named like another's search index table (`<slug>_search`,
 * `<slug>_search_editor`), which would be the same table.
 */
export function checkCollections(collections: readonly CollectionConfig[]): void {
  const seen = new Set<string>();
  const indexes = new Map<string, string>();
  for (const { slug, search } of collections) {
    if (search) for (const table of [`${slug}_search`, `${slug}_search_editor`]) indexes.set(table, slug);
  }
  for (const { slug } of collections) {
    if (seen.has(slug)) throw new Error(`Collection ${slug} is declared twice: each slug names one collection.`);
    if (RESERVED_SLUGS.has(slug)) throw new Error(`Collection ${slug}: /api/cms/${slug} is the toolkit's own path; choose another slug.`);
    const owner = indexes.get(slug);
    if (owner !== undefined) throw new Error(`Collection ${slug}: ${slug} is the search index table of collection ${owner}; choose another slug.`);
    seen.add(slug);
  }
}

/** Whether a collection stages edits as drafts. */
export function isVersioned(config: CollectionConfig): boolean {
  return config.versions?.drafts === true;
}

/** Names of the rich-text fields of a field map. */
export function richFieldsOf(fields: FieldMap): string[] {
  return Object.entries(fields)
    .filter(([, spec]) => spec.type === 'richtext')
    .map(([name]) => name);
}

/** The writable fields of the toolkit's `pages` table (the `pagesRoute` default allowlist). */
export const DEFAULT_PAGE_FIELDS: FieldMap = Object.freeze({
  slug: { type: 'text', required: true },
  title: { type: 'text' },
  summary: { type: 'text' },
  body: { type: 'richtext' },
  paragraphs: { type: 'json', schema: textList },
  hero: { type: 'image' },
});
