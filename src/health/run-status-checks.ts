import * as v from 'valibot';
import { STATUS_CHECK_TIMEOUT_MS, type StatusCheck, type StatusCheckReport, type StatusChecks, type StatusResult } from './status-check.ts';
import { checksSchema, parseOptions, timeoutSchema } from './status-options.ts';

export interface RunStatusChecksOptions {
  /** Milliseconds each check gets before it fails and its signal aborts. Default `STATUS_CHECK_TIMEOUT_MS` (2 s). */
  timeoutMs?: number;
}

const runOptionsSchema = v.strictObject({ timeoutMs: v.optional(timeoutSchema) }, 'the third argument of runStatusChecks must be { timeoutMs? }');

/**
 * Runs status checks without the route: all at once, each bounded by the
 * timeout. Never throws for a failing check; a throw is logged and reported
 * as `{ ok: false }`.
 *
 * @example const result = await runStatusChecks(env, { db: d1Check(env.DB) }, { timeoutMs: 500 });
 */
export async function runStatusChecks<E>(env: E, checks: StatusChecks<E>, options: RunStatusChecksOptions = {}): Promise<StatusResult> {
  parseOptions('runStatusChecks', checksSchema, checks);
  parseOptions('runStatusChecks', runOptionsSchema, options);
  return executeStatusChecks(env, checks, options.timeoutMs ?? STATUS_CHECK_TIMEOUT_MS);
}

/** `runStatusChecks` for callers that validated their arguments already (the route, once at setup). */
export async function executeStatusChecks<E>(env: E, checks: StatusChecks<E>, timeoutMs: number): Promise<StatusResult> {
  const entries = Object.entries(checks);
  if (entries.length === 0) return { ok: true, checks: {} };

  const controller = new AbortController();
  const timedOut = new Promise<typeof TIMED_OUT>((resolve) => {
    controller.signal.addEventListener('abort', () => resolve(TIMED_OUT), { once: true });
  });
  const timer = setTimeout(() => controller.abort(new DOMException(`status checks timed out after ${timeoutMs} ms`, 'TimeoutError')), timeoutMs);
  try {
    // Every check is called before any is awaited, so they run concurrently.
    const reports = await Promise.all(entries.map(([name, check]) => runOne(name, check, env, controller.signal, timedOut, timeoutMs)));
    // fromEntries defines own properties, so a check named `__proto__` stays a plain key.
    return {
      ok: reports.every((report) => report.ok),
      checks: Object.fromEntries(entries.map(([name], i) => [name, reports[i] as StatusCheckReport])),
    };
  } finally {
    clearTimeout(timer);
  }
}

const TIMED_OUT = Symbol('timed out');

async function runOne<E>(
  name: string,
  check: StatusCheck<E>,
  env: E,
  signal: AbortSignal,
  timedOut: Promise<typeof TIMED_OUT>,
  timeoutMs: number,
): Promise<StatusCheckReport> {
  // The async wrapper turns a synchronous throw into a rejection; the catch
  // stays attached after a timeout, so a late rejection is never unhandled.
  const settled = (async () => check(env, signal))().then(toReport, (error: unknown) => {
    console.error(`louise: status check "${name}" threw`, error);
    return { ok: false };
  });
  const outcome = await Promise.race([settled, timedOut]);
  if (outcome !== TIMED_OUT) return outcome;
  console.error(`louise: status check "${name}" timed out after ${timeoutMs} ms`);
  return { ok: false };
}

/**
 * Only `true` and `{ ok: true }` pass. Only `ok` and a finite numeric
 * `ageMs` are copied, so nothing else a check returns (error text
 * included) can reach the public body.
 */
function toReport(outcome: unknown): StatusCheckReport {
  if (outcome === true) return { ok: true };
  if (typeof outcome !== 'object' || outcome === null) return { ok: false };
  const { ok, ageMs } = outcome as { ok?: unknown; ageMs?: unknown };
  const report: StatusCheckReport = { ok: ok === true };
  if (typeof ageMs === 'number' && Number.isFinite(ageMs)) report.ageMs = ageMs;
  return report;
}
