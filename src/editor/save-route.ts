import * as v from 'valibot';
import { applyFieldSave, type FieldSaveConfig } from './apply-field-save.ts';
import { requireEditor } from '../http/guard.ts';
import { HttpError } from '../http/errors.ts';
import { parseBody } from '../http/parse-body.ts';
import { answering, type EditorRoute, type EditorRouteEnv } from '../http/route.ts';
import type { ResolveEditor } from '../http/session.ts';

export interface SaveRouteOptions<E> extends FieldSaveConfig {
  resolveEditor: ResolveEditor<E>;
  /** Default `/api/cms/save`. */
  path?: string;
}

const SaveBody = v.object({
  field: v.pipe(v.string('field must be a marker string'), v.maxLength(300, 'field is too long')),
  value: v.unknown(),
});

/**
 * Inline field save for collections that are not versioned:
 * `POST /api/cms/save` `{ field: '<collection>:<key>:<field>[.<n>]', value }`
 * answers 204. Authorized from the session, same-origin checked; a save is
 * live at once, so it needs `access.publish` unless the collection is open
 * to `writers` (403). An unknown collection or field is 400 and never
 * reaches a column. Versioned collections save drafts through
 * `versionsRoute` instead. Every refusal is answered, never thrown.
 */
export function saveRoute<E extends EditorRouteEnv>(options: SaveRouteOptions<E>): EditorRoute<E> {
  const path = options.path ?? '/api/cms/save';
  const config: FieldSaveConfig = { collections: options.collections, mediaBase: options.mediaBase };
  return answering(async function save(request, env) {
    if (new URL(request.url).pathname !== path) return undefined;
    if (request.method !== 'POST') throw new HttpError(405, 'method_not_allowed', 'Use POST.', {}, { allow: 'POST' });
    const session = await requireEditor(request, env, options.resolveEditor);
    const body = await parseBody(request, SaveBody);
    if (!('value' in body) || body.value === undefined) throw new HttpError(400, 'invalid_body', 'value is required.');
    await applyFieldSave(env, config, session, { field: body.field, value: body.value });
    return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
  });
}
