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

export type SaveQueue = ReturnType<typeof createSaveQueue>;

/** Equal field values (strings, or lists of them). */
export const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * The save queue of one field. At most one request is in flight; edits made
 * meanwhile wait as the newest value and go out when it lands. A response
 * never touches the field's text, so nothing typed is ever reverted.
 */
export function createSaveQueue(options: SaveQueueOptions) {
  let value = options.initial;
  let saved = options.initial;
  let base: string | null = null;
  let inflight: Promise<boolean> | null = null;
  let sending: { value: unknown; keepalive: boolean } | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const state: SaveQueueState = { dirty: false, saving: false, saves: 0, error: null, conflict: null, locked: false };
  const changed = () => {
    state.dirty = !same(value, saved);
    state.saving = sending !== null;
    options.onChange?.();
  };

  async function sendNow(keepalive: boolean, withBase: boolean): Promise<boolean> {
    const sent = value;
    const mine = { value: sent, keepalive };
    const request = (options.ready ?? Promise.resolve())
      .then(() => options.send(sent, withBase ? base : null, keepalive))
      .then((outcome) => land(mine, outcome));
    inflight = request;
    sending = mine;
    changed();
    return request;
  }

  function land(mine: { value: unknown; keepalive: boolean }, outcome: SaveOutcome): boolean {
    // An unload send may overlap the regular one; only the newest request clears the flags.
    if (sending === mine) {
      sending = null;
      inflight = null;
    }
    let ok = false;
    if (outcome.kind === 'saved') {
      saved = mine.value;
      if (outcome.rev !== null) base = outcome.rev;
      state.saves++;
      state.error = null;
      state.locked = false;
      ok = true;
    } else if (outcome.kind === 'conflict') {
      if (same(outcome.value, value)) {
        // Both sides ended at the same value: nothing to choose.
        saved = outcome.value;
        base = outcome.rev;
        ok = true;
      } else {
        // What is stored now is theirs: Keep mine must send ours even if it equals what the page first showed.
        saved = outcome.value;
        state.conflict = { value: outcome.value, rev: outcome.rev };
        clearTimeout(timer);
      }
    } else if (outcome.kind === 'locked') {
      state.locked = true;
      clearTimeout(timer);
    } else {
      state.error = outcome.message;
      clearTimeout(timer);
    }
    changed();
    return ok;
  }

  /**
   * Saves until the stored value equals the newest one, one request at a
   * time. Resolves true when clean; false when a failure, a lock or a
   * conflict stops it (each waits for the editor or the next edit).
   */
  async function flush(keepalive = false): Promise<boolean> {
    clearTimeout(timer);
    while (!state.conflict) {
      if (inflight) {
        if (!(await inflight)) return false;
        continue;
      }
      if (same(value, saved)) return true;
      if (!(await sendNow(keepalive, true))) return false;
    }
    return false;
  }

  return {
    get value() {
      return value;
    },
    get state(): Readonly<SaveQueueState> {
      return state;
    },
    /** The revision the next save builds on. */
    setBase(rev: string | null) {
      base = rev;
    },
    /** Records a new value; an auto-save follows the idle pause unless a 409 waits for the editor. */
    edit(next: unknown) {
      value = next;
      state.locked = false;
      clearTimeout(timer);
      changed();
      if (!state.dirty || state.conflict || options.debounceMs === false) return;
      const eager = options.eagerChars !== undefined && JSON.stringify(next).length > options.eagerChars;
      if (eager) void flush();
      else timer = setTimeout(() => void flush(), options.debounceMs);
    },
    flush,
    /** Tries a failed save again (the connection came back). */
    retry() {
      if (state.error && state.dirty && !state.conflict) void flush();
    },
    /**
     * The page is going away: send the newest value with keepalive, now. With
     * a request in flight the two may land in either order, so this one goes
     * without a revision check: the in-flight one either lands first (and
     * this overwrites it) or after (and its stale base makes it a 409).
     */
    leave() {
      clearTimeout(timer);
      if (state.conflict) return;
      const covered = sending !== null && sending.keepalive && same(sending.value, value);
      if (covered || (sending === null && same(value, saved))) return;
      void sendNow(true, sending === null);
    },
    /** Keep mine: re-send the newest value over the revision the server showed. */
    keepMine(): Promise<boolean> {
      if (state.conflict) base = state.conflict.rev;
      state.conflict = null;
      changed();
      return flush();
    },
    /** Reload: take the stored value and drop the unsaved edit. Returns the value to show. */
    reload(): unknown {
      const theirs = state.conflict;
      if (theirs) {
        value = saved = theirs.value;
        base = theirs.rev;
        state.conflict = null;
        state.error = null;
        state.locked = false;
        changed();
      }
      return value;
    },
  };
}
