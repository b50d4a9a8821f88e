/** What the rich-text editor needs beyond its element: where the media routes are (images are uploaded and picked there). */
export interface RichContext {
  /** The editor routes' base, as `mountCms` resolved it (e.g. `/api/cms`). */
  apiBase: string;
  /** The fetch to use (tests inject one). */
  fetch?: typeof fetch;
  /** The searchable collections, whose pages the link popover suggests (none: no suggestions). */
  search?: readonly string[];
}

/** The context when a caller gives none: the default routes and the page's fetch. */
export const DEFAULT_RICH_CONTEXT: RichContext = { apiBase: '/api/cms' };
