/**
 * CSRF check for mutations: the `Origin` header must equal the request's own
 * origin. Without `Origin`, `Sec-Fetch-Site: same-origin` is accepted;
 * neither present is refused.
 */
export function isSameOrigin(request: Request): boolean {
  const origin = request.headers.get('origin');
  if (origin !== null) return origin === new URL(request.url).origin;
  return request.headers.get('sec-fetch-site') === 'same-origin';
}

/** GET, HEAD and OPTIONS are reads: they skip the same-origin check. */
export function isReadMethod(method: string): boolean {
  return method === 'GET' || method === 'HEAD' || method === 'OPTIONS';
}
