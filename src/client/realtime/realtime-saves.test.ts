import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_MESSAGE_BYTES } from '../../realtime/protocol.ts';
import { encodeFrame, liveSaves } from './realtime-saves.ts';
import type { SaveOutcome } from '../core/transport.ts';

const HTTP: SaveOutcome = { kind: 'saved', rev: 'r-http', versionId: 9 };

/** A socket that is open or not, and records what went out. */
function fakeSocket() {
  const sent: Array<{ type: string; field?: string; value?: unknown; seq?: number }> = [];
  const socket = {
    open: true,
    sent,
    send: (frame: string) => {
      if (!socket.open) return false;
      sent.push(JSON.parse(frame));
      return true;
    },
  };
  return socket;
}

function setup(timeoutMs?: number) {
  const socket = fakeSocket();
  const timeouts: number[] = [];
  const saves = liveSaves({ send: socket.send, onTimeout: () => void timeouts.push(1), ...(timeoutMs ? { timeoutMs } : {}) });
  const http = vi.fn(async () => HTTP);
  const results: SaveOutcome[] = [];
  const save = (value: unknown, keepalive = false) => void saves.save('title', value, keepalive, http).then((outcome) => results.push(outcome));
  return { socket, saves, http, results, save, timeouts };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

describe('liveSaves', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends a set and resolves on its ack as saved, with the revision the object will store', async () => {
    const { socket, saves, http, results, save } = setup();
    save('Hello');
    await settle();
    expect(socket.sent).toEqual([{ v: 1, type: 'set', field: 'title', value: 'Hello', seq: 1 }]);
    expect(results).toEqual([]);
    saves.answer({ type: 'ack', seq: 1, rev: 'rev1' });
    await settle();
    expect(results).toEqual([{ kind: 'saved', rev: 'rev1', versionId: null }]);
    // Answered is done: a close afterwards sends nothing again.
    saves.down();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(http).not.toHaveBeenCalled();
  });

  it('maps refused locked to locked and refused invalid to a failure with the message, each by its seq', async () => {
    const { saves, results, save } = setup();
    save('a');
    save('b');
    saves.answer({ type: 'refused', seq: 2, reason: 'invalid', message: 'title: too long' });
    saves.answer({ type: 'refused', seq: 1, reason: 'locked', message: 'Ana holds title' });
    await settle();
    expect(results).toEqual([{ kind: 'failed', message: 'title: too long' }, { kind: 'locked' }]);
  });

  it('sends the revision the value was built on, and maps a refused conflict to a conflict with the session`s value (Keep mine / Use theirs)', async () => {
    const { socket, saves, http, results } = setup();
    void saves.save('title', 'stale, typed on', false, http, '0123456789abcdef').then((outcome) => results.push(outcome));
    saves.cast('title', 'stale, typ', 'fedcba9876543210');
    await settle();
    expect(socket.sent).toEqual([
      { v: 1, type: 'set', field: 'title', value: 'stale, typed on', seq: 1, base: '0123456789abcdef' },
      { v: 1, type: 'set', field: 'title', value: 'stale, typ', seq: 2, base: 'fedcba9876543210' },
    ]);
    saves.answer({ type: 'refused', seq: 1, reason: 'conflict', value: 'theirs', rev: 'aaaaaaaaaaaaaaaa', message: 'Someone else changed this field.' });
    await settle();
    expect(results).toEqual([{ kind: 'conflict', value: 'theirs', rev: 'aaaaaaaaaaaaaaaa' }]);
    expect(http).not.toHaveBeenCalled();
  });

  it('names the field a cast (live typing) was stored for, once, with the base it was sent on', async () => {
    const socket = fakeSocket();
    const saves = liveSaves({ send: socket.send });
    saves.cast('title', 'typ', 'fedcba9876543210');
    saves.cast('summary', 'sum', null);
    expect(socket.sent).toEqual([
      { v: 1, type: 'set', field: 'title', value: 'typ', seq: 1, base: 'fedcba9876543210' },
      { v: 1, type: 'set', field: 'summary', value: 'sum', seq: 2 },
    ]);
    expect(saves.answer({ type: 'ack', seq: 1, rev: 'rev1' })).toBe('title');
    expect(saves.answer({ type: 'ack', seq: 1, rev: 'rev1' })).toBeUndefined();
  });

  it('sends keepalive saves (the page is closing) over HTTP, and the value over the socket too without waiting for it', async () => {
    const { socket, saves, http, results, save } = setup();
    save('bye', true);
    await settle();
    expect(socket.sent).toEqual([{ v: 1, type: 'set', field: 'title', value: 'bye', seq: 1 }]);
    expect(http).toHaveBeenCalledTimes(1);
    expect(results).toEqual([HTTP]);
    // Its ack still names the field (the base moves), and settles nothing.
    expect(saves.answer({ type: 'ack', seq: 1, rev: 'rev-bye' })).toBe('title');
    await settle();
    expect(results).toEqual([HTTP]);
  });

  it('answers every ack with the field of its set, casts included, once', () => {
    const { saves } = setup();
    saves.cast('summary', 'typed');
    saves.cast('title', 'typed');
    expect(saves.answer({ type: 'ack', seq: 2, rev: 'r2' })).toBe('title');
    expect(saves.answer({ type: 'ack', seq: 1, rev: 'r1' })).toBe('summary');
    expect(saves.answer({ type: 'ack', seq: 1, rev: 'r1' })).toBeUndefined();
    expect(saves.answer({ type: 'ack', seq: 99, rev: 'r99' })).toBeUndefined();
  });

  it('saves over HTTP while the socket is down, without using up a seq', async () => {
    const { socket, saves, http, results, save } = setup();
    socket.open = false;
    save('offline');
    await settle();
    expect(results).toEqual([HTTP]);
    socket.open = true;
    save('online');
    saves.answer({ type: 'ack', seq: 1, rev: 'rev1' });
    await settle();
    expect(socket.sent.map((m) => m.seq)).toEqual([1]);
    expect(results).toHaveLength(2);
    expect(http).toHaveBeenCalledTimes(1);
  });

  it('falls back to HTTP when no answer comes in 5 s, says so, and ignores the late ack', async () => {
    const { saves, http, results, save, timeouts } = setup();
    save('slow');
    await vi.advanceTimersByTimeAsync(4999);
    expect(http).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(http).toHaveBeenCalledTimes(1);
    expect(results).toEqual([HTTP]);
    expect(timeouts).toHaveLength(1);
    saves.answer({ type: 'ack', seq: 1, rev: 'rev1' });
    await settle();
    expect(results).toEqual([HTTP]);
  });

  it('sends every waiting save over HTTP when the socket closes', async () => {
    const { saves, http, results, save, timeouts } = setup();
    save('one');
    save('two');
    saves.down();
    await settle();
    expect(http).toHaveBeenCalledTimes(2);
    expect(results).toEqual([HTTP, HTTP]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(timeouts).toEqual([]);
  });

  it('ignores answers to sets it is not waiting for (live typing, claims)', async () => {
    const { socket, saves, results, save } = setup();
    saves.cast('title', 'typ');
    save('typed');
    saves.answer({ type: 'ack', seq: 1, rev: 'rev1' });
    saves.answer({ type: 'refused', reason: 'locked', message: 'claim refused' });
    await settle();
    expect(results).toEqual([]);
    saves.answer({ type: 'ack', seq: 2, rev: 'rev2' });
    await settle();
    expect(socket.sent.map((m) => [m.value, m.seq])).toEqual([
      ['typ', 1],
      ['typed', 2],
    ]);
    expect(results).toEqual([{ kind: 'saved', rev: 'rev2', versionId: null }]);
  });

  it('sends a value too large for a frame over HTTP instead of getting the socket closed', async () => {
    const { socket, http, save } = setup();
    save('x'.repeat(MAX_MESSAGE_BYTES));
    await settle();
    expect(socket.sent).toEqual([]);
    expect(http).toHaveBeenCalledTimes(1);
  });
});

describe('encodeFrame', () => {
  it('counts UTF-8 bytes, not characters', () => {
    const fits = 'é'.repeat(MAX_MESSAGE_BYTES / 2 - 100);
    const over = 'é'.repeat(MAX_MESSAGE_BYTES / 2);
    expect(encodeFrame({ v: 1, type: 'set', field: 'body', value: fits, seq: 1 })).toContain('"type":"set"');
    expect(encodeFrame({ v: 1, type: 'set', field: 'body', value: over, seq: 1 })).toBeNull();
  });
});
