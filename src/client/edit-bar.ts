import { createChoicesPanel, type ChoiceView } from './choices-panel.ts';
import { button, el } from './dom.ts';
import { createHistoryPanel, type VersionActions } from './history-panel.ts';
import { createNoticePanel, type NoticeLine } from './notice-panel.ts';
import { $status } from './status.ts';

export interface BarActions {
  /** Present when auto-save is off. */
  save?: () => void;
  /** Present on a page with a drafts document. */
  versions?: VersionActions;
  /** Present when the page declares a settings panel (`data-cms-settings`, see settings.ts). */
  settings?: () => void;
  /** Opens the media library; also on Alt+Shift+M. */
  media?: () => void;
  done(): void;
}

/**
 * The edit bar: a lasting notice, status line (both announced politely),
 * conflict choices, history, and the Save, Discard, Publish, Media (with its
 * shortcut, Alt+Shift+M), Settings (only on a page with a settings panel) and
 * Done buttons. It is fixed to the
 * bottom and the body gets matching padding so no content hides under it.
 */
export function createEditBar(actions: BarActions) {
  const status = statusLine();
  const notice = createNoticePanel();
  const choices = createChoicesPanel();
  const history = createHistoryPanel();
  const row = el('div', { className: 'lb-row' }, status.element);
  if (actions.save) row.append(button('Save', actions.save));
  const versions = actions.versions;
  if (versions) {
    row.append(history.toggle(versions), button('Discard draft', versions.discard));
    if (versions.publish) row.append(button('Publish', versions.publish));
  }
  const media = actions.media;
  const shortcut = (event: KeyboardEvent) => {
    if (!media || !event.altKey || !event.shiftKey || event.code !== 'KeyM') return;
    event.preventDefault();
    media();
  };
  if (media) row.append(mediaButton(media));
  addEventListener('keydown', shortcut);
  if (actions.settings) row.append(button('Settings', actions.settings));
  row.append(button('Done', actions.done));
  const bar = el('div', { id: 'louise-bar' }, notice.element, choices.element, history.panel, row);
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
      removeEventListener('keydown', shortcut);
      unpad();
      bar.remove();
    },
  };
}

/** The Media button; its shortcut shows beside the label (hidden from screen readers, which read `aria-keyshortcuts`). */
function mediaButton(open: () => void): HTMLButtonElement {
  const media = button('Media ', open);
  media.append(el('kbd', { ariaHidden: 'true', textContent: 'Alt+Shift+M' }));
  media.setAttribute('aria-keyshortcuts', 'Alt+Shift+M');
  return media;
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
