import { afterEach, describe, expect, it, vi } from 'vitest';
import { ageCheck, type Timestamp } from './age-check.ts';
import { runStatusChecks } from './run-status-checks.ts';

afterEach(() => vi.restoreAllMocks());

const NOW = Date.UTC(2026, 0, 1, 12, 0, 0);
const signal = new AbortController().signal;
const run = (value: Timestamp | Promise<Timestamp>, maxAgeMs = 60_000) => ageCheck(() => value, maxAgeMs, { now: () => NOW })({}, signal);

describe('ageCheck', () => {
  it('passes a timestamp at most maxAgeMs old and reports its age', async () => {
    expect(await run(NOW - 5000)).toStrictEqual({ ok: true, ageMs: 5000 });
    expect(await run(NOW - 60_000)).toStrictEqual({ ok: true, ageMs: 60_000 });
  });

  it('fails a stale timestamp and still reports its age', async () => {
    expect(await run(NOW - 60_001)).toStrictEqual({ ok: false, ageMs: 60_001 });
  });

  it('reads ISO strings, epoch milliseconds and Dates, plain or in a promise', async () => {
    const at = NOW - 1234;
    for (const value of [new Date(at).toISOString(), at, new Date(at)]) {
      expect(await run(value)).toStrictEqual({ ok: true, ageMs: 1234 });
      expect(await run(Promise.resolve(value))).toStrictEqual({ ok: true, ageMs: 1234 });
    }
  });

  it('reads ISO offsets, with or without a colon', async () => {
    expect(await run('2026-01-01T13:59:00+02:00')).toStrictEqual({ ok: true, ageMs: 60_000 });
    expect(await run('2026-01-01T13:59:00+0200')).toStrictEqual({ ok: true, ageMs: 60_000 });
    expect(await run('2026-01-01t11:59:30z')).toStrictEqual({ ok: true, ageMs: 30_000 });
  });

  it('reads a date-time without an offset as UTC, whatever the local zone', async () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      // The format SQLite's CURRENT_TIMESTAMP writes.
      expect(await run('2026-01-01 11:59:50')).toStrictEqual({ ok: true, ageMs: 10_000 });
      expect(await run('2026-01-01T11:59:50')).toStrictEqual({ ok: true, ageMs: 10_000 });
      expect(await run('2026-01-01', 13 * 3600_000)).toStrictEqual({ ok: true, ageMs: 12 * 3600_000 });
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('passes a future timestamp with age 0', async () => {
    expect(await run(NOW + 3600_000, 0)).toStrictEqual({ ok: true, ageMs: 0 });
    expect(await run('2027-01-01T00:00:00Z')).toStrictEqual({ ok: true, ageMs: 0 });
  });

  it.each<[string, unknown]>([
    ['null', null],
    ['undefined', undefined],
    ['an empty string', ''],
    ['a word', 'yesterday'],
    ['a non-ISO date string', 'January 1, 2026'],
    ['a date that does not exist', '2026-02-30T00:00:00Z'],
    ['a month that does not exist', '2026-13-01'],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['an invalid Date', new Date('nope')],
    ['a boolean', true],
    ['an object', { at: NOW }],
  ])('fails %s with no age', async (_, value) => {
    const result = await run(value as Timestamp);
    expect(result).toStrictEqual({ ok: false });
  });

  it('hands read the env and the signal', async () => {
    const env = { KV: 'binding' };
    const read = vi.fn(() => NOW);
    await ageCheck(read, 1000, { now: () => NOW })(env, signal);
    expect(read).toHaveBeenCalledWith(env, signal);
  });

  it('uses the real clock by default', async () => {
    const result = await ageCheck(() => new Date(Date.now() - 5000), 3600_000)({}, signal);
    expect(result).toMatchObject({ ok: true });
    const { ageMs } = result as { ageMs: number };
    expect(ageMs).toBeGreaterThanOrEqual(5000);
    expect(ageMs).toBeLessThan(3600_000);
  });

  it('fails without an age when read throws, through the runner', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const error = new Error('KV unavailable');
    const result = await runStatusChecks(
      {},
      {
        sync: ageCheck(() => {
          throw error;
        }, 1000),
      },
    );
    expect(result).toStrictEqual({ ok: false, checks: { sync: { ok: false } } });
    expect(log).toHaveBeenCalledWith(expect.stringContaining('"sync"'), error);
  });

  it.each<[string, unknown, unknown, RegExp]>([
    ['read that is not a function', 'last-sync', 1000, /read must be a function/],
    ['a negative maxAgeMs', () => NOW, -1, /maxAgeMs must be a finite number/],
    ['a NaN maxAgeMs', () => NOW, Number.NaN, /maxAgeMs must be a finite number/],
    ['maxAgeMs as text', () => NOW, '1000', /maxAgeMs must be a finite number/],
  ])('refuses %s with a TypeError', (_, read, maxAgeMs, message) => {
    const build = () => ageCheck(read as () => Timestamp, maxAgeMs as number);
    expect(build).toThrow(TypeError);
    expect(build).toThrow(message);
  });
});
