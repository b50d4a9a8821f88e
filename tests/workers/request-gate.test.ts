import { env } from 'cloudflare:test';
import { pages } from '../../src/db/index.ts';
import { db } from '../../src/db/client.ts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { addEditor, createSession, SESSION_TTL_MS } from '../../src/auth/index.ts';
import { resetDevEditorsCheck } from '../../src/auth/dev-editors.ts';
import { errorResponse } from '../../src/http/errors.ts';
import { defineCms, type CmsConfig, type CmsEnv } from '../../integration/config.ts';
import { problemPage } from '../../integration/worker/problem-page.ts';
import { gateApi, gatePage, renewal, type GateInput } from '../../integration/worker/request-gate.ts';
import { createRuntime } from '../../integration/worker/runtime.ts';

// The middleware's decisions against real local D1s, counting every call
// that reaches the binding: a visitor without a session cookie must cost
// none, and a broken database must reach only a would-be editor.

const REMOTE = 'https://site.test';
const LOCAL = 'http://localhost:4321';
const OPTIONS = { loginPath: '/cms/login', editParam: 'edit', devEditors: true };
const QUERYING = new Set(['prepare', 'batch', 'exec', 'dump', 'withSession']);

/** The database with every query-issuing call counted. */
function counted(DB: D1Database) {
  const calls: string[] = [];
  const proxy = new Proxy(DB, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (QUERYING.has(String(property))) calls.push(String(property));
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { DB: proxy, calls };
}

/** A D1 in an outage, failing the way D1 documents a transient failure. */
const outage = {
  prepare: () => {
    throw new Error('D1_ERROR: Network connection lost.');
  },
} as unknown as D1Database;

function input(url: string, DB: D1Database | undefined, init: { cookie?: string; config?: CmsConfig } = {}): GateInput {
  const headers = new Headers(init.cookie ? { cookie: init.cookie } : {});
  const config = init.config ?? {};
  return {
    request: new Request(url, { headers }),
    env: { DB } as CmsEnv,
    runtime: createRuntime(defineCms(config)),
    builtInSignIn: !config.resolveEditor,
    options: OPTIONS,
  };
}

const WELL_FORMED_UNKNOWN = `louise_session=${'A'.repeat(43)}`;
let counter = 0;

async function signedIn(clock: { now?: () => number } = {}): Promise<string> {
  const editor = await addEditor(env.DB, { email: `gate${++counter}-${Date.now()}@example.com`, name: 'Gate', password: 'correct horse', canPublish: true });
  const { token } = await createSession(env.DB, editor.id, clock);
  return `louise_session=${token}`;
}

let logged: string[] = [];
beforeEach(() => {
  resetDevEditorsCheck();
  logged = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')));
  vi.spyOn(console, 'log').mockImplementation(() => {});
});

describe('a visitor costs no query', () => {
  it.each([
    ['a page', `${REMOTE}/about`],
    ['a page on localhost (no development editors on every request)', `${LOCAL}/`],
    ['a page asking for ?edit (sent to sign in)', `${REMOTE}/?edit`],
  ])('without a cookie: %s', async (_, url) => {
    const { DB, calls } = counted(env.DB);
    const gate = input(url, DB);
    expect(await gatePage(gate)).toEqual({ kind: 'serve', editor: null });
    expect(await renewal(gate)).toBeNull();
    expect(calls).toEqual([]);
  });

  it('without a cookie, a non-public API call is a 401 with no query', async () => {
    const { DB, calls } = counted(env.DB);
    const answer = await gateApi(input(`${REMOTE}/api/cms/pages`, DB));
    expect(answer?.status).toBe(401);
    expect(await answer?.json()).toMatchObject({ error: 'unauthorized' });
    expect(calls).toEqual([]);
  });

  it('with a malformed session cookie: no query; a well-formed unknown one: one lookup, and still a visitor', async () => {
    const garbage = counted(env.DB);
    expect(await gatePage(input(`${REMOTE}/`, garbage.DB, { cookie: 'louise_session=garbage; theme=dark' }))).toEqual({ kind: 'serve', editor: null });
    expect(garbage.calls).toEqual([]);
    const unknown = counted(env.DB);
    const gate = input(`${REMOTE}/`, unknown.DB, { cookie: WELL_FORMED_UNKNOWN });
    expect(await gatePage(gate)).toEqual({ kind: 'serve', editor: null });
    expect(await renewal(gate)).toBeNull();
    expect(unknown.calls).toEqual(['prepare']);
  });

  it('a site’s own resolveEditor is its business: it is asked even without a cookie', async () => {
    const resolveEditor = vi.fn(async () => null);
    const { DB, calls } = counted(env.DB);
    expect(await gatePage(input(`${REMOTE}/`, DB, { config: { resolveEditor } }))).toEqual({ kind: 'serve', editor: null });
    expect(resolveEditor).toHaveBeenCalledOnce();
    expect(calls).toEqual([]);
  });
});

describe('a signed-in editor', () => {
  it('is found with one lookup, on pages and on the API', async () => {
    const cookie = await signedIn();
    const page = counted(env.DB);
    const gated = await gatePage(input(`${REMOTE}/?edit`, page.DB, { cookie }));
    expect(gated).toMatchObject({ kind: 'serve', editor: { name: 'Gate', access: { publish: true } } });
    expect(page.calls).toEqual(['prepare']);
    expect(await gateApi(input(`${REMOTE}/api/cms/pages`, env.DB, { cookie }))).toBeNull();
  });

  it('gets the renewed cookie of a session past half its life, from the same lookup', async () => {
    const cookie = await signedIn({ now: () => Date.now() - SESSION_TTL_MS * 0.75 });
    const { DB, calls } = counted(env.DB);
    const gate = input(`${REMOTE}/`, DB, { cookie });
    expect((await gatePage(gate)).kind).toBe('serve');
    expect(await renewal(gate)).toMatch(/^louise_session=[A-Za-z0-9_-]{43}; Max-Age=259\d{4}; /);
    // The lookup and the renewal's own UPDATE; renewal() itself asks nothing more.
    expect(calls).toEqual(['prepare', 'prepare']);
  });
});

describe('no DB binding', () => {
  it('visitors get the page; an editor, the sign-in page and the API hear what to do', async () => {
    expect(await gatePage(input(`${REMOTE}/`, undefined))).toEqual({ kind: 'serve', editor: null });
    const withCookie = await gatePage(input(`${LOCAL}/`, undefined, { cookie: WELL_FORMED_UNKNOWN }));
    expect(withCookie).toMatchObject({
      kind: 'problem',
      problem: { code: 'db_missing', message: expect.stringMatching(/^No D1 binding named DB: run `npx louise init` or add it to wrangler.jsonc/) },
    });
    expect(await gatePage(input(`${LOCAL}/cms/login`, undefined))).toMatchObject({ kind: 'problem', problem: { code: 'db_missing' } });
    const api = await gateApi(input(`${LOCAL}/api/cms/auth/login`, undefined));
    expect(api?.status).toBe(503);
    expect(await api?.json()).toEqual({ error: 'db_missing', message: expect.stringContaining('npx louise init') });
    // The public status probe answers for itself (its d1Check fails).
    expect(await gateApi(input(`${LOCAL}/api/cms/status`, undefined))).toBeNull();
  });
});

describe('tables not migrated (a D1 no migration touched)', () => {
  it('a visitor gets the page with no query', async () => {
    const { DB, calls } = counted(env.EMPTY_DB);
    expect(await gatePage(input(`${LOCAL}/`, DB))).toEqual({ kind: 'serve', editor: null });
    expect(calls).toEqual([]);
  });

  it('an editor is told to migrate: the local command on localhost, --remote elsewhere', async () => {
    const local = await gatePage(input(`${LOCAL}/`, env.EMPTY_DB, { cookie: WELL_FORMED_UNKNOWN }));
    expect(local).toMatchObject({
      kind: 'problem',
      problem: {
        code: 'db_unmigrated',
        message: expect.stringMatching(/^Louise's tables are missing in the local database \(no such table: \w+\): run `npx louise db migrate`,/),
      },
    });
    const remote = await gatePage(input(`${REMOTE}/`, env.EMPTY_DB, { cookie: WELL_FORMED_UNKNOWN }));
    expect(remote).toMatchObject({ kind: 'problem', problem: { message: expect.stringContaining('production database') } });
    expect(remote.kind === 'problem' && remote.problem.message).toContain('`npx louise db migrate --remote`');
  });

  it('the sign-in page (development editors on localhost, a probe elsewhere) and the API say so', async () => {
    for (const base of [LOCAL, REMOTE]) {
      expect(await gatePage(input(`${base}/cms/login`, env.EMPTY_DB))).toMatchObject({ kind: 'problem', problem: { code: 'db_unmigrated' } });
    }
    const login = await gateApi(input(`${LOCAL}/api/cms/auth/login`, env.EMPTY_DB));
    expect(login?.status).toBe(503);
    expect(await login?.json()).toEqual({ error: 'db_unmigrated', message: expect.stringContaining('npx louise db migrate') });
    const pagesCall = await gateApi(input(`${REMOTE}/api/cms/pages`, env.EMPTY_DB, { cookie: WELL_FORMED_UNKNOWN }));
    expect(pagesCall?.status).toBe(503);
    expect(pagesCall?.headers.get('cache-control')).toBe('no-store');
  });

  it('a route that hits a missing table answers 503 db_unmigrated, not a bare 500', async () => {
    const thrown = await db(env.EMPTY_DB)
      .select()
      .from(pages)
      .all()
      .then(
        () => null,
        (error: unknown) => error,
      );
    const answer = errorResponse(thrown, new Request(`${LOCAL}/api/cms/pages`));
    expect(answer.status).toBe(503);
    expect(await answer.json()).toEqual({ error: 'db_unmigrated', message: expect.stringContaining('(no such table: pages)') });
    // The log names D1's error, never drizzle's wrapper with the query and its parameters.
    expect(String(thrown)).toMatch(/Failed query: select/);
    expect(logged).toEqual([expect.stringMatching(/^louise: db_unmigrated: (D1_ERROR: )?no such table: pages/)]);
    expect(logged.join()).not.toMatch(/select|params/i);
  });

  it('the editor’s page says what to run, as code, and is never cached or indexed', async () => {
    const gated = await gatePage(input(`${LOCAL}/`, env.EMPTY_DB, { cookie: WELL_FORMED_UNKNOWN }));
    if (gated.kind !== 'problem') throw new Error('expected a problem');
    const page = problemPage(gated.problem);
    expect(page.status).toBe(503);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('x-robots-tag')).toBe('noindex');
    expect(await page.text()).toContain('<code>npx louise db migrate</code>');
  });
});

describe('a D1 outage', () => {
  it('visitors get the page; an editor gets "unreachable"; the API a 503', async () => {
    expect(await gatePage(input(`${REMOTE}/`, outage))).toEqual({ kind: 'serve', editor: null });
    expect(await gatePage(input(`${REMOTE}/`, outage, { cookie: WELL_FORMED_UNKNOWN }))).toMatchObject({
      kind: 'problem',
      problem: { code: 'db_unavailable', message: expect.stringMatching(/^The database is unreachable right now; visitors still see the site/) },
    });
    const api = await gateApi(input(`${REMOTE}/api/cms/pages`, outage, { cookie: WELL_FORMED_UNKNOWN }));
    expect(api?.status).toBe(503);
    expect(await api?.json()).toMatchObject({ error: 'db_unavailable' });
  });

  it('a site resolveEditor that fails for no database reason serves the visitor page', async () => {
    const resolveEditor = async () => {
      throw new Error('JWKS fetch failed');
    };
    expect(await gatePage(input(`${REMOTE}/`, env.DB, { config: { resolveEditor } }))).toEqual({ kind: 'serve', editor: null });
  });
});
