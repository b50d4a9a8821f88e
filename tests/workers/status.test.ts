import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ageCheck, d1Check, migrationsCheck, runStatusChecks, statusRoute } from '../../src/health/index.ts';

// d1Check against the real local D1 binding inside workerd.
afterEach(() => vi.restoreAllMocks());

const ctx = { waitUntil() {} };
const get = (route: ReturnType<typeof statusRoute<Env>>, e: Env) => route(new Request('https://site.test/api/cms/status'), e, ctx);

describe('d1Check on local D1', () => {
  it('passes when the binding answers SELECT 1, given as a binding or as a function of env', async () => {
    const result = await runStatusChecks(env, { binding: d1Check(env.DB), fromEnv: d1Check((e: Env) => e.DB) });
    expect(result).toStrictEqual({ ok: true, checks: { binding: { ok: true }, fromEnv: { ok: true } } });
  });

  it('answers 200 through the route', async () => {
    const response = await get(statusRoute<Env>({ checks: { db: d1Check((e: Env) => e.DB) } }), env);
    expect(response?.status).toBe(200);
    expect(response?.headers.get('cache-control')).toBe('no-store');
    expect(await response?.json()).toStrictEqual({ ok: true, checks: { db: { ok: true } } });
  });

  it('fails without throwing when the binding is missing from env, and the route answers 503', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { DB: _missing, ...withoutDb } = env;
    const check = d1Check((e: Partial<Env>) => e.DB);
    await expect(check(withoutDb, new AbortController().signal)).resolves.toBe(false);
    const response = await get(statusRoute<Env>({ checks: { db: check } }), withoutDb as unknown as Env);
    expect(response?.status).toBe(503);
    expect(await response?.json()).toStrictEqual({ ok: false, checks: { db: { ok: false } } });
  });

  it('fails, logged, when given a binding that is not a database', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const result = await runStatusChecks(env, { db: d1Check(env.KV as unknown as D1Database) });
    expect(result).toStrictEqual({ ok: false, checks: { db: { ok: false } } });
    expect(log).toHaveBeenCalledWith(expect.stringContaining('"db"'), expect.any(Error));
  });
});

describe('migrationsCheck on local D1', () => {
  it("passes on the migrated database and fails on one without Louise's tables, logging what to run and answering booleans only", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await runStatusChecks(env, { migrations: migrationsCheck((e: Env) => e.DB) })).toStrictEqual({ ok: true, checks: { migrations: { ok: true } } });
    const route = statusRoute<Env>({ checks: { db: d1Check(() => env.EMPTY_DB), migrations: migrationsCheck(() => env.EMPTY_DB) } });
    const response = await get(route, env);
    expect(response?.status).toBe(503);
    expect(await response?.json()).toStrictEqual({ ok: false, checks: { db: { ok: true }, migrations: { ok: false } } });
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/^louise: db_unmigrated: .*no such table/));
    expect(log).toHaveBeenCalledWith(expect.stringContaining('run `npx louise db migrate --remote`'));
  });

  it('fails when a column a later migration added is missing (0007_pages_sections)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const check = migrationsCheck((e: Env) => e.DB);
    await env.DB.exec('ALTER TABLE pages DROP COLUMN sections;');
    try {
      await expect(check(env, new AbortController().signal)).resolves.toBe(false);
    } finally {
      await env.DB.exec("ALTER TABLE pages ADD sections text DEFAULT '[]' NOT NULL;");
    }
    await expect(check(env, new AbortController().signal)).resolves.toBe(true);
  });

  it('fails, without throwing, when the binding is missing', async () => {
    const { DB: _missing, ...withoutDb } = env;
    await expect(migrationsCheck((e: Partial<Env>) => e.DB)(withoutDb, new AbortController().signal)).resolves.toBe(false);
  });
});

describe('ageCheck on local D1', () => {
  it('reads the UTC timestamp D1 writes as fresh', async () => {
    const read = async (e: Env) => (await e.DB.prepare('SELECT CURRENT_TIMESTAMP AS at').first<{ at: string }>())?.at;
    const result = await runStatusChecks(env, { clock: ageCheck(read, 60_000) });
    expect(result.ok).toBe(true);
    // CURRENT_TIMESTAMP has whole seconds, so the age is under a minute but may be above 0.
    expect(result.checks.clock?.ageMs).toBeGreaterThanOrEqual(0);
    expect(result.checks.clock?.ageMs).toBeLessThan(60_000);
  });
});
