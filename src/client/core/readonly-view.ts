// What a writer sees on a field they may not change (field-access.ts marks
// it): a small lock badge on its top right corner (out of the flow: nothing
// moves) and, on
// click or focus, the reason beside it. Its own chunk, loaded only when a page
// has such fields: most editors never need it.
import { sayBeside } from './field-note.ts';
import { icon } from './icons.ts';

/** Why a live field is locked for an editor who may not publish, said beside it on click or focus. */
export const LOCKED_REASON = 'Only editors who can publish may change this: it goes live at once. You can ask one of them for a review.';

/** Gives each read-only field its lock icon and its explanation on click or focus. */
export function explainReadonly(fields: Iterable<HTMLElement>): void {
  for (const el of fields) {
    const mark = icon('lock');
    mark.classList.add('louise-readonly-icon');
    // An <img> has no content to hold the icon: it goes right after it.
    if (el instanceof HTMLImageElement) el.after(mark);
    else el.append(mark);
    const explain = () => sayBeside(el, LOCKED_REASON);
    el.addEventListener('focus', explain);
    el.addEventListener('click', explain);
    if (document.activeElement === el) explain();
  }
}
