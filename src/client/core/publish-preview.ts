// What Publish will change, shown before it goes (its own chunk: it brings in
// the word diff): each changed field by its label, live words → draft words.
import { valueText } from '../panels/diff/field-changes.ts';
import { WORD_DIFF_CSS, wordDiff } from '../panels/diff/word-diff.ts';
import { el } from './dom.ts';
import type { SaveTarget, Transport } from './transport.ts';

/** One drafts document and its changed fields. */
export interface PendingDoc {
  doc: SaveTarget;
  fields: readonly string[];
}

/**
 * The confirmation's body: a list of the changed fields of `pending`, each
 * named by `labelOf` with a word-level diff from what visitors see now to
 * the draft (read from each document's history).
 */
export async function publishPreview(transport: Transport, pending: readonly PendingDoc[], labelOf: (doc: SaveTarget, field: string) => string): Promise<Node> {
  const list = el('ul', { className: 'lc-changes' });
  for (const { doc, fields } of pending) {
    const history = await transport.history(doc.collection, doc.key);
    const items = history.ok ? history.value : [];
    const live = items.find((item) => item.state === 'live')?.data ?? {};
    const draft = items.find((item) => item.state === 'draft')?.data;
    for (const field of fields) {
      const row = el('li', {}, el('h3', { textContent: labelOf(doc, field) }));
      row.append(draft ? wordDiff(valueText(live[field]), valueText(draft[field])) : el('p', { textContent: 'Changed.' }));
      list.append(row);
    }
  }
  return el(
    'div',
    {},
    el('style', {
      textContent: `${WORD_DIFF_CSS}.lc-changes{margin:0;padding:0;list-style:none}.lc-changes li{margin:0 0 .75rem}.lc-changes h3{margin:0 0 .25rem;font-size:.85rem;color:#d4d4d8}.lc-changes .louise-diff{margin:0}`,
    }),
    el('p', { textContent: 'Visitors will see these changes:' }),
    list,
  );
}
