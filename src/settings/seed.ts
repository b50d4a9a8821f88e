import { seedSettings, seedStatement, seedValues } from './seed-sql.ts';
import type { SettingsDefaults } from './site-settings.ts';

export { seedSettings, seedSettingsSql, sqlLiteral } from './seed-sql.ts';

/**
 * Creates the `site_settings` singleton from `defaults` unless it exists:
 * true when this call created it, false when the row was already there
 * (nothing changed). The same statement `seedSettingsSql` prints, with the
 * values bound.
 */
export async function seedSiteSettings(DB: D1Database | D1DatabaseSession, defaults: SettingsDefaults): Promise<boolean> {
  const values = seedValues(seedSettings(defaults));
  const result = await DB.prepare(seedStatement((index) => `?${index + 1}`))
    .bind(...values)
    .run();
  return result.meta.changes > 0;
}
