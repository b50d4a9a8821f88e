import { errorResponse, json } from './errors.ts';

/** The smallest env every editor route can rely on. Sites extend it. */
export interface EditorRouteEnv {
  DB: D1Database;
}

/** What a route needs from the execution context. */
export type RouteContext = Pick<ExecutionContext, 'waitUntil'>;

/**
 * A route: answers its own paths and returns `undefined` for every other one,
 * so composition can fall through to the next route.
 */
export type EditorRoute<E = EditorRouteEnv> = (request: Request, env: E, ctx: RouteContext) => Promise<Response | undefined>;

const noopContext: RouteContext = { waitUntil() {} };

/**
 * Makes a handler a route that answers every refusal itself: an `HttpError`
 * thrown anywhere below (the cores throw them) becomes its response,
 * anything else a bare, logged 500. Every route factory returns its handler
 * through this, so a worker composing routes never sees a throw.
 *
 * @example return answering(async function pages(request, env) { ... });
 */
export function answering<E>(handler: EditorRoute<E>): EditorRoute<E> {
  const route: EditorRoute<E> = async (request, env, ctx) => {
    try {
      return await handler(request, env, ctx);
    } catch (error) {
      return errorResponse(error, request);
    }
  };
  return Object.defineProperty(route, 'name', { value: handler.name });
}

/**
 * Runs a route where no worker composes routes (an Astro endpoint, a test):
 * supplies a no-op ctx and turns a fall-through into a 404.
 */
export async function runEditorRoute<E>(route: EditorRoute<E>, request: Request, env: E, ctx: RouteContext = noopContext): Promise<Response> {
  try {
    return (await route(request, env, ctx)) ?? json({ error: 'not_found' }, { status: 404 });
  } catch (error) {
    return errorResponse(error, request);
  }
}

/**
 * Matches `/api/cms/pages/:id/versions` style patterns against a pathname.
 * Returns the decoded params, or null when the path does not match.
 *
 * @example matchPath('/api/cms/pages/:id', '/api/cms/pages/7') // { id: '7' }
 */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const want = trimSlash(pattern).split('/');
  const have = trimSlash(pathname).split('/');
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const part = want[i] as string;
    const value = have[i] as string;
    if (part.startsWith(':')) {
      if (value === '') return null;
      try {
        params[part.slice(1)] = decodeURIComponent(value);
      } catch {
        return null;
      }
    } else if (part !== value) {
      return null;
    }
  }
  return params;
}

function trimSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}
