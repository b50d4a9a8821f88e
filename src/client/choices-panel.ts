import { button, el } from './dom.ts';

/**
 * A field whose text needs the editor's choice: a `conflict` (someone else
 * saved it meanwhile: Keep mine or Reload) or `unsaved` text from an earlier
 * visit that may never have reached the server (Restore mine or Discard).
 */
export interface ChoiceView {
  kind: 'conflict' | 'unsaved';
  label: string;
  mine: string;
  theirs: string;
  /** `unsaved`: when it was typed. */
  at?: number;
  keepMine(): void;
  takeTheirs(): void;
}

const CHOICE = {
  conflict: {
    what: ' was changed by someone else while you edited it.',
    theirs: 'Theirs',
    mine: 'Yours',
    keep: 'Keep mine',
    take: 'Reload',
    group: 'Conflict in',
  },
  unsaved: {
    what: ' has text you typed here earlier that may not have been saved.',
    theirs: 'On the page',
    mine: 'Yours',
    keep: 'Restore mine',
    take: 'Discard mine',
    group: 'Unsaved text in',
  },
} as const;

/** The bar's list of fields waiting for a choice, each with both versions and its two buttons. */
export function createChoicesPanel() {
  const element = el('div', { hidden: true });
  let shown = '';
  return {
    element,
    show(views: ChoiceView[]) {
      // Rebuilding on every refresh would drop the focus from a choice button.
      const key = JSON.stringify(views.map((v) => [v.kind, v.label, v.theirs, v.mine]));
      if (key === shown) return;
      shown = key;
      element.hidden = views.length === 0;
      element.replaceChildren(...views.map(choiceGroup));
    },
  };
}

function choiceGroup(view: ChoiceView): HTMLElement {
  const words = CHOICE[view.kind];
  const when = view.at ? ` (${new Date(view.at).toLocaleString()})` : '';
  const group = el(
    'div',
    { className: 'lb-panel' },
    el('p', {}, el('strong', { textContent: view.label }), words.what),
    el('p', {}, `${words.theirs}: `, el('q', { textContent: view.theirs })),
    el('p', {}, `${words.mine}${when}: `, el('q', { textContent: view.mine })),
    el('div', { className: 'lb-row' }, button(words.keep, view.keepMine), button(words.take, view.takeTheirs)),
  );
  group.setAttribute('role', 'group');
  group.setAttribute('aria-label', `${words.group} ${view.label}`);
  return group;
}
