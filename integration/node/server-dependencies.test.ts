import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { serverDependencies } from './vite-plugins.ts';

// `astro dev` on a site that installed Louise runs the Worker's modules in
// workerd, unbundled; Vite scans only the site's sources for dependencies to
// pre-bundle, so a dependency of Louise's server code that loads CommonJS
// (under Vite's `development` condition, as in dev) fails there with
// "module is not defined" unless serverDependencies() names it.
const root = fileURLToPath(new URL('../..', import.meta.url));
const CONDITIONS = ['development', 'workerd', 'worker', 'import', 'module', 'default'];
const IMPORTS = /(?:^|[;\s])(?:import|export)\s*(?:[^'";]*?\sfrom\s*)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

const specifiers = (code: string) => [...code.matchAll(IMPORTS)].map((match) => (match[1] ?? match[2]) as string);
const isCommonJs = (code: string) => /\bmodule\.exports\b|\bexports\.\w+\s*=|\brequire\(/.test(code) && !/^\s*(?:import|export)\b/m.test(code);

/** A conditional `exports` target, picked the way Vite does for the given conditions. */
function pick(target: unknown): string | undefined {
  if (typeof target === 'string') return target;
  if (Array.isArray(target)) return target.map(pick).find(Boolean);
  if (target && typeof target === 'object') for (const [key, value] of Object.entries(target)) if (CONDITIONS.includes(key)) return pick(value) ?? undefined;
  return undefined;
}

/** The package folder of `name` seen from `from`, walking up node_modules folders. */
function packageDir(name: string, from: string): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dirname(dir) === dir) return undefined;
  }
}

function resolveBare(specifier: string, from: string): string | undefined {
  if (specifier.startsWith('node:') || specifier.startsWith('cloudflare:') || specifier.startsWith('astro:')) return undefined;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] as string);
  const dir = packageDir(name, from);
  if (!dir) return undefined;
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { exports?: unknown; module?: string; main?: string };
  const sub = `.${specifier.slice(name.length)}`;
  let target: string | undefined;
  if (manifest.exports !== undefined) {
    const map =
      typeof manifest.exports === 'string' || Array.isArray(manifest.exports) || !Object.keys(manifest.exports as object).some((k) => k.startsWith('.'))
        ? { '.': manifest.exports }
        : (manifest.exports as Record<string, unknown>);
    if (sub in map) target = pick(map[sub]);
    else
      for (const [key, value] of Object.entries(map))
        if (key.includes('*') && sub.startsWith(key.slice(0, key.indexOf('*')))) target = pick(value)?.replace('*', sub.slice(key.indexOf('*')));
  } else target = sub === '.' ? (manifest.module ?? manifest.main ?? 'index.js') : sub;
  return target ? file(join(dir, target)) : undefined;
}

const file = (path: string) => [path, `${path}.js`, `${path}.mjs`, join(path, 'index.js')].find((p) => existsSync(p) && !p.endsWith('/'));

/** The packages whose modules, reached from `entry` by ESM imports, include a CommonJS one. */
function reachesCommonJs(entry: string): string[] {
  const seen = new Set<string>();
  const found = new Set<string>();
  const stack = [entry];
  while (stack.length > 0) {
    const path = stack.pop() as string;
    if (seen.has(path)) continue;
    seen.add(path);
    const code = readFileSync(path, 'utf8');
    if (isCommonJs(code)) found.add(relative(root, path));
    for (const specifier of specifiers(code)) {
      const next = specifier.startsWith('.') ? file(join(dirname(path), specifier)) : resolveBare(specifier, dirname(path));
      if (next) stack.push(next);
    }
  }
  return [...found];
}

/** Every file of Louise's server code (the Worker and what it imports from src/), tests left out. */
function serverFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((path) => /\.ts$/.test(path) && !/\.(test|testing)\.ts$|\.d\.ts$/.test(path) && !path.startsWith('client'))
    .map((path) => join(root, dir, path));
}

describe('serverDependencies', () => {
  it("pre-bundles, for astro dev, every package Louise's server code imports that loads CommonJS", () => {
    const dependencies = Object.keys((JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: object }).dependencies);
    const imported = new Set(
      [...serverFiles('src'), ...serverFiles('integration/worker')].flatMap((path) =>
        specifiers(readFileSync(path, 'utf8')).filter((specifier) => !specifier.startsWith('.') && !specifier.startsWith('node:')),
      ),
    );
    const loadsCommonJs = [...imported]
      .filter((specifier) => dependencies.some((name) => specifier === name || specifier.startsWith(`${name}/`)))
      .filter((specifier) => {
        const entry = resolveBare(specifier, root);
        return entry !== undefined && reachesCommonJs(entry).length > 0;
      })
      .sort();
    const plugin = serverDependencies();
    const config = (plugin.configEnvironment as (name: string) => { optimizeDeps: { include: string[] } })('ssr');
    expect(loadsCommonJs).not.toEqual([]);
    expect(config.optimizeDeps.include.map((id) => id.replace(/^louise > /, '')).sort()).toEqual(expect.arrayContaining(loadsCommonJs));
  });
});
