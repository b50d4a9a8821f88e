import { HttpError, json } from '../../http/errors.ts';
import { requireEditor } from '../../http/guard.ts';
import { jsonObject, parseBody } from '../../http/parse-body.ts';
import { answering, matchPath, type EditorRoute, type EditorRouteEnv } from '../../http/route.ts';
import type { ResolveEditor } from '../../http/session.ts';
import { applySettingsPatch, readSiteSettings } from './apply-settings-patch.ts';
import { checkResolveEditor, routePath } from './route-options.ts';
import { resolveSettings, type SettingsConfig } from './settings-config.ts';

export interface SettingsRouteOptions<E> extends SettingsConfig {
  resolveEditor: ResolveEditor<E>;
  /** Default `/api/cms/settings`. */
  path?: string | undefined;
}

const METHODS = ['GET', 'HEAD', 'PATCH', 'POST'];
const Body = jsonObject('The body must be a JSON object of setting key to value, with an optional $base.');

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
  return answering(async function settings(request, env) {
    if (!matchPath(path, new URL(request.url).pathname)) return undefined;
    const method = request.method;
    if (!METHODS.includes(method))
      throw new HttpError(405, 'method_not_allowed', 'Use GET to read the settings and PATCH to change them.', {}, { allow: METHODS.join(', ') });
    if (method === 'GET' || method === 'HEAD') {
      await requireEditor(request, env, options.resolveEditor);
      return json(await readSiteSettings(env.DB, config));
    }
    const session = await requireEditor(request, env, options.resolveEditor, { publish: true });
    return json(await applySettingsPatch(env, config, session, await parseBody(request, Body)));
  });
}
