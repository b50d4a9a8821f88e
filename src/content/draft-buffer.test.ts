import { afterEach, describe, expect, it, vi } from 'vitest';
import { setDegradedSink, type DegradedDetail } from '../security/degraded.ts';
import { DraftBuffer, draftBuffer, isBufferedDraft, type BufferKv } from './draft-buffer.ts';

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

afterEach(() => {
  vi.useRealTimers();
  setDegradedSink(null);
});

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

describe('a corrupt value', () => {
  function reported() {
    const reports: [string, DegradedDetail][] = [];
    setDegradedSink((event, detail) => reports.push([event, detail]));
    return reports;
  }

  it('that is not JSON reads as null and is reported with its key, never its value', async () => {
    const reports = reported();
    const { kv, store } = memoryKv();
    store.set('louise:draft:pages:7', '{"data":{"title":"secret');
    expect(await new DraftBuffer(kv).get('louise:draft:pages:7')).toBeNull();
    expect(reports).toEqual([['editor.buffer', { key: 'louise:draft:pages:7', error: 'corrupt' }]]);
  });

  it('that `accept` refuses reads as null; without `accept` any JSON is a value', async () => {
    const reports = reported();
    const { kv, store } = memoryKv();
    store.set('k', '[1]');
    expect(await new DraftBuffer(kv).get('k')).toEqual([1]);
    expect(await new DraftBuffer(kv, { accept: isBufferedDraft }).get('k')).toBeNull();
    expect(await draftBuffer(kv).get('k')).toBeNull();
    expect(reports).toEqual([
      ['editor.buffer', { key: 'k', error: 'corrupt' }],
      ['editor.buffer', { key: 'k', error: 'corrupt' }],
    ]);
  });

  it('is overwritten by the next put', async () => {
    reported();
    const { kv, store } = memoryKv();
    store.set('k', 'garbage');
    const buffer = draftBuffer(kv);
    expect(await buffer.get('k')).toBeNull();
    await buffer.put('k', { data: { title: 'T' }, savedAt: 1, editorId: null });
    expect(await buffer.get('k')).toEqual({ data: { title: 'T' }, savedAt: 1, editorId: null });
    expect(JSON.parse(store.get('k')!)).toMatchObject({ data: { title: 'T' } });
  });
});

describe('isBufferedDraft', () => {
  it.each<[unknown, boolean]>([
    [{ data: {}, savedAt: 1, editorId: null }, true],
    [{ data: { title: 'x' } }, true],
    [{ data: null }, false],
    [{ data: ['x'] }, false],
    [{ data: 'x' }, false],
    [{ savedAt: 1 }, false],
    [[{ data: {} }], false],
    [null, false],
    [42, false],
    ['{"data":{}}', false],
  ])('%j is %s', (value, expected) => {
    expect(isBufferedDraft(value)).toBe(expected);
  });
});
