import { INHERITED } from '../content/collection.ts';
import { DRAFT_BASE_KEY, fieldRev } from '../content/field-rev.ts';
import { findConflicts } from '../drafts/merge-draft.ts';
import { LouiseValidationError } from '../content/validation-error.ts';
import type { EditorRoute, EditorRouteEnv } from '../http/route.ts';
import type { ResolveEditor } from '../http/session.ts';
import { validationError } from '../drafts/draft-deps.ts';
import { mergeBlobPatch, type BlobMerge } from './merge-blob.ts';
import { isJsonObject, ownValue, setOwn } from './own-keys.ts';
import { checkResolveEditor, routePath } from './route-options.ts';
import type { SettingSanitizer } from './setting-sanitizer.ts';
import { raceConflict, settingsConflict, settingsHttp, splitSettingsBody } from './settings-base.ts';
import { readConfigRow, writeConfigRow } from './site-config-store.ts';

export interface BlobSettingsRouteOptions<E> {
  resolveEditor: ResolveEditor<E>;
  /** Top-level key to its sanitizer (`settingText`, `settingLinks`, `settingImage`, `settingJson` or your own): only these keys are merged. */
  allow: Readonly<Record<string, SettingSanitizer>>;
  /** Shapes the blob a GET (and a write) answers, e.g. to fill in defaults. */
  read?: ((blob: Readonly<Record<string, unknown>>) => unknown) | undefined;
  /** Default `/api/cms/settings`. */
  path?: string | undefined;
}

const ATTEMPTS = 2;
const KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Site settings as one JSON object (the `site_config` singleton), at
 * `/api/cms/settings` (option `path`), for sites that keep their whole
 * configuration in one blob:
 *
 * - `GET` (any editor) → `{ settings, revs }`: the blob (through `read` when
 *   given) and a revision per allowed key.
 * - `PATCH` or `POST` (same origin, `access.publish`) `{ <key>: value,
 *   $base? }` → `{ settings, revs, ignored, changed }`: only keys listed in
 *   `allow` are merged, each through its sanitizer (`mergeBlobPatch`); 422
 *   when a sanitizer refuses, 409 for a stale `$base`, nothing written then.
 *   Concurrent writes are merged, never lost: the write is conditional on
 *   the row as read, tried twice, then 409.
 *
 * @example blobSettingsRoute<Env>({ resolveEditor, allow: { menu: settingLinks(), title: settingText({ max: 200 }) } })
 */
export function blobSettingsRoute<E extends EditorRouteEnv>(options: BlobSettingsRouteOptions<E>): EditorRoute<E> {
  const who = 'blobSettingsRoute()';
  checkResolveEditor(options.resolveEditor, who);
  const allow = checkedAllow(options.allow, who);
  if (options.read !== undefined && typeof options.read !== 'function') throw new Error(`${who}: read must be a function (blob) => settings, or left out.`);
  const keys = Object.keys(allow);
  const path = routePath(options.path, '/api/cms/settings', who);
  const view = (blob: Record<string, unknown>) => ({ settings: options.read ? options.read(blob) : blob, revs: blobRevs(blob, keys) });

  async function patch(env: E, body: Record<string, unknown>) {
    const { values, base } = splitSettingsBody(body);
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const stored = await readConfigRow(env.DB);
      const current = stored?.data ?? {};
      const merged = merge(current, values, allow);
      const touched = Object.keys(values).filter((key) => !merged.ignored.includes(key));
      const conflicts = findConflicts(current, merged.blob, touched, base);
      if (conflicts.length > 0) throw settingsConflict(conflicts);
      const result = { ...view(merged.blob), ignored: merged.ignored, changed: merged.changed };
      if (merged.changed.length === 0 || (await writeConfigRow(env.DB, stored, merged.blob))) return result;
    }
    const current = (await readConfigRow(env.DB))?.data ?? {};
    const touched = Object.keys(values).filter((key) => Object.hasOwn(allow, key));
    throw raceConflict(touched, (field) => ownValue(current, field) ?? null);
  }

  return settingsHttp<E>(
    'blobSettings',
    { path, resolveEditor: options.resolveEditor },
    async (env) => view((await readConfigRow(env.DB))?.data ?? {}),
    (env, _editor, body) => patch(env, body),
  );
}

/** `mergeBlobPatch`, its refusal answered 422. */
function merge(blob: Record<string, unknown>, values: Record<string, unknown>, allow: Record<string, SettingSanitizer>): BlobMerge {
  try {
    return mergeBlobPatch(blob, values, allow);
  } catch (error) {
    if (error instanceof LouiseValidationError) throw validationError(error.violations);
    throw error;
  }
}

function blobRevs(blob: Record<string, unknown>, keys: readonly string[]): Record<string, string> {
  const revs: Record<string, string> = {};
  for (const key of keys) setOwn(revs, key, fieldRev(ownValue(blob, key) ?? null));
  return revs;
}

/** The allow map, copied once: each key an identifier no object inherits, each value a function. */
function checkedAllow(allow: unknown, who: string): Record<string, SettingSanitizer> {
  if (!isJsonObject(allow) || Object.keys(allow).length === 0)
    throw new Error(`${who}: allow must be a non-empty object of setting key to sanitizer, e.g. { menu: settingLinks() }.`);
  const problems: string[] = [];
  const copy: Record<string, SettingSanitizer> = {};
  for (const key of Object.keys(allow)) {
    if (!KEY.test(key) || INHERITED.has(key) || key === DRAFT_BASE_KEY) problems.push(`allow.${key}: not a usable key (an identifier no object inherits)`);
    else if (typeof allow[key] !== 'function') problems.push(`allow.${key}: must be a sanitizer (value) => value`);
    else setOwn(copy, key, allow[key] as SettingSanitizer);
  }
  if (problems.length > 0) throw new Error(`${who}: invalid allow.\n  - ${problems.join('\n  - ')}`);
  return copy;
}
