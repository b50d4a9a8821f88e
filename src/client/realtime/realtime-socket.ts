// The live session's socket: reconnects with backoff and pings while
// welcomed. Written here rather than taken from partysocket (~3 KB gzipped)
// because the whole realtime chunk has a 6 KB budget, and this is all of it
// the editor needs: one URL, text frames, no buffering while down (the save
// path falls back to HTTP instead).

/** First reconnect delay; each failed try doubles it, up to `MAX_DELAY_MS`. */
export const FIRST_DELAY_MS = 1000;
export const MAX_DELAY_MS = 30_000;

/**
 * How long to wait before reconnect try `attempt` (0 first): 1 s doubling to
 * 30 s, of which a random half is dropped ("equal jitter"), so editors cut
 * off together do not all come back in the same instant.
 *
 * @example
 * reconnectDelay(0, Math.random); // 500-1000 ms
 */
export function reconnectDelay(attempt: number, random: () => number): number {
  const ceiling = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** attempt);
  return ceiling / 2 + (random() * ceiling) / 2;
}

/** The part of the browser's WebSocket this uses (tests pass a fake). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface LiveSocketOptions {
  url: string;
  /** A text frame from the server (binary ones are dropped by the reader). */
  onMessage(data: unknown): void;
  /** The socket opened (true) or closed (false). */
  onOpen(open: boolean): void;
  /** Defaults to the browser's WebSocket. */
  connect?: (url: string) => SocketLike;
  random?: () => number;
}

export type LiveSocket = ReturnType<typeof liveSocket>;

const OPEN = 1;

/**
 * A WebSocket that comes back: every close (the server's codes included:
 * a 4400 is a bug and must not become a fast loop) waits `reconnectDelay`
 * and tries again. Only `welcomed` (the server accepted us) resets the
 * backoff; an open socket the server closes at once keeps doubling.
 */
export function liveSocket(options: LiveSocketOptions) {
  const connect = options.connect ?? ((url: string) => new WebSocket(url));
  const random = options.random ?? Math.random;
  let attempt = 0;
  let socket: SocketLike | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let ping: ReturnType<typeof setInterval> | undefined;
  let stopped = false;

  const send = (text: string) => {
    if (socket?.readyState !== OPEN) return false;
    socket.send(text);
    return true;
  };
  // Also run by `restart`: a dead connection's close event can take minutes to come.
  const closed = (ws: SocketLike) => {
    if (socket !== ws) return;
    socket = null;
    clearInterval(ping);
    options.onOpen(false);
    if (!stopped) retry = setTimeout(open, reconnectDelay(attempt++, random));
  };
  function open() {
    const ws = connect(options.url);
    socket = ws;
    ws.onopen = () => options.onOpen(true);
    ws.onmessage = (event) => socket === ws && options.onMessage(event.data);
    ws.onclose = () => closed(ws);
  }
  const drop = () => {
    const ws = socket;
    if (!ws) return;
    closed(ws);
    ws.close();
  };
  open();

  return {
    /** Sends a text frame; false when the socket is not open (nothing is queued). */
    send,
    /** The server's welcome: the backoff starts over, and `frame` goes out every `everyMs` while this socket lives. */
    welcomed(everyMs: number, frame: string) {
      attempt = 0;
      clearInterval(ping);
      ping = setInterval(() => send(frame), everyMs);
    },
    /** Drops the socket (it stopped answering) and reconnects after the usual delay. */
    restart: drop,
    /** Closes for good. */
    stop() {
      stopped = true;
      clearTimeout(retry);
      drop();
    },
  };
}
