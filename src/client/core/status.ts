import { atom } from 'nanostores';

export type StatusTone = 'idle' | 'busy' | 'ok' | 'problem';

/** The edit bar's status line. */
export interface Status {
  tone: StatusTone;
  text: string;
}

/** The status line before anything has been saved. */
export const IDLE = 'Published';

/** The current status line, shared by the save logic and the edit bar. */
export const $status = atom<Status>({ tone: 'idle', text: IDLE });

/**
 * The changed fields of each of the page's drafts documents (`collection:key`
 * → field names whose draft differs from live), as the server last counted
 * them; null until every document's count is known, or on a page without
 * drafts documents.
 */
export const $changes = atom<ReadonlyMap<string, readonly string[]> | null>(null);

/** What the status pill shows: its tone (`draft` and `offline` besides the status line's) and words. */
export interface Pill {
  tone: StatusTone | 'draft' | 'offline';
  text: string;
}

/** The number of changed fields across the page's drafts documents, or null when not known. */
export function changeCount(changes: ReadonlyMap<string, readonly string[]> | null): number | null {
  if (changes === null) return null;
  let count = 0;
  for (const fields of changes.values()) count += fields.length;
  return count;
}

/** Words the pill's state says better: a save landed (the count follows), or a publish (`Published`). */
const ROUTINE = /^(?:Draft saved|Saved|Published\b.*)$/;

/**
 * The pill's state: a problem first, then saving (or unsaved), then a
 * notice (an ok that is news, such as "Restored version … as a draft": kept
 * until the status changes again), then Offline, then the draft's count of
 * changes (`Draft · 3 changes`) or `Published`; where the count is not known,
 * the status line's own words.
 */
export function pillOf(status: Status, changes: ReadonlyMap<string, readonly string[]> | null, online: boolean): Pill {
  if (status.tone === 'problem' || status.tone === 'busy') return status;
  if (status.tone === 'ok' && !ROUTINE.test(status.text)) return status;
  if (!online) return { tone: 'offline', text: 'Offline' };
  const count = changeCount(changes);
  if (count === null) return status;
  return count > 0 ? { tone: 'draft', text: `Draft · ${count} ${count === 1 ? 'change' : 'changes'}` } : { tone: 'ok', text: 'Published' };
}
