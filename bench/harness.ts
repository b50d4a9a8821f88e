// What every workerd bench shares: its Worker run by wrangler's test harness
// from the repository root (no network: Cloudflare's request metadata fetch is
// off), the toolkit's migrations applied to its D1, and the median of samples.
// Not a bench itself (scripts/bench.mjs runs only *.bench.* files).
import { fileURLToPath } from 'node:url';
import { readD1Migrations } from '@cloudflare/vitest-plugin';
import type { TestHarness, TestHarnessOptions } from 'wrangler';

// Loopback only: without this, wrangler fetches Request.cf data from workers.cloudflare.com.
// Read by wrangler when it loads, so set before the import.
process.env['CLOUDFLARE_CF_FETCH_ENABLED'] = 'false';
const { createTestHarness } = await import('wrangler');

type WorkerConfig = Extract<TestHarnessOptions['workers'][number], { config: unknown }>['config'];

/** A bench Worker (`config`: its name, main, aliases and bindings) with the benches' compatibility date and flags unless it sets its own. */
export function benchWorker(config: WorkerConfig): TestHarness {
  return createTestHarness({
    root: fileURLToPath(new URL('..', import.meta.url)),
    workers: [{ config: { compatibility_date: '2026-10-01', compatibility_flags: ['nodejs_compat'], ...config } }],
  });
}

type BenchDb = { prepare(sql: string): unknown; batch(statements: unknown[]): Promise<unknown> };

/** Applies the toolkit's migrations (migrations/) to the running Worker's `DB` binding, and returns it. */
export async function migrateDb(server: TestHarness): Promise<BenchDb> {
  const DB = (await server.getWorker<{ DB: BenchDb }>().getEnv()).DB;
  for (const { queries } of await readD1Migrations(fileURLToPath(new URL('../migrations', import.meta.url))))
    await DB.batch(queries.map((query) => DB.prepare(query)));
  return DB;
}

export { median } from './median.ts';
