import * as v from 'valibot';
import { HttpError, json } from '../http/errors.ts';
import { answering, matchPath, type EditorRoute } from '../http/route.ts';
import { executeStatusChecks } from './run-status-checks.ts';
import { STATUS_CHECK_TIMEOUT_MS, type StatusChecks, type StatusResult } from './status-check.ts';
import { checksSchema, parseOptions, timeoutSchema } from './status-options.ts';

export interface StatusRouteOptions<E = unknown> {
  /** Checks by the name they report under. None: the probe always answers 200. */
  checks?: StatusChecks<E>;
  /** Milliseconds each check gets before it fails and its signal aborts. Default `STATUS_CHECK_TIMEOUT_MS` (2 s). */
  timeoutMs?: number;
  /** Serve a finished result again for this many milliseconds, per route instance in one isolate. Default 0: every request runs the checks. */
  reuseMs?: number;
  /**
   * Where the probe answers. Default `/api/cms/status`, which the framework
   * gate lets through without a session. If you move it, the gate no longer
   * exempts it: add the new path to `apiGate.isPublic`.
   */
  path?: string;
  /** The clock for `reuseMs`, in epoch milliseconds. For tests; defaults to `Date.now`. */
  now?: () => number;
}

const optionsSchema = v.strictObject(
  {
    checks: v.optional(checksSchema),
    timeoutMs: v.optional(timeoutSchema),
    reuseMs: v.optional(
      v.pipe(v.number('reuseMs must be a number of milliseconds'), v.finite('reuseMs must be finite'), v.minValue(0, 'reuseMs must be 0 or more')),
    ),
    path: v.optional(
      v.pipe(
        v.string('path must be a string'),
        v.startsWith('/', 'path must start with /'),
        v.check((path) => !path.split('/').some((part) => part.startsWith(':')), 'path must be a literal path, without :params'),
      ),
    ),
    now: v.optional(v.function('now must be a function returning epoch milliseconds')),
  },
  'statusRoute options must be an object with only checks, timeoutMs, reuseMs, path and now',
);

const ALLOW = 'GET, HEAD';

/**
 * The public status probe: GET and HEAD run the checks and answer 200 when
 * all pass, 503 when any fails, throws or times out; other methods get 405.
 * Every answer carries `Cache-Control: no-store`. No session is asked for.
 *
 * @example composeRoutes(statusRoute({ checks: { db: d1Check((env: Env) => env.DB) } }), ...)
 */
export function statusRoute<E = unknown>(options: StatusRouteOptions<E> = {}): EditorRoute<E> {
  parseOptions('statusRoute', optionsSchema, options);
  const checks = options.checks ?? {};
  const timeoutMs = options.timeoutMs ?? STATUS_CHECK_TIMEOUT_MS;
  const reuseMs = options.reuseMs ?? 0;
  const path = options.path ?? '/api/cms/status';
  const now = options.now ?? Date.now;
  // Per route instance, so one isolate serves one cached result per probe.
  let last: { result: StatusResult; at: number } | undefined;

  async function result(env: E): Promise<StatusResult> {
    if (last && now() - last.at < reuseMs) return last.result;
    const fresh = await executeStatusChecks(env, checks, timeoutMs);
    if (reuseMs > 0) last = { result: fresh, at: now() };
    return fresh;
  }

  return answering(async function status(request, env) {
    if (!matchPath(path, new URL(request.url).pathname)) return undefined;
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      // HttpError bodies go through json(), which adds no-store.
      return new HttpError(405, 'method_not_allowed', `The status probe answers ${ALLOW} only.`, {}, { allow: ALLOW }).toResponse();
    }
    const body = await result(env);
    const response = json(body, { status: body.ok ? 200 : 503 });
    return request.method === 'HEAD' ? new Response(null, { status: response.status, headers: response.headers }) : response;
  });
}
