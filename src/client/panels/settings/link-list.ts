// The model behind a `links` setting (a menu, social links): rows the
// editor adds, removes, reorders and types into, and the value they save.
// Pure, so the panel's list is the only DOM code and the rules are tested.

/** A stored link, as the settings route takes it. */
export interface Link {
  label: string;
  href: string;
}

/** A row in the editor's list; `id` stays with the row while it moves, so the focus can follow it. */
export interface LinkRow extends Link {
  id: number;
}

/** The route's limit on a links setting. */
export const MAX_LINKS = 50;

let nextId = 1;
const row = (label = '', href = ''): LinkRow => ({ id: nextId++, label, href });

/** Rows for a stored value from untrusted JSON; anything that is not a link is left out. */
export function linkRows(raw: unknown): LinkRow[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .filter((link): link is Record<string, unknown> => Boolean(link) && typeof link === 'object')
    .map((link) => row(typeof link.label === 'string' ? link.label : '', typeof link.href === 'string' ? link.href : ''));
}

/**
 * The value the rows save: each link's label and URL trimmed, and rows with
 * neither left out (a row just added is not a link yet). A row with only one
 * of the two is kept, so the route says what is missing.
 */
export function linksValue(rows: readonly LinkRow[]): Link[] {
  return rows.map(({ label, href }) => ({ label: label.trim(), href: href.trim() })).filter(({ label, href }) => label !== '' || href !== '');
}

/** The rows with a blank row added at the end (unchanged at the limit). */
export function addRow(rows: readonly LinkRow[]): LinkRow[] {
  return rows.length >= MAX_LINKS ? [...rows] : [...rows, row()];
}

/** The rows without row `id`. */
export function removeRow(rows: readonly LinkRow[], id: number): LinkRow[] {
  return rows.filter((r) => r.id !== id);
}

/** The rows with row `id` moved `by` places (−1 up, +1 down), stopping at either end. */
export function moveRow(rows: readonly LinkRow[], id: number, by: number): LinkRow[] {
  const from = rows.findIndex((r) => r.id === id);
  const to = Math.max(0, Math.min(rows.length - 1, from + by));
  const next = [...rows];
  if (from < 0 || to === from) return next;
  const [moved] = next.splice(from, 1);
  if (moved) next.splice(to, 0, moved);
  return next;
}

/** The rows with row `id`'s label and/or URL changed. */
export function updateRow(rows: readonly LinkRow[], id: number, change: Partial<Link>): LinkRow[] {
  return rows.map((r) => (r.id === id ? { ...r, ...change } : r));
}

/** A links value in words, for a conflict's other side: `Home (/), Blog (/blog)`. */
export function linksText(value: unknown): string {
  const links = linksValue(linkRows(value));
  return links.length === 0 ? 'no links' : links.map(({ label, href }) => `${label || '(no label)'} (${href || 'no URL'})`).join(', ');
}
