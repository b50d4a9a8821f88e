import { afterEach, describe, expect, it, vi } from 'vitest';
import { trackChanges } from './draft-changes.ts';
import { $changes } from './status.ts';
import { createTransport, type SaveTarget } from './transport.ts';

const target = (key: string, live = false): SaveTarget => ({ collection: 'pages', key, field: 'title', marker: `pages:${key}:title`, live });

/** A versions route that answers each document's changes, counting the asks. */
function api(changes: Record<string, string[]>) {
  const asked: string[] = [];
  const fetch = (async (url: string) => {
    const key = String(url).split('/')[4] ?? '';
    asked.push(key);
    return new Response(JSON.stringify({ items: [], changes: changes[key] ?? [] }), { status: 200 });
  }) as typeof globalThis.fetch;
  return { transport: createTransport({ apiBase: '/api/cms', fetch }), asked };
}

afterEach(() => {
  vi.useRealTimers();
  $changes.set(null);
});

describe('the count of changes behind the status pill', () => {
  it('is known once every drafts document answered, and follows a save that answers its own count without asking', async () => {
    const { transport, asked } = api({ '1': ['title'], '2': [] });
    const changes = trackChanges([target('1'), target('2')]);
    changes.load(transport);
    await vi.waitFor(() => expect($changes.get()).not.toBeNull());
    expect([...($changes.get()?.values() ?? [])]).toEqual([['title'], []]);
    changes.saved('pages:2', ['title', 'summary']);
    changes.landed(target('2'));
    expect(asked).toEqual(['1', '2']);
    expect([...($changes.get()?.values() ?? [])].flat()).toHaveLength(3);
    changes.cleared(target('1'));
    expect(changes.get(target('1'))).toEqual([]);
  });

  it('asks once after a burst of saves that came back without a count (the live session), and never for live saves', async () => {
    vi.useFakeTimers();
    const { transport, asked } = api({ '1': ['title', 'body'] });
    const changes = trackChanges([target('1')]);
    changes.load(transport);
    await vi.runAllTimersAsync();
    asked.length = 0;
    for (let i = 0; i < 3; i++) changes.landed(target('1'));
    changes.landed(target('1', true));
    await vi.runAllTimersAsync();
    expect(asked).toEqual(['1']);
    expect(changes.get(target('1'))).toEqual(['title', 'body']);
  });
});
