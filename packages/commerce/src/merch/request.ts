import { UpstreamError, readUpstreamText, upstreamFetch, type FetchFn } from '../../../../src/security/upstream.ts';

/** The storefront API's origin and version prefix (public, read-mostly, token in the query). */
export const MERCH_STOREFRONT_URL = 'https://storefront-api.fourthwall.com/v1';

/** Options every storefront call takes. */
export interface MerchStorefrontOptions {
  /** API base including `/v1`, default {@link MERCH_STOREFRONT_URL}; the local fake in development and tests. */
  baseUrl?: string | undefined;
  /** Defaults to the global `fetch`. */
  fetch?: FetchFn | undefined;
  /** Deadline per request, default 10 000 ms. */
  timeoutMs?: number | undefined;
}

/** The provider name in every error and log line. */
export const PROVIDER = 'Merch';

// Slugs and ids the provider hands out: letters, digits, `-` and `_` (ids may carry a prefix like `cart_`).
const PATH_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9_-]{0,199}$/;
const TOKEN_MAX = 512;

/**
 * Refuses what cannot be a storefront token before anything is sent: an
 * empty value (a missing setting) or one with whitespace or control
 * characters (a copy-paste accident that would otherwise reach the provider
 * as a different token). The token is public by design but still names the
 * shop, so it never appears in a message, an `operation` or a log line.
 */
export function assertStorefrontToken(token: unknown): asserts token is string {
  if (typeof token !== 'string' || token === '') {
    throw new TypeError('Merch storefront token is empty: set the storefront token (ptkn_...) from the shop settings, For Developers.');
  }
  if (token.length > TOKEN_MAX || !/^[\x21-\x7e]+$/.test(token)) {
    throw new TypeError('Merch storefront token must be printable ASCII without spaces (copy it again from the shop settings).');
  }
}

/**
 * A slug or id that goes into a URL path: only the provider's slug alphabet,
 * so no `/`, `..`, `?` or `%` can change which endpoint is called.
 */
export function pathSegment(value: unknown, what: string): string {
  if (typeof value !== 'string' || !PATH_SEGMENT.test(value)) {
    throw new TypeError(`Merch ${what} must be 1 to 200 letters, digits, '-' or '_' (no '/', '..' or '?'), got ${JSON.stringify(value)}`);
  }
  return value;
}

/** A 2xx whose body is not what the storefront documents: never passed on as `undefined`. */
export function invalidResponse(operation: string, status: number, detail: string): UpstreamError {
  return new UpstreamError({ provider: PROVIDER, status, code: 'invalid_response', detail, operation });
}

function endpoint(path: string, options: MerchStorefrontOptions): URL {
  return new URL(`${(options.baseUrl ?? MERCH_STOREFRONT_URL).replace(/\/+$/, '')}${path}`);
}

/**
 * The `operation` errors carry for a call: method and the full path as sent
 * (`GET /v1/products/tee`), never the query, which holds the token.
 */
export function merchOperation(method: string, path: string, options: MerchStorefrontOptions = {}): string {
  return `${method} ${endpoint(path, options).pathname}`;
}

/** What a storefront call sends besides the path. */
export interface MerchRequestInit {
  method?: 'GET' | 'POST' | undefined;
  /** Query parameters other than the token; undefined values are left out. */
  query?: Record<string, string | number | undefined> | undefined;
  /** Sent as JSON (POST only). */
  body?: unknown;
}

/**
 * The one door to the storefront: every call goes through here. Checks the
 * token, puts it in the `storefront_token` query (where the provider reads
 * it), turns every failure into an `UpstreamError` (provider `Merch`, `code`
 * from the provider's `{code}` body, its words only in `detail`) and returns
 * the parsed JSON with the operation for the caller's reader. `path` is relative to the base
 * (`/collections/all/products`); segments from callers go through
 * {@link pathSegment} first.
 */
export async function merchRequest(
  token: string,
  path: string,
  init: MerchRequestInit = {},
  options: MerchStorefrontOptions = {},
): Promise<{ data: unknown; operation: string }> {
  assertStorefrontToken(token);
  // Segments are checked by the operations; this keeps a hand-built path from leaving the API.
  if (!/^(?:\/[A-Za-z0-9_-]+)+$/.test(path)) throw new TypeError(`Merch path must be id-safe segments, got ${JSON.stringify(path)}`);
  const method = init.method ?? 'GET';
  const url = endpoint(path, options);
  for (const [name, value] of Object.entries(init.query ?? {})) if (value !== undefined) url.searchParams.set(name, String(value));
  url.searchParams.set('storefront_token', token);
  // The pathname only: the query carries the token.
  const operation = `${method} ${url.pathname}`;
  const headers = new Headers({ accept: 'application/json' });
  let body: string | null = null;
  if (method === 'POST') {
    body = JSON.stringify(init.body ?? {});
    headers.set('content-type', 'application/json');
  }
  const res = await upstreamFetch(url, { provider: PROVIDER, method, headers, body, fetch: options.fetch, timeoutMs: options.timeoutMs });
  if (!res.ok) throw await UpstreamError.fromResponse(PROVIDER, operation, res);
  const text = await readUpstreamText(res, PROVIDER, operation);
  try {
    return { data: JSON.parse(text) as unknown, operation };
  } catch {
    throw invalidResponse(operation, res.status, `not JSON: ${text.slice(0, 200)}`);
  }
}
