// The edit bar's Settings button, shown only where it has somewhere to
// take the editor: the site mounted the settings route (`settings` option:
// the built-in settings panel), or the page says so in its markup with any
// element carrying `data-cms-settings` (its own settings panel, or any
// element when the site opens its panel from a `cms:open-settings`
// listener). Markup rather than a registration call because the site's
// panel is rendered by the server only in edit mode, so visitors get
// neither the panel nor a script, and there is no load order to get right
// between the site's scripts and the editor's. A button that would do
// nothing never shows.

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
 * Dispatches `cms:open-settings` on the page's settings element, or on the
 * document when it has none (it bubbles, so a listener anywhere sees it).
 * Unless a listener called `preventDefault()` to open its own panel, a
 * `<dialog>` element opens as a modal, and otherwise `builtIn` runs (the
 * built-in settings panel, when the site mounted the settings route).
 *
 * @example
 * openSettings(findSettings(), () => void openSiteSettings(panelOptions));
 */
export function openSettings(target: SettingsTarget | null, builtIn?: () => void): void {
  const event = new CustomEvent('cms:open-settings', { bubbles: true, composed: true, cancelable: true });
  if (!(target ?? document).dispatchEvent(event)) return;
  if (typeof target?.showModal === 'function') {
    if (!target.open) target.showModal();
  } else builtIn?.();
}
