// Snippets are HTML: escaped text with the matches in <mark>. FTS5 marks a
// match with the sentinels \u0002 and \u0003, which indexed text can never
// contain (docText turns control characters into spaces), so after escaping
// everything they are the only markup there is.

const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML (`& < > " '`). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] as string);
}

/** An FTS5 snippet (`\u0002match\u0003`) as HTML: everything escaped, the sentinels turned into `<mark>` and `</mark>`. */
export function snippetHtml(raw: string): string {
  return escapeHtml(raw).replaceAll('\u0002', '<mark>').replaceAll('\u0003', '</mark>');
}

/** Length of a lead snippet (an entry found by meaning only): about as long as a keyword snippet. */
export const LEAD_CHARS = 160;

/** The start of an entry's body as a snippet (HTML, escaped, no mark): cut at a word boundary, with `…` when cut. */
export function leadSnippet(body: string): string {
  const text = body.replace(/\s+/g, ' ').trim();
  if (text.length <= LEAD_CHARS) return escapeHtml(text);
  const space = text.lastIndexOf(' ', LEAD_CHARS);
  let cut = text.slice(0, space > LEAD_CHARS / 2 ? space : LEAD_CHARS);
  if (/[\ud800-\udbff]$/.test(cut)) cut = cut.slice(0, -1);
  return `${escapeHtml(cut)}…`;
}
