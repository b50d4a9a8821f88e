// `npx louise db seed [--remote] [--config <file>]`: the site settings row
// from the defaults the site's cms.config declares, through the same
// statement `POST /api/cms/seed` and `astro dev` run (seedSettingsSql).
import { seedSettingsSql } from '../src/settings/seed-sql.ts';
import type { SettingsDefaults } from '../src/settings/site-settings.ts';
import { findCmsConfig, loadCmsConfig } from './cms-config.ts';
import type { D1Executor, D1Target } from './d1.ts';

/** Seeds the settings row unless it exists; returns the line to print. */
export async function seedDatabase(target: D1Target & { config?: string | undefined }, label: string, d1: D1Executor): Promise<string> {
  const file = findCmsConfig(target.cwd, target.config, true) as string;
  const config = await loadCmsConfig(file);
  if (!config.settings) return `${file} declares no settings (settings in defineCms), so there is nothing to seed.`;
  const defaults = (config.settings.defaults ?? {}) as SettingsDefaults;
  const [result] = d1.command(`${seedSettingsSql(defaults).replace(/;$/, '')} RETURNING id`);
  return (result?.results.length ?? 0) > 0 ? `Seeded the site settings in ${label}.` : `The site settings in ${label} already exist; left as they are.`;
}
