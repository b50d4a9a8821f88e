import { ensureDevEditors } from '../../src/auth/dev-editors.ts';
import { renewedSessionCookie, sessionToken } from '../../src/auth/password-editor.ts';
import { dbProblemOf, dbProblemOrOutage, dbProblemResponse, logDbProblem, missingDb, type DbProblem, type DbWhere } from '../../src/http/db-problem.ts';
import { json } from '../../src/http/errors.ts';
import type { EditorSession } from '../../src/http/session.ts';
import { isLocalHostname } from '../../src/security/local-host.ts';
import type { CmsEnv } from '../config.ts';
import { STATUS_PATH, type CmsRuntime } from './runtime.ts';

/**
 * What the middleware decides before a request reaches a page or a route,
 * kept out of Astro so it can be tested against a real D1.
 *
 * Fail safe: a visitor never waits on D1 and never sees its failures. With
 * the built-in sign-in a request without a session cookie costs no query at
 * all (no cookie, no editor); the development editors are created only where
 * someone is about to sign in (the sign-in page and the login API, on
 * localhost). A missing binding, tables not migrated or a D1 outage are
 * answered, with what to do, only to whoever is trying to edit: a session
 * cookie, `?edit`, the sign-in page, or a non-public `/api/cms/*` call.
 */
export interface GateInput<E extends CmsEnv = CmsEnv> {
  request: Request;
  /** The Worker's bindings; `DB` may be missing (a site not set up yet). */
  env: E;
  runtime: CmsRuntime<E>;
  /** True when the site uses the built-in sign-in (no `resolveEditor` in its cms.config). */
  builtInSignIn: boolean;
  options: { loginPath: string; editParam: string; devEditors: boolean };
}

/** A page's gate: serve it (to this editor, or to a visitor), or tell the would-be editor what is wrong. */
export type PageGate = { kind: 'serve'; editor: EditorSession | null } | { kind: 'problem'; problem: DbProblem };

const LOGIN_API = '/api/cms/auth/login';

/** `/api/cms/*`: null lets the route answer; otherwise the refusal (401, or 503 `{ error: 'db_*', message }`). */
export async function gateApi<E extends CmsEnv>(input: GateInput<E>): Promise<Response | null> {
  const { request, env, runtime } = input;
  const url = new URL(request.url);
  const where = whereOf(url);
  // The status probe is public and reports the database itself.
  if (url.pathname === STATUS_PATH && runtime.isPublic(url.pathname, request)) return null;
  if (!env.DB) return refuse(missingDb(where));
  if (url.pathname === LOGIN_API && input.options.devEditors && where.local) {
    const failed = await devEditors(env.DB, url);
    if (failed) return refuse(failed);
  }
  if (runtime.isPublic(url.pathname, request)) return null;
  const found = await findEditor(input, where);
  if ('problem' in found) return refuse(found.problem);
  return found.editor ? null : json({ error: 'unauthorized', message: 'Sign in as an editor to use this endpoint.' }, { status: 401 });
}

/** Any page but `/api/cms/*`: who is asking, or the problem a would-be editor must hear about. */
export async function gatePage<E extends CmsEnv>(input: GateInput<E>): Promise<PageGate> {
  const url = new URL(input.request.url);
  const where = whereOf(url);
  if (url.pathname === input.options.loginPath) return gateSignInPage(input, url, where);
  const found = await findEditor(input, where);
  if ('editor' in found) return { kind: 'serve', editor: found.editor };
  logDbProblem(found.problem);
  const editing = sessionToken(input.request) !== null || url.searchParams.has(input.options.editParam);
  return editing ? { kind: 'problem', problem: found.problem } : { kind: 'serve', editor: null };
}

/** The sliding session's renewed cookie, if this request renewed it; never a query of its own, never a throw. */
export async function renewal<E extends CmsEnv>(input: GateInput<E>): Promise<string | null> {
  if (!input.builtInSignIn || !input.env.DB || sessionToken(input.request) === null) return null;
  // The session was resolved (and renewed) by findEditor; this reads the same per-request lookup.
  return renewedSessionCookie(input.request, input.env.DB).catch(() => null);
}

/** The sign-in page checks the tables it is about to need, and on localhost creates the development editors. */
async function gateSignInPage<E extends CmsEnv>(input: GateInput<E>, url: URL, where: DbWhere): Promise<PageGate> {
  const DB = input.env.DB;
  let problem = DB ? null : missingDb(where);
  if (DB && input.options.devEditors && where.local) problem = await devEditors(DB, url);
  if (DB && !problem) problem = await probeAuthTables(DB, where);
  if (!problem) return { kind: 'serve', editor: null };
  logDbProblem(problem);
  return { kind: 'problem', problem };
}

/** One cheap read of both tables signing in needs: null when they answer. */
function probeAuthTables(DB: D1Database, where: DbWhere): Promise<DbProblem | null> {
  return DB.prepare('SELECT (SELECT 1 FROM editors LIMIT 1) AS editors, (SELECT 1 FROM editor_sessions LIMIT 1) AS sessions')
    .first()
    .then(
      () => null,
      (error: unknown) => dbProblemOrOutage(error, where),
    );
}

type Found = { editor: EditorSession | null } | { problem: DbProblem };

async function findEditor<E extends CmsEnv>(input: GateInput<E>, where: DbWhere): Promise<Found> {
  const { request, env, runtime } = input;
  if (input.builtInSignIn) {
    // Sessions are keyed by the cookie: without one there is no editor, and nothing to ask D1.
    if (sessionToken(request) === null) return { editor: null };
    if (!env.DB) return { problem: missingDb(where) };
  }
  try {
    return { editor: await runtime.resolveEditor(request, env) };
  } catch (error) {
    if (input.builtInSignIn) return { problem: dbProblemOrOutage(error, where) };
    // A site's own resolveEditor failed: a database problem is told like any other; anything else is its bug, and the page is served to a visitor.
    const problem = dbProblemOf(error, where);
    if (problem) return { problem };
    console.error('louise: the site’s resolveEditor threw; serving the request as a visitor.', error);
    return { editor: null };
  }
}

/** Creates the development editors; a failure becomes the problem to report (the next sign-in tries again). */
function devEditors(DB: D1Database, url: URL): Promise<DbProblem | null> {
  return ensureDevEditors(DB, url).then(
    () => null,
    (error: unknown) => dbProblemOrOutage(error, whereOf(url)),
  );
}

function refuse(problem: DbProblem): Response {
  logDbProblem(problem);
  return dbProblemResponse(problem);
}

function whereOf(url: URL): DbWhere {
  return { local: isLocalHostname(url.hostname) };
}
