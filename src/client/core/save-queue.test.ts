import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSaveQueue } from './save-queue.ts';
import type { SaveOutcome } from './transport.ts';

interface Call {
  value: unknown;
  base: string | null;
  keepalive: boolean;
  answer(outcome: SaveOutcome): void;
}

/** A send whose answers the test releases by hand, in any order. */
function manualSend() {
  const calls: Call[] = [];
  const send = (value: unknown, base: string | null, keepalive: boolean) =>
    new Promise<SaveOutcome>((resolve) => calls.push({ value, base, keepalive, answer: resolve }));
  return { calls, send };
}

const saved = (rev: string | null = null): SaveOutcome => ({ kind: 'saved', rev, versionId: 1 });
const tick = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
afterEach(() => vi.useRealTimers());

describe('createSaveQueue', () => {
  it('saves once after the idle debounce, never the unchanged initial value', async () => {
    const { calls, send } = manualSend();
    const queue = createSaveQueue({ initial: 'a', debounceMs: 800, send });
    queue.edit('ab');
    queue.edit('abc');
    vi.advanceTimersByTime(799);
    await tick();
    expect(calls).toHaveLength(0);
    vi.advanceTimersByTime(1);
    await tick();
    expect(calls.map((c) => c.value)).toEqual(['abc']);
    queue.edit('a');
    vi.advanceTimersByTime(5000);
    await tick();
    expect(calls).toHaveLength(1);
  });

  it('keeps one request in flight and sends the newest value after it, with the returned revision as base', async () => {
    const { calls, send } = manualSend();
    const queue = createSaveQueue({ initial: '', debounceMs: 0, send });
    queue.setBase('r0');
    queue.edit('one');
    vi.advanceTimersByTime(0);
    await tick();
    queue.edit('two');
    vi.advanceTimersByTime(0);
    queue.edit('three');
    vi.advanceTimersByTime(0);
    await tick();
    expect(calls).toHaveLength(1);
    expect(queue.state).toMatchObject({ saving: true, dirty: true });
    calls[0]!.answer(saved('r1'));
    await tick();
    expect(calls.map((c) => [c.value, c.base])).toEqual([
      ['one', 'r0'],
      ['three', 'r1'],
    ]);
    calls[1]!.answer(saved('r2'));
    await tick();
    expect(queue.state).toMatchObject({ saving: false, dirty: false, saves: 2 });
    expect(queue.value).toBe('three');
  });

  it('stays dirty with the reason after a failure and retries on the next edit, not in a loop', async () => {
    const { calls, send } = manualSend();
    const queue = createSaveQueue({ initial: 'x', debounceMs: 10, send });
    queue.edit('y');
    vi.advanceTimersByTime(10);
    await tick();
    calls[0]!.answer({ kind: 'failed', message: 'The server failed (500).' });
    await tick();
    expect(queue.state).toMatchObject({ dirty: true, saving: false, error: 'The server failed (500).' });
    vi.advanceTimersByTime(60_000);
    await tick();
    expect(calls).toHaveLength(1);
    queue.edit('yz');
    vi.advanceTimersByTime(10);
    await tick();
    expect(calls.map((c) => c.value)).toEqual(['y', 'yz']);
    calls[1]!.answer(saved());
    await tick();
    expect(queue.state).toMatchObject({ dirty: false, error: null });
    queue.retry();
    await tick();
    expect(calls).toHaveLength(2);
  });

  it('flush resolves only when the newest value is stored', async () => {
    const { calls, send } = manualSend();
    const queue = createSaveQueue({ initial: '', debounceMs: 800, send });
    queue.edit('a');
    let done = false;
    void queue.flush().then(() => (done = true));
    await tick();
    queue.edit('ab');
    void queue.flush();
    calls[0]!.answer(saved());
    await tick();
    expect(done).toBe(false);
    expect(calls.map((c) => c.value)).toEqual(['a', 'ab']);
    calls[1]!.answer(saved());
    await tick();
    expect(done).toBe(true);
  });

  it('holds a conflict until Keep mine, which re-sends over the conflict revision', async () => {
    const { calls, send } = manualSend();
    const queue = createSaveQueue({ initial: 'base', debounceMs: 0, send });
    queue.setBase('r0');
    void queue.flush();
    queue.edit('mine');
    vi.advanceTimersByTime(0);
    await tick();
    calls[0]!.answer({ kind: 'conflict', value: 'theirs', rev: 'r9', by: 'Ada' });
    await tick();
    expect(queue.state.conflict).toEqual({ value: 'theirs', rev: 'r9', by: 'Ada' });
    queue.edit('mine!');
    vi.advanceTimersByTime(5000);
    await tick();
    expect(calls).toHaveLength(1);
    void queue.keepMine();
    await tick();
    expect(calls.map((c) => [c.value, c.base])).toEqual([
      ['mine', 'r0'],
      ['mine!', 'r9'],
    ]);
  });

  it('Keep mine sends the local text even when it equals what the page was first rendered with', async () => {
    const { calls, send } = manualSend();
    const queue = createSaveQueue({ initial: 'rendered', debounceMs: 0, send });
    queue.setBase('r0');
    queue.edit('mine');
    vi.advanceTimersByTime(0);
    await tick();
    calls[0]!.answer({ kind: 'conflict', value: 'theirs', rev: 'r9' });
    await tick();
    queue.edit('rendered');
    expect(queue.state.dirty).toBe(true);
    void queue.keepMine();
    await tick();
    expect(calls.map((c) => [c.value, c.base])).toEqual([
      ['mine', 'r0'],
      ['rendered', 'r9'],
    ]);
  });

  it('Use theirs (reload) takes the stored value and leaves nothing to save', async () => {
    const { calls, send } = manualSend();
    const queue = createSaveQueue({ initial: 'base', debounceMs: 0, send });
    queue.edit('mine');
    vi.advanceTimersByTime(0);
    await tick();
    calls[0]!.answer({ kind: 'conflict', value: 'theirs', rev: 'r9' });
    await tick();
    expect(queue.reload()).toBe('theirs');
    expect(queue.state).toMatchObject({ dirty: false, conflict: null });
  });

  it('a conflict whose stored value equals ours is no conflict', async () => {
    const { calls, send } = manualSend();
    const queue = createSaveQueue({ initial: 'a', debounceMs: 0, send });
    queue.edit('same');
    vi.advanceTimersByTime(0);
    await tick();
    calls[0]!.answer({ kind: 'conflict', value: 'same', rev: 'r5' });
    await tick();
    expect(queue.state).toMatchObject({ dirty: false, conflict: null });
  });

  it('423 keeps the edit, does not retry by itself, and tries again on the next edit', async () => {
    const { calls, send } = manualSend();
    const queue = createSaveQueue({ initial: 'a', debounceMs: 5, send });
    queue.edit('b');
    vi.advanceTimersByTime(5);
    await tick();
    calls[0]!.answer({ kind: 'locked' });
    await tick();
    expect(queue.state).toMatchObject({ locked: true, dirty: true });
    vi.advanceTimersByTime(60_000);
    await tick();
    expect(calls).toHaveLength(1);
    queue.edit('bc');
    expect(queue.state.locked).toBe(false);
    vi.advanceTimersByTime(5);
    await tick();
    expect(calls.map((c) => c.value)).toEqual(['b', 'bc']);
  });

  it('leave() sends the newest value with keepalive beside a request in flight, without a base', async () => {
    const { calls, send } = manualSend();
    const queue = createSaveQueue({ initial: '', debounceMs: 800, send });
    queue.setBase('r0');
    queue.edit('old');
    void queue.flush();
    await tick();
    queue.edit('newest');
    queue.leave();
    await tick();
    expect(calls.map((c) => [c.value, c.base, c.keepalive])).toEqual([
      ['old', 'r0', false],
      ['newest', null, true],
    ]);
  });

  it('with autoSave off nothing is sent until flush', async () => {
    const { calls, send } = manualSend();
    const queue = createSaveQueue({ initial: '', debounceMs: false, send });
    queue.edit('typed');
    vi.advanceTimersByTime(60_000);
    await tick();
    expect(calls).toHaveLength(0);
    expect(queue.state.dirty).toBe(true);
    void queue.flush();
    await tick();
    expect(calls).toHaveLength(1);
  });

  it('a large value saves without waiting for the debounce', async () => {
    const { calls, send } = manualSend();
    const queue = createSaveQueue({ initial: '', debounceMs: 800, send, eagerChars: 100 });
    queue.edit('x'.repeat(200));
    await tick();
    expect(calls).toHaveLength(1);
  });

  it('adopt takes a value stored elsewhere as saved: nothing is sent, and editing back to the old value saves it', async () => {
    const { calls, send } = manualSend();
    const changes: boolean[] = [];
    const queue = createSaveQueue({ initial: 'mine', debounceMs: 10, send, onChange: () => changes.push(queue.state.dirty) });
    queue.adopt('theirs');
    vi.advanceTimersByTime(60_000);
    await tick();
    expect(calls).toHaveLength(0);
    expect(queue.value).toBe('theirs');
    expect(queue.state).toMatchObject({ dirty: false, saving: false });
    expect(changes).toEqual([false]);
    queue.edit('mine');
    vi.advanceTimersByTime(10);
    await tick();
    expect(calls.map((c) => c.value)).toEqual(['mine']);
  });
});
