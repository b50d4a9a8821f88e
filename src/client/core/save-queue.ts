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
  /** The other side of a 409 (with who saved it, when the server says), until the editor chooses. */
  conflict: { value: unknown; rev: string; by: string | null } | null;
  locked: boolean;
}

export type SaveQueue = ReturnType<typeof createSaveQueue>;

/** A request on its way: the value it carries and how it was sent. */
interface Sending {
  value: unknown;
  keepalive: boolean;
}

/**
 * The save queue of one field. At most one request is in flight; edits made
 * meanwhile wait as the newest value and go out when it lands. A response
 * never touches the field's text, so nothing typed is ever reverted.
 *
 * Its state lives in this closure and nowhere else: the methods the page
 * calls and the sending that answers change it are one object.
 */
export function createSaveQueue(options: SaveQueueOptions) {
  /** The newest value the editor typed. */
  let value = options.initial;
  /** The value stored on the server, as far as the answers tell. */
  let saved = options.initial;
  /** The revision the next save builds on. */
  let base: string | null = null;
  /** The newest request's promise: true once it landed clean. */
  let inflight: Promise<boolean> | null = null;
  let sending: Sending | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const state: SaveQueueState = { dirty: false, saving: false, saves: 0, error: null, conflict: null, locked: false };

  /** Recomputes the flags after any change and tells the page. */
  function changed(): void {
    state.dirty = !same(value, saved);
    state.saving = sending !== null;
    options.onChange?.();
  }

  /** Sends the newest value now; resolves true when it landed clean. */
  function sendNow(keepalive: boolean, withBase: boolean): Promise<boolean> {
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

  function land(mine: Sending, outcome: SaveOutcome): boolean {
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
        state.conflict = { value: outcome.value, rev: outcome.rev, by: outcome.by ?? null };
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
    /** The revision the next save builds on (the live session sends it with each change). */
    get base(): string | null {
      return base;
    },
    /** The value stored on the server as far as this page knows (what it last saved, loaded or adopted). */
    get saved(): unknown {
      return saved;
    },
    /** The revision the next save builds on. */
    setBase(rev: string | null) {
      base = rev;
    },
    /** Records a new value; an auto-save follows the idle pause unless a 409 waits for the editor. */
    edit(next: unknown): void {
      value = next;
      state.locked = false;
      clearTimeout(timer);
      changed();
      const { debounceMs, eagerChars } = options;
      if (!state.dirty || state.conflict || debounceMs === false) return;
      const eager = eagerChars !== undefined && JSON.stringify(next).length > eagerChars;
      if (eager) void flush();
      else timer = setTimeout(() => void flush(), debounceMs);
    },
    /** Saves until clean; false when a failure, a lock or a conflict stops it. */
    flush: (keepalive = false) => flush(keepalive),
    /** Tries a failed save again (the connection came back). */
    retry() {
      if (state.error && state.dirty && !state.conflict) void flush();
    },
    /**
     * The page is going away: send the newest value with keepalive, now.
     * With a request in flight the two may land in either order, so this one
     * goes without a revision check: the in-flight one either lands first (and
     * this overwrites it) or after (and its stale base makes it a 409).
     */
    leave(): void {
      clearTimeout(timer);
      if (state.conflict) return;
      const covered = sending?.keepalive === true && same(sending.value, value);
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
    /** Use theirs: take the stored value and drop the unsaved edit. Returns the value to show. */
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
    /** Takes a value stored by someone else (the live session's) as the saved one, sending nothing. */
    adopt(next: unknown) {
      value = saved = next;
      changed();
    },
  };
}
