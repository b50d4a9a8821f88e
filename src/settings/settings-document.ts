// Settings are a drafts document, like a page. The `site_settings` row is the
// live table of a built-in drafts collection, `site_settings` (one row, id 1),
// and `site_settings_versions` its versions (migration 0008). So settings get
// the drafts machinery pages use, not a second one: a save stores a version
// (`insertDraft`, guarded on the work it read), Publish copies a version onto
// the live row (`applyPublish`), Discard retires pending versions
// (`applyDiscard`), History lists the versions (`listVersions`). Visitors read
// the live row only; editors in edit mode read the work (the newest pending
// version, else the live row).
import { canonicalJson } from '../content/field-rev.ts';
import type { CollectionConfig } from '../content/collection.ts';
import { draftDeps, type DraftDeps } from '../drafts/draft-deps.ts';
import { readWork } from '../drafts/draft-store.ts';
import { siteSettings, siteSettingsColumns, siteSettingsVersions } from '../db/site-schema.ts';
import type { D1Client } from '../db/d1-session.ts';
import { isJsonObject, ownValue } from './own-keys.ts';
import type { ResolvedSettings } from './settings-config.ts';
import { settingValue, withSettings } from './site-settings.ts';
import type { SettingsDraft, SiteSettings } from './wire.ts';

/** The settings row's id: the document's one row. */
export const SETTINGS_ROW = 1;

/**
 * The built-in drafts collection settings are stored as. Its fields are the
 * row's columns; `custom` is one JSON field (the route checks each custom key
 * by its kind before anything reaches it).
 * @internal (not exported from any package entry)
 */
export const SETTINGS_DOCUMENT: CollectionConfig = Object.freeze({
  slug: 'site_settings',
  fields: { siteName: { type: 'text' }, tagline: { type: 'text' }, footerText: { type: 'text' }, custom: { type: 'json' } },
  versions: { drafts: true },
}) as CollectionConfig;

let deps: DraftDeps<unknown> | undefined;

/** The drafts dependencies of the settings document, checked once against its tables. */
export function settingsDeps<E>(): DraftDeps<E> {
  deps ??= draftDeps<unknown>({ table: siteSettings, versionsTable: siteSettingsVersions, config: SETTINGS_DOCUMENT });
  return deps as DraftDeps<E>;
}

/** The settings as visitors see them and as editors work on them, read in one batch. */
export interface SettingsState {
  /** The live row (visitors): the defaults before the row exists. */
  published: SiteSettings;
  /** The newest pending version, else the live row. */
  work: SiteSettings;
  /** The pending draft, or null. */
  draft: SettingsDraft | null;
  /** The row as stored, for the guarded insert; null before the row exists. */
  stored: Record<string, unknown> | null;
}

/** Reads the live row and its newest pending version; `keys` are the declared keys whose changes are counted. */
export async function readSettingsState(client: D1Client, resolved: ResolvedSettings): Promise<SettingsState> {
  const work = await readWork(client, settingsDeps().vt, SETTINGS_ROW);
  if (!work) return { published: resolved.defaults, work: resolved.defaults, draft: null, stored: null };
  const published = filled(rowSettings(work.live), resolved);
  const current = filled(rowSettings(work.data), resolved);
  const draft = work.draft
    ? { versionId: work.draft.id as number, changed: changedKeys(published, current, [...resolved.columns, ...resolved.customKeys]) }
    : null;
  return { published, work: current, draft, stored: work.stored };
}

/** Declared keys whose value differs between two settings. */
export function changedKeys(a: SiteSettings, b: SiteSettings, keys: readonly string[]): string[] {
  return keys.filter((key) => canonicalJson(settingValue(a, key)) !== canonicalJson(settingValue(b, key)));
}

/** A decoded row (live or version) as settings; a `custom` that is not an object reads as `{}`. */
export function rowSettings(row: Readonly<Record<string, unknown>>): SiteSettings {
  const text = (key: string) => {
    const value = ownValue(row, key);
    return typeof value === 'string' ? value : '';
  };
  const custom = ownValue(row, 'custom');
  return { siteName: text('siteName'), tagline: text('tagline'), footerText: text('footerText'), custom: isJsonObject(custom) ? custom : {} };
}

/** The settings' fields as the document stores them. */
export function documentFields(settings: SiteSettings): Record<string, unknown> {
  const fields: Record<string, unknown> = { custom: settings.custom };
  for (const column of siteSettingsColumns) fields[column] = settings[column];
  return fields;
}

/**
 * The settings as they stand: a declared custom key the row has never held
 * (declared after the row was seeded, or removed with `null`) shows its default.
 */
export function filled(settings: SiteSettings, resolved: ResolvedSettings): SiteSettings {
  const missing = resolved.customKeys.filter((key) => !Object.hasOwn(settings.custom, key) && Object.hasOwn(resolved.defaults.custom, key));
  if (missing.length === 0) return settings;
  return withSettings(settings, {}, new Map(missing.map((key) => [key, resolved.defaults.custom[key]])));
}
