import { UpstreamError, operationOf } from './upstream-error.ts';

export { UpstreamError, parseRetryAfter, type UpstreamErrorInit } from './upstream-error.ts';
export { readUpstreamBody, UPSTREAM_BODY_MAX_BYTES } from './upstream-body.ts';

/** The `fetch` shape the helpers call; injectable so tests need no network. */
export type FetchFn = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

/** Default deadline for one provider call. */
export const UPSTREAM_TIMEOUT_MS = 10_000;

/** `RequestInit` plus who is called and how long to wait. */
export interface UpstreamInit extends RequestInit {
  /** Provider name used in errors and logs, e.g. `Pos`. */
  provider: string;
  /** Deadline for the whole exchange, body included; default 10 000 ms. */
  timeoutMs?: number | undefined;
  /** Defaults to the global `fetch`. */
  fetch?: FetchFn | undefined;
}

const DETAIL_IN_LOG = 500;

// Called through a wrapper: workerd throws "Illegal invocation" when fetch runs with a foreign `this`.
const globalFetch: FetchFn = (input, init) => fetch(input, init);

/**
 * `fetch` for provider calls. Never follows redirects (`redirect: 'manual'`);
 * a non-2xx is returned, not thrown. No answer within `timeoutMs` throws
 * `UpstreamError` status 0 code `timeout`; a failed connection code `network`.
 * The deadline stays armed while the body is read, so a stalled body errors too.
 * A caller's own abort (its `signal`, or the signal of a passed `Request`) is
 * not an upstream failure: the abort reason is rethrown unchanged.
 */
export async function upstreamFetch(input: RequestInfo | URL, init: UpstreamInit): Promise<Response> {
  const { provider, timeoutMs = UPSTREAM_TIMEOUT_MS, fetch: fetchFn = globalFetch, signal, ...rest } = init;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) {
    throw new RangeError(`upstreamFetch timeoutMs must be a positive number of milliseconds, got ${String(timeoutMs)}`);
  }
  const method = rest.method ?? (input instanceof Request ? input.method : 'GET');
  const operation = operationOf(method, input instanceof Request ? input.url : input);
  const callerSignals = [signal, input instanceof Request ? input.signal : null].filter((s): s is AbortSignal => s != null);
  const timeout = AbortSignal.timeout(timeoutMs);
  try {
    return await fetchFn(input, { ...rest, redirect: 'manual', signal: AbortSignal.any([timeout, ...callerSignals]) });
  } catch (error) {
    if (callerSignals.some((s) => s.aborted)) throw error;
    if (timeout.aborted) {
      throw new UpstreamError({ provider, status: 0, code: 'timeout', detail: `no answer within ${timeoutMs} ms`, operation, cause: error });
    }
    const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    throw new UpstreamError({ provider, status: 0, code: 'network', detail, operation, cause: error });
  }
}

/**
 * The text of a provider's answer (a 2xx, once `upstreamFetch` returned it).
 * The deadline stays armed while the body streams in, so a body that breaks
 * off or stalls is an `UpstreamError` status 0 (`timeout` or `network`), the
 * same as no answer: the caller cannot know what the provider did.
 */
export async function readUpstreamText(res: Response, provider: string, operation: string): Promise<string> {
  try {
    return await res.text();
  } catch (error) {
    const code = error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'network';
    throw new UpstreamError({ provider, status: 0, code, detail: 'the answer broke off while its body was read', operation, cause: error });
  }
}

/**
 * One log line: the error's name (`UpstreamError`, or a provider's subclass such as
 * `PosApiError`), provider, status, code, retryable, operation and the provider's
 * detail (whitespace collapsed, cut at 500 characters). Never request headers.
 */
export function upstreamLogLine(err: UpstreamError): string {
  const parts = [
    `${err.name} provider=${JSON.stringify(err.provider)}`,
    `status=${err.status}`,
    `code=${err.code === null ? '-' : JSON.stringify(err.code)}`,
    `retryable=${err.retryable}`,
  ];
  parts.push(`operation=${err.operation === null ? '-' : JSON.stringify(err.operation)}`);
  if (err.detail !== null) {
    const flat = err.detail.replace(/\s+/g, ' ').trim();
    const cut = flat.length > DETAIL_IN_LOG ? `${flat.slice(0, DETAIL_IN_LOG)}…` : flat;
    parts.push(`detail=${JSON.stringify(cut)}`);
  }
  return parts.join(' ');
}
