import {
  CREATE_MIGRATIONS_TABLE_SQL,
  LIST_APPLIED_SQL,
  LIST_TABLES_SQL,
  LIST_WRANGLER_APPLIED_SQL,
  MIGRATIONS_TABLE,
  planMigrations,
  type MigrationPlan,
  type ShippedMigration,
} from './migrate.ts';

/**
 * Applies the pending shipped migrations through a D1 binding (what `astro
 * dev` does at start), each migration and its record in one batch, so a
 * failure leaves it unapplied. Returns the plan it carried out.
 */
export async function applyMigrations(DB: D1Database, shipped: readonly ShippedMigration[], now = Date.now()): Promise<MigrationPlan> {
  await DB.prepare(CREATE_MIGRATIONS_TABLE_SQL).run();
  const tables = await names(DB, LIST_TABLES_SQL);
  const applied = await names(DB, LIST_APPLIED_SQL);
  const wranglerApplied = tables.includes('d1_migrations') ? await names(DB, LIST_WRANGLER_APPLIED_SQL) : [];
  const plan = planMigrations(shipped, { applied, wranglerApplied, tables });
  const record = (name: string) => DB.prepare(`INSERT OR IGNORE INTO ${MIGRATIONS_TABLE} (name, applied_at) VALUES (?, ?)`).bind(name, now);
  if (plan.adopt.length > 0) await DB.batch(plan.adopt.map(record));
  for (const migration of plan.pending) {
    await DB.batch([...migration.statements.map((statement) => DB.prepare(statement)), record(migration.name)]);
  }
  return plan;
}

async function names(DB: D1Database, sql: string): Promise<string[]> {
  const { results } = await DB.prepare(sql).all<{ name: string }>();
  return results.map((row) => row.name);
}
