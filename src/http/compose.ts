import { answering, type EditorRoute } from './route.ts';

/**
 * Composes routes into one: each is tried in order and the first that
 * answers wins; `undefined` when none does. A route that throws (a
 * site's own, written without `answering`) is answered like any other
 * error, so nothing escapes to the worker.
 *
 * @example
 * const api = composeRoutes(versionsRoute(...), pagesRoute(...), statusRoute(...));
 */
export function composeRoutes<E>(...routes: EditorRoute<E>[]): EditorRoute<E> {
  return answering(async function composed(request, env, ctx) {
    for (const route of routes) {
      const response = await route(request, env, ctx);
      if (response) return response;
    }
    return undefined;
  });
}
