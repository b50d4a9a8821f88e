import type { EditorSession, ResolveEditor } from '../http/session.ts';
import { readCookie } from '../http/cookies.ts';
import { SESSION_COOKIE, sessionCookie } from './cookies.ts';
import { resolveSession, type ResolvedSession, type SessionClock } from './sessions.ts';

// One lookup per request: the middleware, the API gate and the route all ask.
const perRequest = new WeakMap<Request, Promise<ResolvedSession | null>>();

// What `newToken` makes: 32 random bytes, base64url without padding.
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The request's session token when it carries one that could be real, else
 * null. A visitor without one (or with a malformed one) costs no query.
 */
export function sessionToken(request: Request): string | null {
  const token = readCookie(request, SESSION_COOKIE);
  return token && TOKEN.test(token) ? token : null;
}

/** The session behind a request's cookie, looked up once per request. */
export function requestSession(request: Request, DB: D1Database, clock: SessionClock = {}): Promise<ResolvedSession | null> {
  let pending = perRequest.get(request);
  if (!pending) {
    const token = sessionToken(request);
    pending = token ? resolveSession(DB, token, clock) : Promise.resolve(null);
    perRequest.set(request, pending);
  }
  return pending;
}

/**
 * `Set-Cookie` for a session this request extended (sliding expiry), or null.
 * Call after the session was resolved, with the clock it was resolved with.
 */
export async function renewedSessionCookie(request: Request, DB: D1Database, clock: SessionClock = {}): Promise<string | null> {
  const resolved = await requestSession(request, DB, clock);
  const token = sessionToken(request);
  return resolved?.renewed && token ? sessionCookie(token, resolved.expiresAt, new URL(request.url), (clock.now ?? Date.now)()) : null;
}

/**
 * The default `ResolveEditor`: the editor signed in through
 * `/api/cms/auth/login`, from the HttpOnly session cookie.
 */
export function passwordEditor<E extends { DB: D1Database }>(clock: SessionClock = {}): ResolveEditor<E> {
  return async function resolvePasswordEditor(request, env): Promise<EditorSession | null> {
    return (await requestSession(request, env.DB, clock))?.editor ?? null;
  };
}
