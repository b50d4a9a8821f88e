import * as v from 'valibot';
import { applyFieldSave, type FieldSaveConfig } from './apply-field-save.ts';
import { requireEditor } from '../http/guard.ts';
import { HttpError } from '../http/errors.ts';
import { parseBody } from '../http/parse-body.ts';
import { answering, type EditorRoute, type EditorRouteEnv } from '../http/route.ts';
import type { EditorSession, ResolveEditor } from '../http/session.ts';
import { runWriteHook, type WriteContext } from './write-hook.ts';

export interface SaveRouteOptions<E> extends FieldSaveConfig {
  resolveEditor: ResolveEditor<E>;
  /** Default `/api/cms/save`. */
  path?: string;
  /**
   * Runs after each save (awaited) with the collection and row it wrote;
   * a throw is logged and never fails the save. Use it to keep search in
   * step (`reindexDoc`).
   */
  afterWrite?: ((editor: EditorSession, event: { collection: string; id: number | string }, context: WriteContext<E>) => void | Promise<void>) | undefined;
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
  return answering(async function save(request, env, ctx) {
    if (new URL(request.url).pathname !== path) return undefined;
    if (request.method !== 'POST') throw new HttpError(405, 'method_not_allowed', 'Use POST.', {}, { allow: 'POST' });
    const session = await requireEditor(request, env, options.resolveEditor);
    const body = await parseBody(request, SaveBody);
    if (!('value' in body) || body.value === undefined) throw new HttpError(400, 'invalid_body', 'value is required.');
    const saved = await applyFieldSave(env, config, session, { field: body.field, value: body.value });
    await runWriteHook(options.afterWrite, session, saved, { env, ctx }, `the save of ${body.field}`);
    return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
  });
}
