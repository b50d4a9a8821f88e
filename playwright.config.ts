import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './tests/chromium.ts';

const port = Number(process.env.E2E_PORT ?? 4329);

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
    timeout: 120_000,
    reuseExistingServer: false,
    env: { E2E_PORT: String(port), LOUISE_PERSIST: `.louise/e2e-state-${port}` },
  },
});
