import { afterEach, describe, expect, it, vi } from 'vitest';
import { runStatusChecks } from './run-status-checks.ts';
import { STATUS_CHECK_TIMEOUT_MS, type StatusCheck } from './status-check.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const quiet = () => vi.spyOn(console, 'error').mockImplementation(() => {});

describe('runStatusChecks', () => {
  it('passes with no checks', async () => {
    expect(await runStatusChecks({}, {})).toStrictEqual({ ok: true, checks: {} });
  });

  it('passes only on true or { ok: true }, sync or async, and keeps a numeric age', async () => {
    const result = await runStatusChecks(
      {},
      {
        sync: () => true,
        async: async () => true,
        object: () => ({ ok: true }),
        aged: async () => ({ ok: true, ageMs: 1500 }),
      },
    );
    expect(result).toStrictEqual({ ok: true, checks: { sync: { ok: true }, async: { ok: true }, object: { ok: true }, aged: { ok: true, ageMs: 1500 } } });
  });

  it.each<[string, unknown]>([
    ['false', false],
    ['a truthy string', 'yes'],
    ['the number 1', 1],
    ['ok as a string', { ok: 'true' }],
    ['ok as 1', { ok: 1 }],
    ['null', null],
    ['undefined', undefined],
    ['an empty object', {}],
    ['an array', [true]],
    ['a promise of a truthy string', Promise.resolve('yes')],
    ['{ ok: false }', { ok: false }],
  ])('fails a check that answers %s', async (_, outcome) => {
    const check = (() => outcome) as StatusCheck;
    const result = await runStatusChecks({}, { odd: check, fine: () => true });
    expect(result).toStrictEqual({ ok: false, checks: { odd: { ok: false }, fine: { ok: true } } });
  });

  it('copies only ok and a finite ageMs, so no other text reaches the result', async () => {
    const result = await runStatusChecks(
      {},
      {
        stale: (() => ({ ok: false, ageMs: 90_000, error: 'disk full at /var/secret' })) as StatusCheck,
        nan: () => ({ ok: true, ageMs: Number.NaN }),
        infinite: () => ({ ok: true, ageMs: Number.POSITIVE_INFINITY }),
        text: (() => ({ ok: true, ageMs: '5' })) as unknown as StatusCheck,
      },
    );
    expect(result.checks).toStrictEqual({ stale: { ok: false, ageMs: 90_000 }, nan: { ok: true }, infinite: { ok: true }, text: { ok: true } });
    expect(JSON.stringify(result)).not.toContain('secret');
  });

  it('reports a throwing or rejecting check as { ok: false } and logs its name and error', async () => {
    const log = quiet();
    const thrown = new Error('password=hunter2 rejected');
    const rejected = new Error('connection refused 10.0.0.7');
    const result = await runStatusChecks(
      {},
      {
        throws: () => {
          throw thrown;
        },
        rejects: async () => {
          throw rejected;
        },
        fine: () => true,
      },
    );
    expect(result).toStrictEqual({ ok: false, checks: { throws: { ok: false }, rejects: { ok: false }, fine: { ok: true } } });
    expect(JSON.stringify(result)).not.toMatch(/hunter2|refused/);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('"throws"'), thrown);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('"rejects"'), rejected);
  });

  it('runs checks concurrently: each waits for the other to start', async () => {
    // Run one after the other, whichever went first would wait forever and time out.
    const gate = () => {
      let open!: () => void;
      const opened = new Promise<void>((resolve) => (open = resolve));
      return { open, opened };
    };
    const a = gate();
    const b = gate();
    const result = await runStatusChecks(
      {},
      {
        a: async () => {
          a.open();
          await b.opened;
          return true;
        },
        b: async () => {
          b.open();
          await a.opened;
          return true;
        },
      },
      { timeoutMs: 1000 },
    );
    expect(result).toStrictEqual({ ok: true, checks: { a: { ok: true }, b: { ok: true } } });
  });

  it('hands each check the env and a live signal', async () => {
    const env = { DB: 'binding' };
    const seen: Array<[unknown, AbortSignal]> = [];
    await runStatusChecks(env, {
      one: (e, signal) => (seen.push([e, signal]), true),
      two: (e, signal) => (seen.push([e, signal]), true),
    });
    expect(seen).toHaveLength(2);
    for (const [e, signal] of seen) {
      expect(e).toBe(env);
      expect(signal).toBeInstanceOf(AbortSignal);
      // Checks that finish in time leave the signal alone.
      expect(signal.aborted).toBe(false);
    }
  });

  it('fails a check that never settles at the timeout and aborts its signal', async () => {
    const log = quiet();
    let signal: AbortSignal | undefined;
    const result = await runStatusChecks(
      {},
      {
        hangs: (_, s) => {
          signal = s;
          return new Promise<boolean>(() => {});
        },
        fine: () => true,
      },
      { timeoutMs: 20 },
    );
    expect(result).toStrictEqual({ ok: false, checks: { hangs: { ok: false }, fine: { ok: true } } });
    expect(signal?.aborted).toBe(true);
    expect((signal?.reason as DOMException | undefined)?.name).toBe('TimeoutError');
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/"hangs" timed out after 20 ms/));
  });

  it('times out at STATUS_CHECK_TIMEOUT_MS (2 s) by default', async () => {
    expect(STATUS_CHECK_TIMEOUT_MS).toBe(2000);
    quiet();
    vi.useFakeTimers();
    let done = false;
    const run = runStatusChecks({}, { hangs: () => new Promise<boolean>(() => {}) }).then((r) => {
      done = true;
      return r;
    });
    await vi.advanceTimersByTimeAsync(1999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await run).toStrictEqual({ ok: false, checks: { hangs: { ok: false } } });
  });

  it('passes a check that answers just before the timeout', async () => {
    vi.useFakeTimers();
    const run = runStatusChecks({}, { slow: () => new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 19)) }, { timeoutMs: 20 });
    await vi.advanceTimersByTimeAsync(20);
    expect(await run).toStrictEqual({ ok: true, checks: { slow: { ok: true } } });
  });

  it('clears its timer when the checks finish early', async () => {
    vi.useFakeTimers();
    await runStatusChecks({}, { fine: async () => true }, { timeoutMs: 5000 });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('swallows a rejection that arrives after the timeout', async () => {
    const log = quiet();
    vi.useFakeTimers();
    const late = new Error('late');
    const run = runStatusChecks({}, { late: () => new Promise<boolean>((_, reject) => setTimeout(() => reject(late), 40)) }, { timeoutMs: 20 });
    await vi.advanceTimersByTimeAsync(20);
    expect(await run).toStrictEqual({ ok: false, checks: { late: { ok: false } } });
    // Unhandled, this rejection would fail the run.
    await vi.advanceTimersByTimeAsync(40);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('"late"'), late);
  });

  it('keeps the order of the checks and a check named __proto__ as a plain key', async () => {
    const checks = JSON.parse('{"z": 0, "__proto__": 0, "a": 0}') as Record<string, StatusCheck>;
    for (const name of Object.keys(checks)) checks[name] = () => true;
    const result = await runStatusChecks({}, checks);
    expect(Object.keys(result.checks)).toStrictEqual(['z', '__proto__', 'a']);
    expect(JSON.parse(JSON.stringify(result))).toStrictEqual(
      JSON.parse('{"ok": true, "checks": {"z": {"ok": true}, "__proto__": {"ok": true}, "a": {"ok": true}}}'),
    );
  });

  it.each<[string, unknown, unknown, RegExp]>([
    ['a check that is not a function', { db: 'SELECT 1' }, {}, /each check must be a function[\s\S]*at db/],
    ['checks that are not an object', null, {}, /checks must be an object/],
    ['a zero timeout', {}, { timeoutMs: 0 }, /timeoutMs must be above 0/],
    ['a negative timeout', {}, { timeoutMs: -5 }, /timeoutMs must be above 0/],
    ['a NaN timeout', {}, { timeoutMs: Number.NaN }, /timeoutMs/],
    ['an infinite timeout', {}, { timeoutMs: Number.POSITIVE_INFINITY }, /timeoutMs must be finite/],
    ['a timeout too large for a timer', {}, { timeoutMs: 2 ** 31 }, /timeoutMs must be at most/],
    ['a timeout as text', {}, { timeoutMs: '20' }, /timeoutMs must be a number/],
    ['a bare number for options', {}, 500, /\{ timeoutMs\? \}/],
    ['an unknown option', {}, { timeout: 20 }, /\{ timeoutMs\? \}/],
  ])('refuses %s with a clear TypeError', async (_, checks, options, message) => {
    const call = runStatusChecks({}, checks as Record<string, StatusCheck>, options as { timeoutMs?: number });
    await expect(call).rejects.toThrow(TypeError);
    await expect(call).rejects.toThrow(message);
  });
});
