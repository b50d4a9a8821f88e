import { isLocalHostname } from './local-host.ts';

export interface SecurityHeaderOptions {
  /** Send `X-Robots-Tag: noindex`. */
  noindex?: boolean;
  /** The request URL; on localhost the headers are skipped. Defaults to the response URL. */
  url?: string | URL;
}

const HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['strict-transport-security', 'max-age=31536000; includeSubDomains'],
  ['x-content-type-options', 'nosniff'],
  ['referrer-policy', 'strict-origin-when-cross-origin'],
  ['permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()'],
  ['x-frame-options', 'SAMEORIGIN'],
  ['cross-origin-opener-policy', 'same-origin'],
];

/**
 * Applies HSTS, X-Content-Type-Options, Referrer-Policy, Permissions-Policy,
 * X-Frame-Options and COOP (a header the response already has is kept).
 * A no-op on localhost, where HSTS would pin the developer's browser.
 * Returns a response with mutable headers (the same one when possible).
 */
export function louiseSecurityHeaders(response: Response, opts: SecurityHeaderOptions = {}): Response {
  const url = opts.url ?? response.url;
  if (url && isLocalHostname(new URL(url).hostname)) return response;
  const out = mutable(response);
  for (const [name, value] of HEADERS) if (!out.headers.has(name)) out.headers.set(name, value);
  if (opts.noindex) out.headers.set('x-robots-tag', 'noindex');
  return out;
}

/**
 * True for hosts that should not be indexed: `*.workers.dev` previews, and
 * hosts starting with one of `prefixes` (for example `staging.`).
 */
export function isNoindexHost(hostname: string, options: { prefixes?: readonly string[] } = {}): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'workers.dev' || host.endsWith('.workers.dev')) return true;
  return (options.prefixes ?? []).some((prefix) => prefix !== '' && host.startsWith(prefix.toLowerCase()));
}

/** Responses from `fetch` have immutable headers; copy once when needed. */
export function mutable(response: Response): Response {
  try {
    response.headers.set('x-louise-probe', '1');
    response.headers.delete('x-louise-probe');
    return response;
  } catch {
    return new Response(response.body, response);
  }
}
