import * as v from 'valibot';
import { DiscardBody, PublishBody } from '../drafts/versions-route.ts';
import { readSession, withBookmark, writeSession } from '../db/d1-cookie.ts';
import { siteSettingsColumns } from '../db/site-schema.ts';
import { HttpError, json } from '../http/errors.ts';
import { requireEditor } from '../http/guard.ts';
import { jsonObject, parseBody } from '../http/parse-body.ts';
import { answering, matchPath, type EditorRoute, type EditorRouteEnv } from '../http/route.ts';
import type { ResolveEditor } from '../http/session.ts';
import {
  applySettingsPatch,
  discardSiteSettings,
  listSettingsVersions,
  publishSiteSettings,
  readSiteSettings,
  restoreSiteSettings,
} from './apply-settings-patch.ts';
import { checkResolveEditor, routePath } from './route-options.ts';
import { resolveSettings, type SettingsConfig } from './settings-config.ts';
import type { SettingsPatchResult, SiteSettingsRead } from './wire.ts';

export interface SettingsRouteOptions<E> extends SettingsConfig {
  resolveEditor: ResolveEditor<E>;
  /** Default `/api/cms/settings`. */
  path?: string | undefined;
  /**
   * The inline save path (`/api/cms/save`) whose `settings:site:<column>`
   * markers (`cmsSetting`) are saved here, as a settings draft, instead of
   * live. Default: none (the route answers only under `path`).
   */
  inlinePath?: string | undefined;
}

const Body = jsonObject('The body must be a JSON object of setting key to value, with an optional $base.');
const RestoreBody = v.pipe(
  jsonObject('The body must be a JSON object: { "versionId": <id> }.'),
  v.looseObject({
    versionId: v.pipe(
      v.number('versionId must be a positive integer'),
      v.safeInteger('versionId must be a positive integer'),
      v.minValue(1, 'versionId must be a positive integer'),
    ),
  }),
);
const InlineBody = v.object({ field: v.pipe(v.string('field must be a marker string'), v.maxLength(300, 'field is too long')), value: v.unknown() });
/** The marker collection `cmsSetting` writes (`settings:site:<column>`). */
const INLINE = /^settings:site:([A-Za-z_][A-Za-z0-9_]*)$/;

/**
 * Site settings, a drafts document like a page (settings-document.ts), at
 * `/api/cms/settings` (option `path`):
 *
 * - `GET` (any editor) → `{ settings, revs, fields, published, draft }`: the
 *   settings an editor works on (the draft, else the published ones) with a
 *   revision per key, the fields the settings panel renders (`{ key, kind,
 *   label, required? }`, declared order), the published settings and the
 *   draft (`{ versionId, changed }` or null).
 * - `PATCH` or `POST` (same origin, any editor: a draft changes nothing
 *   visitors see) a flat `{ <key>: value, $base?: { <key>: rev } }` →
 *   `{ settings, revs, ignored, draft }` through `applySettingsPatch`: keys in
 *   neither `columns` nor `customKeys` are never written and come back in
 *   `ignored`; 422 for a value its kind refuses or an empty required setting
 *   (by field), 409 for a stale `$base`.
 * - `POST <path>/publish` `{ versionId? }` (the publish right, 403
 *   otherwise) → the read above, now published; 422 when the draft leaves a
 *   required setting empty, 409 `no_draft` when there is none.
 * - `POST <path>/discard` `{ versionId }` (any editor) → 204.
 * - `GET <path>/versions?limit&cursor` (any editor): the versions, newest first (History).
 * - `POST <path>/restore` `{ versionId }` (any editor) → a save's answer:
 *   that version becomes the draft; nothing goes live.
 *
 * With `inlinePath`, an inline save of a `settings:site:<column>` marker
 * there is a draft save of that column (204), so settings edited in place
 * are drafts too. The options are checked when the route is made.
 *
 * @example settingsRoute<Env>({ resolveEditor, customKeys: { menu: 'links', logo: 'image' }, mediaBase: '/media/', required: ['menu'] })
 */
export function settingsRoute<E extends EditorRouteEnv>(options: SettingsRouteOptions<E>): EditorRoute<E> {
  checkResolveEditor(options.resolveEditor, 'settingsRoute()');
  const { columns, customKeys, imageKeys, mediaBase, defaults, required, resolveEditor } = options;
  const config: SettingsConfig = { columns, customKeys, imageKeys, mediaBase, defaults, required };
  resolveSettings(config, 'settingsRoute()');
  const path = routePath(options.path, '/api/cms/settings', 'settingsRoute()');
  const inlinePath = options.inlinePath === undefined ? null : routePath(options.inlinePath, '/api/cms/save', 'settingsRoute()');

  async function inline(request: Request, env: E): Promise<Response | undefined> {
    if (request.method !== 'POST') return undefined;
    // Read from a copy: a marker of another collection, or a body the save route refuses, goes on to it intact.
    let body: v.InferOutput<typeof InlineBody>;
    try {
      body = await parseBody(request.clone() as Request, InlineBody);
    } catch (error) {
      if (error instanceof HttpError) return undefined;
      throw error;
    }
    const match = INLINE.exec(body.field);
    if (!match) return undefined;
    const column = match[1] as string;
    if (!(siteSettingsColumns as readonly string[]).includes(column)) throw new HttpError(400, 'unknown_field', `${column} is not a setting edited in place.`);
    if (body.value === undefined) throw new HttpError(400, 'invalid_body', 'value is required.');
    const editor = await requireEditor(request, env, resolveEditor);
    await applySettingsPatch(env, config, editor, { [column]: body.value });
    return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
  }

  const route: EditorRoute<E> = async (request, env) => {
    const pathname = new URL(request.url).pathname;
    if (inlinePath !== null && pathname === inlinePath) return inline(request, env);
    const method = request.method;
    if (matchPath(path, pathname)) {
      if (method === 'GET' || method === 'HEAD') {
        await requireEditor(request, env, resolveEditor);
        const client = readSession(env.DB, request);
        return withBookmark(json((await readSiteSettings(client, config)) satisfies SiteSettingsRead), client, request);
      }
      if (method !== 'PATCH' && method !== 'POST')
        throw new HttpError(405, 'method_not_allowed', 'Use GET to read the settings and PATCH to change them.', {}, { allow: 'GET, HEAD, PATCH, POST' });
      const editor = await requireEditor(request, env, resolveEditor);
      const client = writeSession(env.DB);
      const saved = await applySettingsPatch(env, config, editor, await parseBody(request, Body), client);
      return withBookmark(json(saved satisfies SettingsPatchResult), client, request);
    }
    const action = matchPath(`${path}/:action`, pathname)?.action;
    if (action !== 'publish' && action !== 'discard' && action !== 'versions' && action !== 'restore') return undefined;
    if (action === 'versions') {
      if (method !== 'GET' && method !== 'HEAD') throw new HttpError(405, 'method_not_allowed', 'Use GET for the versions.', {}, { allow: 'GET, HEAD' });
      await requireEditor(request, env, resolveEditor);
      const client = readSession(env.DB, request);
      return withBookmark(json(await listSettingsVersions(env, client, new URL(request.url))), client, request);
    }
    if (method !== 'POST') throw new HttpError(405, 'method_not_allowed', `Use POST for ${action}.`, {}, { allow: 'POST' });
    const editor = await requireEditor(request, env, resolveEditor, { publish: action === 'publish' });
    const client = writeSession(env.DB);
    let response: Response;
    if (action === 'publish') {
      const { versionId } = await parseBody(request, PublishBody);
      response = json(await publishSiteSettings(env, config, editor, versionId, client));
    } else if (action === 'discard') {
      const { versionId } = await parseBody(request, DiscardBody);
      if (versionId === null) throw new HttpError(400, 'invalid_body', 'versionId is required: the newest settings version you were shown.');
      await discardSiteSettings(env, versionId, client);
      response = new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
    } else {
      const { versionId } = await parseBody(request, RestoreBody);
      response = json(await restoreSiteSettings(env, config, editor, versionId, client));
    }
    return withBookmark(response, client, request);
  };
  return answering(Object.defineProperty(route, 'name', { value: 'settings' }));
}
