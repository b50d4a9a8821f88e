import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorName, reportDegraded, setDegradedSink } from './degraded.ts';

// The sink is module state: a failed assertion must not leave a test's sink
// (or the console spy) behind for the next test.
afterEach(() => {
  setDegradedSink(null);
  vi.restoreAllMocks();
});

describe('reportDegraded', () => {
  it('writes one structured console.warn line by default', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    reportDegraded('editor.softLocks', { collection: 'pages', id: 3 });
    expect(warn).toHaveBeenCalledOnce();
    expect(JSON.parse(warn.mock.calls[0]![0] as string)).toEqual({ level: 'warn', source: 'louise', event: 'editor.softLocks', collection: 'pages', id: 3 });
  });

  it('goes to a custom sink instead of the console, and null restores the console', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const seen: [string, unknown][] = [];
    setDegradedSink((event, detail) => seen.push([event, detail]));
    reportDegraded('editor.pages.draftCarry', { id: 1 });
    expect(seen).toEqual([['editor.pages.draftCarry', { id: 1 }]]);
    expect(warn).not.toHaveBeenCalled();
    setDegradedSink(null);
    reportDegraded('editor.buffer');
    expect(seen).toHaveLength(1);
    expect(warn).toHaveBeenCalledOnce();
  });

  it('returns the previous sink, so a caller can put it back', () => {
    const first = vi.fn();
    setDegradedSink(first);
    const previous = setDegradedSink(() => {});
    expect(previous).toBe(first);
    setDegradedSink(previous);
    reportDegraded('editor.buffer');
    expect(first).toHaveBeenCalledOnce();
  });

  it('ignores a throwing sink', () => {
    const sink = vi.fn(() => {
      throw new Error('sink down');
    });
    setDegradedSink(sink);
    expect(() => reportDegraded('editor.softLocks')).not.toThrow();
    expect(sink).toHaveBeenCalledOnce();
  });
});

describe('errorName', () => {
  it('names the error, never its message', () => {
    expect(errorName(new TypeError('value=secret'))).toBe('TypeError');
    expect(errorName('value=secret')).toBe('string');
    expect(errorName(undefined)).toBe('undefined');
  });
});
