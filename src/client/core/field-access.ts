import { sayBeside } from './field-note.ts';
import { icon } from './icons.ts';

/** Why a live field is locked for an editor who may not publish, said beside it on click or focus. */
export const LOCKED_REASON = 'Only editors who can publish may change this: it goes live at once. You can ask one of them for a review.';

/**
 * Whether the editor may change a field in place. A field of a collection
 * that saves live (`live`) is seen by visitors at once: so visitors see it at once: the server
 * takes that only from editors who may publish, unless the site opened the
 * collection to writers, which the template states with `data-cms-access="edit"`.
 * Offering the field anyway would end in a 403 after the writer typed.
 *
 * @example
 * mayEdit({ live: true, access: el.dataset.cmsAccess }, options.publish);
 */
export function mayEdit(field: { live: boolean; access: string | undefined }, publish: boolean): boolean {
  return publish || !field.live || field.access === 'edit';
}

/**
 * Shows a field as one this editor may not change: a quiet outline and a lock
 * icon after its text (styles.ts; the icon is out of the flow, so nothing
 * moves), focusable, and on click or focus the reason beside it. It stays
 * plain page text.
 */
export function lockField(el: HTMLElement): void {
  el.dataset.cmsReadonly = '';
  if (!el.hasAttribute('tabindex')) el.tabIndex = 0;
  const mark = icon('lock');
  mark.classList.add('louise-readonly-icon');
  // An <img> has no content to hold the icon: it goes right after it.
  if (el instanceof HTMLImageElement) el.after(mark);
  else el.append(mark);
  const explain = () => sayBeside(el, LOCKED_REASON);
  el.addEventListener('focus', explain);
  el.addEventListener('click', explain);
}
