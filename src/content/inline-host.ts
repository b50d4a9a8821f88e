// A rich region on an element that holds phrasing content only (`<p>`, a
// heading, `<li>`...) takes inline HTML only: a `<p>` inside a `<p>` makes
// the browser close the outer one, so the region's class and margin go and the
// text ends up outside it. Shared by the editor (browser) and both render
// paths (server), so both sides agree on which elements those are.

/** Elements whose content is phrasing content only, or that a region treats so (`li`, `td`: one line of text). */
const PHRASING_HOSTS =
  /^(?:p|h[1-6]|span|a|li|td|th|dt|dd|figcaption|caption|label|legend|summary|button|strong|em|b|i|u|s|small|mark|q|cite|abbr|code|kbd|sub|sup|time|del|ins)$/;

/** Whether a region on this element (tag name, any case) must hold inline content only. */
export function isPhrasingHost(tagName: string): boolean {
  return PHRASING_HOSTS.test(tagName.toLowerCase());
}
