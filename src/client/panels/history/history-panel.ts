import { button, el } from '../../core/dom.ts';
import type { Answer, VersionItem } from '../../core/transport.ts';

/** What the bar does with a page's drafts document. */
export interface VersionActions {
  history(): Promise<Answer<VersionItem[]>>;
  discard(): void;
  publish?: () => void;
  restore?: (versionId: number) => void;
}

/** The bar's version history: a region that lists the page's versions, and the History button that opens it. */
export function createHistoryPanel() {
  const panel = el('div', { className: 'lb-panel', hidden: true, id: 'louise-history' });
  panel.setAttribute('aria-label', 'Version history');
  panel.setAttribute('role', 'region');
  return {
    panel,
    /** The History button: opening the panel loads the list afresh. */
    toggle(versions: VersionActions) {
      const toggle = button('History', async () => {
        const open = panel.hidden;
        panel.hidden = !open;
        toggle.setAttribute('aria-expanded', String(open));
        if (open) await showHistory(panel, versions);
      });
      toggle.setAttribute('aria-expanded', 'false');
      toggle.setAttribute('aria-controls', panel.id);
      return toggle;
    },
  };
}

async function showHistory(panel: HTMLElement, versions: VersionActions) {
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
