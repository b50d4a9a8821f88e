/** An unsaved edit kept in the browser. */
export interface KeptEdit {
  value: unknown;
  /** When it was typed (ms since the epoch). */
  at: number;
}

/** localStorage, reduced to what the backup uses (tests pass a Map-backed one). */
export type BackupStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const PREFIX = 'louise:unsaved:';
/** Older copies are dropped rather than offered: the page has surely moved on. */
export const BACKUP_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;

/**
 * A copy of each field's unsaved edit in localStorage, keyed by its marker,
 * so that text typed just before the tab closed, the browser crashed or the
 * connection dropped is offered back on the next visit instead of being lost
 * silently (a keepalive save sent while the page closes has no one to tell
 * when it fails). A copy is dropped once its field is saved. Best effort:
 * with storage blocked or full, saving works the same, only without the copy.
 */
export function createBackup(storage: BackupStorage | null, now: () => number = Date.now) {
  const attempt = <T>(fn: (store: BackupStorage) => T): T | null => {
    if (!storage) return null;
    try {
      return fn(storage);
    } catch {
      return null;
    }
  };
  return {
    /** The copy left by an earlier visit, if it is recent and well formed. */
    read(id: string): KeptEdit | null {
      const raw = attempt((store) => store.getItem(PREFIX + id));
      if (!raw) return null;
      let kept: unknown;
      try {
        kept = JSON.parse(raw);
      } catch {
        kept = null;
      }
      const edit = kept as KeptEdit | null;
      if (!edit || typeof edit !== 'object' || typeof edit.at !== 'number' || !('value' in edit) || now() - edit.at > BACKUP_MAX_AGE_MS) {
        attempt((store) => store.removeItem(PREFIX + id));
        return null;
      }
      return edit;
    },
    keep(id: string, value: unknown): void {
      attempt((store) => store.setItem(PREFIX + id, JSON.stringify({ value, at: now() } satisfies KeptEdit)));
    },
    drop(id: string): void {
      attempt((store) => store.removeItem(PREFIX + id));
    },
  };
}

export type Backup = ReturnType<typeof createBackup>;

/** `localStorage`, or null where reading it throws (blocked storage, sandboxed frames). */
export function browserStorage(): BackupStorage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}
