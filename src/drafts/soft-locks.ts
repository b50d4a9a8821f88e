import type { EditorSession } from '../http/session.ts';

/**
 * The header a draft save over HTTP from a page in the realtime session
 * carries: its connection's `sid` (from the welcome). A conflict on a field
 * whose stored value is the one that connection itself last put into the
 * session is then none: the page built on it and had only not heard back
 * yet (the ack or the flush), or was leaving.
 */
export const LIVE_HEADER = 'x-louise-live-sid';

/** The row whose locks are asked about. */
export interface SoftLockTarget {
  collection: string;
  id: number;
}

/**
 * Where advisory per-field locks live (the realtime coordination object
 * implements it). Only a save that changes one of `fields` asks.
 */
export interface SoftLockSource<E = unknown> {
  /** The lockable fields (for example rich-text fields). */
  readonly fields: readonly string[];
  /**
   * The holders of those of `fields` that are locked: field name to the
   * holding editor's id. Unlocked fields are left out. Throwing or rejecting
   * means "cannot answer": the save proceeds and `editor.softLocks` is reported.
   * The realtime source first writes what its session accepted for those
   * fields, so the save lands after it (a conflict is then decided on a fresh read).
   */
  held(env: E, target: SoftLockTarget, fields: readonly string[], editor: EditorSession): Promise<Readonly<Record<string, string>>>;
  /**
   * For a save sent from a page in the session (its connection `sid`): of
   * `fields`, those whose last change in the session came from that very
   * connection, with the revision of that change. A conflict on such a field
   * whose stored revision is exactly that one is no conflict: the page built
   * on its own change. Throwing means "cannot answer": the conflicts stand.
   */
  own?(env: E, target: SoftLockTarget, fields: readonly string[], editor: EditorSession, sid: string): Promise<Readonly<Record<string, string>>>;
}
