import { sha256Hex } from '../../../../src/security/crypto.ts';
import { UpstreamError, parseRetryAfter, readUpstreamBody, readUpstreamText, upstreamFetch, type FetchFn } from '../../../../src/security/upstream.ts';
import { encodePayForm, type PayParams } from './form.ts';
import { optObj, optStr } from './read.ts';

/**
 * The Pay API version every call pins (`Stripe-Version`). Pay changes shapes
 * per version; pinning here means an account's dashboard default can never
 * change what this client reads. Bump deliberately, with the tests.
 */
export const PAY_API_VERSION = '2026-10-28.endive';

/** Pay's API origin. */
export const PAY_BASE_URL = 'https://api.stripe.com';

/** Options every Pay call takes. */
export interface PayOptions {
  /** API origin, default `https://api.stripe.com`; the local fake server in development and tests. */
  baseUrl?: string | undefined;
  /** Defaults to the global `fetch`. */
  fetch?: FetchFn | undefined;
  /** Deadline per request (each step of a flow), default 10 000 ms. */
  timeoutMs?: number | undefined;
  /**
   * Idempotency key for the write (up to 200 characters). A flow of several
   * writes derives one key per step from it. Without it a key is derived from
   * the operation and its parameters: the same call repeated within Pay's 24 h
   * window replays the first result instead of charging or creating twice.
   */
  idempotencyKey?: string | undefined;
}

const PROVIDER = 'Pay';
const PATH_ID = /^[A-Za-z0-9_]+$/;
// Pay allows 255; the margin leaves room for the step suffix a flow adds.
const CALLER_KEY_MAX = 200;
const PAY_KEY_MAX = 255;

/**
 * Refuses what cannot be a server-side Pay key before anything is sent: an
 * empty value (a missing setting) or a publishable key (`pk_`, public by
 * design). The key itself never appears in the message.
 */
export function assertSecretKey(secretKey: unknown): asserts secretKey is string {
  if (typeof secretKey !== 'string' || secretKey === '') {
    throw new TypeError('Pay secret key is empty: set the secret key (sk_...) or restricted key (rk_...) from the Pay dashboard.');
  }
  if (!/^(?:sk|rk)_[\x21-\x7e]+$/.test(secretKey)) {
    const hint = secretKey.startsWith('pk_') ? ' A publishable key (pk_) is for browsers only.' : '';
    throw new TypeError(`Pay secret key must be a secret (sk_...) or restricted (rk_...) key.${hint}`);
  }
}

/** An id that goes into a URL path: only Pay's id alphabet, so no `/`, `..` or `?` can change which endpoint is called. */
export function pathId(id: unknown, what: string): string {
  if (typeof id !== 'string' || !PATH_ID.test(id))
    throw new TypeError(`Pay ${what} id must be letters, digits and underscores (like pi_123), got ${JSON.stringify(id)}`);
  return id;
}

function checkedKey(key: string | undefined, max: number): string | undefined {
  if (key === undefined) return undefined;
  if (typeof key !== 'string' || key === '' || key.length > max || /[^\x21-\x7e]/.test(key)) {
    throw new TypeError(`Pay idempotencyKey must be 1 to ${max} printable ASCII characters without spaces.`);
  }
  return key;
}

/**
 * The key for one step of a multi-write flow: the caller's key (or the flow's
 * derived key) plus the step, so a retried flow replays the steps that already
 * happened and performs only the rest.
 */
export async function stepKey(base: string, step: string): Promise<string> {
  const key = `${base}:${step}`;
  return key.length <= PAY_KEY_MAX ? key : `louise-${await sha256Hex(key)}`;
}

/**
 * The flow's base key: the caller's, else one derived from the flow's name and
 * its whole input, never random, so calling the same flow again replays it.
 */
export async function flowKey(flow: string, input: PayParams, options: PayOptions | undefined): Promise<string> {
  return checkedKey(options?.idempotencyKey, CALLER_KEY_MAX) ?? `louise-${await sha256Hex(`${flow}\n${encodePayForm(input)}`)}`;
}

/**
 * The one door to Pay: every operation goes through here. Sends the Bearer
 * key and the pinned version, encodes `params` as Pay's form (body for POST,
 * query for GET and DELETE), gives every POST an `Idempotency-Key`, and turns
 * every failure into an `UpstreamError` (provider `Pay`, `code` from the
 * body's `error.code` or `error.type`, the provider's message only in
 * `detail`). Returns the answer's JSON object.
 * @example await payRequest(key, 'GET', '/v1/customers', { email, limit: 1 })
 */
export async function payRequest(
  secretKey: string,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  params: PayParams = {},
  options: PayOptions = {},
): Promise<Record<string, unknown>> {
  assertSecretKey(secretKey);
  // Ids inside are checked by the operations (pathId); this keeps a hand-built path from leaving /v1/.
  if (!/^\/v1(?:\/[A-Za-z0-9_]+)+$/.test(path)) throw new TypeError(`Pay path must be /v1/ followed by id-safe segments, got ${JSON.stringify(path)}`);
  const encoded = encodePayForm(params);
  const base = (options.baseUrl ?? PAY_BASE_URL).replace(/\/+$/, '');
  const url = method === 'POST' || encoded === '' ? `${base}${path}` : `${base}${path}?${encoded}`;
  const operation = `${method} ${path}`;
  const headers = new Headers({ authorization: `Bearer ${secretKey}`, 'stripe-version': PAY_API_VERSION, accept: 'application/json' });
  let body: string | null = null;
  if (method === 'POST') {
    body = encoded;
    headers.set('content-type', 'application/x-www-form-urlencoded');
    // Derived from what is sent, never random: a retry of the same call is the same request to Pay.
    headers.set('idempotency-key', checkedKey(options.idempotencyKey, PAY_KEY_MAX) ?? `louise-${await sha256Hex(`${operation}\n${encoded}`)}`);
  }
  const res = await upstreamFetch(url, { provider: PROVIDER, method, headers, body, fetch: options.fetch, timeoutMs: options.timeoutMs });
  if (!res.ok) throw await payError(res, operation);
  const text = await readUpstreamText(res, PROVIDER, operation);
  const data = parseObject(text);
  if (data === null) {
    throw new UpstreamError({
      provider: PROVIDER,
      status: res.status,
      code: 'invalid_response',
      detail: `not a JSON object: ${text.slice(0, 200)}`,
      operation,
    });
  }
  return data;
}

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const data: unknown = JSON.parse(text);
    return typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * A non-2xx as `UpstreamError`. Pay's body is `{ error: { type, code,
 * decline_code, message, param } }`; the message (which may quote the
 * buyer's input) goes to `detail` with the decline code, the parameter and
 * Pay's request id, all for logs.
 */
async function payError(res: Response, operation: string): Promise<UpstreamError> {
  const text = await readUpstreamBody(res);
  const fields = optObj(parseObject(text), 'error');
  // Pay sends '' for "none"; an empty value is no value here.
  const str = (key: string): string | null => optStr(fields, key) || null;
  const parts = [str('message') ?? (text.trim() || null)];
  const declineCode = str('decline_code');
  if (declineCode) parts.push(`decline_code=${declineCode}`);
  const param = str('param');
  if (param) parts.push(`param=${param}`);
  const requestId = res.headers.get('request-id');
  if (requestId) parts.push(`request_id=${requestId}`);
  const detail = parts.filter((p) => p !== null).join(' ') || null;
  return new UpstreamError({
    provider: PROVIDER,
    status: res.status,
    code: str('code') ?? str('type'),
    detail,
    operation,
    retryAfterMs: parseRetryAfter(res.headers.get('retry-after')),
  });
}
