import type { AstroIntegrationLogger } from 'astro';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Cloudflare's limits on `assets.run_worker_first` (workers-shared's
 * parseStaticRouting: at most 100 rules, each under 100 characters).
 */
const MAX_RULES = 100;
const MAX_RULE_LENGTH = 99;

export interface RoutingInput {
  /** The prerendered HTML files, relative to the client output folder (`about/index.html`). */
  files: readonly string[];
  /** Astro's `base` (`/`, `/docs/`). */
  base: string;
  /** wrangler's `assets.html_handling` (how a request path maps to an `.html` file); default `auto-trailing-slash`. */
  htmlHandling?: string | undefined;
  /** Folders under `base` served only as static files, kept out of a glob that would cover them (`_astro`, `_louise`). */
  staticDirs: readonly string[];
  /** The site's own `run_worker_first` list, kept. */
  existing?: readonly string[];
}

/**
 * The `run_worker_first` rules that send each prerendered page to the
 * Worker (which shows its published regions and, with `?edit`, the editor)
 * and nothing else: `public/` files, `/_astro/` and `/_louise/` stay plain
 * static assets. One rule per page at its canonical URL (the others are
 * redirected there by the asset server first); a site with more pages than
 * Cloudflare's 100 rules gets folders (`/blog/*`) instead, the ones that
 * save the most rules for the least reach. Null when there is no page.
 */
export function prerenderedPageRules(input: RoutingInput): string[] | null {
  const base = `/${input.base.replace(/^\/+|\/+$/g, '')}/`.replace('//', '/');
  const pages = [...new Set(input.files.filter((file) => file.endsWith('.html')).map((file) => canonicalPath(`${base}${file}`, input.htmlHandling)))];
  if (pages.length === 0) return null;
  const existing = input.existing ?? [];
  let rules = withoutCovered(pages.map(shorten));
  while (rules.length + existing.length > MAX_RULES) {
    const fewer = collapseOnce(rules, rules.length + existing.length - MAX_RULES);
    if (fewer.length >= rules.length) break;
    rules = fewer;
  }
  const negatives = input.staticDirs
    .map((dir) => `${base}${dir.replace(/^\/+|\/+$/g, '')}/`)
    .filter((dir) => rules.some((rule) => rule.endsWith('*') && dir.startsWith(rule.slice(0, -1))))
    .map((dir) => `!${dir}*`);
  return withoutCovered([...existing, ...rules, ...negatives]);
}

/** The URL path the asset server answers a file at without a redirect. */
function canonicalPath(file: string, handling: string | undefined): string {
  const path = encodeURI(file);
  if (handling === 'none') return path;
  const directory = path.endsWith('/index.html');
  const bare = path.replace(/(?:\/index)?\.html$/, '') || '/';
  if (bare === '/' || bare.endsWith('/')) return bare;
  if (handling === 'force-trailing-slash') return `${bare}/`;
  if (handling === 'drop-trailing-slash') return bare;
  return directory ? `${bare}/` : bare;
}

/** A path too long for a rule becomes the glob of its deepest folder that fits. */
function shorten(path: string): string {
  if (path.length <= MAX_RULE_LENGTH) return path;
  return `${path.slice(0, path.lastIndexOf('/', MAX_RULE_LENGTH - 2) + 1)}*`;
}

/**
 * Replaces the rules under one folder with its glob: the deepest folder
 * that saves `needed` rules alone, else the one that saves the most (the
 * root, `/*`, only when nothing else is left).
 */
function collapseOnce(rules: readonly string[], needed: number): string[] {
  const saves = new Map<string, number>();
  for (const rule of rules) {
    for (let at = rule.indexOf('/', 1); at !== -1; at = rule.indexOf('/', at + 1)) {
      const dir = rule.slice(0, at + 1);
      saves.set(dir, (saves.get(dir) ?? -1) + 1);
    }
  }
  const folders = [...saves].filter(([, saved]) => saved > 0);
  const enough = folders.filter(([, saved]) => saved >= needed).sort((a, b) => b[0].length - a[0].length);
  const most = [...folders].sort((a, b) => b[1] - a[1] || b[0].length - a[0].length);
  const dir = enough[0]?.[0] ?? most[0]?.[0] ?? '/';
  return withoutCovered([...rules, `${dir}*`]);
}

/** Drops duplicates and any rule a glob of the same kind covers (wrangler refuses them as redundant). */
function withoutCovered(rules: readonly string[]): string[] {
  const unique = [...new Set(rules)];
  const globs = unique.filter((rule) => rule.endsWith('*'));
  return unique.filter((rule) => !globs.some((glob) => glob !== rule && glob.startsWith('!') === rule.startsWith('!') && rule.startsWith(glob.slice(0, -1))));
}

interface BuiltAssets {
  run_worker_first?: unknown;
  html_handling?: string;
}

/**
 * `astro build`: adds the prerendered pages to `run_worker_first` in the
 * Worker config the Cloudflare adapter wrote (`dist/server/wrangler.json`,
 * what `wrangler dev`, `wrangler deploy` and `astro preview` run), never in
 * the site's own wrangler config, which `astro dev` reads too: there a
 * Worker-first rule takes Vite's client, the site's styles and `public/`
 * away from the dev server. The pages are the `.html` files the build wrote
 * (those copied from `public/` are not Astro's pages). A site whose config
 * already sends every request to the Worker (`true`) is left as it is.
 */
export function routePrerenderedPages(
  build: { serverDir: URL; clientDir: URL; publicDir: URL; base: string; staticDirs: readonly string[] },
  logger: AstroIntegrationLogger,
): void {
  const configUrl = new URL('./wrangler.json', build.serverDir);
  if (!existsSync(configUrl)) {
    logger.warn(`no ${fileURLToPath(configUrl)}: prerendered pages are served without the Worker, so they show no published edits.`);
    return;
  }
  const config = JSON.parse(readFileSync(configUrl, 'utf8')) as { assets?: BuiltAssets };
  const current = config.assets?.run_worker_first;
  if (current === true) return;
  const client = fileURLToPath(build.clientDir);
  const publicDir = fileURLToPath(build.publicDir);
  const files = existsSync(client)
    ? readdirSync(client, { recursive: true, encoding: 'utf8' })
        .map((file) => file.replaceAll('\\', '/'))
        .filter((file) => file.endsWith('.html') && !existsSync(join(publicDir, file)))
    : [];
  const rules = prerenderedPageRules({
    files,
    base: build.base,
    htmlHandling: config.assets?.html_handling,
    staticDirs: build.staticDirs,
    existing: Array.isArray(current) ? (current as string[]) : [],
  });
  if (!rules) return;
  config.assets = { ...config.assets, run_worker_first: rules };
  writeFileSync(configUrl, JSON.stringify(config));
  logger.info(`${rules.length} run_worker_first rules in ${fileURLToPath(configUrl)}: prerendered pages go through the Worker.`);
}
