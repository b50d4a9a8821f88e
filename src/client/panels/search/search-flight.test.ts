import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { searchFlight } from './search-flight.ts';

/** A search whose answers the test releases one by one, in any order. */
function server() {
  const asked: Array<{ q: string; signal: AbortSignal; answer: (value: string) => void; fail: (error: unknown) => void }> = [];
  const run = (q: string, signal: AbortSignal) =>
    new Promise<string>((answer, fail) => {
      asked.push({ q, signal, answer, fail });
    });
  return { asked, run };
}

function flightOf() {
  const { asked, run } = server();
  const shown: Array<[string, string]> = [];
  const waiting: string[] = [];
  const flight = searchFlight({ run, show: (q, answer) => void shown.push([q, answer]), waiting: (q) => void waiting.push(q) });
  return { flight, asked, shown, waiting };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

describe('searchFlight', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits for a 150 ms pause in the typing, then asks once, for the last query', async () => {
    const { flight, asked, shown, waiting } = flightOf();
    flight.query('d');
    await vi.advanceTimersByTimeAsync(100);
    flight.query('dr');
    await vi.advanceTimersByTimeAsync(100);
    flight.query('dra');
    await vi.advanceTimersByTimeAsync(149);
    expect(asked).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(asked.map((a) => a.q)).toEqual(['dra']);
    expect(waiting).toEqual(['d', 'dr', 'dra']);
    asked[0]!.answer('A');
    await settle();
    expect(shown).toEqual([['dra', 'A']]);
  });

  it('aborts the query in flight when a newer one starts, and never shows an older answer after a newer one', async () => {
    const { flight, asked, shown } = flightOf();
    flight.query('old');
    await vi.advanceTimersByTimeAsync(150);
    flight.query('new');
    // Aborted as soon as the newer query is typed, before its pause is over.
    expect(asked[0]!.signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(150);
    expect(asked[1]!.signal.aborted).toBe(false);
    asked[1]!.answer('NEW');
    await settle();
    // The server answers the old query late anyway (it ignored the abort).
    asked[0]!.answer('OLD');
    await settle();
    expect(shown).toEqual([['new', 'NEW']]);
  });

  it('drops an older answer that arrives first, too', async () => {
    const { flight, asked, shown } = flightOf();
    flight.query('a');
    await vi.advanceTimersByTimeAsync(150);
    flight.query('ab');
    asked[0]!.answer('A');
    await settle();
    expect(shown).toEqual([]);
    await vi.advanceTimersByTimeAsync(150);
    asked[1]!.answer('AB');
    await settle();
    expect(shown).toEqual([['ab', 'AB']]);
  });

  it('does not ask again for the query already asked, and asks again after a change back', async () => {
    const { flight, asked } = flightOf();
    flight.query('x');
    await vi.advanceTimersByTimeAsync(150);
    flight.query('x');
    await vi.advanceTimersByTimeAsync(150);
    expect(asked).toHaveLength(1);
    flight.query('xy');
    flight.query('x');
    await vi.advanceTimersByTimeAsync(150);
    expect(asked.map((a) => a.q)).toEqual(['x', 'x']);
  });

  it('cancel drops the pending query and the one in flight', async () => {
    const { flight, asked, shown } = flightOf();
    flight.query('a');
    await vi.advanceTimersByTimeAsync(150);
    flight.query('ab');
    flight.cancel();
    expect(asked[0]!.signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(500);
    asked[0]!.answer('A');
    await settle();
    expect(asked).toHaveLength(1);
    expect(shown).toEqual([]);
    // After a cancel the same query is asked again.
    flight.query('a');
    await vi.advanceTimersByTimeAsync(150);
    expect(asked).toHaveLength(2);
  });

  it('rerun asks the current query again at once and shows only that answer', async () => {
    const { flight, asked, shown } = flightOf();
    flight.rerun();
    expect(asked).toHaveLength(0);
    flight.query('idx');
    await vi.advanceTimersByTimeAsync(150);
    flight.rerun();
    expect(asked.map((a) => a.q)).toEqual(['idx', 'idx']);
    expect(asked[0]!.signal.aborted).toBe(true);
    asked[0]!.answer('before');
    asked[1]!.answer('after');
    await settle();
    expect(shown).toEqual([['idx', 'after']]);
  });

  it('drops a query that rejects', async () => {
    const { flight, asked, shown } = flightOf();
    flight.query('a');
    await vi.advanceTimersByTimeAsync(150);
    asked[0]!.fail(new Error('boom'));
    await settle();
    expect(shown).toEqual([]);
  });
});
