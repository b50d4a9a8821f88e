// The frame every editor panel shares: a modal `<dialog>` named by its
// heading, a header with the title and Close, a body, and a polite status
// line. Each panel fills the body and calls `showModal()` itself.
import { keepInView } from '../core/dialog-view.ts';
import { button, el } from '../core/dom.ts';
import { PANEL_CSS } from './panel-styles.ts';

/** What `panelFrame` builds. */
export interface PanelFrame {
  dialog: HTMLDialogElement;
  /** Where the panel's content goes (the status line is not in it yet: the panel places it). */
  body: HTMLDivElement;
  /** The polite status line (`role="status"`). */
  status: HTMLParagraphElement;
  /** Says a sentence in the status line; `problem` shows it as one. */
  say(text: string, tone?: 'problem'): void;
  /** The header's Close button. */
  closer: HTMLButtonElement;
}

/**
 * Builds a panel's dialog (`id`, accessible name `title`) with its own
 * styles `css` next to the shared ones. Close runs `close` (default: closes
 * the dialog; Escape does too, as for any modal dialog).
 *
 * @example
 * const { dialog, body, status, say } = panelFrame('louise-inbox', 'Inbox', INBOX_CSS);
 */
export function panelFrame(id: string, title: string, css: string, close?: () => void): PanelFrame {
  install('louise-panel-style', PANEL_CSS);
  install(`${id}-style`, css);
  const dialog = el('dialog', { id });
  dialog.setAttribute('aria-labelledby', `${id}-title`);
  keepInView(dialog);
  const status = el('p', { className: 'lm-status' });
  status.setAttribute('role', 'status');
  status.setAttribute('aria-live', 'polite');
  const say = (text: string, tone?: 'problem') => {
    status.dataset.tone = tone ?? 'ok';
    status.textContent = text;
  };
  const closer = button('Close', close ?? (() => dialog.close()));
  const body = el('div', { className: 'lm-body' });
  dialog.append(el('header', {}, el('h2', { id: `${id}-title`, textContent: title }), closer), body);
  return { dialog, body, status, say, closer };
}

/**
 * After the dialog closes (Close, Escape, a pick): removes it and gives the
 * focus back to `opener`. Browsers do that themselves, but not when the
 * opener was re-rendered meanwhile (then its twin is found: same field
 * marker, or same kind of control with the same name), nor when it is hidden
 * now (in a menu that closed: then the control that opens that menu).
 */
export function restoreFocus(dialog: HTMLDialogElement, opener: Element | null): void {
  dialog.remove();
  const target = opener instanceof HTMLElement && !opener.isConnected ? twinOf(opener) : opener;
  if (!(target instanceof HTMLElement)) return;
  target.focus();
  if (document.activeElement === target) return;
  for (let at: HTMLElement | null = target; at; at = at.parentElement) {
    const control = at.id ? document.querySelector<HTMLElement>(`[aria-controls~="${CSS.escape(at.id)}"]`) : null;
    if (control) {
      control.focus();
      return;
    }
  }
}

/** The element now standing where a re-rendered `gone` was: the same field, or a control of its kind with its name. */
function twinOf(gone: HTMLElement): HTMLElement | null {
  const field = gone.dataset.cmsField;
  if (field) return document.querySelector<HTMLElement>(`[data-cms-field="${CSS.escape(field)}"]`);
  const name = (element: Element) => element.getAttribute('aria-label') ?? element.textContent;
  return [...document.querySelectorAll<HTMLElement>(gone.localName)].find((element) => name(element) === name(gone)) ?? null;
}

function install(id: string, css: string): void {
  if (!document.getElementById(id)) document.head.append(el('style', { id, textContent: css }));
}
