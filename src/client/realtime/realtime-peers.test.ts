import { describe, expect, it } from 'vitest';
import type { Peer } from '../../realtime/protocol.ts';
import { othersOf } from './realtime-peers.ts';

const peer = (sid: string, id: string, name: string): Peer => ({ sid, id, name, color: '#7c3aed', field: null });

describe('othersOf', () => {
  it('lists every other editor once, in order, leaving out this connection', () => {
    const peers = [peer('me', 'me', 'Me'), peer('a1', 'ana', 'Ana'), peer('b1', 'ben', 'Ben'), peer('a2', 'ana', 'Ana')];
    expect(othersOf(peers, 'me').map((p) => [p.name, p.sid])).toEqual([
      ['Ana', 'a1'],
      ['Ben', 'b1'],
    ]);
  });

  it('lists this editor when they are also here in another tab', () => {
    expect(othersOf([peer('me', 'me', 'Me'), peer('tab2', 'me', 'Me')], 'me').map((p) => p.sid)).toEqual(['tab2']);
    expect(othersOf([peer('me', 'me', 'Me')], 'me')).toEqual([]);
  });
});
