import type { ArrayIssue, ArraySchema, ErrorMessage, GenericSchema, InferOutput } from 'valibot';
import type { CollectionConfig, ImageValue } from './collection.ts';
import { conformEntry, type InvalidField } from './field-values.ts';
import { resolveCollection, rowIdOf, type ResolvedCollection } from './resolved-collection.ts';
import { resumeDraft } from './resume-draft.ts';

type ListSchema = ArraySchema<GenericSchema, ErrorMessage<ArrayIssue> | undefined>;
/**
 * A field's value as a page renders it: text, or the json schema's output
 * (`[]` or null when the stored value did not fit; a sections field is a
 * list of its blocks, `[]` when it did not fit).
 */
type FieldValue<S> = S extends { type: 'image' }
  ? ImageValue | null
  : S extends { type: 'json' }
    ? S extends { sections: unknown; schema: infer X extends GenericSchema }
      ? InferOutput<X>
      : S extends { schema: infer X extends ListSchema }
        ? InferOutput<X>
        : (S extends { schema: infer X extends GenericSchema } ? InferOutput<X> : unknown) | null
    : string;
type UniqueOf<C> = C extends { unique: readonly (infer U extends string)[] } ? U : never;

/** An entry of a collection as `loadEntry` gives it: its row id, unique columns and fields. */
export type Entry<C extends CollectionConfig> = { id: number } & { [U in UniqueOf<C>]: string } & {
  -readonly [K in keyof C['fields']]: FieldValue<C['fields'][K]>;
};

/**
 * How a page names an entry: a row name of a collection with `rows`
 * (`'site'`), else the row id or one unique column (`{ slug: 'about' }`).
 */
export type EntryKey<C extends CollectionConfig> = C extends { rows: infer R }
  ? keyof R & string
  : number | (UniqueOf<C> extends never ? never : { [U in UniqueOf<C>]: Record<U, string> }[UniqueOf<C>]);

/** What `readEntry` found: the entry to render, the values it was made from, what it had to replace, and its marker key. */
export interface ReadEntry {
  data: Record<string, unknown>;
  stored: Record<string, unknown>;
  invalid: InvalidField[];
  /** The `<key>` of the entry's markers: its row name, else its row id. */
  key: string;
}

type D1Like = Pick<D1Database, 'prepare'>;

/**
 * Reads one entry of a declared collection. Visitors (`editing: false`) get
 * the live row; of a drafts collection only a published one (null when never
 * published or unpublished). An editor gets the work in progress (the newest
 * pending version) over the live row. Stored values that do not fit their
 * field are replaced by a fallback (`conformEntry`), so a template never
 * crashes on data written around the routes. A key the collection cannot
 * have (a name it does not declare, a column that is not unique) throws a
 * TypeError: that is a template's mistake, not a missing entry.
 */
export async function readEntry(db: D1Like, config: CollectionConfig, key: unknown, options: { editing: boolean }): Promise<ReadEntry | null> {
  const collection = resolveCollection(config);
  const where = whereOf(collection, key);
  const raw = await db.prepare(`SELECT * FROM ${collection.main.table} WHERE ${where.column} = ?1 LIMIT 1`).bind(where.value).first<Record<string, unknown>>();
  if (!raw) return null;
  const live = collection.main.decode(raw);
  const id = live.id as number;
  let stored = live;
  if (collection.versionsTable) {
    const pointer = (live.publishedVersionId as number | null | undefined) ?? null;
    if (!options.editing && pointer === null) return null;
    const draft = options.editing
      ? await resumeDraft(db, { versionsTable: collection.versionsTable, collection: config }, { id, publishedVersionId: pointer })
      : null;
    if (draft) stored = { ...live, ...draft };
  }
  const { data, invalid } = conformEntry(stored, config.fields);
  return { data, stored, invalid, key: where.name ?? String(id) };
}

function whereOf({ config, main }: ResolvedCollection, key: unknown): { column: string; value: string | number; name?: string } {
  const idColumn = main.col.id as string;
  if (config.rows) {
    const id = typeof key === 'string' ? rowIdOf(config, key) : null;
    if (id === null) throw new TypeError(`${config.slug} entries are named: use one of ${Object.keys(config.rows).join(', ')} (got ${JSON.stringify(key)}).`);
    return { column: idColumn, value: id, name: key as string };
  }
  if (typeof key === 'number') {
    if (!Number.isSafeInteger(key) || key < 1) throw new TypeError(`${config.slug}: a row id is a positive integer (got ${key}).`);
    return { column: idColumn, value: key };
  }
  const unique = config.unique ?? [];
  const entries = typeof key === 'object' && key !== null ? Object.entries(key) : [];
  const [column, value] = entries[0] ?? [];
  if (entries.length !== 1 || column === undefined || !unique.includes(column) || typeof value !== 'string') {
    const by = unique.map((name) => `{ ${name}: '...' }`).join(' or ');
    throw new TypeError(`${config.slug}: an entry is named by its row id${by ? ` or ${by}` : ''} (got ${JSON.stringify(key)}).`);
  }
  return { column: main.col[column] as string, value };
}
