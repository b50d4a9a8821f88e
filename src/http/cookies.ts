import { parseCookie, stringifySetCookie } from 'cookie';
import { isLocalHostname } from '../security/local-host.ts';

// Values are read raw and decoded here, so an undecodable first cookie is
// null rather than the library's choice (the raw text, or the next cookie).
const raw = (value: string): string => value;

/** Reads one cookie from a request, or null (missing, or not valid URL encoding). */
export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get('cookie');
  if (!header) return null;
  const value = parseCookie(header, { decode: raw })[name];
  if (value === undefined) return null;
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

export interface CookieOptions {
  /** Seconds, floored; 0 (or less) deletes the cookie. Omitted: a browser-session cookie. */
  maxAge?: number;
  httpOnly?: boolean;
}

/**
 * `Set-Cookie` value with `Path=/` and `SameSite=Lax`, `HttpOnly` unless
 * `httpOnly: false`, `Secure` everywhere but localhost (plain-http
 * development), and the value URL-encoded. Throws a TypeError for a name
 * that is not a cookie name or a `maxAge` that is not a finite number.
 */
export function serializeCookie(name: string, value: string, url: URL, options: CookieOptions = {}): string {
  return stringifySetCookie(
    {
      name,
      value,
      path: '/',
      sameSite: 'lax',
      httpOnly: options.httpOnly !== false,
      secure: !isLocalHostname(url.hostname),
      ...(options.maxAge !== undefined && { maxAge: Math.max(0, Math.floor(options.maxAge)) }),
    },
    // Always encode (the library keeps some characters as they are) so the wire format does not change.
    { encode: encodeURIComponent },
  );
}
