import type { Table } from 'drizzle-orm';
import type { FieldMap } from '../content/collection.ts';
import { typeViolations } from '../content/field-values.ts';
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
}

export interface FieldSaveConfig {
  /** Marker collection name to its config (`settings` in `settings:site:tagline`). */
  collections: Readonly<Record<string, SaveCollectionConfig>>;
  mediaBase?: string | undefined;
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
 * allowlists, sanitizes rich text and writes it in one statement. Throws
 * `HttpError`: 400 unknown collection/field/item, 404 unknown row, 422 a
 * value of the wrong type.
 */
export async function applyFieldSave<E extends EditorRouteEnv>(env: E, config: FieldSaveConfig, _session: EditorSession, input: FieldSaveInput): Promise<void> {
  const marker = MARKER.exec(input.field);
  if (!marker) throw new HttpError(400, 'unknown_field', 'field must be a marker like "settings:site:tagline".');
  const [, collectionName, keyText, field, indexText] = marker as unknown as [string, string, string, string, string | undefined];
  const collection = Object.hasOwn(config.collections, collectionName) ? config.collections[collectionName] : undefined;
  if (!collection) throw new HttpError(400, 'unknown_field', `${collectionName} is not an inline-saved collection.`);
  const spec = Object.hasOwn(collection.fields, field) ? collection.fields[field] : undefined;
  if (!spec) throw new HttpError(400, 'unknown_field', `${field} is not an editable field of ${collectionName}.`);
  if (indexText !== undefined && spec.type !== 'json') throw new HttpError(400, 'unknown_field', `${field} is not a list.`);
  const key = (collection.key ?? defaultKey)(keyText);
  if (key === null) throw new HttpError(404, 'not_found', `No ${collectionName} row ${keyText}.`);
  let codec = codecs.get(collection.table);
  if (!codec) codecs.set(collection.table, (codec = tableCodec(collection.table)));
  const column = codec.col[field];
  const idColumn = codec.col.id;
  if (!column || !idColumn) throw new Error(`saveRoute: ${codec.table} needs columns id and ${field}.`);

  const value = resolveFieldValue(spec.type, input.value, indexText !== undefined, config.mediaBase);
  if (indexText === undefined) {
    const violations = typeViolations({ [field]: value }, { [field]: spec });
    if (violations.length > 0) throw validationError(violations);
  }
  const touch = codec.col.updatedAt ? `, ${codec.col.updatedAt} = ${Date.now()}` : '';
  const statement =
    indexText === undefined
      ? env.DB.prepare(`UPDATE ${codec.table} SET ${column} = ?2${touch} WHERE ${idColumn} = ?1`).bind(key, codec.encode(field, value))
      : env.DB.prepare(`UPDATE ${codec.table} SET ${column} = json_set(${column}, '$[${indexText}]', json(?2))${touch} WHERE ${idColumn} = ?1 AND json_array_length(${column}) > ${indexText}`).bind(key, JSON.stringify(value));
  const result = await statement.run();
  if (result.meta.changes > 0) return;
  const exists = await env.DB.prepare(`SELECT 1 FROM ${codec.table} WHERE ${idColumn} = ?1`).bind(key).first();
  if (!exists) throw new HttpError(404, 'not_found', `No ${collectionName} row ${keyText}.`);
  throw new HttpError(400, 'out_of_range', `${field}.${indexText} is not an item of the list.`);
}

/** The value as stored: rich text sanitized, plain text and list items kept as sent (type-checked). */
export function resolveFieldValue(type: FieldMap[string]['type'], value: unknown, item: boolean, mediaBase?: string): unknown {
  if (type === 'richtext' && typeof value === 'string') return sanitizeRichHtml(value, { mediaBase });
  if (item && value === undefined) throw validationError([{ field: 'value', message: 'must be a JSON value' }]);
  return value;
}
