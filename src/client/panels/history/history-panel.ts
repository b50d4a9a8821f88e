import { button } from '../../core/dom.ts';
import { lazily } from '../../core/lazily.ts';
import type { VersionActions } from './version-actions.ts';

export type { VersionActions };

/** The bar's History button: opens the history dialog (its own chunk, history-dialog.ts), which loads the list afresh. */
export function historyButton(versions: VersionActions): HTMLButtonElement {
  const opener = button('History', () => {
    opener.setAttribute('aria-expanded', 'true');
    void lazily('history', async () => (await import('./history-dialog.ts')).openHistory(versions)).finally(() =>
      opener.setAttribute('aria-expanded', 'false'),
    );
  });
  opener.setAttribute('aria-haspopup', 'dialog');
  opener.setAttribute('aria-expanded', 'false');
  return opener;
}
