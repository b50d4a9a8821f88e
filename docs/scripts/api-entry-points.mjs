// The API reference documents exactly the package's public surface: every
// entry of package.json "exports" that has types, read from the built .d.ts
// in lib/ (`npm run build:pkg`; `npm install` runs it).
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `{ 'louise/astro': '<root>/lib/integration/index.d.ts', ... }`, one per
 * module: a path that is an alias of an earlier one (`louise/worker` of
 * `louise/astro/worker`) is the same module, documented under the first.
 */
export function apiEntries(root, pkg) {
  const entries = {};
  const seen = new Set();
  for (const [subpath, target] of Object.entries(pkg.exports)) {
    const types = typeof target === 'object' ? target.types : undefined;
    if (!types || seen.has(types)) continue;
    seen.add(types);
    entries[`${pkg.name}${subpath.slice(1)}`] = join(root, types);
  }
  return entries;
}

export function apiEntryPoints(root, pkg) {
  const files = Object.values(apiEntries(root, pkg));
  const missing = files.filter((file) => !existsSync(file));
  if (missing.length > 0) throw new Error(`docs: ${missing.length} entry types are missing (${missing[0]}): run \`npm run build:pkg\` first.`);
  return files;
}
