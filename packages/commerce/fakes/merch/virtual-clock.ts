/**
 * A clock for tests that never waits for real: `sleep` parks the caller, and
 * once everything runnable has run (a macrotask later) time jumps to the
 * earliest sleeper and wakes it. Sleepers due at the same instant wake
 * together, in the order they slept. So ten minutes of throttled imports take
 * milliseconds, and the client and the fake read one and the same time.
 */
export interface VirtualClock {
  now(): number;
  sleep(ms: number): Promise<void>;
  /** Every `sleep(ms)` asked for, in order. */
  sleeps: number[];
}

export function createVirtualClock(start = Date.UTC(2026, 9, 1, 12)): VirtualClock {
  let now = start;
  let seq = 0;
  let scheduled = false;
  const sleepers: { at: number; seq: number; resolve: () => void }[] = [];
  const sleeps: number[] = [];
  const tick = () => {
    scheduled = false;
    if (sleepers.length === 0) return;
    sleepers.sort((a, b) => a.at - b.at || a.seq - b.seq);
    now = Math.max(now, sleepers[0]?.at ?? now);
    const due = sleepers.filter((s) => s.at <= now);
    sleepers.splice(0, due.length);
    for (const sleeper of due) sleeper.resolve();
    schedule();
  };
  const schedule = () => {
    if (scheduled || sleepers.length === 0) return;
    scheduled = true;
    setImmediate(tick);
  };
  return {
    now: () => now,
    sleeps,
    sleep: (ms) =>
      new Promise<void>((resolve) => {
        sleeps.push(ms);
        sleepers.push({ at: now + Math.max(0, ms), seq: seq++, resolve });
        schedule();
      }),
  };
}
