/** Default time each status check gets before it counts as failed: 2 seconds. */
export const STATUS_CHECK_TIMEOUT_MS = 2000;

/** What a check may answer: `true` or `{ ok: true }` pass; anything else fails. */
export type StatusCheckOutcome = boolean | { ok: boolean; ageMs?: number };

/**
 * One health check. Gets the worker env and a signal that aborts at the
 * timeout; answers sync or async. A throw counts as a failure and is logged.
 *
 * @example const kv: StatusCheck<Env> = async (env) => (await env.KV.get('heartbeat')) !== null;
 */
export type StatusCheck<E = unknown> = (env: E, signal: AbortSignal) => StatusCheckOutcome | Promise<StatusCheckOutcome>;

/** Checks by the name they report under. */
export type StatusChecks<E = unknown> = Readonly<Record<string, StatusCheck<E>>>;

/** One check's line in the result: a boolean and, where the check knows it, an age. Never error text. */
export interface StatusCheckReport {
  ok: boolean;
  ageMs?: number;
}

/** The status check result: `ok` is true when every check passed (and when there are none). */
export interface StatusResult {
  ok: boolean;
  checks: Record<string, StatusCheckReport>;
}
