// The render side of inline-host.ts: a stored value made fit for a phrasing-content element.
// Apart from inline-host.ts, which the editor's chunk imports, so the browser never carries these expressions.

// Block-level tags of sanitized rich text (src/security/sanitize-rich.ts): lower case, attributes quoted, no `>` inside a value.
const BLOCK = '(?:p|h[1-6]|div|section|blockquote|ul|ol|li|figure|figcaption|table|caption|thead|tbody|tfoot|tr|th|td|pre|details|summary|dl|dt|dd|hr)';
const BOUNDARY = new RegExp(`(?:</${BLOCK}>|<hr(?:\\s[^>]*)?/?>)(?:\\s|</${BLOCK}>|<${BLOCK}(?:\\s[^>]*)?>|<hr(?:\\s[^>]*)?/?>)*<${BLOCK}(?:\\s[^>]*)?>`, 'g');
const TAG = new RegExp(`</?${BLOCK}(?:\\s[^>]*)?/?>`, 'g');
const EDGE_BREAKS = /^(?:\s|<br\s*\/?>)+|(?:\s|<br\s*\/?>)+$/g;

/**
 * Stored rich text made fit for a phrasing-content element: each block's
 * content kept, blocks joined by `<br />`, no block element left. Inline
 * HTML comes back unchanged. Expects sanitized HTML (what a region stores).
 *
 * @example inlineRichHtml('<p>One</p><p>Two <em>too</em></p>') // 'One<br />Two <em>too</em>'
 */
export function inlineRichHtml(html: string): string {
  if (html.search(TAG) === -1) return html;
  return html.replace(BOUNDARY, '<br />').replace(TAG, '').replace(EDGE_BREAKS, '');
}
