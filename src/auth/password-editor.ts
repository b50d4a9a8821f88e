import type { EditorSession, ResolveEditor } from '../http/session.ts';
import { readCookie } from '../http/cookies.ts';
import { SESSION_COOKIE, sessionCookie } from './cookies.ts';
import { resolveSession, type ResolvedSession, type SessionClock } from './sessions.ts';

// One lookup per request: the middleware, the API gate and the route all ask.
const perRequest = new WeakMap<Request, Promise<ResolvedSession | null>>();

/** The session behind a request's cookie, looked up once per request. */
export function requestSession(request: Request, DB: D1Database, clock: SessionClock = {}): Promise<ResolvedSession | null> {
  let pending = perRequest.get(request);
  if (!pending) {
    const token = readCookie(request, SESSION_COOKIE);
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
  const token = readCookie(request, SESSION_COOKIE);
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
