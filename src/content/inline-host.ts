// A rich region on an element that holds phrasing content only (`<p>`, a
// heading, `<li>`...) takes inline HTML only: a `<p>` inside a `<p>` makes
// the browser close the outer one, so the region's class and margin go and the
// text ends up outside it. Shared by the editor (browser) and both render
// paths (server), so both sides agree on which elements those are.

/** Elements whose content is phrasing content only, or that a region treats so (`li`, `td`: one line of text). */
const PHRASING_HOSTS = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'span',
  'a',
  'li',
  'td',
  'th',
  'dt',
  'dd',
  'figcaption',
  'caption',
  'label',
  'legend',
  'summary',
  'button',
  'strong',
  'em',
  'b',
  'i',
  'u',
  's',
  'small',
  'mark',
  'q',
  'cite',
  'abbr',
  'code',
  'kbd',
  'sub',
  'sup',
  'time',
  'del',
  'ins',
]);

/** Whether a region on this element (tag name, any case) must hold inline content only. */
export function isPhrasingHost(tagName: string): boolean {
  return PHRASING_HOSTS.has(tagName.toLowerCase());
}

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
