// Louise's peers (astro, @astrojs/cloudflare) against what the site has
// installed: init stops before changing anything and says what to run.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { CliError } from './errors.ts';

/** The version of `name` the project in `cwd` resolves (Node's lookup, so a workspace's hoisted copy counts), or null. */
export function installedVersion(cwd: string, name: string): string | null {
  const folders = createRequire(join(cwd, 'package.json')).resolve.paths(name) ?? [];
  for (const folder of folders) {
    const manifest = join(folder, name, 'package.json');
    if (!existsSync(manifest)) continue;
    const version: unknown = JSON.parse(readFileSync(manifest, 'utf8')).version;
    return typeof version === 'string' ? version : null;
  }
  return null;
}

/** Louise's own `peerDependencies`, as published. */
export function louisePeers(): Record<string, string> {
  const manifest = createRequire(import.meta.url)('louise/package.json') as { peerDependencies?: Record<string, string> };
  return manifest.peerDependencies ?? {};
}

/**
 * Whether `version` is in a caret range as Louise's peers write them
 * (`^7.2`, `^14`, `^7.2.1`): the same major, at least the minor and patch; a
 * prerelease counts as below its release. Any other range is not judged here
 * (npm does that at install).
 */
export function satisfiesCaret(version: string, range: string): boolean {
  const wanted = /^\^(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(range.trim());
  const found = /^(\d+)\.(\d+)\.(\d+)(-.+)?/.exec(version.trim());
  if (!wanted) return true;
  if (!found) return false;
  const min = [Number(wanted[1]), Number(wanted[2] ?? 0), Number(wanted[3] ?? 0)];
  const have = [Number(found[1]), Number(found[2]), Number(found[3])];
  if (have[0] !== min[0]) return false;
  for (const i of [1, 2]) if (have[i] !== min[i]) return (have[i] as number) > (min[i] as number);
  return found[4] === undefined;
}

/** What to run to bring each peer into range. */
const UPGRADE: Record<string, (range: string) => string> = {
  astro: (range) => `npm install astro@${range} (npx @astrojs/upgrade updates Astro's official integrations with it)`,
  '@astrojs/cloudflare': (range) => `npm install @astrojs/cloudflare@${range}`,
};

/**
 * Throws a CliError naming each installed peer outside Louise's range and
 * the command that fixes it. Astro must be installed; the adapter may be
 * missing (init adds it with `astro add cloudflare`).
 */
export function checkPeers(cwd: string, installed: (cwd: string, name: string) => string | null = installedVersion, peers = louisePeers()): void {
  const problems: string[] = [];
  // Astro first: the adapter's range follows from it.
  const ordered = Object.entries(peers).sort(([a], [b]) => Number(b === 'astro') - Number(a === 'astro'));
  for (const [name, range] of ordered) {
    const version = installed(cwd, name);
    const fix = UPGRADE[name]?.(range) ?? `npm install ${name}@${range}`;
    if (version === null) {
      if (name === 'astro') problems.push(`Astro is not installed in ${cwd}. Run: npm install (or ${fix}).`);
    } else if (!satisfiesCaret(version, range)) {
      problems.push(`Louise needs ${name} ${range}; this project has ${version}. Run: ${fix}.`);
    }
  }
  if (problems.length > 0) throw new CliError(`${problems.join('\n')}\nThen run \`npx louise init\` again. Nothing was changed.`);
}
