// The edit bar's Settings button, shown only on a page that says it has
// somewhere to take it. A site says so in its markup, not in code: any
// element with `data-cms-settings` (its settings panel, or any element when
// the site opens its own panel from a `cms:open-settings` listener). Markup
// rather than a registration call because the site's panel is rendered by
// the server only in edit mode, so visitors get neither the panel nor a
// script, and there is no load order to get right between the site's
// scripts and the editor's. A button that would do nothing never shows.

/** Selects the element that declares the page handles settings. */
export const SETTINGS_SELECTOR = '[data-cms-settings]';

/** What `openSettings` needs from the panel element (an `HTMLElement`; a `<dialog>` has `showModal`). */
export type SettingsTarget = EventTarget & { showModal?: () => void; open?: boolean };

/**
 * The page's settings panel, if it declares one: the first element with
 * `data-cms-settings`, else null (then the bar shows no Settings button).
 */
export function findSettings(root: ParentNode = document): SettingsTarget | null {
  return root.querySelector<HTMLElement>(SETTINGS_SELECTOR);
}

/**
 * Dispatches `cms:open-settings` on the panel (it bubbles to the document,
 * so a listener anywhere sees it). A `<dialog>` panel opens as a modal
 * unless a listener called `preventDefault()` to open it its own way.
 */
export function openSettings(target: SettingsTarget): void {
  const event = new CustomEvent('cms:open-settings', { bubbles: true, composed: true, cancelable: true });
  if (!target.dispatchEvent(event)) return;
  if (typeof target.showModal === 'function' && !target.open) target.showModal();
}
