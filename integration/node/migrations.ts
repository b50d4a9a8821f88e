// Node side (config time and the CLI): where the package keeps its SQL
// migrations, and reading them. They ship in the package's `migrations/`.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ShippedMigration } from '../../src/db/migrate.ts';

/**
 * The package's `migrations/` folder, found by walking up from this file to
 * the `louise` package.json, so it holds from the sources and from a build.
 */
export function louiseMigrationsDir(from: string = fileURLToPath(import.meta.url)): string {
  for (let dir = dirname(from); ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === 'louise') return join(dir, 'migrations');
    if (dirname(dir) === dir) throw new Error(`louise: cannot find the louise package (and its migrations/ folder) above ${from}; reinstall louise.`);
  }
}

/** The shipped migrations, in name order. */
export function readLouiseMigrations(dir: string = louiseMigrationsDir()): ShippedMigration[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => ({ name: file.slice(0, -'.sql'.length), sql: readFileSync(join(dir, file), 'utf8') }));
}
