import { describe, expect, it, vi } from 'vitest';
import { errorName, reportDegraded, setDegradedSink } from './degraded.ts';

describe('reportDegraded', () => {
  it('writes one structured console.warn line by default, and a custom sink replaces it', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    reportDegraded('editor.softLocks', { collection: 'pages', id: 3 });
    expect(warn).toHaveBeenCalledOnce();
    expect(JSON.parse(warn.mock.calls[0]![0] as string)).toEqual({ level: 'warn', source: 'louise', event: 'editor.softLocks', collection: 'pages', id: 3 });
    const seen: string[] = [];
    setDegradedSink((event) => seen.push(event));
    reportDegraded('editor.pages.draftCarry');
    setDegradedSink(() => {
      throw new Error('sink down');
    });
    expect(() => reportDegraded('editor.softLocks')).not.toThrow();
    setDegradedSink(null);
    expect(seen).toEqual(['editor.pages.draftCarry']);
    expect(errorName(new TypeError('value=secret'))).toBe('TypeError');
    warn.mockRestore();
  });
});
