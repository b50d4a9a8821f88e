/**
 * Input shapes to the provider's wire shape: camelCase keys become snake_case
 * (`teamMemberId` to `team_member_id`), deeply; `undefined` is left out and
 * `null` is kept (on a sparse update, null clears a field). Keys that are not
 * plain identifiers (`__proto__`, `a.b`) are refused rather than sent, so
 * hostile input cannot smuggle a field the typed input does not have.
 * Values of `locationOverrides`-style maps keep their own keys only where a
 * caller names them (`keepKeys`), such as ids used as keys.
 */
export type Wire = Record<string, unknown>;

const IDENT = /^[A-Za-z][A-Za-z0-9]*$/;

export function snakeKey(key: string): string {
  if (!IDENT.test(key)) throw new TypeError(`Pos input field ${JSON.stringify(key)} is not a field name`);
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`).replace(/(\d+)/g, '_$1');
}

export function toWire(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toWire);
  if (value instanceof Date) return value.toISOString();
  if (typeof value !== 'object' || value === null) return value;
  const out: Wire = {};
  for (const [key, inner] of Object.entries(value)) {
    if (inner === undefined) continue;
    out[snakeKey(key)] = toWire(inner);
  }
  return out;
}

/** `toWire` for an object (the usual case: a request body or one of its objects). */
export function wireObject(value: object): Wire {
  return toWire(value) as Wire;
}
