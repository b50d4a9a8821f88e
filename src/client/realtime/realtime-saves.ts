// Saving through the live session: while its socket is open a field's save
// is a `set` the object acknowledges once stored (it flushes a draft version
// every couple of seconds), instead of one HTTP draft save per pause. Every
// case the socket cannot answer goes over HTTP exactly as without it.
import { type ClientMessage, MAX_MESSAGE_BYTES, PROTOCOL_VERSION } from '../../realtime/protocol.ts';
import type { SaveOutcome } from '../core/transport.ts';

/** A `set` not answered in this long is sent over HTTP instead. */
export const ANSWER_TIMEOUT_MS = 5000;

/** The answers a `set` gets (others are not about saves). */
export type SetAnswer =
  | { type: 'ack'; seq: number; rev: string }
  | {
      type: 'refused';
      seq?: number | undefined;
      reason: 'locked' | 'invalid' | 'conflict';
      value?: unknown;
      rev?: string | undefined;
      message: string;
    };

export interface LiveSavesDeps {
  /** Sends one frame; false when it did not go (the socket is down). */
  send(frame: string): boolean;
  /** No answer came in time: the socket is probably dead. */
  onTimeout?(): void;
  timeoutMs?: number;
}

const encoder = new TextEncoder();

/** A message as its frame, or null when it is over the size the object accepts (that would close the socket). */
export function encodeFrame(message: ClientMessage): string | null {
  const text = JSON.stringify(message);
  return encoder.encode(text).length <= MAX_MESSAGE_BYTES ? text : null;
}

interface Waiting {
  settle(outcome: SaveOutcome | null): void;
}

/**
 * Routes saves of the live document's fields: `save` sends a `set` and
 * resolves with what its `ack` or `refused` means for the queue; a
 * keepalive save (the page is closing), a socket that is down, a frame too
 * large, no answer within `timeoutMs` or a socket that closes first all take
 * the plain HTTP save (`http`) instead. Answers are fed in with `answer`,
 * closes with `down`.
 *
 * @example
 * const saves = liveSaves({ send: socket.send });
 * transport.save = (target, value, base, keepalive) => saves.save(target.field, value, keepalive, () => http(target, value, base, keepalive));
 */
export function liveSaves(deps: LiveSavesDeps) {
  let seq = 0;
  const waiting = new Map<number, Waiting>();
  // The field of every `set` not answered yet, casts included: an ack of any of them moves that field's base.
  const fields = new Map<number, string>();
  // `base`: the revision the value was built on; the object refuses it as a conflict when it holds a newer value this tab never showed.
  const set = (field: string, value: unknown, base: string | null): number | null => {
    const frame = encodeFrame({ v: PROTOCOL_VERSION, type: 'set', field, value, seq: seq + 1, ...(base ? { base } : {}) });
    if (frame === null || !deps.send(frame)) return null;
    fields.set(++seq, field);
    return seq;
  };

  return {
    save(field: string, value: unknown, keepalive: boolean, http: () => Promise<SaveOutcome>, base: string | null = null): Promise<SaveOutcome> {
      if (keepalive) {
        // The page is going away: no answer can come in time, so HTTP (keepalive) carries it. It goes over the
        // socket too, so the session's last change of the field is this value even if earlier frames land late.
        set(field, value, base);
        return http();
      }
      const sent = set(field, value, base);
      if (sent === null) return http();
      return new Promise<SaveOutcome>((resolve) => {
        const timer = setTimeout(() => {
          entry.settle(null);
          deps.onTimeout?.();
        }, deps.timeoutMs ?? ANSWER_TIMEOUT_MS);
        const entry: Waiting = {
          settle(outcome) {
            clearTimeout(timer);
            waiting.delete(sent);
            resolve(outcome ?? http());
          },
        };
        waiting.set(sent, entry);
      });
    },
    /** Sends a value without waiting for its answer (live typing: the queue's own save follows). */
    cast: (field: string, value: unknown, base: string | null = null) => void set(field, value, base),
    /**
     * An `ack` or `refused` from the object: settles the save waiting for it,
     * if any, and returns the field of the `set` it answers (casts included).
     */
    answer(message: SetAnswer): string | undefined {
      if (message.seq === undefined) return undefined;
      const field = fields.get(message.seq);
      fields.delete(message.seq);
      waiting.get(message.seq)?.settle(outcomeOf(message));
      return field;
    },
    /** The socket closed: every save still waiting goes over HTTP. */
    down() {
      fields.clear();
      for (const entry of [...waiting.values()]) entry.settle(null);
    },
  };
}

/**
 * What an answer means for the save queue: an ack carries the revision of the value as the object will store it, the base of
 * a later plain save; a conflict carries the session's newer value, which the editor keeps or replaces as after a 409.
 */
export function outcomeOf(message: SetAnswer): SaveOutcome {
  if (message.type === 'ack') return { kind: 'saved', rev: message.rev, versionId: null };
  if (message.reason === 'conflict' && typeof message.rev === 'string') return { kind: 'conflict', value: message.value ?? null, rev: message.rev };
  return message.reason === 'locked' ? { kind: 'locked' } : { kind: 'failed', message: message.message };
}
