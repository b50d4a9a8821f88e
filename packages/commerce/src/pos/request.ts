import { canonicalJson } from '../../../../src/content/field-rev.ts';
import { sha256Hex } from '../../../../src/security/crypto.ts';
import {
  type FetchFn,
  parseRetryAfter,
  readUpstreamBody,
  readUpstreamText,
  UpstreamError,
  type UpstreamErrorInit,
  upstreamFetch,
} from '../../../../src/security/upstream.ts';
import { type Clock, checkRetryPolicy, type RetryPolicy, systemClock, withRetry } from '../retry.ts';

/**
 * The Pos API version every request pins (`Square-Version`). It is the
 * version of the published OpenAPI description the client's shapes are proven
 * against (pos-openapi.json, 2025-08-20); it changes only deliberately, with
 * that description. `config.version` overrides it for one client.
 */
export const POS_VERSION = '2025-08-20';

/** Base URL per environment; `config.environment` picks one. */
export const POS_BASE_URLS = {
  production: 'https://connect.squareup.com',
  sandbox: 'https://connect.squareupsandbox.com',
} as const;

export type PosEnvironment = keyof typeof POS_BASE_URLS;

/** How a site reaches Pos for one seller. Server-side only: the access token is a secret. */
export interface PosConfig {
  /** The seller's access token (`Authorization: Bearer`). Never appears in a message, an operation or a log line. */
  accessToken: string;
  environment: PosEnvironment;
  /** `Square-Version` to send; default `POS_VERSION`. A date, `YYYY-MM-DD`. */
  version?: string | undefined;
  /** Off by default. Retries 429, 5xx and no answer with jitter and the provider's `retry-after`; other 4xx never. */
  retry?: RetryPolicy | undefined;
  /** Deadline per request, default 10 000 ms. */
  timeoutMs?: number | undefined;
  /** Overrides the environment's base URL: the local fake server in development and tests. */
  baseUrl?: string | undefined;
  /** Defaults to the global `fetch`. */
  fetch?: FetchFn | undefined;
  /** Injectable time and randomness (retry back-off) for tests. */
  clock?: Clock | undefined;
  random?: (() => number) | undefined;
}

/** One entry of the provider's `errors` list (its `detail` is kept for logs only, in `PosApiError.detail`). */
export interface PosErrorEntry {
  category: string;
  code: string;
  field: string | null;
}

export interface PosApiErrorInit extends Omit<UpstreamErrorInit, 'provider'> {
  category?: string | null | undefined;
  errors?: readonly PosErrorEntry[] | undefined;
}

/**
 * Every failure of a Pos call: an `UpstreamError` (provider `Pos`, `status`,
 * the provider's `code`) that also carries its `category`. A declined card
 * is category `PAYMENT_METHOD_ERROR`: the buyer's to fix, so map `code` to
 * your own words. No answer is status 0 with category null.
 */
export class PosApiError extends UpstreamError {
  /** The first error's category (`PAYMENT_METHOD_ERROR`, `INVALID_REQUEST_ERROR`, ...), or null when Pos sent none. */
  readonly category: string | null;
  /** Every error the answer listed, in order (Pos puts the one matching the status first). */
  readonly errors: readonly PosErrorEntry[];

  constructor(init: PosApiErrorInit) {
    super({ ...init, provider: PROVIDER });
    this.name = 'PosApiError';
    this.category = init.category ?? null;
    this.errors = init.errors ?? [];
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), category: this.category };
  }
}

const PROVIDER = 'Pos';
const TOKEN = /^[A-Za-z0-9_.:-]{1,64}$/;

/** The provider's `{ errors: [{ category, code, detail, field }] }`, as far as it is readable. */
function errorEntries(data: unknown): PosErrorEntry[] {
  const list = typeof data === 'object' && data !== null ? (data as { errors?: unknown }).errors : undefined;
  if (!Array.isArray(list)) return [];
  return list.flatMap((e: unknown) => {
    if (typeof e !== 'object' || e === null) return [];
    const { category, code, field } = e as Record<string, unknown>;
    if (typeof category !== 'string' || typeof code !== 'string' || !TOKEN.test(category) || !TOKEN.test(code)) return [];
    return [{ category, code, field: typeof field === 'string' ? field : null }];
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function errorFrom(status: number, operation: string, text: string, retryAfterMs: number | null): PosApiError {
  const errors = errorEntries(parseJson(text));
  return new PosApiError({
    status,
    code: errors[0]?.code ?? null,
    category: errors[0]?.category ?? null,
    errors,
    detail: text.trim() || null,
    operation,
    retryAfterMs,
  });
}

/** An answer we cannot act on (a missing id, a body that is not JSON): `invalid_response`, never `undefined` flowing on. */
export function posInvalidResponse(operation: string, what: string, status = 200): PosApiError {
  return new PosApiError({ status, code: 'invalid_response', detail: `the answer lacks ${what}`, operation });
}

const PATH_ID = /^[A-Za-z0-9_:.-]{1,255}$/;

/** An id that goes into a URL path: no `/`, `..`, `?` or `%` can change which endpoint is called. */
export function posPathId(id: unknown, what: string): string {
  if (typeof id !== 'string' || !PATH_ID.test(id) || id.includes('..')) {
    throw new TypeError(`Pos ${what} id must be 1 to 255 letters, digits, '_', ':', '.' or '-'`);
  }
  return id;
}

/**
 * Refuses a config that cannot work before anything is sent. Messages name
 * the setting, never its value: a token must not reach a page or a log.
 */
export function checkPosConfig(config: PosConfig): void {
  if (typeof config !== 'object' || config === null) throw new TypeError('Pos config is missing');
  const { accessToken, environment, version } = config;
  if (typeof accessToken !== 'string' || accessToken === '') {
    throw new TypeError('Pos accessToken is empty: set the access token from the developer dashboard (Credentials).');
  }
  if (/[\p{Cc}\s]/u.test(accessToken)) throw new TypeError('Pos accessToken must not contain spaces or control characters');
  if (environment !== 'production' && environment !== 'sandbox') {
    throw new TypeError(`Pos environment must be 'production' or 'sandbox', got ${JSON.stringify(environment)}`);
  }
  if (version !== undefined && (typeof version !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(version))) {
    throw new TypeError(`Pos version must be a date like ${POS_VERSION}, got ${JSON.stringify(version)}`);
  }
  if (config.retry !== undefined) checkRetryPolicy(config.retry, 'Pos');
}

/**
 * The idempotency key of an operation when the caller gives none: 40 hex
 * characters of SHA-256 over the operation and its input as canonical JSON
 * (keys sorted: the order an input was built in does not matter). The same
 * call repeated (a retry, a double submit) carries the same key, so Pos replays
 * the first result instead of charging or creating twice. 40 fits every
 * endpoint (the shortest limit is 45). Give your own key for two deliberate,
 * identical operations.
 */
export async function posIdempotencyKey(operation: string, input: unknown): Promise<string> {
  return (await sha256Hex(`${operation}\n${canonicalJson(input)}`)).slice(0, 40);
}

/** What one call sends besides method and path. */
export interface PosRequestInit {
  query?: Record<string, string | number | boolean | undefined> | undefined;
  /** A JSON body. */
  body?: Record<string, unknown> | undefined;
  /** A multipart body instead (catalog images): the JSON `request` part and one file part. */
  multipart?: { request: Record<string, unknown>; file: Blob; fileName: string; filePart: string } | undefined;
  /**
   * The operation takes an idempotency key (pos-idempotency-keys.json): it is
   * set in the body (or multipart `request`) as `idempotency_key`, the
   * caller's own when given, else derived from the operation and body.
   */
  idempotency?: { key?: string | undefined; maxLength: number } | undefined;
  /** False for a write Pos cannot deduplicate (no idempotency key): one try whatever `config.retry` says. */
  retry?: boolean | undefined;
}

function buildUrl(config: PosConfig, path: string, query: PosRequestInit['query']): URL {
  const base = (config.baseUrl ?? POS_BASE_URLS[config.environment]).replace(/\/+$/, '');
  const url = new URL(`${base}${path}`);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new TypeError('Pos baseUrl must be an http(s) URL');
  for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined) url.searchParams.set(name, String(value));
  return url;
}

async function withIdempotencyKey(
  operation: string,
  payload: Record<string, unknown>,
  idempotency: NonNullable<PosRequestInit['idempotency']>,
): Promise<Record<string, unknown>> {
  const given = idempotency.key;
  if (given !== undefined && (typeof given !== 'string' || given === '' || given.length > idempotency.maxLength)) {
    throw new TypeError(`Pos idempotencyKey for ${operation} must be 1 to ${idempotency.maxLength} characters`);
  }
  return { ...payload, idempotency_key: given ?? (await posIdempotencyKey(operation, payload)) };
}

/**
 * The one door to the Pos API: every operation goes through here. Sends the
 * bearer token, the pinned `Square-Version` and JSON (or multipart), sets the
 * idempotency key, retries per `config.retry` unless told not to, and turns
 * every failure into a `PosApiError` (the provider's words only in `detail`).
 * A 2xx that is not a JSON object, or that still lists `errors` (a batch
 * with failed entries), throws too: a partial success is not a success.
 * Returns the parsed body.
 */
export async function posRequest(
  config: PosConfig,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  init: PosRequestInit = {},
): Promise<Record<string, unknown>> {
  checkPosConfig(config);
  // Ids inside are checked by the operations (posPathId); this keeps a hand-built path under /v2.
  if (!/^\/v2(?:\/[A-Za-z0-9_:.-]+)+$/.test(path) || path.includes('..'))
    throw new TypeError(`Pos path must be /v2 and id-safe segments, got ${JSON.stringify(path)}`);
  const url = buildUrl(config, path, init.query);
  const operation = `${method} ${path}`;
  const headers = new Headers({ authorization: `Bearer ${config.accessToken}`, 'square-version': config.version ?? POS_VERSION, accept: 'application/json' });
  let body: string | FormData | null = null;
  const keyed = (payload: Record<string, unknown>) => (init.idempotency ? withIdempotencyKey(operation, payload, init.idempotency) : payload);
  if (init.multipart) {
    const { file, fileName, filePart } = init.multipart;
    body = new FormData();
    body.set('request', new Blob([JSON.stringify(await keyed(init.multipart.request))], { type: 'application/json; charset=utf-8' }));
    body.set(filePart, file, fileName);
  } else if (init.body !== undefined) {
    body = JSON.stringify(await keyed(init.body));
    headers.set('content-type', 'application/json');
  }

  // No answer, or an answer that broke off, arrives as a plain UpstreamError: the same failure as a PosApiError.
  const asPosError = (error: unknown): never => {
    if (!(error instanceof UpstreamError)) throw error;
    throw new PosApiError({ status: error.status, code: error.code, detail: error.detail, operation, cause: error.cause });
  };
  const once = async (): Promise<Record<string, unknown>> => {
    const res = await upstreamFetch(url, { provider: PROVIDER, method, headers, body, fetch: config.fetch, timeoutMs: config.timeoutMs }).catch(asPosError);
    if (!res.ok) {
      throw errorFrom(res.status, operation, await readUpstreamBody(res), parseRetryAfter(res.headers.get('retry-after')));
    }
    const text = await readUpstreamText(res, PROVIDER, operation).catch(asPosError);
    const data = parseJson(text);
    if (typeof data !== 'object' || data === null || Array.isArray(data)) {
      throw new PosApiError({ status: res.status, code: 'invalid_response', detail: `not a JSON object: ${text.slice(0, 200)}`, operation });
    }
    if (errorEntries(data).length > 0) throw errorFrom(res.status, operation, text, null);
    return data as Record<string, unknown>;
  };
  return withRetry(once, init.retry === false ? undefined : config.retry, { clock: config.clock ?? systemClock, random: config.random });
}
