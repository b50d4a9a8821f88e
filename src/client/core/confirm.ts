// The edit-mode client's confirmation: a small modal `<dialog>` in the
// panels' visual language, in place of the browser's `confirm()` (which
// blocks the page, cannot be styled, and names no consequences). It says
// what will happen, offers the action by name and Cancel, starts on Cancel
// for destructive actions, and gives the focus back to where it was.
import { button, el } from './dom.ts';
import { keepInView } from './dialog-view.ts';

/** What `confirmAction` asks. */
export interface ConfirmOptions {
  /** The question, as the dialog's heading: "Discard the draft?". */
  title: string;
  /** What happens, in a sentence or two. */
  body?: string | Node;
  /** The action's button: "Discard draft". */
  action: string;
  /** `danger` draws the action in red and puts the focus on Cancel. */
  tone?: 'danger' | 'normal';
  /** The other button; default "Cancel". */
  cancel?: string;
}

const CSS = `
#louise-confirm{box-sizing:border-box;width:min(28rem,calc(100vw - 2rem));padding:1rem 1.25rem;border:1px solid #52525b;border-radius:8px;background:#18181b;color:#fafafa;font:14px/1.45 system-ui,sans-serif;box-shadow:0 8px 32px #0008}
#louise-confirm::backdrop{background:#0006}
#louise-confirm h2{margin:0 0 .5rem;font-size:1rem}
#louise-confirm .lc-body{margin:0 0 1rem;max-height:50vh;overflow:auto}
#louise-confirm .lc-actions{display:flex;gap:.5rem;justify-content:flex-end;flex-wrap:wrap}
#louise-confirm button{font:inherit;min-height:2.25rem;padding:.3rem .9rem;border:1px solid #a1a1aa;border-radius:6px;background:#27272a;color:#fafafa;cursor:pointer}
#louise-confirm button.lc-primary{background:#4f46e5;border-color:#4f46e5}
#louise-confirm button.lc-danger{background:#b91c1c;border-color:#b91c1c}
#louise-confirm button:focus-visible{outline:3px solid #fbbf24;outline-offset:2px}
`;

/**
 * Asks before an action; resolves true when the editor chose it, false on
 * Cancel, Escape or a click outside. One at a time: a second call while one
 * is open answers false at once.
 *
 * @example
 * if (!(await confirmAction({ title: 'Discard the draft?', body: 'Unpublished changes to this page are dropped.', action: 'Discard draft', tone: 'danger' }))) return;
 */
export function confirmAction(options: ConfirmOptions): Promise<boolean> {
  if (document.getElementById('louise-confirm')) return Promise.resolve(false);
  if (!document.getElementById('louise-confirm-style')) document.head.append(el('style', { id: 'louise-confirm-style', textContent: CSS }));
  const opener = document.activeElement;
  const danger = options.tone === 'danger';
  return new Promise((resolve) => {
    const dialog = el('dialog', { id: 'louise-confirm' });
    dialog.setAttribute('aria-labelledby', 'louise-confirm-title');
    let answer = false;
    const choose = (yes: boolean) => () => {
      answer = yes;
      dialog.close();
    };
    const cancel = button(options.cancel ?? 'Cancel', choose(false));
    const act = button(options.action, choose(true));
    act.className = danger ? 'lc-danger' : 'lc-primary';
    const body = el('div', { className: 'lc-body' });
    if (typeof options.body === 'string') {
      // A sentence describes the dialog to screen readers; a richer body (a diff) is read where it stands.
      body.append(el('p', { textContent: options.body }));
      body.id = 'louise-confirm-body';
      dialog.setAttribute('aria-describedby', body.id);
    } else if (options.body !== undefined) body.append(options.body);
    dialog.append(el('h2', { id: 'louise-confirm-title', textContent: options.title }), body, el('div', { className: 'lc-actions' }, cancel, act));
    // A click on the backdrop (the dialog element itself, outside its content box) is a Cancel.
    dialog.addEventListener('click', (event) => {
      if (event.target === dialog) {
        const box = dialog.getBoundingClientRect();
        const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
        if (!inside) choose(false)();
      }
    });
    dialog.addEventListener('close', () => {
      dialog.remove();
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
      resolve(answer);
    });
    document.body.append(dialog);
    keepInView(dialog);
    dialog.showModal();
    (danger ? cancel : act).focus();
  });
}
