import { canonicalJson } from '../content/field-rev.ts';
import { pick } from '../content/table-codec.ts';
import type { Violation } from '../content/validation-error.ts';
import { applyDiscard, applyPublish } from '../drafts/apply-publish.ts';
import { validationError } from '../drafts/draft-deps.ts';
import { insertDraft } from '../drafts/draft-store.ts';
import { listVersions } from '../drafts/versions-route.ts';
import { findConflicts } from '../drafts/merge-draft.ts';
import type { VersionsPage } from '../drafts/wire.ts';
import type { D1Client } from '../db/d1-session.ts';
import { HttpError } from '../http/errors.ts';
import { requirePublish } from '../http/guard.ts';
import type { EditorRouteEnv } from '../http/route.ts';
import type { EditorSession } from '../http/session.ts';
import { setOwn } from './own-keys.ts';
import { partitionSettingsPatch } from './partition.ts';
import { runSanitizer } from './setting-sanitizer.ts';
import { raceConflict, settingsConflict, splitSettingsBody } from './settings-base.ts';
import { documentFields, readSettingsState, rowSettings, SETTINGS_ROW, settingsDeps, type SettingsState } from './settings-document.ts';
import { resolveSettings, type ResolvedSettings, type SettingsConfig } from './settings-config.ts';
import { writeSettingsRow } from './site-settings-store.ts';
import { REMOVE, settingValue, settingsRevs, settingsView, withSettings } from './site-settings.ts';
import type { SettingKind, SettingsPatchResult, SiteSettings, SiteSettingsRead } from './wire.ts';

/** The settings route's JSON shapes are the contract in wire.ts (shared with the browser client). */
export type { SettingsPatchResult, SiteSettingsRead };

/** A write that lost the race to another is tried again this often before answering 409. */
const ATTEMPTS = 2;

/**
 * Reads the site settings in one batch: the settings an editor works on (the
 * pending draft, else the published settings) with a revision per key
 * (`fieldRev`; an absent key hashes as null), the fields the settings panel
 * renders, the published settings (what visitors see: `loadSettings` gives
 * visitors these) and the draft (`{ versionId, changed }` or null). Before
 * the row exists, the configured defaults.
 */
export async function readSiteSettings(DB: D1Client, config: SettingsConfig): Promise<SiteSettingsRead> {
  const resolved = resolveSettings(config, 'readSiteSettings()');
  const state = await readSettingsState(DB, resolved);
  return {
    settings: settingsView(state.work, resolved.customKeys),
    revs: settingsRevs(state.work, resolved.customKeys),
    fields: resolved.fields.map((field) => ({ ...field })),
    published: settingsView(state.published, resolved.customKeys),
    draft: state.draft,
  };
}

/**
 * The one settings write path (settingsRoute, a site's own code): saves a
 * draft, which any editor may do (visitors keep the published settings until
 * `publishSiteSettings`). Splits off `$base` (400 when malformed), writes
 * only keys listed in `columns` or `customKeys` (others are returned in
 * `ignored`), checks every value by its kind and refuses an empty required
 * setting (422 with every violation, by field), refuses a stale `$base` (409
 * with each such key's current value and revision) and stores the draft as a
 * new version of the settings document, guarded on the work it read. A custom
 * key sent as `null` is removed (an image keeps `null` as "no image"). When
 * another save lands between the read and the write, it reads and decides
 * again once, then answers 409; no save is ever lost silently. Nothing is
 * written on any refusal, nor for a patch that changes nothing.
 */
export async function applySettingsPatch<E extends EditorRouteEnv>(
  env: E,
  config: SettingsConfig,
  session: EditorSession,
  patch: Readonly<Record<string, unknown>>,
  client: D1Client = env.DB,
): Promise<SettingsPatchResult> {
  const resolved = resolveSettings(config, 'applySettingsPatch()');
  const { values, base } = splitSettingsBody(patch);
  const parts = partitionSettingsPatch(values, resolved.columns, resolved.customKeys);
  const { baseValues, customValues, touched } = checkedValues(resolved, parts.base, parts.custom);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    let state = await readSettingsState(client, resolved);
    const next = withSettings(state.work, baseValues, customValues);
    const conflicts = findConflicts(flat(state.work, touched), flat(next, touched), touched, base);
    if (conflicts.length > 0) throw settingsConflict(conflicts);
    // Nothing changes: the same canonical JSON equality the drafts' merge uses for "is this field different" (merge-draft.ts).
    if (touched.every((key) => canonicalJson(settingValue(state.work, key)) === canonicalJson(settingValue(next, key))))
      return answer(resolved, state, parts.ignored);
    if (!state.stored) state = await ensureRow(client, resolved);
    if (await storeDraft(client, state, next, session)) return answer(resolved, await readSettingsState(client, resolved), parts.ignored);
  }
  const state = await readSettingsState(client, resolved);
  throw raceConflict(touched, (field) => settingValue(state.work, field));
}

/**
 * Publishes the settings' draft (`versionId`, else the newest pending
 * version): needs the publish right (403, nothing written). The draft is
 * checked again as a whole (an empty required setting is 422); 409 `no_draft`
 * when there is nothing to publish. Visitors see the published settings.
 */
export async function publishSiteSettings<E extends EditorRouteEnv>(
  env: E,
  config: SettingsConfig,
  session: EditorSession,
  versionId: number | undefined,
  client: D1Client = env.DB,
): Promise<SiteSettingsRead> {
  requirePublish(session);
  const resolved = resolveSettings(config, 'publishSiteSettings()');
  const state = await readSettingsState(client, resolved);
  if (!state.draft && versionId === undefined)
    throw new HttpError(409, 'no_draft', 'There is no settings draft to publish: the settings are as visitors see them.');
  const target = versionId ?? (state.draft as { versionId: number }).versionId;
  const data = versionId === undefined ? state.work : await versionSettings(client, versionId);
  const violations = requiredViolations(resolved, data, [...resolved.required]);
  if (violations.length > 0) throw validationError(violations);
  await applyPublish(env, settingsDeps<E>(), session, SETTINGS_ROW, target, client);
  return readSiteSettings(client, config);
}

/** Discards the settings' pending draft up to `versionId` (the newest one the editor was shown): any editor. */
export async function discardSiteSettings<E extends EditorRouteEnv>(env: E, versionId: number, client: D1Client = env.DB): Promise<void> {
  await applyDiscard(env, settingsDeps<E>(), SETTINGS_ROW, versionId, client);
}

/**
 * Restore: an older version of the settings becomes the draft (never live at
 * once; Publish then makes it live). Any editor. 422 when the version leaves
 * a required setting empty, 404 for a version the settings never had.
 */
export async function restoreSiteSettings<E extends EditorRouteEnv>(
  env: E,
  config: SettingsConfig,
  session: EditorSession,
  versionId: number,
  client: D1Client = env.DB,
): Promise<SettingsPatchResult> {
  const resolved = resolveSettings(config, 'restoreSiteSettings()');
  const data = await versionSettings(client, versionId);
  const violations = requiredViolations(resolved, data, [...resolved.required]);
  if (violations.length > 0) throw validationError(violations);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const state = await ensureRow(client, resolved);
    if (await storeDraft(client, state, data, session)) return answer(resolved, await readSettingsState(client, resolved), []);
  }
  throw new HttpError(409, 'conflict', 'Another save changed the settings at the same moment; reload them and restore again.', { conflicts: [] });
}

/** The settings' versions, newest first (`listVersions`): History. */
export async function listSettingsVersions<E extends EditorRouteEnv>(env: E, client: D1Client, url: URL): Promise<VersionsPage> {
  return listVersions(env, settingsDeps<E>(), client, SETTINGS_ROW, url);
}

/** A version's settings; 404 when it is not a version of the settings. */
async function versionSettings(client: D1Client, versionId: number): Promise<SiteSettings> {
  const { vt } = settingsDeps();
  const row = await client
    .prepare(`SELECT * FROM ${vt.versions.table} WHERE ${vt.versions.col.id} = ?1 AND ${vt.versions.col.pageId} = ?2`)
    .bind(versionId, SETTINGS_ROW)
    .first<Record<string, unknown>>();
  if (!row) throw new HttpError(404, 'not_found', `Version ${versionId} is not a version of the settings.`);
  return rowSettings(pick(vt.versions.decode(row), vt.fields));
}

/** The state, the live row created from the defaults first when it does not exist yet (visitors already see the defaults then). */
async function ensureRow(client: D1Client, resolved: ResolvedSettings): Promise<SettingsState> {
  const state = await readSettingsState(client, resolved);
  if (state.stored) return state;
  await writeSettingsRow(client, null, resolved.defaults);
  return readSettingsState(client, resolved);
}

/** Stores `next` as the newest version, only while the work is still as `state` read it. */
async function storeDraft(client: D1Client, state: SettingsState, next: SiteSettings, session: EditorSession): Promise<boolean> {
  const stored = await insertDraft(client, settingsDeps().vt, SETTINGS_ROW, { fields: documentFields(next) }, state.stored ?? {}, session.id);
  return stored !== null;
}

function answer(resolved: ResolvedSettings, state: SettingsState, ignored: string[]): SettingsPatchResult {
  return {
    settings: settingsView(state.work, resolved.customKeys),
    revs: settingsRevs(state.work, resolved.customKeys),
    ignored,
    draft: state.draft,
  };
}

/** Every value through its sanitizer, and required settings not emptied: 422 with all violations before anything is read. */
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
  const touched = [...Object.keys(baseValues), ...customValues.keys()];
  const next = withSettings({ siteName: '', tagline: '', footerText: '', custom: {} }, baseValues, customValues);
  violations.push(...requiredViolations(resolved, next, touched));
  if (violations.length > 0) throw validationError(violations);
  return { baseValues, customValues, touched };
}

/** A violation for each of `keys` that is required and empty in `settings`. */
function requiredViolations(resolved: ResolvedSettings, settings: SiteSettings, keys: readonly string[]): Violation[] {
  const label = (key: string) => resolved.fields.find((field) => field.key === key)?.label ?? key;
  return keys
    .filter((key) => resolved.required.has(key) && isEmpty(resolved.kinds.get(key), settingValue(settings, key)))
    .map((field) => ({ field, message: `${label(field)} is required: type a value. Visitors keep the published one until you do.` }));
}

/** Empty for a setting: blank text, no links, no image, no JSON value. */
function isEmpty(kind: SettingKind | undefined, value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (kind === 'links') return Array.isArray(value) && value.length === 0;
  if (typeof value === 'string') return value.trim() === '';
  return false;
}

/** Keys to their values, flat (custom keys beside the columns), for the revision check. */
function flat(settings: SiteSettings, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) setOwn(out, key, settingValue(settings, key));
  return out;
}
