import type { EditorSession } from '../http/session.ts';

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
}
