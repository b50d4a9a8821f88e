import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readD1Migrations } from '@cloudflare/vitest-plugin';
import { createTestHarness } from 'wrangler';
import { seedSettingsSql } from '../../src/settings/seed-sql.ts';
import cms from '../../site/cms.config.ts';

/** The built Worker's wrangler config (`astro build` writes it). */
export const BUILT = new URL('../../dist/server/wrangler.json', import.meta.url);
const MIGRATIONS = fileURLToPath(new URL('../../migrations', import.meta.url));
const SITE = fileURLToPath(new URL('../../site', import.meta.url));
/** The reference site's own tables (the shop's), applied by wrangler on `npm start`. */
const SITE_MIGRATIONS = fileURLToPath(new URL('../../site/migrations', import.meta.url));

/**
 * The whole built site (Astro pages, middleware, /api/cms routes, D1, KV,
 * Durable Objects) in workerd, with fresh storage migrated and seeded
 * (Louise's migrations, the site's own, the content of site/seed.sql, the
 * settings from site/cms.config.ts).
 */
export async function startSite(configPath: URL = BUILT) {
  if (!existsSync(BUILT)) throw new Error('tests/site needs the production build: run `npx astro build` first (npm test does).');
  const server = createTestHarness({ workers: [{ configPath: fileURLToPath(configPath) }] });
  await server.listen();
  const worker = server.getWorker<Env>();
  const DB = (await worker.getEnv()).DB;
  // The seed is split by the same reader as the migrations (wrangler's SQL
  // splitter), so no hand-written splitting of multi-line statements here.
  const seed = await readD1Migrations({ projectPath: SITE, migrationsDir: '.', migrationsPattern: 'seed.sql' });
  for (const { queries } of [...(await readD1Migrations(MIGRATIONS)), ...(await readD1Migrations(SITE_MIGRATIONS)), ...seed]) {
    await DB.batch(queries.map((query) => DB.prepare(query)));
  }
  // The settings, as `louise db seed` writes them on `npm start`.
  await DB.prepare(seedSettingsSql(cms.settings?.defaults ?? {})).run();
  return { server, DB };
}
