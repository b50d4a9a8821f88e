/** Stable codes for a database that cannot serve Louise (the `error` of a 503 body). */
export type DbProblemCode = 'db_missing' | 'db_unmigrated' | 'db_unavailable';

/** What is wrong with the database, said for an editor (`message`, with what to run) and for the log (`detail`). */
export interface DbProblem {
  code: DbProblemCode;
  message: string;
  /** D1's own words, for the log only: never the query or its parameters (drizzle puts both in its wrapper). */
  detail: string;
}

/** Where the request was served: the commands differ for the local and the deployed database. */
export interface DbWhere {
  local: boolean;
}

// D1's documented transient failures (developers.cloudflare.com/d1/observability/debug-d1/):
// the database was there and will be again; the query itself was fine.
const TRANSIENT =
  /Network connection lost|storage caused object to be reset|reset because its code was updated|D1 DB is overloaded|Too many requests queued|exceeded timeout|transient issue|D1 is unavailable/i;
const NO_TABLE = /no such (table|column): ([\w.]+)|has no column named (\w+)/i;

/** The D1 binding is not there at all. */
export function missingDb(where: DbWhere): DbProblem {
  const then = where.local ? 'then restart the dev server' : 'then deploy again';
  return {
    code: 'db_missing',
    message: `No D1 binding named DB: run \`npx louise init\` or add it to wrangler.jsonc ("d1_databases": [{ "binding": "DB", ... }]), ${then}.`,
    detail: 'env.DB is undefined',
  };
}

/**
 * Reads a thrown error as a database problem: a missing table or column
 * (migrations not applied) or one of D1's transient failures. Anything else
 * (a constraint, a bad query: a bug) is not one, and answers null.
 */
export function dbProblemOf(error: unknown, where: DbWhere): DbProblem | null {
  const messages = causes(error).map((cause) => cause.message);
  const d1 = messages.at(-1) ?? String(error);
  for (const message of messages) {
    const missing = NO_TABLE.exec(message);
    if (missing) return unmigrated(`no such ${missing[1] ?? 'column'}: ${missing[2] ?? missing[3]}`, d1, where);
  }
  if (messages.some((message) => TRANSIENT.test(message))) return unavailable(d1);
  return null;
}

/** Like `dbProblemOf`, for a query that can only fail because of the database (a session lookup): anything else is an outage. */
export function dbProblemOrOutage(error: unknown, where: DbWhere): DbProblem {
  return dbProblemOf(error, where) ?? unavailable(causes(error).at(-1)?.message ?? String(error));
}

function unmigrated(what: string, detail: string, where: DbWhere): DbProblem {
  const run = where.local ? '`npx louise db migrate`' : '`npx louise db migrate --remote`';
  const db = where.local ? 'the local database' : 'the production database';
  return {
    code: 'db_unmigrated',
    message: `Louise's tables are missing in ${db} (${what}): run ${run}, and the site's own migrations if it has any, then reload.`,
    detail,
  };
}

function unavailable(detail: string): DbProblem {
  return { code: 'db_unavailable', message: 'The database is unreachable right now; visitors still see the site. Try again in a minute.', detail };
}

/** The `/api/cms/*` answer for a database problem: 503 with `{ error, message }`, never cached. */
export function dbProblemResponse(problem: DbProblem): Response {
  const headers = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'retry-after': '30' };
  return new Response(JSON.stringify({ error: problem.code, message: problem.message }), { status: 503, headers });
}

/** The one log line for a database problem: its code and D1's words, nothing from the request. */
export function logDbProblem(problem: DbProblem): void {
  console.error(`louise: ${problem.code}: ${problem.detail}`);
}

/** The error and what it wraps (drizzle wraps D1's error as `cause`). */
function causes(error: unknown): Error[] {
  const chain: Error[] = [];
  for (let at = error; at instanceof Error && chain.length < 5; at = at.cause) chain.push(at);
  return chain;
}
