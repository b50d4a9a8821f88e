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
  // Screenshots kept as the visual baseline (tests/e2e/experience/look.ts), one per state and size; the
  // tolerance survives font hinting and anti-aliasing, not a moved or restyled control.
  snapshotPathTemplate: 'tests/e2e/__screenshots__/{testFileName}/{arg}-{projectName}{ext}',
  expect: { toHaveScreenshot: { maxDiffPixelRatio: 0.015, threshold: 0.25, animations: 'disabled', caret: 'hide' } },
  projects: [
    // The suite as it always ran (Chromium's default 1280x720 window).
    { name: 'chromium', testIgnore: /experience\// },
    // The editing experience (#31) at the two sizes it is designed for: a laptop, and a phone with touch.
    { name: 'desktop', testMatch: /experience\/.*\.spec\.ts$/, use: { viewport: { width: 1440, height: 900 } } },
    {
      name: 'phone',
      testMatch: /experience\/.*\.spec\.ts$/,
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 },
    },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://localhost:${port}/api/cms/status`,
    // Migrating and seeding start wrangler about ten times: minutes on a busy machine.
    timeout: 300_000,
    reuseExistingServer: false,
    // A state folder per run, emptied at each start: `npm test` runs shards side by side, each with its own
    // (scripts/e2e-shards.mjs); only the shard with the provider specs starts the fakes and points the build at them.
    env: { LOUISE_PERSIST: process.env.LOUISE_PERSIST ?? '.louise/e2e-state' },
  },
});
