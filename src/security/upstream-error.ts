import { readUpstreamBody } from './upstream-body.ts';

/** What a provider client knows when it builds an `UpstreamError`. */
export interface UpstreamErrorInit {
  provider: string;
  /** HTTP status; 0 when no response arrived. */
  status: number;
  code?: string | null | undefined;
  /** The provider's own words (body text, low-level error message): logs only. */
  detail?: string | null | undefined;
  /** Method and path, for example `GET /v2/items`; any query or fragment is cut off. */
  operation?: string | null | undefined;
  /** How long the provider asked to wait before trying again (its `retry-after`), in ms. */
  retryAfterMs?: number | null | undefined;
  cause?: unknown;
}

// Codes come from provider bodies; only short tokens are put in the message so a
// provider echoing user input or prose cannot leak it into text shown to users.
const CODE_TOKEN = /^[A-Za-z0-9_.:-]{1,64}$/;
const DETAIL_MAX = 4000;

/**
 * A provider call that failed: a non-2xx answer or no answer at all (status 0).
 * Its message names provider, status and code and is safe to show; `detail`
 * stays out of the message and out of JSON.
 */
export class UpstreamError extends Error {
  readonly provider: string;
  readonly status: number;
  readonly code: string | null;
  readonly retryable: boolean;
  readonly detail: string | null;
  readonly operation: string | null;
  /** The provider's `retry-after` in ms, or null when it sent none (or an unreadable one). */
  readonly retryAfterMs: number | null;

  constructor(init: UpstreamErrorInit) {
    if (!Number.isInteger(init.status) || init.status < 0 || init.status > 999) {
      throw new TypeError(`UpstreamError status must be an integer from 0 to 999, got ${String(init.status)}`);
    }
    const code = init.code ?? null;
    super(upstreamMessage(init.provider, init.status, code), init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'UpstreamError';
    this.provider = init.provider;
    this.status = init.status;
    this.code = code;
    this.retryable = init.status === 0 || init.status === 429 || init.status >= 500;
    this.detail = init.detail == null ? null : init.detail.slice(0, DETAIL_MAX);
    this.operation = init.operation == null ? null : stripQuery(init.operation);
    const wait = init.retryAfterMs;
    this.retryAfterMs = typeof wait === 'number' && Number.isFinite(wait) && wait >= 0 ? Math.ceil(wait) : null;
  }

  /**
   * Builds the error for a non-2xx `res`: reads the body (bounded, never throws),
   * keeps it as `detail` and takes `code` from common JSON error shapes.
   * @example if (!res.ok) throw await UpstreamError.fromResponse('Pos', 'GET /v2/items', res);
   */
  static async fromResponse(provider: string, operation: string | null, res: Response): Promise<UpstreamError> {
    const body = await readUpstreamBody(res);
    return new UpstreamError({
      provider,
      status: res.status,
      code: extractErrorCode(body),
      detail: body.trim() || null,
      operation,
      retryAfterMs: parseRetryAfter(res.headers.get('retry-after')),
    });
  }

  /** Everything but `detail` (and the stack), so error bodies and structured logs never carry the provider's words by accident. */
  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      message: this.message,
      provider: this.provider,
      status: this.status,
      code: this.code,
      retryable: this.retryable,
      operation: this.operation,
    };
  }
}

function upstreamMessage(provider: string, status: number, code: string | null): string {
  const shownCode = code !== null && CODE_TOKEN.test(code) ? ` (${code})` : '';
  if (status === 0) return `${provider} did not answer${shownCode}`;
  return `${provider} answered ${status}${shownCode}`;
}

/**
 * A `retry-after` header in ms: delay-seconds (`120`) or an HTTP date, which
 * counts from `now`. Null when absent or unreadable; a date in the past is 0.
 */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d{1,9}$/.test(text)) return Number(text) * 1000;
  const at = /[a-z]/i.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** `GET /a/b?token=x#y` becomes `GET /a/b`. */
export function stripQuery(operation: string): string {
  return operation.replace(/[?#].*$/s, '');
}

/** `GET /path` for a request, never the query. */
export function operationOf(method: string, url: string | URL): string {
  try {
    return `${method.toUpperCase()} ${new URL(url).pathname}`;
  } catch {
    return `${method.toUpperCase()} ${stripQuery(String(url))}`;
  }
}

/**
 * The first code-like value in common JSON error bodies: `{code}`, `{error_code}`,
 * `{errorCode}`, `{error: "x"}` (OAuth), `{error: {code|type}}` (card providers),
 * `{errors: [{code}]}` (Pos) and `{errors: [{extensions: {code}}]}` (GraphQL).
 * Returns null for non-JSON bodies and for values that are not short tokens.
 */
export function extractErrorCode(body: string): string | null {
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch {
    return null;
  }
  const root = record(data);
  if (!root) return null;
  const error = record(root['error']);
  const first = Array.isArray(root['errors']) ? record(root['errors'][0]) : null;
  const candidates = [
    root['code'],
    root['error_code'],
    root['errorCode'],
    root['error'],
    error?.['code'],
    error?.['type'],
    first?.['code'],
    record(first?.['extensions'])?.['code'],
  ];
  for (const value of candidates) {
    const text = typeof value === 'number' && Number.isInteger(value) ? String(value) : value;
    if (typeof text === 'string' && CODE_TOKEN.test(text)) return text;
  }
  return null;
}

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}
