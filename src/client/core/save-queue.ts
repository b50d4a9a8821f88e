import { changed, flush, sendNow, type QueueRecord, type SaveQueueOptions, type SaveQueueState } from './save-flight.ts';
import { same } from './same-value.ts';

export type { SaveQueueOptions, SaveQueueState } from './save-flight.ts';

export type SaveQueue = ReturnType<typeof createSaveQueue>;

/**
 * The save queue of one field. At most one request is in flight; edits made
 * meanwhile wait as the newest value and go out when it lands. A response
 * never touches the field's text, so nothing typed is ever reverted.
 */
export function createSaveQueue(options: SaveQueueOptions) {
  const q: QueueRecord = {
    options,
    value: options.initial,
    saved: options.initial,
    base: null,
    inflight: null,
    sending: null,
    timer: undefined,
    state: { dirty: false, saving: false, saves: 0, error: null, conflict: null, locked: false },
  };
  return {
    get value() {
      return q.value;
    },
    get state(): Readonly<SaveQueueState> {
      return q.state;
    },
    /** The revision the next save builds on (the live session sends it with each change). */
    get base(): string | null {
      return q.base;
    },
    /** The value stored on the server as far as this page knows (what it last saved, loaded or adopted). */
    get saved(): unknown {
      return q.saved;
    },
    /** The revision the next save builds on. */
    setBase(rev: string | null) {
      q.base = rev;
    },
    /** Records a new value; an auto-save follows the idle pause unless a 409 waits for the editor. */
    edit: (next: unknown) => edit(q, next),
    /** Saves until clean; false when a failure, a lock or a conflict stops it. */
    flush: (keepalive = false) => flush(q, keepalive),
    /** Tries a failed save again (the connection came back). */
    retry() {
      if (q.state.error && q.state.dirty && !q.state.conflict) void flush(q);
    },
    /** The page is going away: send the newest value with keepalive, now. */
    leave: () => leave(q),
    /** Keep mine: re-send the newest value over the revision the server showed. */
    keepMine: () => keepMine(q),
    /** Reload: take the stored value and drop the unsaved edit. Returns the value to show. */
    reload: () => reload(q),
    /** Takes a value stored by someone else (the live session's) as the saved one, sending nothing. */
    adopt(value: unknown) {
      q.value = q.saved = value;
      changed(q);
    },
  };
}

function edit(q: QueueRecord, next: unknown): void {
  q.value = next;
  q.state.locked = false;
  clearTimeout(q.timer);
  changed(q);
  const { debounceMs, eagerChars } = q.options;
  if (!q.state.dirty || q.state.conflict || debounceMs === false) return;
  const eager = eagerChars !== undefined && JSON.stringify(next).length > eagerChars;
  if (eager) void flush(q);
  else q.timer = setTimeout(() => void flush(q), debounceMs);
}

// With a request in flight the two may land in either order, so this one
// goes without a revision check: the in-flight one either lands first (and
// this overwrites it) or after (and its stale base makes it a 409).
function leave(q: QueueRecord): void {
  clearTimeout(q.timer);
  if (q.state.conflict) return;
  const covered = q.sending?.keepalive === true && same(q.sending.value, q.value);
  if (covered || (q.sending === null && same(q.value, q.saved))) return;
  void sendNow(q, true, q.sending === null);
}

function keepMine(q: QueueRecord): Promise<boolean> {
  if (q.state.conflict) q.base = q.state.conflict.rev;
  q.state.conflict = null;
  changed(q);
  return flush(q);
}

function reload(q: QueueRecord): unknown {
  const theirs = q.state.conflict;
  if (theirs) {
    q.value = q.saved = theirs.value;
    q.base = theirs.rev;
    q.state.conflict = null;
    q.state.error = null;
    q.state.locked = false;
    changed(q);
  }
  return q.value;
}
