// Keeps the status pill's count of changes (`$changes`) current: each drafts
// document's changed fields as the server counted them, from a draft save's
// answer, or fetched after a save that came back without them (one sent over
// the live session's socket) and once when edit mode opens.
import { $changes } from './status.ts';
import type { SaveTarget, Transport } from './transport.ts';
import { docOf } from './units.ts';

/** Waits this long after a save without a count before asking, so a burst of saves asks once. */
const ASK_AFTER_MS = 400;

export type DraftChanges = ReturnType<typeof trackChanges>;

/** Tracks the changed fields of `docs` (the page's drafts documents) into `$changes`. */
export function trackChanges(docs: readonly SaveTarget[]) {
  const known = new Map<string, readonly string[]>();
  // Documents whose count arrived with a save's answer since the last save landed.
  const told = new Set<string>();
  const asking = new Map<string, ReturnType<typeof setTimeout>>();
  let transport: Transport | null = null;
  // Each document's newest count wins: an ask answered after a save's own count must not bring back an older one.
  const counted = new Map<string, number>();
  let counts = 0;
  const keep = (doc: string, changes: readonly string[], at = ++counts) => {
    if ((counted.get(doc) ?? 0) > at) return;
    counted.set(doc, at);
    known.set(doc, changes);
    show();
  };
  const show = () => $changes.set(docs.length > 0 && docs.every((doc) => known.has(docOf(doc))) ? new Map(known) : null);
  const ask = async (target: SaveTarget) => {
    const at = ++counts;
    const answer = await transport?.changes(target.collection, target.key);
    if (answer?.ok) keep(docOf(target), answer.value, at);
  };

  return {
    /** The count a draft save of `doc` answered (the transport's `onChanges`). */
    saved(doc: string, changes: readonly string[]) {
      told.add(doc);
      keep(doc, changes);
    },
    /** Fetches every document's count now (edit mode opening) through `using`, and keeps it for later asks. */
    load(using: Transport) {
      transport = using;
      for (const doc of docs) void ask(doc);
    },
    /** A save of `target` landed: its count is asked for unless its answer carried it. */
    landed(target: SaveTarget) {
      if (target.live) return;
      const doc = docOf(target);
      if (told.delete(doc)) return;
      clearTimeout(asking.get(doc));
      asking.set(
        doc,
        setTimeout(() => void ask(target), ASK_AFTER_MS),
      );
    },
    /** Nothing is pending in `target`'s document any more (it was published or discarded). */
    cleared(target: SaveTarget) {
      keep(docOf(target), []);
    },
    /** The changed fields of `target`'s document, as last known. */
    get: (target: SaveTarget): readonly string[] => known.get(docOf(target)) ?? [],
  };
}
