import type { Table } from 'drizzle-orm';
import { ident, tableMeta } from '../db/sql.ts';

/** A drizzle table read once: SQL names, and which properties hold JSON text. */
export interface TableCodec {
  /** Quoted table name. */
  table: string;
  /** Property name to quoted column name. */
  col: Record<string, string>;
  /** Properties stored as JSON text. */
  json: ReadonlySet<string>;
  /** Raw D1 row (column names) to properties, JSON parsed. */
  decode(row: Record<string, unknown>): Record<string, unknown>;
  /** One property's value as bound to SQL. */
  encode(prop: string, value: unknown): unknown;
}

/**
 * Builds the codec of a drizzle table; properties must be plain identifiers.
 * @internal (not exported from any package entry)
 */
export function tableCodec(source: Table): TableCodec {
  const meta = tableMeta(source);
  const col: Record<string, string> = Object.create(null);
  const byColumn = new Map<string, string>();
  const { json } = meta;
  for (const [prop, name] of Object.entries(meta.columns)) {
    col[prop] = ident(name);
    byColumn.set(name, prop);
  }
  return {
    table: ident(meta.name),
    col,
    json,
    decode(row) {
      const out: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(row)) {
        const prop = byColumn.get(name);
        if (prop === undefined) continue;
        out[prop] = json.has(prop) && typeof value === 'string' ? parseJson(value) : value;
      }
      return out;
    },
    encode(prop, value) {
      return json.has(prop) ? JSON.stringify(value ?? null) : (value ?? null);
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Copies the named fields of a snapshot-like object. */
export function pick(data: Readonly<Record<string, unknown>>, fields: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) if (Object.hasOwn(data, field)) out[field] = data[field];
  return out;
}
