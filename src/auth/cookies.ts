import { serializeCookie } from '../http/cookies.ts';

/** Name of the HttpOnly session cookie. */
export const SESSION_COOKIE = 'louise_session';

/** The session cookie for a token that expires at `expiresAt` (epoch ms). */
export function sessionCookie(token: string, expiresAt: number, url: URL, now = Date.now()): string {
  return serializeCookie(SESSION_COOKIE, token, url, { maxAge: (expiresAt - now) / 1000 });
}
