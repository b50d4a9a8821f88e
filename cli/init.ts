// `npx louise init`: adds Louise to the Astro project in the current folder.
// Plans every file change first, shows the plan (asks once unless --yes),
// then writes; a second run finds nothing to do and says so.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { addLouiseIntegration, findAstroConfig, inspectAstroConfig } from './astro-config.ts';
import { CliError } from './errors.ts';
import { checkPeers, installedVersion } from './peer-versions.ts';
import { CMS_CONFIG_FILES, CMS_CONFIG_SOURCE, envTypes, gitignore, WORKER_SOURCE, workerInstructions, type FileChange } from './init-files.ts';
import { findWranglerConfig, parseWranglerConfig, readIfExists } from './wrangler-config.ts';
import { louiseWranglerEdits, workerName, type WranglerContext } from './wrangler-edits.ts';
import { applyJsoncEdits } from './wrangler-jsonc.ts';
import { applyTomlEdits, editAsToml } from './wrangler-toml.ts';

export interface InitOptions {
  cwd: string;
  /** No questions. */
  yes: boolean;
  log: (line: string) => void;
  /** Asked once, with the plan shown; not called with `yes`. */
  confirm: (question: string) => Promise<boolean>;
  /** Adds the Cloudflare adapter (`npx astro add cloudflare --yes`); injectable for tests. */
  astroAdd?: (cwd: string) => Promise<void>;
  /** The version of a package installed in the project, or null; injectable for tests. */
  installedVersion?: (cwd: string, name: string) => string | null;
  /** For a wrangler config without one; default the date of the workerd that @astrojs/cloudflare installed, as `astro add` does. */
  compatibilityDate?: (cwd: string) => Promise<string>;
}

export interface InitPlan {
  needsAdapter: boolean;
  changes: FileChange[];
  notes: string[];
}

/** Runs init; returns the changes it wrote. */
export async function runInit(options: InitOptions): Promise<FileChange[]> {
  const { cwd, log } = options;
  requireAstroConfig(cwd);
  // Before anything is planned: an Astro outside Louise's range fails later, in ways that say less.
  checkPeers(cwd, options.installedVersion ?? installedVersion);
  const date = await (options.compatibilityDate ?? workerdCompatibilityDate)(cwd);
  let plan = planInit(cwd, date);
  if (!plan.needsAdapter && plan.changes.length === 0) {
    for (const note of plan.notes) log(note);
    log('Louise is already set up; nothing changed.');
    return [];
  }
  if (!options.yes) {
    log(describePlan(plan));
    if (!(await options.confirm('Go ahead?'))) {
      log('Nothing changed.');
      return [];
    }
  }
  if (plan.needsAdapter) {
    log('Adding the Cloudflare adapter: npx astro add cloudflare --yes');
    await (options.astroAdd ?? runAstroAdd)(cwd);
    plan = planInit(cwd, date);
    if (plan.needsAdapter) {
      throw new CliError(
        '`astro add cloudflare` did not set the Cloudflare adapter in your astro.config. Set `adapter: cloudflare()` by hand, then run `npx louise init` again.',
      );
    }
  }
  for (const change of plan.changes) {
    const path = join(cwd, change.file);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, change.after);
    log(`${change.before === null ? 'created' : 'updated'} ${change.file}: ${change.summary}`);
  }
  for (const note of plan.notes) log(`\n${note}`);
  log('\nNext: npm run dev, then open the site with ?edit and sign in (on localhost: editor@localhost, password louise-dev).');
  return plan.changes;
}

/** Every change init would make now, without writing anything. */
export function planInit(cwd: string, compatibilityDate: string): InitPlan {
  const configFile = requireAstroConfig(cwd);
  const code = readFileSync(join(cwd, configFile), 'utf8');
  const astro = inspectAstroConfig(code, configFile);
  const plan: InitPlan = { needsAdapter: !astro.hasCloudflare, changes: [], notes: [] };
  const withLouise = addLouiseIntegration(code, configFile);
  if (withLouise !== code)
    plan.changes.push({ file: configFile, before: code, after: withLouise, summary: "added louise() to integrations (import louise from 'louise/astro')" });
  const context: WranglerContext = { name: workerName(packageName(cwd)), srcDir: astro.srcDir, compatibilityDate };
  planWorker(cwd, planWrangler(cwd, context, plan), plan);
  planSmallFiles(cwd, astro.srcDir, plan);
  return plan;
}

function requireAstroConfig(cwd: string): string {
  const configFile = findAstroConfig(cwd);
  if (!configFile) throw new CliError(`No astro.config here (${cwd}). Run \`npx louise init\` in your Astro project's folder.`);
  return configFile;
}

function planWrangler(cwd: string, context: WranglerContext, plan: InitPlan) {
  const found = findWranglerConfig(cwd) ?? { file: 'wrangler.jsonc', format: 'jsonc' as const, text: '', config: {} };
  const before = found.text === '' ? null : found.text;
  const base = before ?? '{\n  "$schema": "./node_modules/wrangler/config-schema.json"\n}\n';
  const wrangler = louiseWranglerEdits(found.config, context);
  plan.notes.push(...wrangler.notes);
  if (wrangler.edits.length === 0) return wrangler;
  let after: string;
  if (found.format === 'toml') {
    const result = applyTomlEdits(base, found.config, wrangler.edits);
    after = result.text;
    if (result.manual.length > 0)
      plan.notes.push(`Add to ${found.file} by hand (Louise could not edit these in place):\n\n${result.manual.map(editAsToml).join('\n\n')}`);
  } else {
    after = applyJsoncEdits(base, wrangler.edits);
  }
  try {
    parseWranglerConfig(after, found.format, found.file);
  } catch {
    throw new CliError(
      `Louise could not merge into ${found.file} safely; nothing was changed. Add these by hand: ${wrangler.edits.map((e) => e.description).join('; ')}.`,
    );
  }
  if (after !== before) plan.changes.push({ file: found.file, before, after, summary: wrangler.edits.map((edit) => edit.description).join(', ') });
  if (wrangler.edits.some((edit) => ['d1_databases', 'kv_namespaces', 'r2_buckets'].includes(String(edit.path[0])))) {
    plan.notes.push(
      'The D1 database, KV namespace and R2 bucket exist locally at once; wrangler creates them in your Cloudflare account on the first `npx wrangler deploy`.\n' +
        "After that deploy, create Louise's tables and your first editor there: npx louise db migrate --remote, then npx louise editor add you@example.com --publisher --remote",
    );
  }
  return wrangler;
}

function planWorker(cwd: string, wrangler: ReturnType<typeof louiseWranglerEdits>, plan: InitPlan): void {
  const main = wrangler.workerMain ?? wrangler.customMain;
  if (!main) return;
  const source = readIfExists(join(cwd, main));
  if (source === null && wrangler.workerMain) {
    plan.changes.push({
      file: main.replace(/^\.\//, ''),
      before: null,
      after: WORKER_SOURCE,
      summary: "the site's Worker: Louise around Astro's handler, and the RateLimiterObject and RealtimeObject classes",
    });
  } else {
    const note = workerInstructions(main, source);
    if (note) plan.notes.push(note);
  }
}

function planSmallFiles(cwd: string, srcDir: string, plan: InitPlan): void {
  if (!CMS_CONFIG_FILES.some((file) => existsSync(join(cwd, srcDir, file)))) {
    plan.changes.push({ file: `${srcDir}/cms.config.ts`, before: null, after: CMS_CONFIG_SOURCE, summary: "Louise's configuration (defaults)" });
  }
  const envFile = `${srcDir}/env.d.ts`;
  const envBefore = readIfExists(join(cwd, envFile));
  const envAfter = envTypes(envBefore);
  if (envAfter !== null) plan.changes.push({ file: envFile, before: envBefore, after: envAfter, summary: "Louise's types (louise/astro/types)" });
  const ignoreBefore = readIfExists(join(cwd, '.gitignore'));
  const ignore = gitignore(ignoreBefore);
  if (ignore) plan.changes.push({ file: '.gitignore', before: ignoreBefore, after: ignore.after, summary: `ignore ${ignore.added.join(', ')}` });
}

/** The plan as shown before asking. */
export function describePlan(plan: InitPlan): string {
  const lines = ['Louise will:'];
  if (plan.needsAdapter) lines.push('  - add the Cloudflare adapter: npx astro add cloudflare --yes (then merge into the wrangler.jsonc it creates)');
  for (const change of plan.changes) lines.push(`  - ${change.before === null ? 'create' : 'update'} ${change.file}: ${change.summary}`);
  return lines.join('\n');
}

function packageName(cwd: string): string | undefined {
  const manifest = readIfExists(join(cwd, 'package.json'));
  if (manifest === null) return undefined;
  try {
    const name: unknown = JSON.parse(manifest).name;
    return typeof name === 'string' ? name : undefined;
  } catch {
    return undefined;
  }
}

/** As `astro add cloudflare` does: the newest date the installed workerd supports; a fixed past date when that cannot be read. */
async function workerdCompatibilityDate(cwd: string): Promise<string> {
  try {
    const info = createRequire(join(cwd, 'package.json')).resolve('@astrojs/cloudflare/info');
    const module = (await import(pathToFileURL(info).href)) as { getLocalWorkerdCompatibilityDate: () => { date: string } };
    return module.getLocalWorkerdCompatibilityDate().date;
  } catch {
    return '2026-01-01';
  }
}

async function runAstroAdd(cwd: string): Promise<void> {
  const result = spawnSync('npx', ['astro', 'add', 'cloudflare', '--yes'], { cwd, stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) {
    throw new CliError(
      '`npx astro add cloudflare --yes` failed (see its output above). Fix that, or add the adapter by hand, then run `npx louise init` again.',
    );
  }
}
