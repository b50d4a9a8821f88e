import { createChoicesPanel, type ChoiceView } from '../panels/choices/choices-panel.ts';
import { button, el } from './dom.ts';
import { historyButton, type VersionActions } from '../panels/history/history-panel.ts';
import { createNoticePanel, type NoticeLine } from '../panels/notice/notice-panel.ts';
import { isSearchKey } from '../panels/search/search-keys.ts';
import { $status } from './status.ts';
import { askButton, reviewsButton } from './review-buttons.ts';

export interface BarActions {
  /** Present when auto-save is off. */
  save?: () => void;
  /** Present on a page with a drafts document. */
  versions?: VersionActions;
  /** Present when the site mounted the settings route or the page declares a settings panel (`data-cms-settings`, see settings.ts). */
  settings?: () => void;
  /** Opens the media library; also on Alt+Shift+M. */
  media?: () => void;
  /** Opens the form submissions inbox (the site mounted the submissions route); also on Alt+Shift+I. */
  inbox?: () => void;
  /** Opens the page search (the site has searchable collections); also on `/` (outside text) and Ctrl+K / Cmd+K. */
  search?: () => void;
  /** A writer's Ask to publish, where publishers see Publish (review-buttons.ts). */
  askToPublish?: () => void;
  /** A publisher's Reviews, with the count of open requests. */
  reviews?: () => void;
  done(): void;
}

/**
 * The edit bar: a lasting notice, status line (both announced politely),
 * conflict choices, history, and the Save, Discard, Publish, Search (`/`
 * or Ctrl+K / Cmd+K), Media (with its shortcut, Alt+Shift+M), Inbox
 * (Alt+Shift+I), Settings (only where there is a settings panel to open)
 * and Done buttons. It is fixed to the bottom and the body gets matching
 * padding so no content hides under it.
 */
export function createEditBar(actions: BarActions) {
  const status = statusLine();
  const notice = createNoticePanel();
  const choices = createChoicesPanel();
  const row = el('div', { className: 'lb-row' }, status.element);
  if (actions.save) row.append(button('Save', actions.save));
  const versions = actions.versions;
  if (versions) {
    row.append(historyButton(versions), button('Discard draft', versions.discard));
    if (versions.publish) row.append(button('Publish', versions.publish));
  }
  const reviewControls = [actions.askToPublish && askButton(actions.askToPublish), actions.reviews && reviewsButton(actions.reviews)].filter((c) => !!c);
  row.append(...reviewControls.map((control) => control.element));
  const search = actions.search;
  if (search) row.append(Object.assign(shortcutButton('Search', '/', '/ Control+K Meta+K', search), { title: 'Search pages: / or Ctrl+K (⌘K on a Mac)' }));
  // Alt+Shift+<letter> opens a panel: the key's `code`, so other keyboard layouts and Alt's special characters do not matter.
  const keys: Record<string, () => void> = {};
  for (const [open, label, letter] of [
    [actions.media, 'Media', 'M'],
    [actions.inbox, 'Inbox', 'I'],
  ] as const) {
    if (!open) continue;
    keys[`Key${letter}`] = open;
    row.append(shortcutButton(label, `Alt+Shift+${letter}`, `Alt+Shift+${letter}`, open));
  }
  const shortcut = (event: KeyboardEvent) => {
    const open = event.altKey && event.shiftKey ? keys[event.code] : search && isSearchKey(event) ? search : undefined;
    if (!open) return;
    event.preventDefault();
    open();
  };
  addEventListener('keydown', shortcut);
  if (actions.settings) row.append(button('Settings', actions.settings));
  row.append(button('Done', actions.done));
  const bar = el('div', { id: 'louise-bar' }, notice.element, choices.element, row);
  bar.setAttribute('role', 'region');
  bar.setAttribute('aria-label', 'Edit bar');
  document.body.append(bar);
  const unpad = reserveHeight(bar);

  return {
    element: bar,
    /** Shows both versions of each field that needs a choice, with its two buttons. */
    showChoices: (views: ChoiceView[]) => choices.show(views),
    /** Shows the lasting notice, one sentence per line; no lines hide it. */
    showNotice: (lines: NoticeLine[]) => notice.show(lines),
    destroy() {
      status.destroy();
      for (const control of reviewControls) control.destroy();
      removeEventListener('keydown', shortcut);
      unpad();
      bar.remove();
    },
  };
}

/**
 * A panel's button (Search, Media, Inbox); its shortcut `shown` beside the
 * label (hidden from screen readers, which read `aria-keyshortcuts`: `keys`,
 * alternatives space-separated).
 */
function shortcutButton(label: string, shown: string, keys: string, open: () => void): HTMLButtonElement {
  const opener = button(`${label} `, open);
  opener.append(el('kbd', { ariaHidden: 'true', textContent: shown }));
  opener.setAttribute('aria-keyshortcuts', keys);
  return opener;
}

/** The status line, following `$status`; a polite live region, so changes are announced without taking focus. */
function statusLine() {
  const element = el('p', { className: 'lb-status', id: 'louise-status' });
  element.setAttribute('role', 'status');
  element.setAttribute('aria-live', 'polite');
  const destroy = $status.subscribe(({ tone, text }) => {
    element.dataset.tone = tone;
    if (element.textContent !== text) element.textContent = text;
  });
  return { element, destroy };
}

/** Reserves the bar's height at the end of the page so it never covers content; returns the undo. */
function reserveHeight(bar: HTMLElement): () => void {
  const pad = () => (document.body.style.paddingBottom = `${bar.offsetHeight + 16}px`);
  const observer = new ResizeObserver(pad);
  observer.observe(bar);
  pad();
  return () => {
    observer.disconnect();
    document.body.style.paddingBottom = '';
  };
}
