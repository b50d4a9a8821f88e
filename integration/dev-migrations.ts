import { applyMigrations } from '../src/db/apply-migrations.ts';
import { describePlan, type ShippedMigration } from '../src/db/migrate.ts';

/**
 * `astro dev` only: applies Louise's pending migrations to the local D1,
 * with one log line. Never throws: a missing binding or a failed migration
 * is logged with what to run, and the page is served.
 */
export async function migrateLocalDatabase(DB: D1Database | undefined, shipped: readonly ShippedMigration[]): Promise<void> {
  if (!DB) {
    console.error("louise: there is no D1 binding named DB, so Louise's tables were not created: run `npx louise init`, then restart `astro dev`.");
    return;
  }
  try {
    const plan = await applyMigrations(DB, shipped);
    if (plan.adopt.length > 0 || plan.pending.length > 0) console.log(describePlan(plan, 'the local database'));
  } catch (error) {
    const message = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
    console.error(`louise: could not apply Louise's migrations to the local database (${message}). Run \`npx louise db migrate\` for details.`);
  }
}
