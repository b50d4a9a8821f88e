// The settings route's wire contract (`GET` and `PATCH <apiBase>/settings`):
// the JSON shapes the route answers and the settings panel reads. Types only,
// importing nothing, so the browser client shares them (the `client`
// allowance in .dependency-cruiser.cjs): a field renamed on one side and not
// the other fails `npm run typecheck`.

/** How a setting is edited and checked: one-line text, multi-line text, a link list, a media image, or any JSON. */
export type SettingKind = 'text' | 'longtext' | 'links' | 'image' | 'json';

/** One editable setting, as the settings panel renders it. */
export interface SettingField {
  key: string;
  kind: SettingKind;
  label: string;
  /** The setting may not be empty (the site name always; others the site lists in `required`): an empty value is refused with 422. */
  required?: boolean;
}

/** The settings' pending draft: its newest version, and the declared keys whose value differs from the published settings. */
export interface SettingsDraft {
  versionId: number;
  changed: string[];
}

/** The `site_settings` row as routes answer it: the structured base and the `custom` object. */
export interface SiteSettings {
  siteName: string;
  tagline: string;
  footerText: string;
  custom: Record<string, unknown>;
}

/**
 * What `readSiteSettings` answers (GET): the settings an editor works on (the
 * draft, else the published ones), their revisions, the editable fields in
 * declared order, the published settings (what visitors see) and the draft.
 */
export interface SiteSettingsRead {
  settings: SiteSettings;
  revs: Record<string, string>;
  fields: SettingField[];
  published: SiteSettings;
  draft: SettingsDraft | null;
}

/** What a settings save answers: the draft settings after it, their revisions, the keys it did not write, and the draft. */
export interface SettingsPatchResult {
  settings: SiteSettings;
  revs: Record<string, string>;
  /** Keys in neither `columns` nor `customKeys` (in the parsed body's key order): never written. */
  ignored: string[];
  draft: SettingsDraft | null;
}
