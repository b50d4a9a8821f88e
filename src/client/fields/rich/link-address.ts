// What the link popover accepts as an address, and how it stores it. The
// server's sanitizer stays the real guard; this refuses early, in words,
// what it would drop, and keeps links to this site working on any host
// (staging, a preview, the live domain) by storing them site-relative.

/** An address to store, or why it cannot be one. */
export type LinkAddress = { url: string } | { problem: string };

export const REFUSED = 'Use a web address (https://…), a page of this site (/about), an e-mail (mailto:…) or a phone number (tel:…).';

/**
 * The address to store for what the editor typed in the popover, seen from
 * the page at `here`: a same-origin absolute address becomes site-relative
 * (`https://this.site/about?x#y` → `/about?x#y`); a bare domain
 * (`example.com/a`) gets `https://`; http(s), mailto, tel, `/path` and `#id`
 * are kept; anything else (`javascript:`, `data:`, `//host`, a relative
 * path) is refused with the sentence to show.
 *
 * @example
 * linkAddress('https://example.com/about', 'https://example.com/') // { url: '/about' }
 */
export function linkAddress(typed: string, here: string): LinkAddress {
  const text = typed.trim();
  if (!text) return { problem: 'Type an address, or pick a page below.' };
  if (/\s/.test(text) && !/^(mailto|tel):/i.test(text)) return { problem: `An address has no spaces. ${REFUSED}` };
  if (text.startsWith('#') || /^\/(?![/\\])/.test(text)) return { url: text };
  if (/^(mailto|tel):\S/i.test(text)) return { url: text };
  // A bare domain, as people type them: example.com, www.example.com/page.
  const web = /^[a-z][a-z\d+.-]*:/i.test(text) ? text : /^[\w-]+(\.[\w-]+)+(:\d+)?([/?#]|$)/.test(text) ? `https://${text}` : null;
  if (!web || !/^https?:\/\/[^/\\]/i.test(web)) return { problem: REFUSED };
  let url: URL;
  try {
    url = new URL(web);
  } catch {
    return { problem: REFUSED };
  }
  if (url.origin === new URL(here).origin) return { url: `${url.pathname}${url.search}${url.hash}` };
  return { url: web };
}
