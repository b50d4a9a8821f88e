import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';

// Three projects: pure code runs in Node; anything touching bindings or
// Durable Objects runs inside workerd against real local D1/KV/DO
// (tests/workers); tests/site drives the whole production build in workerd
// through wrangler's test harness (needs `astro build` first).
export default defineConfig(async () => {
  const migrations = await readD1Migrations('./migrations');
  return {
    test: {
      projects: [
        {
          test: {
            name: 'unit',
            environment: 'node',
            // Files share a worker's module cache instead of importing everything afresh each (import was 40% of
            // this project's time: 447 s with isolation, 245 s without, on the same loaded machine). Stubbed
            // globals are put back after each test so no file sees another's.
            isolate: false,
            unstubGlobals: true,
            include: [
              'src/**/*.test.ts',
              'packages/*/src/**/*.test.ts',
              'integration/**/*.test.ts',
              'scripts/**/*.test.ts',
              'cli/**/*.test.ts',
              'tests/adoption/**/*.test.ts',
            ],
          },
        },
        {
          test: {
            name: 'site',
            environment: 'node',
            include: ['tests/site/**/*.test.ts'],
            testTimeout: 30_000,
            hookTimeout: 120_000,
          },
        },
        {
          plugins: [
            cloudflareTest({
              main: './tests/workers/entry.ts',
              wrangler: { configPath: './wrangler.jsonc' },
              miniflare: {
                bindings: { TEST_MIGRATIONS: migrations },
                // A second D1 that no migration ever touches: the "tables missing" case (tests/workers/request-gate.test.ts).
                d1Databases: { EMPTY_DB: 'louise-empty' },
              },
            }),
          ],
          test: {
            name: 'workers',
            include: ['tests/workers/**/*.test.ts'],
            // A worker runs its files one after another in one runtime instead
            // of a fresh one per file (most of this project's time: 65 s
            // instead of 273 s back to back). Every file passes so (setup.ts's
            // migrations are applied once and skipped after); one that needs a
            // fresh runtime would go in a project of its own with isolate: true.
            isolate: false,
            setupFiles: ['./tests/workers/setup.ts'],
            deps: { optimizer: { ssr: { enabled: true, include: ['sanitize-html'] } } },
          },
        },
      ],
    },
  };
});
