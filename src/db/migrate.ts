// Louise's own migrations beside the site's: what is pending, what to adopt,
// and the statements to run. Pure: the CLI runs them through wrangler, dev
// through the D1 binding (apply-migrations.ts).

/** A migration shipped with the package: `migrations/<name>.sql`, drizzle-kit output. */
export interface ShippedMigration {
  /** The file name without `.sql`, e.g. `0001_pages_versions`. */
  name: string;
  sql: string;
}

/** What a database says about its migrations. */
export interface MigrationState {
  /** Names recorded in Louise's own table. */
  applied: readonly string[];
  /** Names recorded in wrangler's `d1_migrations` (with or without `.sql`): how Louise's tables used to be applied. */
  wranglerApplied: readonly string[];
  /** The tables the database has. */
  tables: readonly string[];
}

export interface PendingMigration {
  name: string;
  statements: string[];
}

export interface MigrationPlan {
  /** Already applied through wrangler's `d1_migrations`: recorded in Louise's table, not run again. */
  adopt: string[];
  /** To run, in order. */
  pending: PendingMigration[];
}

/**
 * Louise's tracking table, apart from wrangler's `d1_migrations`, so a site's
 * own `migrations_dir` (wrangler's or drizzle-kit's) keeps working beside it.
 */
export const MIGRATIONS_TABLE = '_louise_migrations';
export const CREATE_MIGRATIONS_TABLE_SQL = `CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (name TEXT PRIMARY KEY, applied_at INTEGER NOT NULL)`;
export const LIST_TABLES_SQL = "SELECT name FROM sqlite_master WHERE type = 'table'";
export const LIST_APPLIED_SQL = `SELECT name FROM ${MIGRATIONS_TABLE}`;
export const LIST_WRANGLER_APPLIED_SQL = 'SELECT name FROM d1_migrations';

const BREAKPOINT = /-->\s*statement-breakpoint/;
const CREATED_TABLE = /CREATE TABLE\s+(?:IF NOT EXISTS\s+)?[`"[]?(\w+)/gi;

/** The statements of a drizzle-kit migration (separated by `--> statement-breakpoint`), without their `;` and without empty ones. */
export function migrationStatements(sql: string): string[] {
  return sql
    .split(BREAKPOINT)
    .map((statement) => statement.trim().replace(/;\s*$/, ''))
    .filter((statement) => statement !== '');
}

/**
 * Which shipped migrations to run and which to adopt. A migration recorded in
 * wrangler's `d1_migrations` is adopted when the tables it creates exist and
 * every earlier one is applied or adopted too (so a site migration that
 * happens to share a name is not mistaken for Louise's).
 */
export function planMigrations(shipped: readonly ShippedMigration[], state: MigrationState): MigrationPlan {
  const applied = new Set(state.applied);
  const byWrangler = new Set(state.wranglerApplied.map((name) => name.replace(/\.sql$/, '')));
  const tables = new Set(state.tables);
  const plan: MigrationPlan = { adopt: [], pending: [] };
  for (const migration of [...shipped].sort((a, b) => a.name.localeCompare(b.name))) {
    if (applied.has(migration.name)) continue;
    const adoptable = plan.pending.length === 0 && byWrangler.has(migration.name) && createdTables(migration.sql).every((table) => tables.has(table));
    if (adoptable) plan.adopt.push(migration.name);
    else plan.pending.push({ name: migration.name, statements: migrationStatements(migration.sql) });
  }
  return plan;
}

/** The tables a migration creates. */
export function createdTables(sql: string): string[] {
  return [...sql.matchAll(CREATED_TABLE)].map((match) => match[1] as string);
}

/** The statement that records a migration as applied (name and time inlined, for wrangler's `--file`). */
export function recordMigrationSql(name: string, now: number): string {
  return `INSERT OR IGNORE INTO ${MIGRATIONS_TABLE} (name, applied_at) VALUES ('${name.replaceAll("'", "''")}', ${Math.trunc(now)})`;
}

/** Every statement of a plan in order: the tracking table, adoptions, then each pending migration followed by its record. */
export function planStatements(plan: MigrationPlan, now: number): string[] {
  return [
    CREATE_MIGRATIONS_TABLE_SQL,
    ...plan.adopt.map((name) => recordMigrationSql(name, now)),
    ...plan.pending.flatMap((migration) => [...migration.statements, recordMigrationSql(migration.name, now)]),
  ];
}

/** True when the plan has nothing to do. */
export function isUpToDate(plan: MigrationPlan): boolean {
  return plan.adopt.length === 0 && plan.pending.length === 0;
}

/** What a plan did, in one line: `Louise: applied 0002_overlays to the local database.` or `... is up to date.` */
export function describePlan(plan: MigrationPlan, database: string): string {
  const lines: string[] = [];
  if (plan.adopt.length > 0) lines.push(`Louise: recorded ${plan.adopt.join(', ')} (applied earlier through wrangler's d1_migrations) in ${database}.`);
  if (plan.pending.length > 0) lines.push(`Louise: applied ${plan.pending.map((migration) => migration.name).join(', ')} to ${database}.`);
  return lines.length > 0 ? lines.join('\n') : `Louise: ${database} is up to date.`;
}
