import { serializeCookie } from '../http/cookies.ts';

/** Name of the HttpOnly cookie carrying the D1 session bookmark. */
export const D1_BOOKMARK_COOKIE = 'cms_d1_bookmark';

/** A D1 binding or a D1 session: both prepare and batch statements. */
export type D1Client = D1Database | D1DatabaseSession;

/**
 * Opens a D1 session (`'first-primary'`, `'first-unconstrained'` or a
 * bookmark). Without the sessions feature the raw binding is returned and
 * behaves the same.
 */
export function openD1Session(DB: D1Database, constraint: string | null | undefined): D1Client {
  if (typeof DB.withSession !== 'function') return DB;
  return DB.withSession(constraint ?? 'first-unconstrained');
}

/** The session's latest bookmark, or null for a raw binding or before any query. */
export function d1Bookmark(client: D1Client): string | null {
  return 'getBookmark' in client && typeof client.getBookmark === 'function' ? client.getBookmark() : null;
}

/** `Set-Cookie` for the bookmark: HttpOnly, SameSite=Lax, Secure except on localhost, browser-session lifetime. */
export function serializeD1BookmarkCookie(bookmark: string, url: URL): string {
  return serializeCookie(D1_BOOKMARK_COOKIE, bookmark, url, { httpOnly: true });
}
