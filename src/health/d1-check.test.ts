import { afterEach, describe, expect, it, vi } from 'vitest';
import { d1Check } from './d1-check.ts';
import { runStatusChecks } from './run-status-checks.ts';

// Queries against a real D1 run in tests/workers/status.test.ts; these cover
// what needs no database.
afterEach(() => vi.restoreAllMocks());

const signal = new AbortController().signal;

describe('d1Check', () => {
  it('fails without throwing when the binding is missing, and says why in the log', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const fromEnv = d1Check((env: { DB?: D1Database }) => env.DB);
    await expect(fromEnv({}, signal)).resolves.toBe(false);
    await expect(d1Check(undefined)({}, signal)).resolves.toBe(false);
    await expect(d1Check(null)({}, signal)).resolves.toBe(false);
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/D1 binding is missing/));
  });

  it('reports a missing binding as { ok: false } through the runner', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const result = await runStatusChecks({}, { db: d1Check((env: { DB?: D1Database }) => env.DB) });
    expect(result).toStrictEqual({ ok: false, checks: { db: { ok: false } } });
  });

  it.each([
    ['a binding name', 'DB'],
    ['a number', 1],
  ])('refuses %s when built', (_, db) => {
    expect(() => d1Check(db as unknown as D1Database)).toThrow(/d1Check: expected a D1 binding or a function/);
  });
});
