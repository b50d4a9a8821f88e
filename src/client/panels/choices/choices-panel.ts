import type { ChoiceView } from './choice-view.ts';
import { el } from '../../core/dom.ts';
import { lazily } from '../../core/lazily.ts';

export type { ChoiceValue, ChoiceView } from './choice-view.ts';

/**
 * The bar's list of fields waiting for a choice, each with both versions and
 * its two buttons. The list is drawn by its own chunk (choice-view.ts), loaded
 * the first time there is a choice: conflicts are rare, and the core stays small.
 */
export function createChoicesPanel() {
  const element = el('div', { hidden: true });
  let shown = '';
  return {
    element,
    show(views: ChoiceView[]) {
      // Rebuilding on every refresh would drop the focus from a choice button.
      const key = JSON.stringify(views.map((v) => [v.kind, v.label, v.by, v.theirs, v.mine]));
      if (key === shown) return;
      shown = key;
      if (views.length === 0) {
        element.hidden = true;
        element.replaceChildren();
        return;
      }
      void lazily('conflict view', async () => {
        const { choiceGroup } = await import('./choice-view.ts');
        // A newer refresh meanwhile draws its own views.
        if (key !== shown) return;
        element.replaceChildren(...views.map(choiceGroup));
        element.hidden = false;
      });
    },
  };
}
