import { afterEach, describe, expect, it, vi } from 'vitest';
import { DraftBuffer, type BufferKv } from './draft-buffer.ts';

// The coalescing logic with fake timers; the real KV is exercised in tests/workers/draft-buffer.test.ts.
function memoryKv() {
  const store = new Map<string, string>();
  const writes: [string, string | null][] = [];
  const kv = {
    get: async (key: string) => store.get(key) ?? null,
    put: async (key: string, value: string) => void (writes.push([key, value]), store.set(key, value)),
    delete: async (key: string) => void (writes.push([key, null]), store.delete(key)),
  } as unknown as BufferKv;
  return { kv, store, writes };
}

afterEach(() => vi.useRealTimers());

describe('DraftBuffer', () => {
  it('writes at most once per interval per key and always lands the newest value', async () => {
    vi.useFakeTimers();
    const { kv, store, writes } = memoryKv();
    const buffer = new DraftBuffer(kv, { intervalMs: 1000 });
    const first = buffer.put('k', { n: 0 });
    await vi.advanceTimersByTimeAsync(0);
    await first;
    const later = [1, 2, 3, 4].map((n) => buffer.put('k', { n }));
    expect(await buffer.get('k')).toEqual({ n: 4 });
    expect(writes).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    await Promise.all(later);
    expect(writes).toHaveLength(2);
    expect(JSON.parse(store.get('k')!)).toEqual({ n: 4 });
    const other = buffer.put('other', 1);
    await vi.advanceTimersByTimeAsync(0);
    await other;
    expect(writes).toHaveLength(3);
  });

  it('a delete replaces a queued write and reads as null at once', async () => {
    vi.useFakeTimers();
    const { kv, store } = memoryKv();
    const buffer = new DraftBuffer(kv);
    const a = buffer.put('k', 1);
    await vi.advanceTimersByTimeAsync(0);
    await a;
    const b = buffer.put('k', 2);
    const d = buffer.delete('k');
    expect(await buffer.get('k')).toBeNull();
    await vi.advanceTimersByTimeAsync(1000);
    await Promise.all([b, d]);
    expect(store.has('k')).toBe(false);
  });
});
