// `npm test`: every check and test: the package build (lib/, which
// `louise/*` resolves to); then type checks, lint and a production build side
// by side (they only read lib/ and the sources, and two cores finish them
// sooner together); unit + workerd + built-site tests (vitest), then
// end-to-end tests in Chromium (Playwright). Ends with each stage's time and
// one line `tests: N passed, N failed`.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDevVars, ensureModernNode, ensurePackages, root, run } from './bootstrap.mjs';
import { planE2eShards, recordE2eDurations } from './e2e-shards.mjs';

const started = performance.now();
ensureModernNode();
ensurePackages();

const reports = join(root, '.louise', 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const failures = [];
/** Each stage's wall time in seconds, in the order they finished. */
const times = [];
const seconds = (since) => (performance.now() - since) / 1000;
const stage = (name, command, args, env) => {
  console.log(`\n=== ${name}`);
  const begun = performance.now();
  if (run(command, args, { allowFailure: true, env }) !== 0) failures.push(name);
  times.push([name, seconds(begun)]);
};

ensureChromium();
// The build copies .dev.vars (the shop's local Pay settings) into what `astro preview` serves.
ensureDevVars();
stage('build package', 'npm', ['run', 'build:pkg']);
// Biome (lint + format check), then import boundaries (dependency-cruiser); both always run.
await together([
  ['typecheck', 'npm', ['run', 'typecheck']],
  ['lint', 'npm', ['run', 'lint']],
  ['build', 'npx', ['astro', 'build']],
  ['docs (examples type-checked, Starlight build)', 'npm', ['run', 'docs:build']],
]);
stage('vitest (unit, workers, site)', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${join(reports, 'vitest.json')}`]);
// The end-to-end state, migrated and seeded once; each shard's server starts from a copy (E2E_STATE_FROM below).
// On its own: beside the type check, lint and build it took 153 s instead of 43 and held the whole group up.
const e2eSeed = join('.louise', 'e2e-seed');
rmSync(join(root, e2eSeed), { recursive: true, force: true });
stage('e2e state (migrated and seeded once)', 'node', [
  '-e',
  `import('./scripts/bootstrap.mjs').then((m) => m.prepareLocalDatabase(${JSON.stringify(e2eSeed)}))`,
]);
// End-to-end specs in shards, each against its own server and a copy of one migrated and seeded state (scripts/e2e-shards.mjs).
// One by default: on two cores two shards took as long as one run, and with issue 31's specs at two sizes they slowed
// the heaviest tests (axe over a long page) past their 30 s limit in a clean CI run. More cores: set E2E_SHARDS.
await together(
  planE2eShards(Number(process.env.E2E_SHARDS ?? 1)).map((shard, i) => [
    `playwright (e2e in Chromium, shard ${i + 1}: ${shard.files.length} files)`,
    'npx',
    ['playwright', 'test', ...shard.files],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, `playwright-${i + 1}.json`),
      LOUISE_PERSIST: `.louise/e2e-state-${i + 1}`,
      E2E_FAKES: shard.fakes ? '1' : '0',
      // Each server starts from a copy of the state made above instead of migrating and seeding its own.
      E2E_STATE_FROM: join(root, e2eSeed),
    },
  ]),
);
recordE2eDurations(
  readdirSync(reports)
    .filter((file) => /^playwright-\d+\.json$/.test(file))
    .map((file) => readJson(join(reports, file))),
);
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
for (const name of readdirSync(reports).filter((file) => /^(playwright-\d+|adoption)\.json$/.test(file))) {
  const playwright = readJson(join(reports, name));
  if (!playwright) continue;
  totals.passed += playwright.stats.expected + playwright.stats.flaky;
  totals.failed += playwright.stats.unexpected;
  totals.skipped += playwright.stats.skipped;
}
console.log('\nStage times:');
const width = Math.max(...times.map(([name]) => name.length));
for (const [name, time] of times) console.log(`  ${name.padEnd(width)}  ${time.toFixed(1).padStart(6)} s${failures.includes(name) ? '  (failed)' : ''}`);
console.log(`  ${'total'.padEnd(width)}  ${seconds(started).toFixed(1).padStart(6)} s`);
if (failures.length > 0) console.log(`\nFailed stages: ${failures.join(', ')}`);
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length > 0 || totals.failed > 0 || totals.passed === 0 ? 1 : 0);

/**
 * Runs independent stages at the same time. Each one's output is held and
 * printed whole when it ends (so the logs do not interleave); its time is
 * its own wall time, the group's is that of the slowest.
 */
async function together(stages) {
  const group = performance.now();
  await Promise.all(
    stages.map(
      ([name, command, args, env]) =>
        new Promise((resolve) => {
          const begun = performance.now();
          const output = [];
          const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          let done = false;
          const finish = (code, error) => {
            if (done) return;
            done = true;
            console.log(`\n=== ${name}`);
            process.stdout.write(Buffer.concat(output));
            if (error) console.error(`louise: could not run ${command}: ${error.message}`);
            if (code !== 0) failures.push(name);
            times.push([name, seconds(begun)]);
            resolve();
          };
          child.on('error', (error) => finish(1, error));
          child.on('close', (code) => finish(code ?? 1));
        }),
    ),
  );
  times.push([`(${stages.map(([name]) => name).join(' + ')}, together)`, seconds(group)]);
}

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
