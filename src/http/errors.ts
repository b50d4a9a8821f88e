import { isLocalHostname } from '../security/local-host.ts';
import { dbProblemOf, dbProblemResponse, logDbProblem } from './db-problem.ts';

/**
 * The one error type for HTTP answers. `code` is a stable machine-readable
 * string (`unauthorized`, `conflict`, `locked`, ...); `extra` fields are
 * merged into the JSON body, so bodies match the spec exactly.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly code: string;
  readonly extra: Record<string, unknown>;
  readonly headers: HeadersInit | undefined;

  constructor(status: number, code: string, message?: string, extra: Record<string, unknown> = {}, headers?: HeadersInit) {
    super(message ?? code);
    this.name = 'HttpError';
    this.status = status;
    this.code = code;
    this.extra = extra;
    this.headers = headers;
  }

  toResponse(): Response {
    const body: Record<string, unknown> = { error: this.code, ...this.extra };
    if (this.message !== this.code) body.message = this.message;
    return json(body, this.headers ? { status: this.status, headers: this.headers } : { status: this.status });
  }
}

/** A JSON response; `Cache-Control: no-store` unless the caller sets one, since editor answers are per-user. */
export function json(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  if (!headers.has('content-type')) headers.set('content-type', 'application/json; charset=utf-8');
  if (!headers.has('cache-control')) headers.set('cache-control', 'no-store');
  return new Response(body === undefined ? null : JSON.stringify(body), { ...init, headers });
}

/**
 * Turns a thrown error into a response. An `HttpError` becomes its own body;
 * a database problem (tables not migrated, a D1 outage) a 503 with
 * `{ error: 'db_unmigrated' | 'db_unavailable', message }` saying what to do;
 * anything else is a bug: logged in full, answered as a bare 500 so no
 * exception text or stack ever reaches a client. `request` picks the local
 * or the remote command in the message (default: remote).
 */
export function errorResponse(error: unknown, request?: Request): Response {
  if (error instanceof HttpError) return error.toResponse();
  const problem = dbProblemOf(error, { local: request ? isLocalHostname(new URL(request.url).hostname) : false });
  if (problem) {
    logDbProblem(problem);
    return dbProblemResponse(problem);
  }
  console.error('louise: unhandled error in route', error);
  return json({ error: 'internal', message: 'Something went wrong on the server. Try again; if it persists, check the server log.' }, { status: 500 });
}
