import { mutable } from '../security/headers.ts';

/** What a response that sets a cookie must say to every cache. */
export const PRIVATE_NO_STORE = 'private, no-store';

/**
 * Marks a response that sets a cookie `Cache-Control: private, no-store`,
 * replacing whatever it said: a shared cache that kept it would hand the
 * cookie (a renewed session, say) to the next visitor. `pendingCookies` is
 * for cookies the framework appends after this point (`Astro.cookies`).
 * Returns a response with mutable headers (the same one when possible).
 */
export function keepCookiesPrivate(response: Response, pendingCookies = false): Response {
  if (!pendingCookies && !response.headers.has('set-cookie')) return response;
  const out = mutable(response);
  out.headers.set('cache-control', PRIVATE_NO_STORE);
  return out;
}
