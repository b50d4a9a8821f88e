// The sending half of a save queue: at most one request in flight, and what
// each answer does to the queue. save-queue.ts is the half the page calls.
import { same } from './same-value.ts';
import type { SaveOutcome } from './transport.ts';

export interface SaveQueueOptions {
  /** The value the page was rendered with: never sent unchanged. */
  initial: unknown;
  /** Idle pause before an auto-save, or false when saving is manual. */
  debounceMs: number | false;
  /** Sends one value. Never rejects: failures come back as `{ kind: 'failed' }`. */
  send(value: unknown, base: string | null, keepalive: boolean): Promise<SaveOutcome>;
  /** Values longer than this (in JSON characters) save without waiting for the debounce. */
  eagerChars?: number;
  /** Saves wait for this first (for example the revisions to build on). */
  ready?: Promise<unknown>;
  /** Called after every state change. */
  onChange?(): void;
}

export interface SaveQueueState {
  dirty: boolean;
  saving: boolean;
  /** Successful saves so far. */
  saves: number;
  error: string | null;
  /** The other side of a 409, until the editor chooses. */
  conflict: { value: unknown; rev: string } | null;
  locked: boolean;
}

/** A request on its way: the value it carries and how it was sent. */
interface Sending {
  value: unknown;
  keepalive: boolean;
}

/** Everything one field's queue keeps between calls. */
export interface QueueRecord {
  options: SaveQueueOptions;
  /** The newest value the editor typed. */
  value: unknown;
  /** The value stored on the server, as far as the answers tell. */
  saved: unknown;
  /** The revision the next save builds on. */
  base: string | null;
  /** The newest request's promise: true once it landed clean. */
  inflight: Promise<boolean> | null;
  sending: Sending | null;
  timer: ReturnType<typeof setTimeout> | undefined;
  state: SaveQueueState;
}

/** Recomputes the flags after any change and tells the page. */
export function changed(q: QueueRecord): void {
  q.state.dirty = !same(q.value, q.saved);
  q.state.saving = q.sending !== null;
  q.options.onChange?.();
}

/** Sends the newest value now; resolves true when it landed clean. */
export function sendNow(q: QueueRecord, keepalive: boolean, withBase: boolean): Promise<boolean> {
  const sent = q.value;
  const mine = { value: sent, keepalive };
  const request = (q.options.ready ?? Promise.resolve())
    .then(() => q.options.send(sent, withBase ? q.base : null, keepalive))
    .then((outcome) => land(q, mine, outcome));
  q.inflight = request;
  q.sending = mine;
  changed(q);
  return request;
}

function land(q: QueueRecord, mine: Sending, outcome: SaveOutcome): boolean {
  // An unload send may overlap the regular one; only the newest request clears the flags.
  if (q.sending === mine) {
    q.sending = null;
    q.inflight = null;
  }
  const { state } = q;
  let ok = false;
  if (outcome.kind === 'saved') {
    q.saved = mine.value;
    if (outcome.rev !== null) q.base = outcome.rev;
    state.saves++;
    state.error = null;
    state.locked = false;
    ok = true;
  } else if (outcome.kind === 'conflict') {
    if (same(outcome.value, q.value)) {
      // Both sides ended at the same value: nothing to choose.
      q.saved = outcome.value;
      q.base = outcome.rev;
      ok = true;
    } else {
      // What is stored now is theirs: Keep mine must send ours even if it equals what the page first showed.
      q.saved = outcome.value;
      state.conflict = { value: outcome.value, rev: outcome.rev };
      clearTimeout(q.timer);
    }
  } else if (outcome.kind === 'locked') {
    state.locked = true;
    clearTimeout(q.timer);
  } else {
    state.error = outcome.message;
    clearTimeout(q.timer);
  }
  changed(q);
  return ok;
}

/**
 * Saves until the stored value equals the newest one, one request at a
 * time. Resolves true when clean; false when a failure, a lock or a
 * conflict stops it (each waits for the editor or the next edit).
 */
export async function flush(q: QueueRecord, keepalive = false): Promise<boolean> {
  clearTimeout(q.timer);
  while (!q.state.conflict) {
    if (q.inflight) {
      if (!(await q.inflight)) return false;
      continue;
    }
    if (same(q.value, q.saved)) return true;
    if (!(await sendNow(q, keepalive, true))) return false;
  }
  return false;
}
