import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './tests/chromium.ts';
import { claimFreePorts } from './tests/ports.ts';

// Free ports, chosen once by the runner (set E2E_PORT etc. to fix one): the
// site's, and the fake Pay, Merch and Pos servers' (scripts/e2e-server.mjs).
await claimFreePorts(['E2E_PORT', 'E2E_PAY_PORT', 'E2E_MERCH_PORT', 'E2E_POS_PORT']);
const port = Number(process.env['E2E_PORT']);

// End-to-end tests drive Debian's Chromium (`npx playwright install` cannot
// download browsers here) against the production build served by workerd.
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '.louise/reports/playwright.json' }]],
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: CHROMIUM_LAUNCH,
  },
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://localhost:${port}/api/cms/status`,
    // Migrating and seeding start wrangler about ten times: minutes on a busy machine.
    timeout: 300_000,
    reuseExistingServer: false,
    // One run per checkout at a time (it points the checkout's build at its fakes): one state folder, emptied at each start.
    env: { LOUISE_PERSIST: '.louise/e2e-state' },
  },
});
