export { requireEditor, guardEditor, type GuardOptions } from './guard.ts';
export { HttpError, json, errorResponse } from './http.ts';
export { parseBody, MAX_JSON_BODY } from './parse-body.ts';
export { runEditorRoute, matchPath, type EditorRoute, type EditorRouteEnv, type RouteContext } from './route.ts';
export { isSameOrigin, isReadMethod } from './same-origin.ts';
export type { EditorSession, ResolveEditor } from './session.ts';
export { ident, tableMeta, type TableMeta } from './sql.ts';
