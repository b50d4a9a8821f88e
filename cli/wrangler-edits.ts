// What Louise needs in a wrangler config, as edits to whatever the site has:
// pure, so the JSONC and TOML writers apply the same list.
import { isRecord, type WranglerConfig } from './wrangler-config.ts';

/** Set `path` to `value` (`undefined`: remove it), or (`append`) add `value` to the array at `path`, creating it when missing. */
export interface ConfigEdit {
  path: string[];
  value: unknown;
  append?: boolean;
  /** What it does, for the plan and the summary. */
  description: string;
}

export interface WranglerContext {
  /** The worker and database name, already valid for wrangler. */
  name: string;
  /** Astro's srcDir relative to the project, without `./` (e.g. `src`). */
  srcDir: string;
  /** For a config without one. */
  compatibilityDate: string;
}

export interface WranglerPlan {
  edits: ConfigEdit[];
  /** The worker entry init owns (`./src/worker.ts`), or null when the site has its own `main`. */
  workerMain: string | null;
  /** The site's own `main`, which init leaves alone. */
  customMain: string | null;
  /** Things to say that are not edits. */
  notes: string[];
}

/** The entry `astro add cloudflare` writes: Astro's handler alone, which Louise's worker wraps. */
export const ASTRO_DEFAULT_MAIN = '@astrojs/cloudflare/entrypoints/server';
/**
 * What init wrote before louise() put the prerendered pages in the built
 * Worker's config: in the site's own config `astro dev` reads it too, and
 * sends Vite's client, the site's styles and every `public/` file to the
 * Worker, which answers 404. Init takes it out again.
 */
export const EARLIER_RUN_WORKER_FIRST = ['/*', '!/_astro/*', '!/_louise/*'];
/** Where `astro build` (with @astrojs/cloudflare) puts the client files; `astro add` writes `./dist`. */
export const ASSETS_DIRECTORY = './dist/client';
const STALE_ASSETS_DIRECTORIES = new Set(['./dist', 'dist', './dist/', 'dist/']);
const VALID_NAME = /^[a-z0-9_][a-z0-9-_]*$/;
/**
 * Louise's Durable Objects: the binding name the runtime reads, the class
 * the site's Worker re-exports and the module it comes from.
 */
export const DURABLE_OBJECTS = [
  { binding: 'RATE_LIMITER', className: 'RateLimiterObject', module: 'louise/astro/worker' },
  { binding: 'REALTIME', className: 'RealtimeObject', module: 'louise/astro/worker' },
] as const;

/** A worker name wrangler accepts, from a package name (`@example/blog` → `example-blog`). */
export function workerName(packageName: string | undefined): string {
  const name = (packageName ?? '')
    .toLowerCase()
    .replace(/^@/, '')
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-]+|[-]+$/g, '');
  return name || 'astro-site';
}

/** The edits that give `config` what Louise needs, leaving what the site set alone. */
export function louiseWranglerEdits(config: WranglerConfig, context: WranglerContext): WranglerPlan {
  const plan: WranglerPlan = { edits: [], workerMain: null, customMain: null, notes: [] };
  const name = config['name'];
  if (typeof name !== 'string' || !VALID_NAME.test(name)) {
    const why =
      typeof name === 'string'
        ? `name ${JSON.stringify(name)} → ${JSON.stringify(context.name)} (wrangler takes lowercase letters, digits, - and _)`
        : `name ${JSON.stringify(context.name)}`;
    plan.edits.push({ path: ['name'], value: context.name, description: why });
  }
  planMain(config, context, plan);
  if (typeof config['compatibility_date'] !== 'string') {
    plan.edits.push({ path: ['compatibility_date'], value: context.compatibilityDate, description: `compatibility_date ${context.compatibilityDate}` });
  }
  const flags = config['compatibility_flags'];
  if (!Array.isArray(flags)) plan.edits.push({ path: ['compatibility_flags'], value: ['nodejs_compat'], description: 'compatibility_flags nodejs_compat' });
  else if (!flags.includes('nodejs_compat'))
    plan.edits.push({ path: ['compatibility_flags'], value: 'nodejs_compat', append: true, description: 'compatibility flag nodejs_compat' });
  planAssets(config['assets'], plan);
  planBindings(config, context, plan);
  return plan;
}

function planMain(config: WranglerConfig, context: WranglerContext, plan: WranglerPlan): void {
  const main = config['main'];
  const ours = `./${context.srcDir}/worker.ts`;
  if (main === undefined || main === ASTRO_DEFAULT_MAIN) {
    plan.edits.push({ path: ['main'], value: ours, description: `main ${ours} (Louise around Astro's handler)` });
    plan.workerMain = ours;
  } else if (typeof main === 'string' && main.replace(/^\.\//, '') === ours.slice(2)) {
    plan.workerMain = main;
  } else {
    plan.customMain = String(main);
  }
}

function planAssets(assets: unknown, plan: WranglerPlan): void {
  if (!isRecord(assets)) {
    const value = { directory: ASSETS_DIRECTORY, binding: 'ASSETS' };
    plan.edits.push({ path: ['assets'], value, description: `assets (${ASSETS_DIRECTORY}, binding ASSETS)` });
    return;
  }
  const directory = assets['directory'];
  if (typeof directory !== 'string' || STALE_ASSETS_DIRECTORIES.has(directory)) {
    plan.edits.push({
      path: ['assets', 'directory'],
      value: ASSETS_DIRECTORY,
      description: `assets.directory ${ASSETS_DIRECTORY} (where astro build puts the client files)`,
    });
  }
  if (assets['binding'] === undefined) plan.edits.push({ path: ['assets', 'binding'], value: 'ASSETS', description: 'assets.binding ASSETS' });
  else if (assets['binding'] !== 'ASSETS')
    plan.notes.push(`assets.binding is ${JSON.stringify(assets['binding'])}; Louise reads prerendered pages through env.ASSETS, so rename it to "ASSETS".`);
  const first = assets['run_worker_first'];
  if (Array.isArray(first) && EARLIER_RUN_WORKER_FIRST.every((rule) => first.includes(rule))) {
    const kept = first.filter((rule) => !EARLIER_RUN_WORKER_FIRST.includes(rule));
    plan.edits.push({
      path: ['assets', 'run_worker_first'],
      value: kept.length > 0 ? kept : undefined,
      description: `assets.run_worker_first without ${EARLIER_RUN_WORKER_FIRST.join(' ')} (an earlier init's; louise() now sends the prerendered pages to the built Worker)`,
    });
    plan.notes.push(
      `Louise took ${JSON.stringify(EARLIER_RUN_WORKER_FIRST)} out of assets.run_worker_first: in your wrangler config it made \`astro dev\` answer 404 for Vite's client, your styles and public/ files. \`astro build\` now lists the prerendered pages in the built Worker's config (dist/server/wrangler.json) instead, so they stay editable in production.`,
    );
  }
}

function planBindings(config: WranglerConfig, context: WranglerContext, plan: WranglerPlan): void {
  if (!hasEntry(config['d1_databases'], 'binding', 'DB')) {
    plan.edits.push({
      path: ['d1_databases'],
      value: { binding: 'DB', database_name: context.name },
      append: true,
      description: `D1 database DB (${context.name})`,
    });
  }
  if (!hasEntry(config['kv_namespaces'], 'binding', 'KV')) {
    plan.edits.push({ path: ['kv_namespaces'], value: { binding: 'KV' }, append: true, description: 'KV namespace KV' });
  }
  if (!hasEntry(config['r2_buckets'], 'binding', 'MEDIA')) {
    const bucket = `${context.name}-media`;
    plan.edits.push({
      path: ['r2_buckets'],
      value: { binding: 'MEDIA', bucket_name: bucket },
      append: true,
      description: `R2 bucket MEDIA (${bucket}, the media library)`,
    });
  }
  planDurableObjects(config, plan);
}

/**
 * Each of Louise's Durable Objects bound by name, its class declared in a
 * migration of its own. Only what is missing is added: a config that has
 * `RATE_LIMITER` (what an earlier init wrote) gets `REALTIME` and one new
 * migration after the existing ones, whose tags stay as they are.
 */
function planDurableObjects(config: WranglerConfig, plan: WranglerPlan): void {
  const durable = config['durable_objects'];
  const bindings = isRecord(durable) ? durable['bindings'] : undefined;
  let table = isRecord(durable);
  for (const object of DURABLE_OBJECTS) {
    if (hasEntry(bindings, 'name', object.binding)) continue;
    const binding = { name: object.binding, class_name: object.className };
    const description = `Durable Object binding ${object.binding} (${object.className})`;
    if (table) plan.edits.push({ path: ['durable_objects', 'bindings'], value: binding, append: true, description });
    else plan.edits.push({ path: ['durable_objects'], value: { bindings: [binding] }, description });
    table = true;
  }
  const migrations = Array.isArray(config['migrations']) ? [...(config['migrations'] as unknown[])] : [];
  for (const object of DURABLE_OBJECTS) {
    if (migrations.some((entry) => declares(entry, object.className))) continue;
    const migration = { tag: nextTag(migrations), new_sqlite_classes: [object.className] };
    migrations.push(migration);
    plan.edits.push({ path: ['migrations'], value: migration, append: true, description: `Durable Object migration ${migration.tag} (${object.className})` });
  }
}

/**
 * A tag no migration has: `v<n>` in a list of Louise's migrations alone
 * (none yet, or what init wrote), `louise-v<n>` among the site's own, so
 * Louise's stand out there. Wrangler applies the entries after the last one
 * it deployed, in list order, so only uniqueness and the order matter.
 */
function nextTag(migrations: readonly unknown[]): string {
  const tags = new Set(migrations.map((entry) => (isRecord(entry) ? entry['tag'] : undefined)));
  const louiseClasses: readonly string[] = DURABLE_OBJECTS.map((object) => object.className);
  const prefix = migrations.every((entry) => classesOf(entry).every((name) => louiseClasses.includes(name))) ? 'v' : 'louise-v';
  let n = 1;
  while (tags.has(`${prefix}${n}`)) n++;
  return `${prefix}${n}`;
}

function hasEntry(list: unknown, key: string, value: string): boolean {
  return Array.isArray(list) && list.some((entry) => isRecord(entry) && entry[key] === value);
}

/** Every class a migration entry names: created, renamed (both names), deleted or transferred. */
function classesOf(entry: unknown): string[] {
  if (!isRecord(entry)) return [];
  const names: unknown[] = [];
  for (const key of ['new_classes', 'new_sqlite_classes', 'deleted_classes']) if (Array.isArray(entry[key])) names.push(...(entry[key] as unknown[]));
  for (const key of ['renamed_classes', 'transferred_classes'])
    if (Array.isArray(entry[key])) for (const moved of entry[key] as unknown[]) if (isRecord(moved)) names.push(moved['from'], moved['to']);
  return names.filter((name): name is string => typeof name === 'string');
}

/** Whether a migration entry creates the class (or renames another to it). */
function declares(entry: unknown, className: string): boolean {
  if (!isRecord(entry)) return false;
  const created = [entry['new_sqlite_classes'], entry['new_classes']].flatMap((list) => (Array.isArray(list) ? (list as unknown[]) : []));
  const renamed = Array.isArray(entry['renamed_classes']) ? entry['renamed_classes'].map((r: unknown) => (isRecord(r) ? r['to'] : undefined)) : [];
  return [...created, ...renamed].includes(className);
}
