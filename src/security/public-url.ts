import { publicUrlProblem, type PublicUrlPolicy } from './public-url-problem.ts';
import { UpstreamError, upstreamFetch, UPSTREAM_TIMEOUT_MS, type FetchFn } from './upstream.ts';
import { operationOf } from './upstream-error.ts';

export { publicUrlProblem, PRIVATE_NAME_SUFFIXES, type PublicUrlPolicy } from './public-url-problem.ts';

/** Default number of redirects `fetchPublicUrl` follows. */
export const PUBLIC_FETCH_MAX_REDIRECTS = 3;

/** Thrown by `fetchPublicUrl` when the URL, or a redirect hop, fails `publicUrlProblem`. */
export class BlockedUrlError extends Error {
  /** The `publicUrlProblem` reason; never contains the URL. */
  readonly reason: string;
  /** 0 for the URL asked for, n for the n-th redirect. */
  readonly hop: number;

  constructor(reason: string, hop = 0) {
    super(hop === 0 ? `URL refused: ${reason}` : `Redirect ${hop} refused: ${reason}`);
    this.name = 'BlockedUrlError';
    this.reason = reason;
    this.hop = hop;
  }
}

/** `RequestInit` (redirects are handled here, so no `redirect`) plus the URL policy. */
export interface PublicFetchInit extends Omit<RequestInit, 'redirect'>, PublicUrlPolicy {
  /** Provider name in errors; default `Remote`. */
  provider?: string | undefined;
  /** Deadline for the whole chain of hops, body included; default 10 000 ms. */
  timeoutMs?: number | undefined;
  /** Default 3; a redirect beyond it throws `UpstreamError` code `too_many_redirects`. */
  maxRedirects?: number | undefined;
  fetch?: FetchFn | undefined;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];

/**
 * Fetches a user-chosen URL. Every hop, the first included, must pass
 * `publicUrlProblem` or `BlockedUrlError` is thrown. GET and HEAD follow
 * 301/302/303/307/308; other methods follow only 307 and 308 (with their body)
 * and get 301/302/303 back as the non-ok response (so a 303 never has to turn a
 * POST into a GET: only body-less GET and HEAD follow it). A hop to another origin drops Authorization, Cookie and
 * Proxy-Authorization for the rest of the chain. A redirect past `maxRedirects`
 * throws `UpstreamError` (status of that redirect, code `too_many_redirects`).
 * Failures without an answer are `upstreamFetch`'s: status 0, `timeout` or `network`.
 */
export async function fetchPublicUrl(input: string | URL, init: PublicFetchInit = {}): Promise<Response> {
  const { provider = 'Remote', timeoutMs = UPSTREAM_TIMEOUT_MS, maxRedirects = PUBLIC_FETCH_MAX_REDIRECTS, allowHttp, blockHosts, fetch, ...request } = init;
  if (!Number.isInteger(maxRedirects) || maxRedirects < 0) {
    throw new RangeError(`fetchPublicUrl maxRedirects must be a non-negative integer, got ${String(maxRedirects)}`);
  }
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) {
    throw new RangeError(`fetchPublicUrl timeoutMs must be a positive number of milliseconds, got ${String(timeoutMs)}`);
  }
  const policy: PublicUrlPolicy = { allowHttp, blockHosts };
  const first = publicUrlProblem(input, policy);
  if (first !== null) throw new BlockedUrlError(first);

  let url = new URL(input);
  const method = (request.method ?? 'GET').toUpperCase();
  const headers = new Headers(request.headers);
  // A 307/308 resends the body, so a one-shot stream is read once up front.
  const body = request.body instanceof ReadableStream ? await new Response(request.body).arrayBuffer() : (request.body ?? null);
  const deadline = Date.now() + timeoutMs;

  for (let hop = 0; ; hop++) {
    const remaining = deadline - Date.now();
    if (remaining <= 0) {
      throw new UpstreamError({ provider, status: 0, code: 'timeout', detail: `no answer within ${timeoutMs} ms`, operation: operationOf(method, url) });
    }
    // `url.href` is the normalized form publicUrlProblem judged; the raw input is never sent.
    const res = await upstreamFetch(url.href, { ...request, method, headers, body, provider, timeoutMs: remaining, fetch });
    const location = res.headers.get('location');
    if (!REDIRECT_STATUSES.has(res.status) || location === null) return res;
    if (method !== 'GET' && method !== 'HEAD' && res.status !== 307 && res.status !== 308) return res;
    discardBody(res);
    if (hop >= maxRedirects) {
      throw new UpstreamError({
        provider,
        status: res.status,
        code: 'too_many_redirects',
        detail: `more than ${maxRedirects} redirects`,
        operation: operationOf(method, url),
      });
    }
    let next: URL;
    try {
      next = new URL(location, url);
    } catch {
      throw new BlockedUrlError('redirect location is not a valid URL', hop + 1);
    }
    const problem = publicUrlProblem(next, policy);
    if (problem !== null) throw new BlockedUrlError(problem, hop + 1);
    if (next.origin !== url.origin) for (const name of CREDENTIAL_HEADERS) headers.delete(name);
    url = next;
  }
}

function discardBody(res: Response): void {
  try {
    res.body?.cancel().catch(() => {});
  } catch {
    // A locked or used body needs no release.
  }
}
