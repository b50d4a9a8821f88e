import { describe, expect, it } from 'vitest';
import { pillOf, type Status } from './status.ts';

const idle: Status = { tone: 'idle', text: 'Published' };
const doc = (...counts: number[]) => new Map(counts.map((count, i) => [`pages:${i}`, Array.from({ length: count }, (_, n) => `f${n}`)]));

describe('the status pill', () => {
  it('counts the changed fields across the drafts documents: Draft · N changes, or Published', () => {
    expect(pillOf(idle, doc(2, 1), true)).toEqual({ tone: 'draft', text: 'Draft · 3 changes' });
    expect(pillOf({ tone: 'ok', text: 'Draft saved' }, doc(1), true)).toEqual({ tone: 'draft', text: 'Draft · 1 change' });
    expect(pillOf({ tone: 'ok', text: 'Published: visitors now see this version.' }, doc(0, 0), true)).toEqual({ tone: 'ok', text: 'Published' });
  });

  it('puts a problem first, then saving, then Offline; without a count it says what the status line says', () => {
    expect(pillOf({ tone: 'problem', text: 'Not saved: offline.' }, doc(2), false)).toEqual({ tone: 'problem', text: 'Not saved: offline.' });
    expect(pillOf({ tone: 'busy', text: 'Saving…' }, doc(2), true)).toEqual({ tone: 'busy', text: 'Saving…' });
    expect(pillOf(idle, doc(2), false)).toEqual({ tone: 'offline', text: 'Offline' });
    expect(pillOf({ tone: 'ok', text: 'Saved' }, null, true)).toEqual({ tone: 'ok', text: 'Saved' });
  });

  it('keeps a notice (an ok that is news) over the count until the status changes', () => {
    const restored: Status = { tone: 'ok', text: 'Restored version from 3 May as a draft. Publish to make it live.' };
    expect(pillOf(restored, doc(1), true)).toEqual(restored);
    expect(pillOf({ tone: 'ok', text: 'Review requested: publishers see your changes in their bar.' }, doc(2), true).tone).toBe('ok');
    expect(pillOf({ tone: 'busy', text: 'Saving…' }, doc(1), true).text).toBe('Saving…');
  });
});
