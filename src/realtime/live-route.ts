import type { CollectionConfig } from '../content/collection.ts';
import { resolveCollection, rowIdOf } from '../content/resolved-collection.ts';
import { readWork } from '../drafts/draft-store.ts';
import { requireEditor } from '../http/guard.ts';
import { HttpError } from '../http/errors.ts';
import { answering, matchPath, type EditorRoute, type EditorRouteEnv } from '../http/route.ts';
import { isSameOrigin } from '../http/same-origin.ts';
import type { ResolveEditor } from '../http/session.ts';
import { INTRO_HEADER, liveObjectName, type LiveIntro } from './intro.ts';

export interface LiveRouteOptions<E> {
  /** A drafts collection. */
  config: CollectionConfig;
  resolveEditor: ResolveEditor<E>;
  /** The realtime objects' binding (`realtimeObject`'s class); null when the site has none. */
  namespace: (env: E) => DurableObjectNamespace | null | undefined;
  /** Base path; default `/api/cms/<config.slug>`. */
  path?: string;
}

/**
 * `GET <path>/:id/live` with `Upgrade: websocket`: joins the page's realtime
 * session. The session and the same origin are checked here (a WebSocket
 * upgrade is a GET, so the origin check that guards mutations is made
 * explicitly: a cross-site page must not open an editor's socket), the row
 * must exist, and the editor's identity is handed to the page's object with
 * the upgrade: the object never takes it from a message.
 * 401/403 as any route; 404 for no such row; 426 without the upgrade; 503
 * when the site has no realtime binding.
 */
export function liveRoute<E extends EditorRouteEnv>(options: LiveRouteOptions<E>): EditorRoute<E> {
  const { config, resolveEditor } = options;
  const base = (options.path ?? `/api/cms/${config.slug}`).replace(/\/$/, '');
  const { vt } = resolveCollection(config);
  if (!vt) throw new Error(`liveRoute: ${config.slug} is not a drafts collection.`);

  return answering(async function live(request, env) {
    const params = matchPath(`${base}/:id/live`, new URL(request.url).pathname);
    if (!params) return undefined;
    if (request.method !== 'GET') throw new HttpError(405, 'method_not_allowed', 'Open the live session with a GET WebSocket upgrade.', {}, { allow: 'GET' });
    const editor = await requireEditor(request, env, resolveEditor);
    if (!isSameOrigin(request)) throw new HttpError(403, 'forbidden', 'Cross-origin request refused: open the live session from the site itself.');
    if (request.headers.get('upgrade')?.toLowerCase() !== 'websocket')
      throw new HttpError(426, 'upgrade_required', 'The live session is a WebSocket: connect with `Upgrade: websocket`.', {}, { upgrade: 'websocket' });
    const id = rowIdOf(config, params.id ?? '');
    if (id === null || !(await readWork(env.DB, vt, id))) throw new HttpError(404, 'not_found', `No ${config.slug} row ${params.id}.`);
    const namespace = options.namespace(env);
    if (!namespace) throw new HttpError(503, 'realtime_unavailable', 'This site has no realtime binding: edits save as usual.');
    const intro: LiveIntro = { collection: config.slug, id, editor: { id: editor.id, email: editor.email, name: editor.name, access: editor.access } };
    const headers = new Headers({ upgrade: 'websocket', [INTRO_HEADER]: JSON.stringify(intro) });
    const stub = namespace.get(namespace.idFromName(liveObjectName(config.slug, id)));
    return stub.fetch(new Request('https://live.louise/connect', { headers }));
  });
}
