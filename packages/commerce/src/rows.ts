/**
 * The stored rows that a complete read of the provider no longer lists and
 * that are not marked gone yet: what a sync should mark (not delete, since an
 * order may still point at them). Pure and in memory: `seen` holds the
 * external ids the read returned, `externalId` reads a row's.
 *
 * Throws a RangeError when `seen` is empty: an empty read is far likelier an
 * outage, a wrong key or a broken page loop than a shop that sold out of
 * everything, and trusting it would mark every row gone. Call it only after a
 * read that finished every page.
 */
export function vanishedRows<R>(
  stored: readonly R[],
  seen: ReadonlySet<string>,
  options: { externalId: (row: R) => string; alreadyMarked: (row: R) => boolean },
): R[] {
  if (seen.size === 0) {
    throw new RangeError('vanishedRows: the read saw no ids at all; refusing to mark every stored row gone. Pass the ids of a complete, non-empty read.');
  }
  return stored.filter((row) => !seen.has(options.externalId(row)) && !options.alreadyMarked(row));
}
