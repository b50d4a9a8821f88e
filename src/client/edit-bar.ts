import { $status } from './status.ts';
import type { Answer, VersionItem } from './transport.ts';

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
  conflict: { what: ' was changed by someone else while you edited it.', theirs: 'Theirs', mine: 'Yours', keep: 'Keep mine', take: 'Reload', group: 'Conflict in' },
  unsaved: { what: ' has text you typed here earlier that may not have been saved.', theirs: 'On the page', mine: 'Yours', keep: 'Restore mine', take: 'Discard mine', group: 'Unsaved text in' },
} as const;

export interface BarActions {
  /** Present when auto-save is off. */
  save?: () => void;
  /** Present on a page with a versioned document. */
  versions?: {
    history(): Promise<Answer<VersionItem[]>>;
    discard(): void;
    publish?: () => void;
    restore?: (versionId: number) => void;
  };
  done(): void;
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...children: Array<Node | string>) {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

const button = (text: string, onClick: () => void) => el('button', { type: 'button', textContent: text, onclick: onClick });

/**
 * The edit bar: status line (announced politely), conflict choices, history,
 * and the Save, Discard, Publish, Settings and Done buttons. It is fixed to
 * the bottom and the body gets matching padding so no content hides under it.
 */
export function createEditBar(actions: BarActions) {
  const status = el('p', { className: 'lb-status', id: 'louise-status' });
  status.setAttribute('role', 'status');
  status.setAttribute('aria-live', 'polite');
  const conflicts = el('div', { hidden: true });
  const history = el('div', { className: 'lb-panel', hidden: true, id: 'louise-history' });
  history.setAttribute('aria-label', 'Version history');
  history.setAttribute('role', 'region');
  const row = el('div', { className: 'lb-row' }, status);
  if (actions.save) row.append(button('Save', actions.save));
  const versions = actions.versions;
  if (versions) {
    const toggle = button('History', async () => {
      const open = history.hidden;
      history.hidden = !open;
      toggle.setAttribute('aria-expanded', String(open));
      if (open) await showHistory(history, versions);
    });
    toggle.setAttribute('aria-expanded', 'false');
    toggle.setAttribute('aria-controls', history.id);
    row.append(toggle, button('Discard draft', versions.discard));
    if (versions.publish) row.append(button('Publish', versions.publish));
  }
  row.append(
    button('Settings', () => row.dispatchEvent(new CustomEvent('cms:open-settings', { bubbles: true, composed: true }))),
    button('Done', actions.done),
  );
  const bar = el('div', { id: 'louise-bar' }, conflicts, history, row);
  bar.setAttribute('role', 'region');
  bar.setAttribute('aria-label', 'Edit bar');
  document.body.append(bar);

  const unsubscribe = $status.subscribe(({ tone, text }) => {
    status.dataset.tone = tone;
    if (status.textContent !== text) status.textContent = text;
  });
  // Reserve the bar's height at the end of the page so it never covers content.
  const pad = () => (document.body.style.paddingBottom = `${bar.offsetHeight + 16}px`);
  const observer = new ResizeObserver(pad);
  observer.observe(bar);
  pad();

  let shown = '';
  return {
    element: bar,
    /** Shows both versions of each field that needs a choice, with its two buttons. */
    showChoices(views: ChoiceView[]) {
      const key = JSON.stringify(views.map((v) => [v.kind, v.label, v.theirs, v.mine]));
      if (key === shown) return;
      shown = key;
      conflicts.hidden = views.length === 0;
      conflicts.replaceChildren(
        ...views.map((view) => {
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
        }),
      );
    },
    destroy() {
      unsubscribe();
      observer.disconnect();
      bar.remove();
      document.body.style.paddingBottom = '';
    },
  };
}

async function showHistory(panel: HTMLElement, versions: NonNullable<BarActions['versions']>) {
  panel.replaceChildren(el('p', { textContent: 'Loading history…' }));
  const answer = await versions.history();
  if (!answer.ok) return panel.replaceChildren(el('p', { textContent: `History could not load: ${answer.message}` }));
  if (answer.value.length === 0) return panel.replaceChildren(el('p', { textContent: 'No versions yet.' }));
  const words = { live: 'live', draft: 'draft', old: 'earlier version', discarded: 'discarded' } as const;
  panel.replaceChildren(
    el(
      'ol',
      {},
      ...answer.value.map((item) => {
        const when = item.at ? ` · ${new Date(item.at).toLocaleString()}` : '';
        const row = el('li', {}, `Version ${item.id} (${words[item.state]})${when} `);
        if (versions.restore && item.state !== 'live') row.append(button(item.state === 'old' ? 'Restore' : 'Publish this', () => versions.restore?.(item.id)));
        return row;
      }),
    ),
  );
}
