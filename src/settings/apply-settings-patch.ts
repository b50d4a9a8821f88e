import { findConflicts } from '../drafts/merge-draft.ts';
import type { Violation } from '../content/validation-error.ts';
import { requirePublish } from '../http/guard.ts';
import type { EditorRouteEnv } from '../http/route.ts';
import type { EditorSession } from '../http/session.ts';
import { validationError } from '../drafts/draft-deps.ts';
import { setOwn } from './own-keys.ts';
import { partitionSettingsPatch } from './partition.ts';
import { runSanitizer } from './setting-sanitizer.ts';
import { raceConflict, settingsConflict, splitSettingsBody } from './settings-base.ts';
import { resolveSettings, type ResolvedSettings, type SettingsConfig } from './settings-config.ts';
import { readSettingsRow, writeSettingsRow, type StoredSettings } from './site-settings-store.ts';
import { REMOVE, settingValue, settingsRevs, settingsView, withSettings } from './site-settings.ts';
import type { SettingsPatchResult, SiteSettings, SiteSettingsRead } from './wire.ts';

/** The settings route's JSON shapes are the contract in wire.ts (shared with the browser client). */
export type { SettingsPatchResult, SiteSettingsRead };

/** A write that lost the race to another is tried again this often before answering 409. */
const ATTEMPTS = 2;

/**
 * Reads the site settings in one query: the base columns, the declared
 * custom keys, their revisions (`fieldRev`; an absent key hashes as null)
 * and the fields the settings panel renders. Before the row exists, the
 * configured defaults.
 */
export async function readSiteSettings(DB: D1Database | D1DatabaseSession, config: SettingsConfig): Promise<SiteSettingsRead> {
  const resolved = resolveSettings(config, 'readSiteSettings()');
  const stored = await readSettingsRow(DB);
  const current = currentSettings(stored, resolved);
  return {
    settings: settingsView(current, resolved.customKeys),
    revs: settingsRevs(current, resolved.customKeys),
    fields: resolved.fields.map((field) => ({ ...field })),
  };
}

/**
 * The one settings write path (settingsRoute, a site's own code): needs the
 * publish right (settings are live at once; 403), splits off `$base` (400
 * when malformed), writes only keys listed in `columns` or `customKeys`
 * (others are returned in `ignored`), checks every value by its kind (422
 * with every violation), refuses a stale `$base` (409 with each such key's
 * current value and revision) and writes columns and the merged `custom`
 * in one conditional statement. A custom key sent as `null` is removed
 * (an image keeps `null` as "no image"). When another write lands between
 * the read and the write, it reads and decides again once, then answers
 * 409; no save is ever lost silently. Nothing is written on any refusal,
 * nor for a patch with nothing to write (it answers the current settings).
 */
export async function applySettingsPatch<E extends EditorRouteEnv>(
  env: E,
  config: SettingsConfig,
  session: EditorSession,
  patch: Readonly<Record<string, unknown>>,
): Promise<SettingsPatchResult> {
  requirePublish(session);
  const resolved = resolveSettings(config, 'applySettingsPatch()');
  const { customKeys } = resolved;
  const { values, base } = splitSettingsBody(patch);
  const parts = partitionSettingsPatch(values, resolved.columns, customKeys);
  const { baseValues, customValues, touched } = checkedValues(resolved, parts.base, parts.custom);
  const answer = (settings: SiteSettings): SettingsPatchResult => ({
    settings: settingsView(settings, customKeys),
    revs: settingsRevs(settings, customKeys),
    ignored: parts.ignored,
  });
  if (touched.length === 0) return answer(currentSettings(await readSettingsRow(env.DB), resolved));
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const stored = await readSettingsRow(env.DB);
    const current = currentSettings(stored, resolved);
    const next = withSettings(current, baseValues, customValues);
    const conflicts = findConflicts(flat(current, touched), flat(next, touched), touched, base);
    if (conflicts.length > 0) throw settingsConflict(conflicts);
    if (await writeSettingsRow(env.DB, stored, next)) return answer(next);
  }
  const current = currentSettings(await readSettingsRow(env.DB), resolved);
  throw raceConflict(touched, (field) => settingValue(current, field));
}

/**
 * The settings as they stand: the row, a declared custom key it has never
 * held (declared after the row was seeded, or removed with `null`) showing
 * its default; the defaults before the row exists.
 */
function currentSettings(stored: StoredSettings | null, resolved: ResolvedSettings): SiteSettings {
  if (!stored) return resolved.defaults;
  const missing = resolved.customKeys.filter((key) => !Object.hasOwn(stored.settings.custom, key) && Object.hasOwn(resolved.defaults.custom, key));
  if (missing.length === 0) return stored.settings;
  return withSettings(stored.settings, {}, new Map(missing.map((key) => [key, resolved.defaults.custom[key]])));
}

/** Every value through its sanitizer; 422 with all violations before anything is read. */
function checkedValues(resolved: ResolvedSettings, base: Record<string, unknown>, custom: Record<string, unknown>) {
  const violations: Violation[] = [];
  const baseValues: Record<string, unknown> = {};
  const customValues = new Map<string, unknown>();
  const check = (key: string, value: unknown, store: (value: unknown) => void) => {
    const result = runSanitizer(key, resolved.sanitizers.get(key) as (value: unknown) => unknown, value);
    if ('violations' in result) violations.push(...result.violations);
    else store(result.value);
  };
  for (const key of Object.keys(base)) check(key, base[key], (value) => setOwn(baseValues, key, value));
  for (const key of Object.keys(custom)) {
    const value = custom[key];
    if (value === null && resolved.kinds.get(key) !== 'image') customValues.set(key, REMOVE);
    else check(key, value, (clean) => customValues.set(key, clean === undefined ? REMOVE : clean));
  }
  if (violations.length > 0) throw validationError(violations);
  return { baseValues, customValues, touched: [...Object.keys(baseValues), ...customValues.keys()] };
}

/** Keys to their values, flat (custom keys beside the columns), for the revision check. */
function flat(settings: SiteSettings, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) setOwn(out, key, settingValue(settings, key));
  return out;
}
