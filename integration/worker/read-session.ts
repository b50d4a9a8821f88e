import { D1_BOOKMARK_COOKIE, d1Bookmark, openD1Session, type D1Client } from '../../src/db/d1-session.ts';

/** The part of `Astro.cookies` a read session needs. */
export interface BookmarkCookies {
  get(name: string): { value: string } | undefined;
  set(name: string, value: string, options: { path: string; httpOnly: boolean; sameSite: 'lax'; secure: boolean }): void;
}

/**
 * A D1 read session for an edit-mode page that continues from the editor's
 * bookmark cookie (so a page reads the draft the editor just saved, even on
 * a replica). Call `commit()` after the reads to store the new bookmark.
 * Without the sessions feature the raw binding is used, the same way.
 *
 * @example
 * const { client, commit } = resumeReadSession(env.DB, Astro.cookies);
 * const page = await pageBySlug(client, 'about', { editing: true });
 * commit();
 */
export function resumeReadSession(DB: D1Database, cookies: BookmarkCookies, options: { secure?: boolean } = {}): { client: D1Client; commit(): void } {
  const client = openD1Session(DB, cookies.get(D1_BOOKMARK_COOKIE)?.value ?? null);
  return {
    client,
    commit() {
      const bookmark = d1Bookmark(client);
      if (bookmark) cookies.set(D1_BOOKMARK_COOKIE, bookmark, { path: '/', httpOnly: true, sameSite: 'lax', secure: options.secure ?? true });
    },
  };
}
