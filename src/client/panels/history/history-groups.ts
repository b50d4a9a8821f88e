// History's entries: one per burst of saves by one person (autosave writes a
// version every few seconds), so the list reads like a log of who did what.
import { humanLabel } from '../../core/human-label.ts';
import type { VersionItem } from '../../core/transport.ts';

/** Saves by the same person at most this far apart are one burst. */
export const BURST_MS = 5 * 60_000;

/** One entry of the history: consecutive versions (newest first) by one author, all in the same state. */
export interface VersionGroup {
  /** Newest first; the first is what the entry's actions act on. */
  versions: VersionItem[];
  by: string | null;
  state: VersionItem['state'];
  /** Oldest and newest save times (null when the server sent none). */
  from: number | null;
  to: number | null;
  /** Every field a version of the group changed, in the order first seen. */
  changed: string[];
}

/**
 * Groups a history (newest first) into bursts: a version joins the entry
 * above it when it has the same author and state and was saved within
 * `BURST_MS` of the entry's oldest version. The live version is always an
 * entry of its own, so it stays easy to find.
 */
export function groupVersions(items: readonly VersionItem[], burstMs = BURST_MS): VersionGroup[] {
  const groups: VersionGroup[] = [];
  for (const item of items) {
    const last = groups.at(-1);
    const joins =
      last !== undefined &&
      item.state !== 'live' &&
      last.state === item.state &&
      last.by === item.by &&
      item.at !== null &&
      last.from !== null &&
      last.from - item.at <= burstMs;
    if (joins) {
      last.versions.push(item);
      last.from = item.at;
      for (const field of item.changed) if (!last.changed.includes(field)) last.changed.push(field);
    } else groups.push({ versions: [item], by: item.by, state: item.state, from: item.at, to: item.at, changed: [...item.changed] });
  }
  return groups;
}

/** A field's human name: its label on the page, else its key made readable (`heroImage` → "Hero image"). */
export function fieldLabel(field: string, labels: Readonly<Record<string, string>>): string {
  return labels[field] || humanLabel(field);
}
