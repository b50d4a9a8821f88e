import * as v from 'valibot';
import { INHERITED } from '../content/collection.ts';
import { siteSettingsColumns, type SiteSettingsColumn } from '../db/site-schema.ts';
import { isJsonObject } from './own-keys.ts';
import type { SettingSanitizer } from './setting-sanitizer.ts';
import { settingImage, settingJson, settingLinks, settingText } from './setting-values.ts';
import { BASE_SANITIZERS, sanitizedSettings, type SettingsDefaults, type SiteSettings } from './site-settings.ts';
import type { SettingField, SettingKind } from './wire.ts';

/** A setting's kind and field are the contract in wire.ts (shared with the settings panel). */
export type { SettingField, SettingKind };

/** What `settingsRoute`, `readSiteSettings` and `applySettingsPatch` are told about a site's settings. */
export interface SettingsConfig {
  /** Structured columns editors may write; default all of `siteSettingsColumns`. */
  columns?: readonly SiteSettingsColumn[] | undefined;
  /** Keys merged into `custom`: a list (each of kind `json`) or key to kind. */
  customKeys?: readonly string[] | Readonly<Record<string, SettingKind>> | undefined;
  /** Custom keys holding a media image (kind `image`); needs `mediaBase`. */
  imageKeys?: readonly string[] | undefined;
  /** The media URL prefix (`/media/` or `https://media.example.com/`) image settings must come from. */
  mediaBase?: string | undefined;
  defaults?: SettingsDefaults | undefined;
  /**
   * Keys (columns or custom keys) that may not be empty: a save or publish
   * leaving one empty is refused with 422 naming it. `siteName` is always
   * required (a site without a name shows an empty brand to visitors).
   */
  required?: readonly string[] | undefined;
}

/** A `SettingsConfig` checked once and resolved. */
export interface ResolvedSettings {
  columns: readonly SiteSettingsColumn[];
  customKeys: readonly string[];
  /** Base columns then custom keys, in declared order. */
  fields: readonly SettingField[];
  /** The sanitizer of a column or custom key. */
  sanitizers: ReadonlyMap<string, SettingSanitizer>;
  kinds: ReadonlyMap<string, SettingKind>;
  /** Defaults, checked and normalized like any write. */
  defaults: SiteSettings;
  /** Keys that may not be empty (`siteName` and the config's `required`). */
  required: ReadonlySet<string>;
}

const KINDS = ['text', 'longtext', 'links', 'image', 'json'] as const;
const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** Names a custom key may not take: the row's own columns and the body's own key. */
const RESERVED: ReadonlySet<string> = new Set(['id', 'updatedAt', 'custom', 'prototype', ...siteSettingsColumns]);

const BASE_KINDS: Readonly<Record<SiteSettingsColumn, SettingKind>> = { siteName: 'text', tagline: 'text', footerText: 'longtext' };

const Text = v.string('must be text');
const Options = v.object({
  columns: v.optional(v.array(v.picklist(siteSettingsColumns, `must be one of ${siteSettingsColumns.join(', ')}`), 'must be a list of column names')),
  customKeys: v.optional(
    v.union(
      [v.array(Text), v.custom<Record<string, unknown>>(isJsonObject)],
      'must be a list of keys or an object of key to kind (text, longtext, links, image, json)',
    ),
  ),
  imageKeys: v.optional(v.array(Text, 'must be a list of custom keys')),
  required: v.optional(v.array(Text, 'must be a list of setting keys')),
  mediaBase: v.optional(Text),
  defaults: v.optional(
    v.object(
      {
        siteName: v.optional(Text),
        tagline: v.optional(Text),
        footerText: v.optional(Text),
        custom: v.optional(v.custom<Record<string, unknown>>(isJsonObject, 'must be an object of custom key to value')),
      },
      'must be an object { siteName?, tagline?, footerText?, custom? }',
    ),
  ),
});

const resolved = new WeakMap<object, ResolvedSettings>();

/**
 * Checks a settings config and resolves it, once per config object (later
 * calls with the same object reuse the result). Throws an Error naming every
 * problem: a custom key that is not an identifier, collides with a column or
 * is listed twice, an unknown kind, an image key without `mediaBase` or
 * outside `customKeys`, defaults that fail their own checks.
 */
export function resolveSettings(config: SettingsConfig, who = 'settings'): ResolvedSettings {
  const known = resolved.get(config);
  if (known) return known;
  const result = resolve(config, who);
  resolved.set(config, result);
  return result;
}

function resolve(config: SettingsConfig, who: string): ResolvedSettings {
  const fail = (problems: readonly string[]) => new Error(`${who}: invalid settings config.\n  - ${problems.join('\n  - ')}`);
  const parsed = v.safeParse(Options, config);
  if (!parsed.success) throw fail(parsed.issues.map((issue) => `${v.getDotPath(issue) ?? 'config'}: ${issue.message}`));
  const options = parsed.output;
  const problems: string[] = [];
  const columns = options.columns ?? [...siteSettingsColumns];
  if (new Set(columns).size !== columns.length) problems.push('columns: lists a column twice');
  const kinds = new Map<string, SettingKind>(columns.map((column) => [column, BASE_KINDS[column]]));
  const custom = customEntries(options.customKeys, problems);
  for (const [key, kind] of custom) {
    if (!IDENT.test(key)) problems.push(`customKeys: ${JSON.stringify(key)} is not an identifier (letters, digits and _, not starting with a digit)`);
    else if ((siteSettingsColumns as readonly string[]).includes(key))
      problems.push(`customKeys: ${key} is a column of site_settings; list it in columns instead`);
    else if (RESERVED.has(key) || INHERITED.has(key)) problems.push(`customKeys: ${key} is reserved; choose another name`);
    else if (kinds.has(key)) problems.push(`customKeys: ${key} is listed twice`);
    else kinds.set(key, kind);
  }
  for (const key of options.imageKeys ?? []) {
    const kind = kinds.get(key);
    if (kind === undefined || columns.includes(key as SiteSettingsColumn))
      problems.push(`imageKeys: ${JSON.stringify(key)} is not in customKeys; add it there`);
    else if (kind !== 'json' && kind !== 'image') problems.push(`imageKeys: ${key} is declared as ${kind} in customKeys; declare it as image`);
    else kinds.set(key, 'image');
  }
  const customKeys = [...kinds.keys()].filter((key) => !(columns as readonly string[]).includes(key));
  const sanitizers = new Map<string, SettingSanitizer>(columns.map((column) => [column, BASE_SANITIZERS[column]]));
  const imageKeys = customKeys.filter((key) => kinds.get(key) === 'image');
  let image: SettingSanitizer | undefined;
  if (options.mediaBase !== undefined) {
    try {
      image = settingImage(options.mediaBase);
    } catch (error) {
      problems.push(`mediaBase: ${(error as Error).message}`);
    }
  } else if (imageKeys.length > 0) {
    problems.push(`imageKeys (${imageKeys.join(', ')}) need mediaBase: the URL prefix media is served from, such as '/media/'`);
  }
  const required = new Set<string>(columns.includes('siteName') ? ['siteName'] : []);
  for (const key of options.required ?? []) {
    if (!kinds.has(key)) problems.push(`required: ${JSON.stringify(key)} is not a setting of this site; list columns or customKeys only`);
    else required.add(key);
  }
  if (problems.length > 0) throw fail(problems);
  for (const key of customKeys) sanitizers.set(key, kindSanitizer(kinds.get(key) as SettingKind, image));
  const fields = [...kinds].map(([key, kind]) => ({ key, kind, label: settingLabel(key), ...(required.has(key) ? { required: true } : {}) }));
  const defaults = sanitizedSettings(options.defaults ?? {}, (key) =>
    customKeys.includes(key) ? { sanitize: sanitizers.get(key) as SettingSanitizer, keepsNull: kinds.get(key) === 'image' } : undefined,
  );
  if ('problems' in defaults) throw fail(defaults.problems.map((problem) => `defaults.${problem}`));
  return { columns, customKeys, fields, sanitizers, kinds, defaults: defaults.settings, required };
}

function customEntries(customKeys: readonly string[] | Record<string, unknown> | undefined, problems: string[]): [string, SettingKind][] {
  if (customKeys === undefined) return [];
  if (Array.isArray(customKeys)) return customKeys.map((key) => [key, 'json']);
  const entries: [string, SettingKind][] = [];
  for (const [key, kind] of Object.entries(customKeys)) {
    if ((KINDS as readonly unknown[]).includes(kind)) entries.push([key, kind as SettingKind]);
    else problems.push(`customKeys.${key}: kind must be one of ${KINDS.join(', ')} (got ${JSON.stringify(kind)})`);
  }
  return entries;
}

function kindSanitizer(kind: SettingKind, image: SettingSanitizer | undefined): SettingSanitizer {
  switch (kind) {
    case 'text':
      return settingText({ max: 500 });
    case 'longtext':
      return settingText({ max: 5000, multiline: true });
    case 'links':
      return settingLinks();
    case 'image':
      return image as SettingSanitizer;
    case 'json':
      return settingJson();
  }
}

/**
 * A label for a setting's key, for the settings panel: words split at
 * camelCase humps, underscores and dashes, the first capitalized.
 *
 * @example settingLabel('footerText') // 'Footer text'
 * @example settingLabel('social_links') // 'Social links'
 */
export function settingLabel(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter((word) => word !== '')
    .map((word) => (/^[A-Z0-9]+$/.test(word) && word.length > 1 ? word : word.toLowerCase()));
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
