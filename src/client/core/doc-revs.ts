import type { Transport } from './transport.ts';
import { docOf, type Unit } from './units.ts';

/** Field revisions of each drafts document on the page, keyed `collection:key`. */
export type DocRevs = Map<string, Promise<Record<string, string>>>;

/**
 * The field revisions each drafts document's draft saves build on (their
 * `$base`): as the page rendered them when the island has them, else fetched
 * now. A fetch that fails leaves saves unchecked rather than blocked.
 */
export function loadRevs(units: Iterable<Unit>, rendered: Readonly<Record<string, Readonly<Record<string, string>>>>, transport: Transport): DocRevs {
  const revs: DocRevs = new Map();
  for (const { target } of units) {
    const doc = docOf(target);
    if (target.live || revs.has(doc)) continue;
    const known = rendered[doc];
    if (known) {
      revs.set(doc, Promise.resolve({ ...known }));
      continue;
    }
    revs.set(
      doc,
      transport.revs(target.collection, target.key).then((answer) => {
        if (answer.ok) return answer.value;
        console.warn(`louise: field revisions of ${doc} did not load (${answer.message}); saves go unchecked.`);
        return {};
      }),
    );
  }
  return revs;
}
