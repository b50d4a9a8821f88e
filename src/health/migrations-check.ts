import { is } from 'drizzle-orm';
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import * as schema from '../db/schema.ts';
import { dbProblemOf, logDbProblem } from '../http/db-problem.ts';
import type { D1Source } from './d1-check.ts';
import type { StatusCheck } from './status-check.ts';

/** `SELECT <every column> FROM <table> LIMIT 0` for each of Louise's tables: "no such table/column" when a migration is missing. */
const PROBES: readonly string[] = (Object.values(schema).filter((value) => is(value, SQLiteTable)) as SQLiteTable[]).map((table) => {
  const { name, columns } = getTableConfig(table);
  // Backticks, not double quotes: SQLite reads a double-quoted name that is not a column as a string literal.
  return `SELECT ${columns.map((column) => `\`${column.name}\``).join(', ')} FROM \`${name}\` LIMIT 0`;
});

/**
 * A status check that passes when Louise's migrations are applied: every
 * table and column of Louise's schema is there (one batch of `LIMIT 0`
 * selects, nothing read). It looks at the schema itself rather than at a
 * migrations record, so it holds however the migrations were run. A
 * missing table or column is logged with what to run (`npx louise db
 * migrate`); the status body says only `{ ok: false }`. A missing binding fails too.
 *
 * @example statusRoute({ checks: { db: d1Check((env: Env) => env.DB), migrations: migrationsCheck((env: Env) => env.DB) } })
 */
export function migrationsCheck<E = unknown>(db: D1Source<E>): StatusCheck<E> {
  return async function migrations(env) {
    const binding = typeof db === 'function' ? db(env) : db;
    // d1Check reports (and logs) a missing binding.
    if (binding == null) return false;
    try {
      await binding.batch(PROBES.map((sql) => binding.prepare(sql)));
      return true;
    } catch (error) {
      // Not local: a probe cannot tell, and the deployed command is the one an operator watching the probe runs.
      const problem = dbProblemOf(error, { local: false });
      if (!problem) throw error;
      logDbProblem(problem);
      if (problem.code === 'db_unmigrated') console.error(`louise: status: ${problem.message}`);
      return false;
    }
  };
}
