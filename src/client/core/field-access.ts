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
 * Marks a field as one this editor may not change: a quiet outline
 * (styles.ts), and a tab stop, so keyboard users reach it and hear why (the
 * lock icon and the reason come with readonly-view.ts, loaded when a page has
 * such fields). It stays plain page text.
 */
export function lockField(el: HTMLElement): void {
  el.dataset.cmsReadonly = '';
  if (!el.hasAttribute('tabindex')) el.tabIndex = 0;
}
