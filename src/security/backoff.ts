// A failure counter with growing delays (sign-in): what every store
// (the Durable Object, KV) runs on its one stored state.

/** How a back-off counter answers: `free` failures with no wait, then a wait that doubles per failure up to a cap. */
export interface BackoffPolicy {
  /** Failures allowed with no wait. */
  free: number;
  /** The wait after the first failure past `free`; each further failure doubles it. */
  baseSec: number;
  /** The longest wait, so a counter slows its key down without ever shutting it out. */
  maxSec: number;
  /** Failures are forgotten this long after the last one. */
  memorySec: number;
}

/** One key's stored state; times in milliseconds. */
export interface BackoffState {
  failures: number;
  lastAt: number;
  forgetAt: number;
}

/** What a counter operation answers: `failures` is the count before it; `retryAfter` whole seconds (0 when ok). */
export interface BackoffResult {
  ok: boolean;
  retryAfter: number;
  failures: number;
}

/**
 * `take`: reserve one attempt (counted as a failure until the caller says
 * otherwise), or refuse it with the wait; `forgive`: undo one reserved
 * attempt (it succeeded, or another key refused it); `clear`: forget the key.
 */
export type BackoffOp = { kind: 'take'; policy: BackoffPolicy; now: number } | { kind: 'forgive'; now: number } | { kind: 'clear' };

/** The whole seconds `state` must still wait under `policy` at `now`; 0 when an attempt may go ahead. */
export function backoffWait(state: BackoffState | null, policy: BackoffPolicy, now: number): number {
  const current = live(state, now);
  if (!current || current.failures < policy.free) return 0;
  // 2 ** 40 s is past any cap: the exponent is bounded so the product stays finite.
  const delaySec = Math.min(policy.maxSec, policy.baseSec * 2 ** Math.min(current.failures - policy.free, 40));
  const wait = current.lastAt + delaySec * 1000 - now;
  return wait > 0 ? Math.ceil(wait / 1000) : 0;
}

/**
 * Applies one operation to a key's state. Returns the answer and the state
 * to store (null: delete it). A refused `take` changes nothing, so knocking
 * while held back never extends the wait.
 */
export function applyBackoff(state: BackoffState | null, op: BackoffOp): { result: BackoffResult; next: BackoffState | null } {
  if (op.kind === 'clear') return { result: { ok: true, retryAfter: 0, failures: state?.failures ?? 0 }, next: null };
  const current = live(state, op.now);
  const failures = current?.failures ?? 0;
  if (op.kind === 'forgive') {
    const next = current && failures > 1 ? { ...current, failures: failures - 1 } : null;
    return { result: { ok: true, retryAfter: 0, failures }, next };
  }
  const wait = backoffWait(current, op.policy, op.now);
  if (wait > 0) return { result: { ok: false, retryAfter: wait, failures }, next: current };
  return {
    result: { ok: true, retryAfter: 0, failures },
    next: { failures: failures + 1, lastAt: op.now, forgetAt: op.now + op.policy.memorySec * 1000 },
  };
}

/** Throws a RangeError naming `caller` for a policy no counter can follow (a bad one would admit everything). */
export function checkBackoffPolicy(caller: string, policy: BackoffPolicy): void {
  for (const name of ['free', 'baseSec', 'maxSec', 'memorySec'] as const) {
    const value = policy[name];
    if (!Number.isSafeInteger(value) || value < (name === 'free' ? 0 : 1))
      throw new RangeError(`${caller}: ${name} must be a whole number >= ${name === 'free' ? 0 : 1}, got ${value}`);
  }
}

function live(state: BackoffState | null, now: number): BackoffState | null {
  return state && now < state.forgetAt ? state : null;
}
