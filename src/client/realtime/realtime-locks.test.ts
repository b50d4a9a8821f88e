import { describe, expect, it } from 'vitest';
import type { Peer } from '../../realtime/protocol.ts';
import { heldByOthers } from './realtime-locks.ts';

const peer = (sid: string, id: string, name: string, field: string | null = null): Peer => ({ sid, id, name, color: `#${sid}00`, field });

describe('heldByOthers', () => {
  it('locks the fields other connections hold, each with its holder, never one this connection holds', () => {
    const peers = [peer('a1', 'ana', 'Ana', 'title'), peer('me', 'me', 'Me', 'body'), peer('b1', 'ben', 'Ben', null), peer('c1', 'cy', 'Cy', 'intro')];
    const held = heldByOthers(peers, 'me');
    expect([...held].map(([field, holder]) => [field, holder.name])).toEqual([
      ['title', 'Ana'],
      ['intro', 'Cy'],
    ]);
  });

  it('counts this editor in another tab as someone else (another connection)', () => {
    const held = heldByOthers([peer('me', 'me', 'Me'), peer('tab2', 'me', 'Me', 'title')], 'me');
    expect(held.get('title')?.sid).toBe('tab2');
  });

  it('keeps the first holder of a field, and a field held here is not locked even if listed for another', () => {
    const held = heldByOthers(
      [peer('a1', 'ana', 'Ana', 'title'), peer('b1', 'ben', 'Ben', 'title'), peer('x', 'x', 'X', 'body'), peer('me', 'me', 'Me', 'body')],
      'me',
    );
    expect(held.get('title')?.name).toBe('Ana');
    expect(held.has('body')).toBe(false);
  });
});
