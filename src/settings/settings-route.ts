import type { EditorRoute, EditorRouteEnv } from '../http/route.ts';
import type { ResolveEditor } from '../http/session.ts';
import { applySettingsPatch, readSiteSettings } from './apply-settings-patch.ts';
import { checkResolveEditor, routePath } from './route-options.ts';
import { settingsHttp } from './settings-base.ts';
import { resolveSettings, type SettingsConfig } from './settings-config.ts';
import type { SettingsPatchResult, SiteSettingsRead } from './wire.ts';

export interface SettingsRouteOptions<E> extends SettingsConfig {
  resolveEditor: ResolveEditor<E>;
  /** Default `/api/cms/settings`. */
  path?: string | undefined;
}

/**
 * The `site_settings` singleton at `/api/cms/settings` (option `path`):
 *
 * - `GET` (any editor) → `{ settings, revs, fields }`: the base columns and
 *   the declared custom keys, a revision per key, and the fields the
 *   settings panel renders (`{ key, kind, label }`, declared order).
 * - `PATCH` or `POST` (same origin, `access.publish`: settings are live at
 *   once) a flat `{ <key>: value, $base?: { <key>: rev } }` →
 *   `{ settings, revs, ignored }` through `applySettingsPatch`: keys in
 *   neither `columns` nor `customKeys` are never written and come back in
 *   `ignored`; 422 for a value its kind refuses, 409 for a stale `$base`.
 *
 * The options are checked when the route is made (an Error naming what to fix).
 *
 * @example settingsRoute<Env>({ resolveEditor, customKeys: { menu: 'links', logo: 'image' }, mediaBase: '/media/' })
 */
export function settingsRoute<E extends EditorRouteEnv>(options: SettingsRouteOptions<E>): EditorRoute<E> {
  checkResolveEditor(options.resolveEditor, 'settingsRoute()');
  const { columns, customKeys, imageKeys, mediaBase, defaults } = options;
  const config: SettingsConfig = { columns, customKeys, imageKeys, mediaBase, defaults };
  resolveSettings(config, 'settingsRoute()');
  const path = routePath(options.path, '/api/cms/settings', 'settingsRoute()');
  return settingsHttp<E>(
    'settings',
    { path, resolveEditor: options.resolveEditor },
    (env) => readSiteSettings(env.DB, config) satisfies Promise<SiteSettingsRead>,
    (env, editor, body) => applySettingsPatch(env, config, editor, body) satisfies Promise<SettingsPatchResult>,
  );
}
