import { getTableColumns, getTableName, type Table } from 'drizzle-orm';

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Quotes an SQL identifier for the rare query drizzle cannot express.
 * Only plain identifiers are accepted; anything else is a programmer error.
 */
export function ident(name: string): string {
  if (!IDENT.test(name)) throw new TypeError(`Not a plain SQL identifier: ${JSON.stringify(name)}`);
  return `"${name}"`;
}

/** Table name and property-to-column map of a drizzle table. */
export interface TableMeta {
  name: string;
  /** Property name (as in a snapshot) to SQL column name; no inherited keys, so a user key never finds one. */
  columns: Record<string, string>;
  /** Properties stored as JSON text (`{ mode: 'json' }`). */
  json: ReadonlySet<string>;
}

/** Reads the name and columns of a drizzle table. */
export function tableMeta(table: Table): TableMeta {
  const columns: Record<string, string> = Object.create(null);
  const json = new Set<string>();
  for (const [prop, column] of Object.entries(getTableColumns(table))) {
    columns[prop] = column.name;
    if (column.dataType === 'json') json.add(prop);
  }
  return { name: getTableName(table), columns, json };
}
