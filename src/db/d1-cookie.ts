import { readCookie } from '../http/cookies.ts';
import { D1_BOOKMARK_COOKIE, d1Bookmark, openD1Session, serializeD1BookmarkCookie, type D1Client } from './d1-session.ts';

/** A write session (first-primary) for a route. */
export function writeSession(DB: D1Database): D1Client {
  return openD1Session(DB, 'first-primary');
}

/** A read session that continues from the request's bookmark cookie, so an editor reads their own writes. */
export function readSession(DB: D1Database, request: Request): D1Client {
  return openD1Session(DB, readCookie(request, D1_BOOKMARK_COOKIE));
}

/** Adds the session's bookmark cookie to a response (when the binding has sessions). */
export function withBookmark(response: Response, client: D1Client, request: Request): Response {
  const bookmark = d1Bookmark(client);
  if (bookmark) response.headers.append('set-cookie', serializeD1BookmarkCookie(bookmark, new URL(request.url)));
  return response;
}
