import type { EditorRoute } from './route.ts';

/**
 * Composes routes into one: each is tried in order and the first that
 * answers wins; `undefined` when none does.
 *
 * @example
 * const api = composeRoutes(versionsRoute(...), pagesRoute(...), statusRoute(...));
 */
export function composeRoutes<E>(...routes: EditorRoute<E>[]): EditorRoute<E> {
  return async function composed(request, env, ctx) {
    for (const route of routes) {
      const response = await route(request, env, ctx);
      if (response) return response;
    }
    return undefined;
  };
}
