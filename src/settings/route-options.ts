/** A route's `path` option: the default when left out, else a path starting with `/` (an Error naming the route otherwise). */
export function routePath(path: string | undefined, fallback: string, who: string): string {
  if (path === undefined) return fallback;
  if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//'))
    throw new Error(`${who}: path must start with a single / (got ${JSON.stringify(path)}).`);
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/** Checks that `resolveEditor` was given (an Error naming the route otherwise). */
export function checkResolveEditor(resolveEditor: unknown, who: string): void {
  if (typeof resolveEditor !== 'function') throw new Error(`${who}: resolveEditor must be a function (request, env) => EditorSession | null.`);
}
