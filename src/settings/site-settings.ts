import { fieldRev } from '../content/field-rev.ts';
import { siteSettingsColumns, type SiteSettingsColumn } from '../db/site-schema.ts';
import { copyOwn, ownValue, setOwn } from './own-keys.ts';
import { runSanitizer, type SettingSanitizer } from './setting-sanitizer.ts';
import { settingText } from './setting-values.ts';
import type { SiteSettings } from './wire.ts';

/** The `site_settings` row as routes answer it: the contract in wire.ts (shared with the settings panel). */
export type { SiteSettings };

/** Values the `site_settings` row starts from before it exists (GET, the first PATCH, seeding). */
export interface SettingsDefaults {
  siteName?: string | undefined;
  tagline?: string | undefined;
  footerText?: string | undefined;
  /** Custom keys to their starting values. */
  custom?: Readonly<Record<string, unknown>> | undefined;
}

/** How a custom key is checked: its sanitizer, and whether `null` is a value (an image's "none") rather than "remove the key". */
export interface CustomRule {
  sanitize: SettingSanitizer;
  keepsNull: boolean;
}

/** The sanitizers of the structured columns: plain text, the footer on several lines. */
export const BASE_SANITIZERS: Readonly<Record<SiteSettingsColumn, SettingSanitizer>> = Object.freeze({
  siteName: settingText({ max: 500 }),
  tagline: settingText({ max: 500 }),
  footerText: settingText({ max: 2000, multiline: true }),
});

/**
 * Settings made from defaults, every value through its sanitizer (custom keys
 * through `rule`; a key without one is a problem), or the problems as
 * `field: message` lines. A custom `null` is left out unless its rule keeps it.
 */
export function sanitizedSettings(
  defaults: SettingsDefaults,
  rule: (key: string) => CustomRule | undefined,
): { settings: SiteSettings } | { problems: string[] } {
  const problems: string[] = [];
  const base: Record<string, string> = {};
  for (const column of siteSettingsColumns) {
    const result = runSanitizer(column, BASE_SANITIZERS[column], ownValue(defaults as Readonly<Record<string, unknown>>, column) ?? '');
    if ('violations' in result) problems.push(...result.violations.map((v) => `${v.field}: ${v.message}`));
    else base[column] = result.value as string;
  }
  const custom: Record<string, unknown> = {};
  const given = defaults.custom ?? {};
  for (const key of Object.keys(given)) {
    const found = rule(key);
    if (!found) {
      problems.push(`custom.${key}: not a custom key; add it to customKeys or remove it`);
      continue;
    }
    const value = given[key];
    if (value === null && !found.keepsNull) continue;
    const result = runSanitizer(key, found.sanitize, value);
    if ('violations' in result) problems.push(...result.violations.map((v) => `custom.${v.field}: ${v.message}`));
    else setOwn(custom, key, result.value);
  }
  if (problems.length > 0) return { problems };
  return { settings: { siteName: base.siteName ?? '', tagline: base.tagline ?? '', footerText: base.footerText ?? '', custom } };
}

/** One setting's value by key (a column, or a custom key: null when absent). */
export function settingValue(settings: SiteSettings, key: string): unknown {
  if ((siteSettingsColumns as readonly string[]).includes(key)) return settings[key as SiteSettingsColumn];
  const value = ownValue(settings.custom, key);
  return value === undefined ? null : value;
}

/** The settings as an editor sees them: the structured base, and only the declared custom keys. */
export function settingsView(settings: SiteSettings, customKeys: readonly string[]): SiteSettings {
  const custom: Record<string, unknown> = {};
  for (const key of customKeys) if (Object.hasOwn(settings.custom, key)) setOwn(custom, key, settings.custom[key]);
  return { siteName: settings.siteName, tagline: settings.tagline, footerText: settings.footerText, custom };
}

/** `fieldRev` of every column and every custom key (an absent custom key hashes as null). */
export function settingsRevs(settings: SiteSettings, customKeys: readonly string[]): Record<string, string> {
  const revs: Record<string, string> = {};
  for (const key of [...siteSettingsColumns, ...customKeys]) setOwn(revs, key, fieldRev(settingValue(settings, key)));
  return revs;
}

/** A copy of `settings` with `base` columns and `custom` keys set; `REMOVE` deletes a custom key. */
export function withSettings(settings: SiteSettings, base: Readonly<Record<string, unknown>>, custom: ReadonlyMap<string, unknown>): SiteSettings {
  const next: SiteSettings = { ...settings, custom: copyOwn(settings.custom) };
  for (const column of siteSettingsColumns) if (Object.hasOwn(base, column)) next[column] = base[column] as string;
  for (const [key, value] of custom) {
    if (value === REMOVE) delete next.custom[key];
    else setOwn(next.custom, key, value);
  }
  return next;
}

/** Marks a custom key a patch removes (it was sent as `null`). */
export const REMOVE: unique symbol = Symbol('remove');
