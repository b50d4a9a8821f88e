// `npx louise db migrate [--remote] [--persist-to <dir>] [--binding DB]`:
// Louise's pending migrations into the site's D1, tracked in Louise's own
// table so the site's migrations_dir stays the site's.
import { parseArgs } from 'node:util';
import { readLouiseMigrations } from '../integration/node/migrations.ts';
import {
  CREATE_MIGRATIONS_TABLE_SQL,
  describePlan,
  isUpToDate,
  LIST_APPLIED_SQL,
  LIST_TABLES_SQL,
  LIST_WRANGLER_APPLIED_SQL,
  planMigrations,
  planStatements,
  type MigrationPlan,
  type ShippedMigration,
} from '../src/db/migrate.ts';
import { resolveTarget, wranglerD1, type D1Executor, type D1Target, type OpenD1 } from './d1.ts';
import { seedDatabase } from './db-seed.ts';
import { findCmsConfig, loadCmsConfig } from './cms-config.ts';
import { searchIndexSql } from '../src/search/fts-sql.ts';
import { CliError } from './errors.ts';

export const DB_USAGE = `Apply Louise's migrations to your site's D1 database (binding DB in your wrangler config):

  npx louise db migrate              the local database (what astro dev uses)
  npx louise db migrate --remote     the deployed database
  npx louise db seed [--remote]      create the site settings row from the defaults in
                                     cms.config (settings.defaults); an existing row is kept

Options: --binding <name> (default DB), --persist-to <dir> (local state folder),
--config <file> (the cms.config module; default src/ or site/cms.config.ts).
Louise records what it applied in its own table (_louise_migrations), so
your own migrations (wrangler's or drizzle-kit's) keep working beside it.
migrate also makes the full-text search index (FTS5) of every collection
cms.config declares with search fields; it never drops or empties one.`;

/** A parsed `db` command: what to run, where, and (seed) which cms.config. */
export interface DbCommand extends D1Target {
  command: 'migrate' | 'seed';
  config?: string | undefined;
}

/** Parses `db ...` arguments into a target; CliError (exit 2) with usage on bad input. */
export function parseDbArgs(argv: string[], cwd: string): DbCommand {
  let parsed: ReturnType<typeof parseDbArgsStrict>;
  try {
    parsed = parseDbArgsStrict(argv);
  } catch (error) {
    throw new CliError(`${error instanceof Error ? error.message : String(error)}\n\n${DB_USAGE}`, 2);
  }
  const [command, extra] = parsed.positionals;
  if (command !== 'migrate' && command !== 'seed')
    throw new CliError(`${command ? `Unknown command "db ${command}".` : 'No command given.'}\n\n${DB_USAGE}`, 2);
  if (extra !== undefined) throw new CliError(`Unexpected argument "${extra}".\n\n${DB_USAGE}`, 2);
  const { remote = false, binding = 'DB', 'persist-to': persistTo, config } = parsed.values;
  if (remote && persistTo) throw new CliError('--persist-to is for the local database; drop it with --remote.', 2);
  return { command, cwd, remote, binding, persistTo, config };
}

function parseDbArgsStrict(argv: string[]) {
  return parseArgs({
    args: argv,
    options: { remote: { type: 'boolean' }, binding: { type: 'string' }, 'persist-to': { type: 'string' }, config: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
}

/** Reads what the database has applied, runs what is pending; returns the plan it carried out. */
export function migrateDatabase(d1: D1Executor, shipped: readonly ShippedMigration[] = readLouiseMigrations(), now = Date.now()): MigrationPlan {
  const [, tablesResult, appliedResult] = d1.command(`${CREATE_MIGRATIONS_TABLE_SQL}; ${LIST_TABLES_SQL}; ${LIST_APPLIED_SQL};`);
  const names = (result: { results: Record<string, unknown>[] } | undefined) => (result?.results ?? []).map((row) => String(row['name']));
  const tables = names(tablesResult);
  const applied = names(appliedResult);
  const outstanding = shipped.some((migration) => !applied.includes(migration.name));
  const wranglerApplied = outstanding && tables.includes('d1_migrations') ? names(d1.command(`${LIST_WRANGLER_APPLIED_SQL};`)[0]) : [];
  const plan = planMigrations(shipped, { applied, wranglerApplied, tables });
  if (!isUpToDate(plan)) d1.statements(planStatements(plan, now));
  return plan;
}

/** The `db` command: prints what it applied (or seeded), or that there was nothing to do. */
export async function runDb(argv: string[], cwd: string, log: (line: string) => void, openD1: OpenD1 = wranglerD1): Promise<void> {
  if (argv.includes('--help') || argv.includes('-h')) {
    log(DB_USAGE);
    return;
  }
  const target = parseDbArgs(argv, cwd);
  const { label } = resolveTarget(target);
  const d1 = openD1(target);
  if (target.command === 'seed') return log(await seedDatabase(target, label, d1));
  log(describePlan(migrateDatabase(d1), label));
  const indexed = await ensureSearchIndexes(target, d1);
  if (indexed.length > 0) log(`Search indexes ready in ${label}: ${indexed.join(', ')}.`);
}

/**
 * The FTS5 search tables of the collections cms.config declares with
 * `search` (idempotent DDL: drizzle-kit cannot express virtual tables, and
 * which exist depends on the site's config). No cms.config: nothing to do.
 */
export async function ensureSearchIndexes(target: DbCommand, d1: D1Executor): Promise<string[]> {
  const file = findCmsConfig(target.cwd, target.config, false);
  if (!file) return [];
  const searchable = ((await loadCmsConfig(file)).collections ?? []).filter((collection) => collection.search !== undefined);
  if (searchable.length === 0) return [];
  d1.statements(searchable.flatMap((collection) => searchIndexSql(collection)));
  return searchable.map((collection) => collection.slug);
}
