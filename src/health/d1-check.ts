import type { StatusCheck } from './status-check.ts';

/** Where `d1Check` finds the database: the binding itself, or a function of env that returns it. */
export type D1Source<E> = D1Database | ((env: E) => D1Database | null | undefined) | null | undefined;

/**
 * A status check that passes when the database answers `SELECT 1`.
 * Takes the binding (`d1Check(env.DB)` with `env` from `cloudflare:workers`)
 * or a function of the request env (`d1Check((env) => env.DB)`). A binding
 * that is missing fails the check instead of throwing, so a misconfigured
 * worker still answers its probe (503) rather than failing to load.
 *
 * @example statusRoute({ checks: { db: d1Check((env: Env) => env.DB) } })
 */
export function d1Check<E = unknown>(db: D1Source<E>): StatusCheck<E> {
  if (db != null && typeof db !== 'function' && typeof db !== 'object') {
    throw new TypeError(`d1Check: expected a D1 binding or a function (env) => D1 binding, got ${typeof db}`);
  }
  return async function d1(env) {
    const binding = typeof db === 'function' ? db(env) : db;
    if (binding == null) {
      console.error('louise: d1Check: the D1 binding is missing; check the d1_databases entry in the wrangler config');
      return false;
    }
    // A wrong binding (a KV namespace, say) throws here; the runner logs it and reports a failure.
    const row = await binding.prepare('SELECT 1 AS ok').first<{ ok: number }>();
    return row?.ok === 1;
  };
}
