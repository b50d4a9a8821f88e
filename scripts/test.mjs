// `npm test`: every check and test, in order: the package build (lib/, which
// `louise/*` resolves to), type checks, lint, a production build, unit +
// workerd + built-site tests (vitest), then end-to-end tests in Chromium
// (Playwright). Ends with one line `tests: N passed, N failed`.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDevVars, ensureModernNode, ensurePackages, root, run } from './bootstrap.mjs';

ensureModernNode();
ensurePackages();

const reports = join(root, '.louise', 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const failures = [];
const stage = (name, command, args, env) => {
  console.log(`\n=== ${name}`);
  if (run(command, args, { allowFailure: true, env }) !== 0) failures.push(name);
};

ensureChromium();
// The build copies .dev.vars (the shop's local Pay settings) into what `astro preview` serves.
ensureDevVars();
stage('build package', 'npm', ['run', 'build:pkg']);
stage('typecheck', 'npm', ['run', 'typecheck']);
// Biome (lint + format check), then import boundaries (dependency-cruiser); both always run.
stage('lint', 'npm', ['run', 'lint']);
stage('build', 'npx', ['astro', 'build']);
stage('docs (examples type-checked, Starlight build)', 'npm', ['run', 'docs:build']);
stage('vitest (unit, workers, site)', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${join(reports, 'vitest.json')}`]);
stage('playwright (e2e in Chromium)', 'npx', ['playwright', 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, 'playwright.json') });
// Astro's blog starter with Louise from the packed tarball (installs from the npm registry).
stage('adoption (blog starter)', 'npx', ['playwright', 'test', '--config', 'tests/adoption/playwright.config.ts'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, 'adoption.json'),
});

const totals = { passed: 0, failed: 0, skipped: 0 };
const vitest = readJson(join(reports, 'vitest.json'));
if (vitest) {
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests;
  totals.skipped += vitest.numPendingTests + vitest.numTodoTests;
}
for (const name of ['playwright.json', 'adoption.json']) {
  const playwright = readJson(join(reports, name));
  if (!playwright) continue;
  totals.passed += playwright.stats.expected + playwright.stats.flaky;
  totals.failed += playwright.stats.unexpected;
  totals.skipped += playwright.stats.skipped;
}
if (failures.length > 0) console.log(`\nFailed stages: ${failures.join(', ')}`);
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length > 0 || totals.failed > 0 || totals.passed === 0 ? 1 : 0);

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

/** End-to-end tests drive Debian's Chromium; install it when we can (root), else say how. */
function ensureChromium() {
  if (existsSync('/usr/bin/chromium')) return;
  if (process.getuid?.() === 0) {
    console.log('louise: installing Chromium (apt-get install -y chromium) ...');
    run('apt-get', ['update'], { allowFailure: true });
    run('apt-get', ['install', '-y', 'chromium']);
    return;
  }
  console.error('louise: end-to-end tests need Chromium at /usr/bin/chromium. Install it with: sudo apt-get install -y chromium');
  process.exit(1);
}
