import { applyMigrations } from '../../src/db/apply-migrations.ts';
import { describePlan, type ShippedMigration } from '../../src/db/migrate.ts';
import { seedSiteSettings, type SettingsConfig } from '../../src/editor/index.ts';
import type { CollectionConfig } from '../../src/content/collection.ts';
import { ensureSearchIndex, rebuildSearchIndex, searchTableNames, type ResolvedVector } from '../../src/search/index.ts';

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

/**
 * `astro dev` only, after the migrations: creates the site settings row
 * from the configured defaults when there is none (the same
 * `seedSiteSettings` as `POST /api/cms/seed` and `louise db seed`), so a new
 * site starts with its settings in place. Never throws; an existing row is
 * left as it is.
 */
export async function seedLocalSettings(DB: D1Database | undefined, settings: SettingsConfig | null): Promise<void> {
  if (!DB || !settings) return;
  try {
    if (await seedSiteSettings(DB, settings.defaults ?? {})) console.log('louise: seeded the site settings in the local database from cms.config.');
  } catch (error) {
    console.error(
      `louise: could not seed the site settings (${error instanceof Error ? error.message : String(error)}). Run \`npx louise db seed\` for details.`,
    );
  }
}

/**
 * `astro dev` only, after the migrations: makes the search index of each
 * collection declared with `search` (as `louise db migrate` does) and
 * builds one that is empty while its table has rows, such as after a
 * fresh seed, so the site's search and the edit bar's search work at once.
 * Never throws.
 */
export async function prepareLocalSearch(DB: D1Database | undefined, collections: readonly CollectionConfig[], vector: ResolvedVector | null): Promise<void> {
  if (!DB) return;
  for (const collection of collections) {
    try {
      await ensureSearchIndex(DB, collection);
      // The editors' index (the visitors' one for a live collection) holds every entry: empty means never built.
      const table = searchTableNames(collection).at(-1) as string;
      const indexed = await DB.prepare(`SELECT count(*) AS n FROM "${table}"`).first<{ n: number }>();
      if ((indexed?.n ?? 0) > 0) continue;
      const { total } = await rebuildSearchIndex(DB, collection, vector);
      if (total > 0) console.log(`louise: built the search index of ${collection.slug} in the local database (${total} entries).`);
    } catch (error) {
      console.error(
        `louise: could not build the search index of ${collection.slug} (${error instanceof Error ? error.message : String(error)}). A publisher can rebuild it from the edit bar's search.`,
      );
    }
  }
}
