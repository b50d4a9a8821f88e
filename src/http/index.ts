export { HttpError, json, errorResponse } from './errors.ts';
export { runEditorRoute, matchPath, type EditorRoute, type EditorRouteEnv, type RouteContext } from './route.ts';
export { composeRoutes } from './compose.ts';
export { parseBody, MAX_JSON_BODY } from './parse-body.ts';
export { requireEditor, guardEditor, type GuardOptions } from './guard.ts';
export { isSameOrigin, isReadMethod } from './same-origin.ts';
export type { EditorSession, ResolveEditor } from './session.ts';
export { readCookie, serializeCookie, type CookieOptions } from './cookies.ts';
export { parseListQuery, listPage, parseId, DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT, type ListQuery } from './list-query.ts';
