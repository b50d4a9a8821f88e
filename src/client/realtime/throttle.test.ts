import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttle } from './throttle.ts';

describe('throttle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs the first call at once and the calls of each window once at its end', () => {
    const runs: number[] = [];
    const start = Date.now();
    const typed = throttle(() => runs.push(Date.now() - start), 250);
    typed();
    expect(runs).toEqual([0]);
    for (let t = 0; t < 600; t += 50) {
      vi.advanceTimersByTime(50);
      typed();
    }
    vi.advanceTimersByTime(1000);
    expect(runs).toEqual([0, 250, 500, 750]);
  });

  it('never drops the last call, and runs at once again after a quiet window', () => {
    let runs = 0;
    const typed = throttle(() => runs++, 250);
    typed();
    typed();
    expect(runs).toBe(1);
    vi.advanceTimersByTime(250);
    expect(runs).toBe(2);
    vi.advanceTimersByTime(1000);
    typed();
    expect(runs).toBe(3);
  });
});
