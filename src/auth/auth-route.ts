import * as v from 'valibot';
import { requireEditor } from '../http/guard.ts';
import { HttpError, json } from '../http/errors.ts';
import { parseBody } from '../http/parse-body.ts';
import { answering, type EditorRoute } from '../http/route.ts';
import { isSameOrigin } from '../http/same-origin.ts';
import type { ResolveEditor } from '../http/session.ts';
import type { BackoffPolicy } from '../security/backoff.ts';
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

/**
 * Sign-in throttling. Only failures count (a success forgets its client's
 * failures at that address). Each client (its IP) at each address gets
 * `pairFree` wrong passwords, then waits `baseDelaySec`, doubled after each
 * further failure up to `maxDelaySec`. Past `addressCeiling` failures at one
 * address from all clients, every client there gets one free try before its
 * waits start: a guesser spread over many clients is slowed, and nobody is
 * refused for longer than `maxDelaySec`. `clientFree` wrong passwords from one
 * client over all addresses start the same waits for that client.
 * Failures are forgotten `memorySec` after the last one.
 */
export interface LoginLimits {
  pairFree: number;
  addressCeiling: number;
  clientFree: number;
  baseDelaySec: number;
  maxDelaySec: number;
  memorySec: number;
}

/** 5 free tries per client and address, waits from 2 s doubling to 15 minutes, a ceiling of 20 failures per address, 30 per client, forgotten after an hour. */
export const DEFAULT_LOGIN_LIMITS: LoginLimits = { pairFree: 5, addressCeiling: 20, clientFree: 30, baseDelaySec: 2, maxDelaySec: 900, memorySec: 3600 };

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
    // Before the address is looked up: an unknown one is throttled exactly like a known one.
    const attempt = await beginAttempt(options.limiter(env), limits, request, email, now());
    const editor = await findEditorByEmail(env.DB, email);
    // Verify against a dummy hash for unknown emails so both failures take the same time.
    const ok = await verifyPassword(body.password, editor?.passwordHash ?? DUMMY_HASH);
    // A failure stays counted; only a success is taken back.
    if (!editor || !ok) throw INVALID;
    await attempt.succeeded();
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

const NEVER_REFUSED = Number.MAX_SAFE_INTEGER;

/**
 * Reserves one sign-in attempt on three back-off counters (see
 * `LoginLimits`), counted as a failure until `succeeded()`; 429 with
 * `retry-after` when the client must wait. Keys hold hashes, never an
 * address or an IP. Client: `CF-Connecting-IP` (Cloudflare sets it; absent
 * only locally).
 */
async function beginAttempt(
  limiter: RateLimitStorage | null,
  limits: LoginLimits,
  request: Request,
  email: string,
  now: number,
): Promise<{ succeeded(): Promise<void> }> {
  if (!limiter) return { succeeded: async () => {} };
  const client = request.headers.get('cf-connecting-ip') ?? 'local';
  const [address, pair, clientKey] = await Promise.all([
    sha256Hex(`login address\n${email}`),
    sha256Hex(`login pair\n${client}\n${email}`),
    sha256Hex(`login client\n${client}`),
  ]);
  const keys = { address: `login:address:${address}`, pair: `login:pair:${pair}`, client: `login:client:${clientKey}` };
  const policy = (free: number): BackoffPolicy => ({ free, baseSec: limits.baseDelaySec, maxSec: limits.maxDelaySec, memorySec: limits.memorySec });
  // The address counter never refuses: it only tells how many failed there lately.
  const seen = await limiter.backoff(keys.address, { kind: 'take', policy: policy(NEVER_REFUSED), now });
  const underAttack = seen.failures >= limits.addressCeiling;
  const taken = await Promise.all([
    limiter.backoff(keys.pair, { kind: 'take', policy: policy(underAttack ? 1 : limits.pairFree), now }),
    limiter.backoff(keys.client, { kind: 'take', policy: policy(limits.clientFree), now }),
  ]);
  const forgive = (key: string) => limiter.backoff(key, { kind: 'forgive', now });
  const refused = taken.filter((result) => !result.ok);
  if (refused.length > 0) {
    // Refused before any password was checked: give back what this attempt reserved.
    await Promise.all([forgive(keys.address), ...(taken[0]?.ok ? [forgive(keys.pair)] : []), ...(taken[1]?.ok ? [forgive(keys.client)] : [])]);
    const retryAfter = Math.max(1, ...refused.map((result) => result.retryAfter));
    throw new HttpError(429, 'rate_limited', `Too many failed sign-ins. Try again in ${waitWords(retryAfter)}.`, {}, { 'retry-after': String(retryAfter) });
  }
  return {
    async succeeded() {
      await Promise.all([limiter.backoff(keys.pair, { kind: 'clear' }), forgive(keys.client), forgive(keys.address)]);
    },
  };
}

function waitWords(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
