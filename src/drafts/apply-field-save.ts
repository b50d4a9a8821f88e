import type { Table } from 'drizzle-orm';
import { isSectionsField, type FieldMap, type FieldSpec } from '../content/collection.ts';
import { prepareFields, prepareItem } from '../content/prepare-fields.ts';
import { tableCodec, type TableCodec } from '../content/table-codec.ts';
import { sanitizeRichHtml } from '../security/sanitize-rich.ts';
import { validationError } from './draft-deps.ts';
import { HttpError } from '../http/errors.ts';
import type { EditorRouteEnv } from '../http/route.ts';
import type { EditorSession } from '../http/session.ts';

/** One collection that is saved field by field, live (not versioned). */
export interface SaveCollectionConfig {
  table: Table;
  /** The editable fields; anything else is refused with 400. */
  fields: FieldMap;
  /**
   * Maps the marker's key to the primary key value, or null for an unknown
   * key (404). Default: a positive integer id.
   */
  key?: (key: string) => number | string | null;
  /**
   * Every save here is live at once, so by default only editors with
   * `access.publish` may make it (403 for others). `true` opens the
   * collection to every editor; the page then marks its fields
   * `data-cms-access="edit"` so the edit bar offers them to writers too.
   */
  writers?: boolean;
}

export interface FieldSaveConfig {
  /** Marker collection name to its config (`settings` in `settings:site:tagline`). */
  collections: Readonly<Record<string, SaveCollectionConfig>>;
  mediaBase?: string | undefined;
}

/** What a field save wrote to: the marker's collection and the row's primary key. */
export interface SavedField {
  collection: string;
  id: number | string;
}

/** The inline save input: the marker as the page renders it, and the new value. */
export interface FieldSaveInput {
  field: string;
  value: unknown;
}

const MARKER = /^([A-Za-z_][A-Za-z0-9_]*):(.+):([A-Za-z_][A-Za-z0-9_]*)(?:\.(0|[1-9][0-9]{0,5}))?$/;
const defaultKey = (key: string): number | null => (/^[1-9][0-9]{0,15}$/.test(key) ? Number(key) : null);
const codecs = new WeakMap<Table, TableCodec>();

/**
 * Saves one field of a live row, as an inline editor does: parses the
 * marker `<collection>:<key>:<field>` (a list item as `<field>.<n>`),
 * checks access (a live change: `access.publish` unless the collection is
 * open to `writers`), allowlists, sanitizes and normalizes the value and
 * writes it in one statement. Throws `HttpError`: 400 unknown
 * collection/field/item, 403 no right to change it, 404 unknown row, 422 a
 * value that cannot be stored. Returns the collection and row it wrote to.
 */
export async function applyFieldSave<E extends EditorRouteEnv>(
  env: E,
  config: FieldSaveConfig,
  session: EditorSession,
  input: FieldSaveInput,
): Promise<SavedField> {
  const target = resolveTarget(config, input.field);
  if (!target.collection.writers && !session.access.publish) {
    throw new HttpError(403, 'forbidden', `${target.collectionName} changes go live at once: only editors who may publish can save them.`);
  }
  const { codec, column, idColumn, field, index, key } = target;
  const value = resolveFieldValue(target.spec, input.value, index !== undefined, config.mediaBase, field);
  const touch = codec.col.updatedAt ? `, ${codec.col.updatedAt} = ${Date.now()}` : '';
  const statement =
    index === undefined
      ? env.DB.prepare(`UPDATE ${codec.table} SET ${column} = ?2${touch} WHERE ${idColumn} = ?1`).bind(key, codec.encode(field, value))
      : env.DB.prepare(
          `UPDATE ${codec.table} SET ${column} = json_set(${column}, '$[${index}]', json(?2))${touch} WHERE ${idColumn} = ?1 AND json_array_length(${column}) > ${index}`,
        ).bind(key, JSON.stringify(value));
  const result = await statement.run();
  if (result.meta.changes > 0) return { collection: target.collectionName, id: key };
  const exists = await env.DB.prepare(`SELECT 1 FROM ${codec.table} WHERE ${idColumn} = ?1`).bind(key).first();
  if (!exists) throw new HttpError(404, 'not_found', `No ${target.collectionName} row ${target.keyText}.`);
  throw new HttpError(400, 'out_of_range', `${field}.${index} is not an item of the list.`);
}

/** The collection, field, row key and columns a marker names; 400/404 `HttpError` when it names none. */
function resolveTarget(config: FieldSaveConfig, marker: string) {
  const match = MARKER.exec(marker);
  if (!match) throw new HttpError(400, 'unknown_field', 'field must be a marker like "settings:site:tagline".');
  const [, collectionName, keyText, field, indexText] = match as unknown as [string, string, string, string, string | undefined];
  const collection = Object.hasOwn(config.collections, collectionName) ? config.collections[collectionName] : undefined;
  if (!collection) throw new HttpError(400, 'unknown_field', `${collectionName} is not an inline-saved collection.`);
  const spec = Object.hasOwn(collection.fields, field) ? collection.fields[field] : undefined;
  if (!spec) throw new HttpError(400, 'unknown_field', `${field} is not an editable field of ${collectionName}.`);
  if (indexText !== undefined && spec.type !== 'json') throw new HttpError(400, 'unknown_field', `${field} is not a list.`);
  // A live collection saves a sections field whole (checked block by block); blocks by id are for drafts collections.
  if (indexText !== undefined && isSectionsField(spec)) throw new HttpError(400, 'unknown_field', `${field} is a list of blocks: save it whole.`);
  const key = (collection.key ?? defaultKey)(keyText);
  if (key === null) throw new HttpError(404, 'not_found', `No ${collectionName} row ${keyText}.`);
  let codec = codecs.get(collection.table);
  if (!codec) {
    codec = tableCodec(collection.table);
    codecs.set(collection.table, codec);
  }
  const column = codec.col[field];
  const idColumn = codec.col.id;
  if (!column || !idColumn) throw new Error(`saveRoute: ${codec.table} needs columns id and ${field}.`);
  return { collectionName, collection, keyText, key, field, spec, index: indexText === undefined ? undefined : Number(indexText), codec, column, idColumn };
}

/**
 * The value as stored: checked against the field (type, size limits,
 * schema; a list item against the list's item schema), rich text
 * sanitized, text normalized. Throws the 422 `HttpError` for a value that
 * cannot be stored.
 */
export function resolveFieldValue(spec: FieldSpec, value: unknown, item: boolean, mediaBase?: string, field = 'value'): unknown {
  if (item) {
    const prepared = prepareItem(spec, value);
    if ('problem' in prepared) throw validationError([{ field, message: prepared.problem }]);
    return prepared.value;
  }
  const prepared = prepareFields({ [field]: value }, { [field]: spec }, (html) => sanitizeRichHtml(html, { mediaBase }));
  if (prepared.violations.length > 0) throw validationError(prepared.violations);
  return prepared.data[field];
}
