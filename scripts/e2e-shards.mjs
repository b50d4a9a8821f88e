// The end-to-end suite in shards that run at the same time, each with its own
// `astro preview` server, local state and ports (playwright.config.ts claims
// free ones per run). Measured on a two-core CI machine, two shards took as
// long as one serial run (608 s against 582-600 s: two Chromiums and two
// workerds share the cores); more cores make them pay (`E2E_SHARDS`).
// Specs are dealt by their weight (the last run's time per file when known,
// else their count of tests, the experience specs twice: they run at two
// sizes), heaviest first onto the lightest shard. Specs that talk to the fake
// Pay, Merch and Pos servers go to the first shard, the only one that starts
// them (scripts/e2e-server.mjs points the build's settings at their ports, a
// file the shards share).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { root } from './bootstrap.mjs';

const SPECS = join(root, 'tests', 'e2e');
/** Each spec's seconds in the last full run, when one wrote them (scripts/test.mjs keeps them out of git). */
const DURATIONS = join(root, '.louise', 'e2e-durations.json');

/** The spec files under tests/e2e, relative to the root. */
function specFiles(dir = SPECS) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith('__') ? [] : specFiles(path);
    return entry.name.endsWith('.spec.ts') ? [relative(root, path)] : [];
  });
}

/** A spec's weight: its last time, else its tests (twice for the two-size experience specs) at ten seconds each. */
function weightOf(file, source, durations) {
  if (typeof durations[file] === 'number') return durations[file];
  const tests = (source.match(/^\s*test(\.only)?\(/gm) ?? []).length || 1;
  return tests * 10 * (file.includes('/experience/') ? 2 : 1);
}

/** Whether the spec (its source) needs the fake provider servers. */
const needsFakes = (source) => /\b(E2E_PAY_PORT|E2E_MERCH_PORT|E2E_POS_PORT)\b/.test(source);

/**
 * `count` shards (at least one), each `{ files, fakes }`: the first starts the
 * fake provider servers and holds every spec that needs them.
 */
export function planE2eShards(count) {
  let durations = {};
  try {
    durations = JSON.parse(readFileSync(DURATIONS, 'utf8'));
  } catch {}
  const shards = Array.from({ length: Math.max(1, count) }, (_, i) => ({ files: [], fakes: i === 0, weight: 0 }));
  const files = specFiles().map((file) => {
    const source = readFileSync(join(root, file), 'utf8');
    return { file, weight: weightOf(file, source, durations), fakes: needsFakes(source) };
  });
  for (const spec of files.filter((f) => f.fakes)) {
    shards[0].files.push(spec.file);
    shards[0].weight += spec.weight;
  }
  for (const spec of files.filter((f) => !f.fakes).sort((a, b) => b.weight - a.weight)) {
    const lightest = shards.reduce((a, b) => (b.weight < a.weight ? b : a));
    lightest.files.push(spec.file);
    lightest.weight += spec.weight;
  }
  return shards.filter((shard) => shard.files.length > 0);
}

/** Writes each spec's seconds from the shards' Playwright JSON reports, for the next run's plan. */
export function recordE2eDurations(reports) {
  const durations = {};
  const walk = (suite, file) => {
    const here = suite.file ? join('tests', 'e2e', suite.file) : file;
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? []) for (const result of test.results ?? []) durations[here] = (durations[here] ?? 0) + (result.duration ?? 0) / 1000;
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const report of reports) for (const suite of report?.suites ?? []) walk(suite, undefined);
  if (Object.keys(durations).length > 0) writeFileSync(DURATIONS, `${JSON.stringify(durations, null, 2)}\n`);
}
