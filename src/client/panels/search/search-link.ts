// Where a search result jumps: its page on this site, in edit mode. A
// result's URL comes from the site's `search.url` and the stored entry, so
// it is checked before the editor is sent anywhere.

/** A result's edit-mode address, or why it has none. */
export type EditLink = { href: string } | { reason: string };

/**
 * The edit-mode address of a result's `url` as seen from the page at
 * `here`: a path on this site (`/about`, `/a?b=1#c`) or an absolute http(s)
 * URL with this page's origin, with the `editParam` query parameter added
 * (`/about?edit`). Anything else (another origin, `//host`, a relative
 * path, `javascript:`, no URL) is never followed: the reason says why.
 *
 * @example
 * editLink('/articles/x', 'edit', 'https://example.com/') // { href: 'https://example.com/articles/x?edit' }
 */
export function editLink(url: string | null, editParam: string, here: string): EditLink {
  if (url === null) return { reason: 'Not linkable: it has no page on the site.' };
  let target: URL | null = null;
  try {
    target = new URL(url, here);
  } catch {}
  if (!target || target.origin !== new URL(here).origin || !/^(\/(?![/\\])|https?:\/\/)/i.test(url))
    return { reason: 'Not linkable: its address is not a page of this site.' };
  target.searchParams.delete(editParam);
  const param = encodeURIComponent(editParam);
  target.search = target.search ? `${target.search}&${param}` : `?${param}`;
  return { href: target.href };
}
