/** A parsed `data-cms-field` value: `<collection>:<key>:<field>`, list items as `<field>.<index>`. */
export interface Marker {
  /** The marker string as written in the page. */
  raw: string;
  collection: string;
  key: string;
  /** The field as written, dotted index included (`paragraphs.2`). */
  field: string;
  /** The stored field the marker belongs to (`paragraphs` for `paragraphs.2`). */
  root: string;
  /** The list index for a dotted list item, else null. */
  index: number | null;
}

/**
 * Parses a marker, or returns null when it is not `<collection>:<key>:<field>`.
 * The key may itself contain colons; the collection is the first part and the
 * field the last.
 */
export function parseMarker(raw: string): Marker | null {
  const first = raw.indexOf(':');
  const last = raw.lastIndexOf(':');
  if (first <= 0 || last === first || last === raw.length - 1) return null;
  const collection = raw.slice(0, first);
  const key = raw.slice(first + 1, last);
  const field = raw.slice(last + 1);
  if (!key) return null;
  const dotted = /^([^.]+)\.(\d+)$/.exec(field);
  if (field.includes('.') && !dotted) return null;
  return { raw, collection, key, field, root: dotted?.[1] ?? field, index: dotted ? Number(dotted[2]) : null };
}
