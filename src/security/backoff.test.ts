import { describe, expect, it } from 'vitest';
import { applyBackoff, backoffWait, checkBackoffPolicy, type BackoffState } from './backoff.ts';

const policy = { free: 2, baseSec: 2, maxSec: 10, memorySec: 60 };
const t0 = 1_000_000;

function run(ops: ('take' | 'forgive' | 'clear')[], at = t0) {
  let state: BackoffState | null = null;
  const results = [];
  for (const kind of ops) {
    const { result, next } = applyBackoff(state, kind === 'take' ? { kind, policy, now: at } : kind === 'forgive' ? { kind, now: at } : { kind });
    results.push(result);
    state = next;
  }
  return { results, state };
}

describe('applyBackoff', () => {
  it('takes `free` attempts, then refuses with a wait that doubles per failure up to the cap', () => {
    const { results, state } = run(['take', 'take', 'take']);
    expect(results.map((r) => r.ok)).toEqual([true, true, false]);
    expect(results[2]).toEqual({ ok: false, retryAfter: 2, failures: 2 });
    expect(state).toEqual({ failures: 2, lastAt: t0, forgetAt: t0 + 60_000 });
    const third = { failures: 3, lastAt: t0, forgetAt: t0 + 60_000 };
    expect(backoffWait(third, policy, t0)).toBe(4);
    expect(backoffWait({ ...third, failures: 40 }, policy, t0)).toBe(10);
    expect(backoffWait({ ...third, failures: 1_000_000 }, policy, t0)).toBe(10);
    expect(backoffWait(third, policy, t0 + 3_500)).toBe(1);
    expect(backoffWait(third, policy, t0 + 4_000)).toBe(0);
  });

  it('forgets failures after memorySec of quiet, and a refused take changes nothing', () => {
    const held: BackoffState = { failures: 5, lastAt: t0, forgetAt: t0 + 60_000 };
    const refused = applyBackoff(held, { kind: 'take', policy, now: t0 + 1 });
    expect(refused.next).toBe(held);
    expect(applyBackoff(held, { kind: 'take', policy, now: t0 + 60_000 })).toEqual({
      result: { ok: true, retryAfter: 0, failures: 0 },
      next: { failures: 1, lastAt: t0 + 60_000, forgetAt: t0 + 120_000 },
    });
  });

  it('forgive takes back one attempt, clear forgets the key', () => {
    expect(run(['take', 'take', 'forgive']).state?.failures).toBe(1);
    expect(run(['take', 'forgive']).state).toBeNull();
    expect(run(['take', 'take', 'clear']).state).toBeNull();
  });

  it('refuses a policy no counter can follow', () => {
    expect(() => checkBackoffPolicy('x', { ...policy, baseSec: 0 })).toThrow('x: baseSec must be a whole number >= 1, got 0');
    expect(() => checkBackoffPolicy('x', { ...policy, free: -1 })).toThrow(RangeError);
    expect(() => checkBackoffPolicy('x', { ...policy, memorySec: 1.5 })).toThrow(RangeError);
  });
});
