import { type FetchFn, UpstreamError, readUpstreamText, upstreamFetch } from '../../../../src/security/upstream.ts';
import { type Clock, checkRetryPolicy, type RetryPolicy, systemClock, withRetry } from '../retry.ts';
import { acquireMerchSlot, type MerchLimiterNamespace, merchLimits } from './limiter.ts';

/** The Merch platform API, release 1.0 (the client's shapes and paths are those of this release). */
export const MERCH_PLATFORM_URL = 'https://api.fourthwall.com/open-api/v1.0';

/** How a site reaches the Merch platform API for one shop. Server-side only. */
export interface MerchPlatformConfig {
  /** The shop's API user (HTTP Basic). Never appears in an error message, an operation or a log line. */
  username: string;
  password: string;
  /** Default `MERCH_PLATFORM_URL`; the local fake server in development and tests. */
  baseUrl?: string | undefined;
  /** Defaults to the global `fetch`. */
  fetch?: FetchFn | undefined;
  /** Deadline per request, default 10 000 ms. */
  timeoutMs?: number | undefined;
  /** Off by default. Retries 429, 5xx and no answer, honouring `retry-after`; `createExternalOrder` is never retried. */
  retry?: RetryPolicy | undefined;
  /**
   * On by default at the provider's limits (100 requests per 10 s, 5 product
   * creations per minute, per shop). `false` turns it off; lower numbers are
   * honoured, higher ones clamped.
   */
  rateLimit?: false | { requestsPer10s?: number | undefined; productCreationsPerMinute?: number | undefined } | undefined;
  /** Clients with the same key share one throttle; default `username`. Give every client of one shop the same key. */
  rateLimitKey?: string | undefined;
  /** The `MERCH_LIMITER` Durable Object namespace: one throttle per key across all isolates instead of per isolate. */
  limiter?: MerchLimiterNamespace | undefined;
  /** Injectable time and randomness (jitter) for tests. */
  clock?: Clock | undefined;
  random?: (() => number) | undefined;
}

/** What one call sends besides method and path. */
export interface MerchRequestInit {
  query?: Record<string, string | number | readonly string[] | undefined> | undefined;
  body?: unknown;
  /** `POST /products`: also takes a product-creation token. */
  creation?: boolean | undefined;
  /** False for a chargeable create: one try, whatever `config.retry` says. */
  retry?: boolean | undefined;
}

const PROVIDER = 'Merch';
const PATH_ID = /^[A-Za-z0-9_-]{1,128}$/;

/** An id that goes into a URL path: no `/`, `..`, `?` or `%` can change which endpoint is called. */
export function pathId(id: unknown, what: string): string {
  if (typeof id !== 'string' || !PATH_ID.test(id)) throw new TypeError(`Merch ${what} id must be 1 to 128 letters, digits, '-' or '_'`);
  return id;
}

/**
 * Refuses a config that cannot work before anything is sent. The messages
 * name the setting, never its value: a username or password must not reach
 * an error page or a log through a typo.
 */
function checkConfig(config: MerchPlatformConfig): void {
  if (typeof config !== 'object' || config === null) throw new TypeError('Merch platform config is missing');
  const { username, password } = config;
  if (typeof username !== 'string' || username === '')
    throw new TypeError('Merch platform username is empty: set the API user from the shop settings (For developers).');
  // Basic auth joins with ':'; a control character would break or smuggle a header.
  if (username.includes(':') || /\p{Cc}/u.test(username)) throw new TypeError("Merch platform username must not contain ':' or control characters");
  if (typeof password !== 'string' || password === '') throw new TypeError('Merch platform password is empty: set the API user password.');
  if (/\p{Cc}/u.test(password)) throw new TypeError('Merch platform password must not contain control characters');
  if (config.rateLimitKey !== undefined && (typeof config.rateLimitKey !== 'string' || config.rateLimitKey === '')) {
    throw new TypeError('Merch rateLimitKey must be a non-empty string');
  }
  if (config.retry !== undefined) checkRetryPolicy(config.retry, 'Merch');
}

function basicAuth(username: string, password: string): string {
  const bytes = new TextEncoder().encode(`${username}:${password}`);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}

function buildUrl(config: MerchPlatformConfig, path: string, query: MerchRequestInit['query']): URL {
  const url = new URL(`${(config.baseUrl ?? MERCH_PLATFORM_URL).replace(/\/+$/, '')}${path}`);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new TypeError('Merch platform baseUrl must be an http(s) URL');
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue;
    for (const one of typeof value === 'object' ? value : [value]) url.searchParams.append(name, String(one));
  }
  return url;
}

/**
 * The one door to the Merch platform API: every operation goes through here.
 * Sends HTTP Basic credentials and JSON, waits for the shop's throttle before
 * every try (`acquireMerchSlot`), retries per `config.retry` unless told not
 * to, and turns every failure into an `UpstreamError` (provider `Merch`, `code`
 * from the body's `code`, the provider's words only in `detail`). A 2xx that
 * is not JSON is `invalid_response`. Returns the parsed body (null for 204).
 */
export async function merchRequest(
  config: MerchPlatformConfig,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  init: MerchRequestInit = {},
): Promise<unknown> {
  checkConfig(config);
  // Ids inside are checked by the operations (pathId); this keeps a hand-built path under the API root.
  if (!/^(?:\/[A-Za-z0-9_-]+)+$/.test(path)) throw new TypeError(`Merch path must be id-safe segments, got ${JSON.stringify(path)}`);
  const limits = merchLimits(config.rateLimit);
  const url = buildUrl(config, path, init.query);
  // The path as the operations name it (`GET /external-orders`), whatever the base URL.
  const operation = `${method} ${path}`;
  const headers = new Headers({ authorization: basicAuth(config.username, config.password), accept: 'application/json' });
  let body: string | null = null;
  if (init.body !== undefined) {
    body = JSON.stringify(init.body);
    headers.set('content-type', 'application/json');
  }
  const clock = config.clock ?? systemClock;
  const slot = { key: config.rateLimitKey ?? config.username, limits, limiter: config.limiter, clock };

  const once = async (): Promise<unknown> => {
    await acquireMerchSlot(slot, init.creation === true);
    const res = await upstreamFetch(url, { provider: PROVIDER, method, headers, body, fetch: config.fetch, timeoutMs: config.timeoutMs }).catch(
      (error: unknown) => {
        if (!(error instanceof UpstreamError)) throw error;
        throw new UpstreamError({ provider: PROVIDER, status: error.status, code: error.code, detail: error.detail, operation, cause: error.cause });
      },
    );
    if (!res.ok) throw await UpstreamError.fromResponse(PROVIDER, operation, res);
    const text = await readUpstreamText(res, PROVIDER, operation);
    if (res.status === 204 || text.trim() === '') return null;
    try {
      return JSON.parse(text);
    } catch {
      throw new UpstreamError({ provider: PROVIDER, status: res.status, code: 'invalid_response', detail: `not JSON: ${text.slice(0, 200)}`, operation });
    }
  };
  return withRetry(once, init.retry === false ? undefined : config.retry, { clock, random: config.random });
}
