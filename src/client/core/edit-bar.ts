import { createChoicesPanel, type ChoiceView } from '../panels/choices/choices-panel.ts';
import { el, labelled } from './dom.ts';
import { historyButton, type VersionActions } from '../panels/history/history-panel.ts';
import type { IconName } from './icons.ts';
import { createNoticePanel, type NoticeLine } from '../panels/notice/notice-panel.ts';
import { isSearchKey } from '../panels/search/search-keys.ts';
import { $changes, $status, changeCount, pillOf } from './status.ts';
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

/** One control of the bar: `main` ones stay in the row at every width, `more` ones move into the More menu below 600 px. */
interface BarItem {
  control: HTMLButtonElement;
  place: 'main' | 'more';
}

/** Below this width the bar is one row: the pill, the main buttons and More. */
const NARROW = '(max-width: 599.98px)';
/** Moves the focus to the bar (and F6 back to where it was), like browsers' region cycling. */
export const JUMP_KEYS = 'Alt+Shift+B F6';
const NOTHING_TO_PUBLISH = 'Nothing to publish: visitors already see this page.';
const REASON = 'louise-publish-reason';

/**
 * The edit bar, fixed to the bottom of what the screen shows: the status
 * pill (the page's polite live region: `Published`, `Draft · 3 changes`,
 * `Saving…`, `Offline`, or a problem), Publish (the primary button,
 * disabled with its reason when there is nothing to publish), Save, and
 * the other actions (History, Discard, Search `/` or Ctrl+K, Media
 * Alt+Shift+M, Inbox Alt+Shift+I, Settings, Show editable areas, Done),
 * which below 600 px fold into a More menu so the bar stays one row.
 * Alt+Shift+B or F6 moves the focus to the bar from anywhere. The lasting
 * notice, conflict choices and history open above the row.
 */
export function createEditBar(actions: BarActions) {
  const notice = createNoticePanel();
  const choices = createChoicesPanel();
  const pill = statusPill();
  const items: BarItem[] = [];
  const add = (control: HTMLButtonElement, place: BarItem['place'] = 'more') => void items.push({ control, place });

  const versions = actions.versions;
  const publish = versions?.publish;
  if (publish) add(publishButton(publish), 'main');
  if (actions.save) add(labelled('save', 'Save', actions.save), 'main');
  if (versions) {
    const toggle = historyButton(versions);
    toggle.dataset.icon = 'history';
    toggle.title = 'History';
    add(toggle);
    add(labelled('discard', 'Discard draft', versions.discard));
  }
  // A writer's Ask to publish stands where Publish does; a publisher's Reviews badge stays in sight too.
  const reviewControls = [actions.askToPublish && askButton(actions.askToPublish), actions.reviews && reviewsButton(actions.reviews)].filter((c) => !!c);
  for (const control of reviewControls) add(control.element, 'main');
  const search = actions.search;
  if (search) add(shortcutButton('search', 'Search', '/', '/ Control+K Meta+K', search, 'Search pages: / or Ctrl+K (⌘K on a Mac)'));
  // Alt+Shift+<letter> opens a panel: the key's `code`, so other keyboard layouts and Alt's special characters do not matter.
  const keys: Record<string, () => void> = {};
  for (const [open, name, label, letter] of [
    [actions.media, 'media', 'Media', 'M'],
    [actions.inbox, 'inbox', 'Inbox', 'I'],
  ] as const) {
    if (!open) continue;
    keys[`Key${letter}`] = open;
    add(shortcutButton(name, label, `Alt+Shift+${letter}`, `Alt+Shift+${letter}`, open, `${label}: Alt+Shift+${letter}`));
  }
  if (actions.settings) add(labelled('settings', 'Settings', actions.settings));
  add(areasToggle());
  add(labelled('done', 'Done', actions.done));

  const row = el('div', { className: 'lb-row' });
  const more = moreMenu();
  const bar = el('div', { id: 'louise-bar' }, notice.element, choices.element, more.list, row);
  // Why Publish is disabled: hidden and outside the button (so not in its name), still its description (aria-describedby reads hidden text).
  if (publish) bar.append(el('span', { id: REASON, hidden: true, textContent: NOTHING_TO_PUBLISH }));
  bar.setAttribute('role', 'region');
  bar.setAttribute('aria-label', 'Edit bar');

  // Wide: every control in the row. Narrow: the `more` ones in the menu, and More in the row.
  const narrow = matchMedia(NARROW);
  const layout = () => {
    more.close();
    const folded = narrow.matches;
    row.replaceChildren(pill.element, ...items.filter((item) => item.place === 'main' || !folded).map((item) => item.control));
    if (folded) row.append(more.toggle);
    more.list.replaceChildren(...(folded ? items.filter((item) => item.place === 'more').map((item) => el('li', {}, item.control)) : []));
    for (const item of items) item.control.removeAttribute('aria-keyshortcuts');
    for (const item of items) if (item.control.dataset.keys) item.control.setAttribute('aria-keyshortcuts', item.control.dataset.keys);
    const first = firstControl();
    first?.setAttribute('aria-keyshortcuts', [JUMP_KEYS, first.dataset.keys].filter(Boolean).join(' '));
  };
  const firstControl = () => row.querySelector<HTMLButtonElement>('button');
  narrow.addEventListener('change', layout);
  layout();
  // A click on a menu item runs it and closes the menu; the focus goes back to More (the item is hidden now).
  more.list.addEventListener('click', (event) => {
    if (!(event.target as Element).closest('button')) return;
    more.close();
    more.toggle.focus();
  });

  // From anywhere, a field included: to the bar's first control; from inside the bar, back to where the editor was.
  let away: HTMLElement | null = null;
  const jump = (event: KeyboardEvent) => {
    const wanted =
      (event.altKey && event.shiftKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyB') ||
      (event.key === 'F6' && !event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey);
    if (!wanted) return;
    event.preventDefault();
    event.stopPropagation();
    const here = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (here && bar.contains(here) && away?.isConnected) return away.focus();
    away = here && !bar.contains(here) ? here : away;
    firstControl()?.focus();
  };
  const shortcut = (event: KeyboardEvent) => {
    const open = event.altKey && event.shiftKey ? keys[event.code] : search && isSearchKey(event) ? search : undefined;
    if (!open) return;
    event.preventDefault();
    open();
  };
  addEventListener('keydown', jump, true);
  addEventListener('keydown', shortcut);
  document.body.append(bar);
  // The buttons' icons (icons.ts, the one set) follow in their own chunk: the core stays small and the words come first.
  void import('./icons.ts').then(({ icon }) => {
    for (const control of bar.querySelectorAll<HTMLElement>('[data-icon]')) control.prepend(icon(control.dataset.icon as IconName));
  });
  // Placing the bar in the visual viewport and keeping the focused field clear of it: its own chunk, loaded at once.
  let unfollow = () => {};
  void import('./bar-viewport.ts').then(({ followViewport }) => {
    if (bar.isConnected) unfollow = followViewport(bar);
  });

  return {
    element: bar,
    /** Shows both versions of each field that needs a choice, with its two buttons. */
    showChoices: (views: ChoiceView[]) => choices.show(views),
    /** Shows the lasting notice, one sentence per line; no lines hide it. */
    showNotice: (lines: NoticeLine[]) => notice.show(lines),
    destroy() {
      for (const control of reviewControls) control.destroy();
      pill.destroy();
      narrow.removeEventListener('change', layout);
      removeEventListener('keydown', jump, true);
      removeEventListener('keydown', shortcut);
      unfollow();
      document.documentElement.classList.remove(AREAS);
      bar.remove();
    },
  };
}

/** A bar button: its label shown and as its tooltip, and its icon (`data-icon`) added once the icon set has loaded. */
/**
 * A panel's button (Search, Media, Inbox); its shortcut `shown` beside the
 * label (hidden from screen readers, which read `aria-keyshortcuts`: `keys`,
 * alternatives space-separated; and hidden below 600 px, where there is no
 * keyboard to speak of).
 */
function shortcutButton(name: IconName, label: string, shown: string, keys: string, open: () => void, title: string): HTMLButtonElement {
  const opener = labelled(name, label, open);
  opener.append(el('kbd', { ariaHidden: 'true', textContent: shown }));
  opener.dataset.keys = keys;
  opener.title = title;
  return opener;
}

/**
 * Publish, the primary button: `aria-disabled` (still focusable, its
 * reason as description and tooltip) while the server counts no change.
 */
function publishButton(publish: () => void): HTMLButtonElement {
  const control = labelled('publish', 'Publish', () => {
    if (control.getAttribute('aria-disabled') !== 'true') publish();
  });
  control.classList.add('lb-primary');
  control.id = 'louise-publish';
  $changes.subscribe((changes) => {
    const nothing = changeCount(changes) === 0;
    control.setAttribute('aria-disabled', String(nothing));
    control.title = nothing ? NOTHING_TO_PUBLISH : 'Publish: visitors see this version';
    if (nothing) control.setAttribute('aria-describedby', REASON);
    else control.removeAttribute('aria-describedby');
  });
  return control;
}

/** The class on `<html>` while every editable area is outlined (styles.ts). */
const AREAS = 'louise-show-areas';

/** "Show editable areas": outlines every field while pressed. */
function areasToggle(): HTMLButtonElement {
  const toggle = labelled('eye', 'Show editable areas', () => {
    const on = document.documentElement.classList.toggle(AREAS);
    toggle.setAttribute('aria-pressed', String(on));
  });
  toggle.setAttribute('aria-pressed', 'false');
  return toggle;
}

/** The More disclosure (below 600 px): a button and the list of the other actions it shows above the row. */
function moreMenu() {
  const list = el('ul', { id: 'louise-more', className: 'lb-menu', hidden: true });
  list.setAttribute('aria-label', 'More actions');
  const toggle = labelled('more', 'More', () => (list.hidden ? open() : close()));
  toggle.setAttribute('aria-expanded', 'false');
  toggle.setAttribute('aria-controls', list.id);
  const open = () => {
    list.hidden = false;
    toggle.setAttribute('aria-expanded', 'true');
    list.querySelector('button')?.focus();
  };
  const close = () => {
    list.hidden = true;
    toggle.setAttribute('aria-expanded', 'false');
  };
  list.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    close();
    toggle.focus();
  });
  return { toggle, list, close };
}

/** The status pill, following `$status`, the draft's changes and the connection; a polite live region, so changes are announced without taking focus. */
function statusPill() {
  const element = el('p', { className: 'lb-pill', id: 'louise-status' });
  element.setAttribute('role', 'status');
  element.setAttribute('aria-live', 'polite');
  const show = () => {
    const { tone, text } = pillOf($status.get(), $changes.get(), navigator.onLine);
    element.dataset.tone = tone;
    if (element.textContent !== text) element.textContent = text;
    element.title = text;
  };
  const unsubscribe = [$status.listen(show), $changes.listen(show)];
  addEventListener('online', show);
  addEventListener('offline', show);
  show();
  return {
    element,
    destroy() {
      for (const stop of unsubscribe) stop();
      removeEventListener('online', show);
      removeEventListener('offline', show);
    },
  };
}
