import { existsSync, readFileSync } from 'node:fs';
import { createTestHarness } from 'wrangler';

const BUILT = new URL('../../dist/server/wrangler.json', import.meta.url);
const SEED = new URL('../../site/seed.sql', import.meta.url);

/**
 * The whole built site (Astro pages, middleware, /api/cms routes, D1, KV,
 * Durable Objects) in workerd, with fresh storage migrated and seeded.
 */
export async function startSite() {
  if (!existsSync(BUILT)) throw new Error('tests/site needs the production build: run `npx astro build` first (npm test does).');
  const server = createTestHarness({ workers: [{ configPath: BUILT }] });
  await server.listen();
  const worker = server.getWorker<Env>();
  const DB = (await worker.getEnv()).DB;
  const migrations = new URL('../../migrations/', import.meta.url);
  const { readdirSync } = await import('node:fs');
  for (const file of readdirSync(migrations).filter((name) => name.endsWith('.sql')).sort()) {
    await DB.exec(flatten(readFileSync(new URL(file, migrations), 'utf8')));
  }
  await DB.exec(flatten(readFileSync(SEED, 'utf8')));
  return { server, DB };
}

/** D1's exec() takes one statement per line: fold each statement onto one line. */
function flatten(sql: string): string {
  return sql
    .split(/;\s*(?:--> statement-breakpoint)?\s*\n|--> statement-breakpoint/)
    .map((statement) => statement.replace(/^\s*--.*$/gm, '').replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .map((statement) => `${statement};`)
    .join('\n');
}
