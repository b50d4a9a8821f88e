import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../chromium.ts';
import { claimFreePorts } from '../ports.ts';

// Free ports for the starter's `astro dev` and `wrangler dev`, chosen once by the runner (set ADOPTION_PORT etc. to fix one).
await claimFreePorts(['ADOPTION_PORT', 'ADOPTION_PROD_PORT']);

// The adoption test: Astro's unmodified blog starter, Louise installed from the
// packed tarball and set up with `npx louise init --yes`, edited in `astro dev`
// and checked in the production build under `wrangler dev`. It installs
// packages from the npm registry, so it runs on its own (a stage of `npm test`).
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '../../.louise/reports/adoption.json' }]],
  use: {
    launchOptions: CHROMIUM_LAUNCH,
  },
});
