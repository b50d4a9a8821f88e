// `npx louise db seed [--remote] [--config <file>]`: the site settings row
// from the defaults the site's cms.config declares, through the same
// statement `POST /api/cms/seed` and `astro dev` run (seedSettingsSql).
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { seedSettingsSql } from '../src/editor/settings/seed-sql.ts';
import type { SettingsDefaults } from '../src/editor/settings/site-settings.ts';
import { d1Command, type D1Target } from './d1.ts';
import { CliError } from './errors.ts';

const CONFIG_CANDIDATES = ['src/cms.config.ts', 'src/cms.config.js', 'src/cms.config.mjs', 'site/cms.config.ts'];

/** Seeds the settings row unless it exists; returns the line to print. */
export async function seedDatabase(target: D1Target & { config?: string | undefined }, label: string): Promise<string> {
  const file = configFile(target.cwd, target.config);
  // The module default-exports defineCms({ ... }), already checked as it loaded; only its settings are read here.
  let config: { settings?: { defaults?: SettingsDefaults } };
  try {
    config = ((await import(pathToFileURL(file).href)) as { default?: typeof config }).default ?? {};
  } catch (error) {
    throw new CliError(`Could not load ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!config.settings) return `${file} declares no settings (settings in defineCms), so there is nothing to seed.`;
  const [result] = d1Command(target, `${seedSettingsSql(config.settings.defaults ?? {}).replace(/;$/, '')} RETURNING id`);
  return (result?.results.length ?? 0) > 0 ? `Seeded the site settings in ${label}.` : `The site settings in ${label} already exist; left as they are.`;
}

function configFile(cwd: string, explicit: string | undefined): string {
  if (explicit) {
    const file = resolve(cwd, explicit);
    if (!existsSync(file)) throw new CliError(`--config ${explicit}: there is no such file.`, 2);
    return file;
  }
  const found = CONFIG_CANDIDATES.map((name) => join(cwd, name)).find((file) => existsSync(file));
  if (!found) throw new CliError(`No cms.config found (looked for ${CONFIG_CANDIDATES.join(', ')}). Pass --config <file>.`, 2);
  return found;
}
