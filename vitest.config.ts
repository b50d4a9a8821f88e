import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';

// Two projects: pure code runs in Node; anything touching bindings or Durable
// Objects runs inside workerd against real local D1/KV/DO (tests/workers).
export default defineConfig(async () => {
  const migrations = await readD1Migrations('./migrations');
  return {
    test: {
      projects: [
        {
          test: {
            name: 'unit',
            environment: 'node',
            include: ['src/**/*.test.ts', 'integration/**/*.test.ts', 'scripts/**/*.test.ts'],
          },
        },
        {
          plugins: [
            cloudflareTest({
              main: './tests/workers/entry.ts',
              wrangler: { configPath: './wrangler.jsonc' },
              miniflare: {
                bindings: { TEST_MIGRATIONS: migrations },
              },
            }),
          ],
          test: {
            name: 'workers',
            include: ['tests/workers/**/*.test.ts'],
            setupFiles: ['./tests/workers/setup.ts'],
            deps: { optimizer: { ssr: { enabled: true, include: ['sanitize-html'] } } },
          },
        },
      ],
    },
  };
});
