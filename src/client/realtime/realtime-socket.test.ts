import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { liveSocket, reconnectDelay, type SocketLike } from './realtime-socket.ts';

/** A WebSocket the test opens, closes and reads by hand. */
class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  closedByClient = false;
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closedByClient = true;
  }
  serverOpens() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  serverCloses(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code } as CloseEvent);
  }
}

function harness(random = () => 1) {
  const sockets: FakeSocket[] = [];
  const opens: boolean[] = [];
  const messages: unknown[] = [];
  const socket = liveSocket({
    url: 'wss://example.test/api/cms/pages/2/live',
    connect: (url) => {
      const fake = new FakeSocket(url);
      sockets.push(fake);
      return fake;
    },
    onOpen: (open) => void opens.push(open),
    onMessage: (data) => void messages.push(data),
    random,
  });
  const last = () => sockets.at(-1)!;
  return { socket, sockets, opens, messages, last };
}

describe('reconnectDelay', () => {
  it('starts at 1 s, doubles each try and stops at 30 s, with up to half of it dropped at random', () => {
    const most = (attempt: number) => reconnectDelay(attempt, () => 1);
    const least = (attempt: number) => reconnectDelay(attempt, () => 0);
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(most)).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
    expect([0, 1, 4, 5, 20].map(least)).toEqual([500, 1000, 8000, 15_000, 15_000]);
    expect(reconnectDelay(2, () => 0.5)).toBe(3000);
  });
});

describe('liveSocket', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends only while open, and queues nothing meanwhile', () => {
    const { socket, last, opens } = harness();
    expect(last().url).toBe('wss://example.test/api/cms/pages/2/live');
    expect(socket.send('early')).toBe(false);
    last().serverOpens();
    expect(opens).toEqual([true]);
    expect(socket.send('hello')).toBe(true);
    expect(last().sent).toEqual(['hello']);
  });

  it('reconnects after every close with a doubling delay, and only a welcome starts it over', () => {
    const { socket, sockets, opens, last } = harness();
    // Opened and closed at once (a 4400 or 1009 is a bug): each try waits longer than the one before.
    for (const wait of [1000, 2000, 4000]) {
      last().serverOpens();
      last().serverCloses(4400);
      const before = sockets.length;
      vi.advanceTimersByTime(wait - 1);
      expect(sockets).toHaveLength(before);
      vi.advanceTimersByTime(1);
      expect(sockets).toHaveLength(before + 1);
    }
    expect(opens).toEqual([true, false, true, false, true, false]);
    last().serverOpens();
    socket.welcomed(10_000, 'ping');
    last().serverCloses();
    const count = sockets.length;
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(count);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(count + 1);
  });

  it('pings at the welcome interval while the socket lives, and stops when it closes', () => {
    const { socket, last } = harness();
    last().serverOpens();
    socket.welcomed(10_000, '{"v":1,"type":"ping"}');
    vi.advanceTimersByTime(25_000);
    expect(last().sent).toEqual(['{"v":1,"type":"ping"}', '{"v":1,"type":"ping"}']);
    const first = last();
    first.serverCloses();
    vi.advanceTimersByTime(60_000);
    expect(first.sent).toHaveLength(2);
  });

  it('passes on messages of the current socket only', () => {
    const { socket, sockets, messages, last } = harness();
    last().serverOpens();
    last().onmessage?.({ data: 'one' } as MessageEvent);
    socket.restart();
    sockets[0]!.onmessage?.({ data: 'late' } as MessageEvent);
    expect(messages).toEqual(['one']);
  });

  it('restart drops a silent socket at once (its close event may take minutes) and connects again after the delay', () => {
    const { socket, sockets, opens, last } = harness();
    last().serverOpens();
    socket.welcomed(10_000, 'ping');
    socket.restart();
    expect(sockets[0]!.closedByClient).toBe(true);
    expect(opens).toEqual([true, false]);
    expect(socket.send('x')).toBe(false);
    // The old socket's close, when it finally comes, changes nothing.
    sockets[0]!.serverCloses();
    expect(opens).toEqual([true, false]);
    vi.advanceTimersByTime(1000);
    expect(sockets).toHaveLength(2);
  });

  it('stop closes for good', () => {
    const { socket, sockets, opens, last } = harness();
    last().serverOpens();
    socket.stop();
    expect(opens).toEqual([true, false]);
    vi.advanceTimersByTime(120_000);
    expect(sockets).toHaveLength(1);
  });
});
