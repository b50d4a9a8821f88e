import * as v from 'valibot';
import { requireEditor } from '../http/guard.ts';
import { HttpError, json } from '../http/errors.ts';
import { parseBody } from '../http/parse-body.ts';
import { answering, type EditorRoute } from '../http/route.ts';
import { isSameOrigin } from '../http/same-origin.ts';
import type { ResolveEditor } from '../http/session.ts';
import type { RateLimitStorage } from '../security/rate-limit.ts';
import { readCookie, serializeCookie } from '../http/cookies.ts';
import { SESSION_COOKIE, sessionCookie } from './cookies.ts';
import { findEditorByEmail, normalizeEmail } from './editors.ts';
import { passwordEditor } from './password-editor.ts';
import { DUMMY_HASH, verifyPassword } from './password.ts';
import { createSession, endSession, type SessionClock } from './sessions.ts';
import { sha256Hex } from './crypto.ts';

export interface AuthEnv {
  DB: D1Database;
}

export interface LoginLimits {
  /** Attempts per client address per window. */
  perClient: number;
  /** Attempts per email per window. */
  perEmail: number;
  windowSec: number;
}

/** 20 attempts per client and 10 per email every 15 minutes. */
export const DEFAULT_LOGIN_LIMITS: LoginLimits = { perClient: 20, perEmail: 10, windowSec: 900 };

export interface AuthRouteOptions<E extends AuthEnv> {
  /** Rate limit store for sign-in attempts; null turns limiting off (tests only). */
  limiter: (env: E) => RateLimitStorage | null;
  limits?: LoginLimits;
  /** Who `GET /api/cms/auth/me` reports; default `passwordEditor()`. */
  resolveEditor?: ResolveEditor<E>;
  clock?: SessionClock;
}

const LoginBody = v.object({
  email: v.pipe(v.string('email must be a string'), v.trim(), v.minLength(1, 'email is required'), v.maxLength(320, 'email is too long')),
  password: v.pipe(v.string('password must be a string'), v.minLength(1, 'password is required'), v.maxLength(1024, 'password is too long')),
});

const INVALID = new HttpError(401, 'invalid_credentials', 'Wrong email or password.');

/**
 * Editor sign-in: `POST /api/cms/auth/login` (`{ email, password }`, 204 and
 * the session cookie), `POST /api/cms/auth/logout` (204) and
 * `GET /api/cms/auth/me` (`{ email, name, access }` or 401).
 */
export function authRoute<E extends AuthEnv>(options: AuthRouteOptions<E>): EditorRoute<E> {
  const limits = options.limits ?? DEFAULT_LOGIN_LIMITS;
  const resolveEditor = options.resolveEditor ?? passwordEditor<E>(options.clock);
  const now = options.clock?.now ?? Date.now;

  async function login(request: Request, env: E): Promise<Response> {
    if (!isSameOrigin(request)) throw new HttpError(403, 'forbidden', 'Cross-origin sign-in refused: sign in from the site itself.');
    const body = await parseBody(request, LoginBody);
    const email = normalizeEmail(body.email);
    await limitAttempts(options.limiter(env), limits, request, email);
    const editor = await findEditorByEmail(env.DB, email);
    // Verify against a dummy hash for unknown emails so both failures take the same time.
    const ok = await verifyPassword(body.password, editor?.passwordHash ?? DUMMY_HASH);
    if (!editor || !ok) throw INVALID;
    const session = await createSession(env.DB, editor.id, options.clock);
    return new Response(null, {
      status: 204,
      headers: { 'set-cookie': sessionCookie(session.token, session.expiresAt, new URL(request.url), now()), 'cache-control': 'no-store' },
    });
  }

  async function logout(request: Request, env: E): Promise<Response> {
    if (!isSameOrigin(request)) throw new HttpError(403, 'forbidden', 'Cross-origin sign-out refused.');
    const token = readCookie(request, SESSION_COOKIE);
    if (token) await endSession(env.DB, token);
    return new Response(null, {
      status: 204,
      headers: { 'set-cookie': serializeCookie(SESSION_COOKIE, '', new URL(request.url), { maxAge: 0 }), 'cache-control': 'no-store' },
    });
  }

  return answering(async function auth(request, env) {
    const { pathname } = new URL(request.url);
    if (!pathname.startsWith('/api/cms/auth/')) return undefined;
    const action = pathname.slice('/api/cms/auth/'.length);
    if (action === 'login' || action === 'logout') {
      if (request.method !== 'POST') throw new HttpError(405, 'method_not_allowed', `Use POST for ${pathname}.`, {}, { allow: 'POST' });
      return action === 'login' ? login(request, env) : logout(request, env);
    }
    if (action === 'me') {
      if (request.method !== 'GET' && request.method !== 'HEAD') throw new HttpError(405, 'method_not_allowed', 'Use GET.', {}, { allow: 'GET, HEAD' });
      const editor = await requireEditor(request, env, resolveEditor);
      return json({ email: editor.email, name: editor.name, access: { publish: editor.access.publish } });
    }
    return undefined;
  });
}

/** Counts a sign-in attempt per client and per email (hashed); 429 with `retry-after` once either is over its limit. */
async function limitAttempts(limiter: RateLimitStorage | null, limits: LoginLimits, request: Request, email: string): Promise<void> {
  if (!limiter) return;
  const client = request.headers.get('cf-connecting-ip') ?? 'local';
  const results = await Promise.all([
    limiter.hit(`login:client:${client}`, limits.perClient, limits.windowSec),
    limiter.hit(`login:email:${await sha256Hex(email)}`, limits.perEmail, limits.windowSec),
  ]);
  const blocked = results.filter((result) => !result.ok);
  if (blocked.length === 0) return;
  const retryAfter = Math.max(1, ...blocked.map((result) => result.retryAfter));
  throw new HttpError(
    429,
    'rate_limited',
    `Too many sign-in attempts. Try again in ${Math.ceil(retryAfter / 60)} minute(s).`,
    {},
    { 'retry-after': String(retryAfter) },
  );
}
