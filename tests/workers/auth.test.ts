import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  addEditor,
  authRoute,
  createSession,
  DEFAULT_LOGIN_LIMITS,
  ensureDevEditors,
  removeEditor,
  resolveSession,
  SESSION_TTL_MS,
} from '../../src/auth/index.ts';
import { renewedSessionCookie, requestSession } from '../../src/auth/password-editor.ts';
import { resetDevEditorsCheck } from '../../src/auth/dev-editors.ts';
import { dbProblemOf } from '../../src/http/db-problem.ts';
import { runEditorRoute } from '../../src/http/route.ts';
import { durableRateLimitStorage } from '../../src/security/durable-rate-limit.ts';

const ORIGIN = 'https://site.test';
let counter = 0;
const uniqueEmail = () => `editor${++counter}-${Date.now()}@example.com`;

const route = authRoute<Env>({
  limiter: (e) => durableRateLimitStorage(e.RATE_LIMITER),
  limits: { ...DEFAULT_LOGIN_LIMITS, pairFree: 3 },
});

function call(path: string, init: RequestInit & { cookie?: string; origin?: string | null } = {}) {
  const headers = new Headers(init.headers);
  if (init.origin !== null) headers.set('origin', init.origin ?? ORIGIN);
  if (init.cookie) headers.set('cookie', init.cookie);
  if (init.body !== undefined) headers.set('content-type', 'application/json');
  return runEditorRoute(route, new Request(`${ORIGIN}${path}`, { ...init, headers }), env);
}

const login = (email: string, password: string, extra: { origin?: string | null } = {}) =>
  call('/api/cms/auth/login', { method: 'POST', body: JSON.stringify({ email, password }), ...extra });

const cookieOf = (res: Response) => res.headers.get('set-cookie')?.split(';')[0] ?? '';
const sessionCount = async () => (await env.DB.prepare('SELECT count(*) AS n FROM editor_sessions').first<number>('n')) ?? 0;

describe('sign-in', () => {
  let email: string;
  beforeEach(async () => {
    email = uniqueEmail();
    await addEditor(env.DB, { email, name: 'Ana', password: 'correct horse', canPublish: true });
  });

  it('answers 204 with an HttpOnly, SameSite=Lax, Secure session cookie, and /me knows the editor', async () => {
    const res = await login(email, 'correct horse');
    expect(res.status).toBe(204);
    const setCookie = res.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^louise_session=[A-Za-z0-9_-]{43}; Max-Age=[1-9]\d*; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    const me = await call('/api/cms/auth/me', { cookie: cookieOf(res) });
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({ email, name: 'Ana', access: { publish: true } });
  });

  it('stores only a hash of the token', async () => {
    const token = cookieOf(await login(email, 'correct horse')).split('=')[1]!;
    const rows = await env.DB.prepare('SELECT token_hash FROM editor_sessions').all<{ token_hash: string }>();
    expect(rows.results.some((row) => row.token_hash === token)).toBe(false);
    expect(rows.results.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);
  });

  it('matches the email case-insensitively', async () => {
    expect((await login(`  ${email.toUpperCase()} `, 'correct horse')).status).toBe(204);
  });

  it('a wrong password and an unknown email get the same 401 body and create no session', async () => {
    const before = await sessionCount();
    const wrongPassword = await login(email, 'wrong horse');
    const unknownEmail = await login(uniqueEmail(), 'correct horse');
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(await wrongPassword.text()).toBe(await unknownEmail.text());
    expect(await sessionCount()).toBe(before);
  });

  it('refuses bad bodies with 400 and cross-origin sign-in with 403, writing nothing', async () => {
    const before = await sessionCount();
    const notJson = await call('/api/cms/auth/login', { method: 'POST', body: '{email:' });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ error: 'invalid_json' });
    const missing = await call('/api/cms/auth/login', { method: 'POST', body: JSON.stringify({ email }) });
    expect(missing.status).toBe(400);
    expect((await missing.json()) as { message: string }).toMatchObject({ error: 'invalid_body', message: expect.stringContaining('password') });
    expect((await login(email, 'correct horse', { origin: 'https://evil.test' })).status).toBe(403);
    expect((await login(email, 'correct horse', { origin: null })).status).toBe(403);
    expect(await sessionCount()).toBe(before);
    expect((await call('/api/cms/auth/login')).status).toBe(405);
  });

  it('rate-limits repeated failures per client and email with 429 and retry-after, even for the right password', async () => {
    for (let i = 0; i < 3; i++) expect((await login(email, 'wrong')).status).toBe(401);
    const blocked = await login(email, 'correct horse');
    expect(blocked.status).toBe(429);
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
    expect(await blocked.json()).toMatchObject({ error: 'rate_limited' });
    // Another email from the same client is not affected.
    const other = uniqueEmail();
    await addEditor(env.DB, { email: other, password: 'correct horse' });
    expect((await login(other, 'correct horse')).status).toBe(204);
  });

  it('sign-out ends the session and clears the cookie', async () => {
    const cookie = cookieOf(await login(email, 'correct horse'));
    const out = await call('/api/cms/auth/logout', { method: 'POST', cookie });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/^louise_session=; .*Max-Age=0/);
    expect((await call('/api/cms/auth/me', { cookie })).status).toBe(401);
    expect((await call('/api/cms/auth/logout', { method: 'POST', cookie, origin: 'https://evil.test' })).status).toBe(403);
  });

  it('/me without a session is 401', async () => {
    expect((await call('/api/cms/auth/me')).status).toBe(401);
    expect((await call('/api/cms/auth/me', { cookie: 'louise_session=forged' })).status).toBe(401);
  });

  it('hashes with the most PBKDF2 iterations deployed Workers accept: 100,000, no fewer', async () => {
    const row = await env.DB.prepare('SELECT password_hash FROM editors WHERE email = ?').bind(email).first<string>('password_hash');
    // The count is read from the stored hash and compared with a literal: a
    // pattern built from PBKDF2_ITERATIONS also passed with the constant lowered.
    expect(row?.split('$').slice(0, 2)).toEqual(['pbkdf2-sha256', '100000']);
  });
});

describe('sessions', () => {
  const DAY = 24 * 60 * 60 * 1000;
  const t0 = Date.UTC(2026, 0, 1);

  async function fresh() {
    const editor = await addEditor(env.DB, { email: uniqueEmail(), password: 'correct horse' });
    const { token } = await createSession(env.DB, editor.id, { now: () => t0 });
    return { editor, token };
  }

  it('expire after 30 days and are then deleted', async () => {
    const { token } = await fresh();
    expect(await resolveSession(env.DB, token, { now: () => t0 + 29 * DAY })).not.toBeNull();
    const { token: other } = await fresh();
    expect(await resolveSession(env.DB, other, { now: () => t0 + SESSION_TTL_MS })).toBeNull();
    expect(await resolveSession(env.DB, other, { now: () => t0 })).toBeNull();
  });

  it('slide forward when used after half their life, and not before', async () => {
    const { token } = await fresh();
    const early = await resolveSession(env.DB, token, { now: () => t0 + 10 * DAY });
    expect(early).toMatchObject({ renewed: false, expiresAt: t0 + SESSION_TTL_MS });
    const late = await resolveSession(env.DB, token, { now: () => t0 + 20 * DAY });
    expect(late).toMatchObject({ renewed: true, expiresAt: t0 + 20 * DAY + SESSION_TTL_MS });
    // Past the original expiry, the extended session still works.
    expect(await resolveSession(env.DB, token, { now: () => t0 + 40 * DAY })).not.toBeNull();
  });

  it('renewedSessionCookie re-sends the token of an extended session with its full life, and nothing otherwise', async () => {
    const { token } = await fresh();
    const clock = { now: () => t0 + 20 * DAY };
    const request = new Request('https://site.test/', { headers: { cookie: `louise_session=${token}` } });
    await requestSession(request, env.DB, clock);
    expect(await renewedSessionCookie(request, env.DB, clock)).toMatch(new RegExp(`^louise_session=${token}; (.+; )?Max-Age=${SESSION_TTL_MS / 1000}(;|$)`));
    const quiet = new Request('https://site.test/', { headers: { cookie: `louise_session=${token}` } });
    await requestSession(quiet, env.DB, { now: () => t0 + 21 * DAY });
    expect(await renewedSessionCookie(quiet, env.DB)).toBeNull();
  });

  it('deleting an editor ends their sessions', async () => {
    const { editor, token } = await fresh();
    expect(await removeEditor(env.DB, editor.email.toUpperCase())).toBe(true);
    expect(await resolveSession(env.DB, token, { now: () => t0 })).toBeNull();
    const left = await env.DB.prepare('SELECT count(*) AS n FROM editor_sessions WHERE editor_id = ?').bind(editor.id).first<number>('n');
    expect(left).toBe(0);
    expect(await removeEditor(env.DB, editor.email)).toBe(false);
  });

  it('addEditor refuses a bad email, a short password and a taken email', async () => {
    await expect(addEditor(env.DB, { email: 'not-an-email', password: 'long enough' })).rejects.toThrow(/Not an email/);
    await expect(addEditor(env.DB, { email: uniqueEmail(), password: 'short' })).rejects.toThrow(/at least 8/);
    const email = uniqueEmail();
    await addEditor(env.DB, { email, password: 'long enough' });
    await expect(addEditor(env.DB, { email: email.toUpperCase(), password: 'long enough' })).rejects.toThrow(/already exists/);
  });
});

describe('development editors', () => {
  it('are created only on localhost, only when there are no editors', async () => {
    await env.DB.exec('DELETE FROM editor_sessions; DELETE FROM editors;');
    resetDevEditorsCheck();
    expect(await ensureDevEditors(env.DB, new URL('https://example.com/'))).toEqual([]);
    expect(await ensureDevEditors(env.DB, new URL('https://louise.ana.workers.dev/'))).toEqual([]);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM editors').first<number>('n')).toBe(0);
    expect(await ensureDevEditors(env.DB, new URL('http://localhost:4321/'))).toEqual(['editor@localhost', 'writer@localhost']);
    const rows = await env.DB.prepare('SELECT email, can_publish FROM editors ORDER BY email').all();
    expect(rows.results).toEqual([
      { email: 'editor@localhost', can_publish: 1 },
      { email: 'writer@localhost', can_publish: 0 },
    ]);
    resetDevEditorsCheck();
    await env.DB.exec("DELETE FROM editors WHERE email = 'writer@localhost'");
    expect(await ensureDevEditors(env.DB, new URL('http://localhost:4321/'))).toEqual([]);
  });
});

describe('development editors when something goes wrong', () => {
  const LOCAL = new URL('http://localhost:4321/');
  const emptyEditors = () => env.DB.exec('DELETE FROM editor_sessions; DELETE FROM editors;');
  const devEmails = async () =>
    (await env.DB.prepare("SELECT email FROM editors WHERE email LIKE '%@localhost' ORDER BY email").all<{ email: string }>()).results.map((row) => row.email);

  it('two first requests at once: the one that loses the race ignores the duplicate', async () => {
    await emptyEditors();
    resetDevEditorsCheck();
    const [a, b] = await Promise.all([ensureDevEditors(env.DB, LOCAL), ensureDevEditors(env.DB, LOCAL)]);
    expect([...a, ...b].sort()).toEqual(['editor@localhost', 'writer@localhost']);
    expect(await devEmails()).toEqual(['editor@localhost', 'writer@localhost']);
  });

  it('any other failure is thrown, and the next request tries again', async () => {
    await emptyEditors();
    resetDevEditorsCheck();
    await env.DB.exec("CREATE TRIGGER refuse_editors BEFORE INSERT ON editors BEGIN SELECT RAISE(ABORT, 'editors are read-only here'); END;");
    try {
      await expect(ensureDevEditors(env.DB, LOCAL)).rejects.toThrow();
    } finally {
      await env.DB.exec('DROP TRIGGER refuse_editors;');
    }
    expect(await devEmails()).toEqual([]);
    expect(await ensureDevEditors(env.DB, LOCAL)).toEqual(['editor@localhost', 'writer@localhost']);
  });

  it('a database without the editors table is an error that says to migrate', async () => {
    resetDevEditorsCheck();
    await env.DB.exec('ALTER TABLE editors RENAME TO editors_away;');
    let failure: unknown;
    try {
      failure = await ensureDevEditors(env.DB, LOCAL).then(
        () => null,
        (error: unknown) => error,
      );
    } finally {
      await env.DB.exec('ALTER TABLE editors_away RENAME TO editors;');
    }
    expect(failure).toBeInstanceOf(Error);
    expect(dbProblemOf(failure, { local: true })).toMatchObject({
      code: 'db_unmigrated',
      message: expect.stringMatching(/^Louise's tables are missing in the local database \(no such table: editors\): run `npx louise db migrate`/),
    });
    // A failure that is no missing table and no known outage is a bug, not a database problem.
    expect(dbProblemOf(new Error('D1_ERROR: UNIQUE constraint failed: editors.email: SQLITE_CONSTRAINT'), { local: true })).toBeNull();
  });

  it('a binding that fails outright is thrown, not swallowed', async () => {
    resetDevEditorsCheck();
    const broken = {
      prepare: () => {
        throw new Error('D1 binding unavailable');
      },
    } as unknown as D1Database;
    await expect(ensureDevEditors(broken, LOCAL)).rejects.toThrow('D1 binding unavailable');
  });
});
