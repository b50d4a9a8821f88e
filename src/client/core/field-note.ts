// A short note beside a field the editor cannot change right now (another
// editor holds it, or their role may not change it): fixed, outside the
// page's flow (nothing of the page moves), in a polite live region, so the
// reason is seen next to the field and heard, on click or focus.
import { el } from './dom.ts';

const CSS = `
#louise-field-note{position:fixed;z-index:2147482001;box-sizing:border-box;max-width:min(24rem,calc(100vw - 8px));margin:0;padding:.4rem .6rem;border-radius:6px;background:#18181b;color:#fafafa;font:14px/1.4 system-ui,sans-serif;box-shadow:0 2px 8px #0004}
#louise-field-note[hidden]{display:none}
`;

/**
 * Puts `floater` (position: fixed) just above `field`'s top left corner, or
 * just below it (`below`, or when there is no room above), kept inside the
 * width the screen shows.
 */
export function placeBeside(field: Element, floater: HTMLElement, where: 'above' | 'below' = 'above'): void {
  const box = field.getBoundingClientRect();
  // The width the screen shows: on a phone a page wider than the screen makes the layout viewport (innerWidth, 100vw) wider.
  const shown = window.visualViewport;
  const right = shown ? shown.offsetLeft + shown.width : document.documentElement.clientWidth;
  floater.style.maxWidth = `min(24rem, ${Math.floor(right - 8)}px)`;
  // Measured at the left edge, where its width is not squeezed by a previous position.
  floater.style.left = '0px';
  const above = box.top - floater.offsetHeight - 4;
  const top = where === 'above' && above >= 0 ? above : box.bottom + 4;
  floater.style.top = `${Math.round(top)}px`;
  floater.style.left = `${Math.round(Math.max(4, Math.min(box.left, right - floater.offsetWidth - 4)))}px`;
}

let note: HTMLElement | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;

/**
 * Says `text` in the note below `field` (a polite status, so screen readers
 * hear it too), for a few seconds, and for as long as the focus stays in
 * the field (words that vanish while they are being read help no one).
 *
 * @example
 * sayBeside(el, 'Ana is editing Title. You can change it when they are done.');
 */
export function sayBeside(field: Element, text: string): void {
  if (!note) {
    document.head.append(el('style', { id: 'louise-field-note-style', textContent: CSS }));
    note = el('p', { id: 'louise-field-note' });
    note.setAttribute('role', 'status');
    note.setAttribute('aria-live', 'polite');
    document.body.append(note);
  }
  const shown = note;
  shown.textContent = text;
  shown.hidden = false;
  placeBeside(field, shown, 'below');
  clearTimeout(timer);
  const hide = () => {
    // A later note has taken its place: that one hides itself.
    if (shown.textContent === text) shown.hidden = true;
  };
  timer = setTimeout(() => {
    if (field.contains(document.activeElement)) field.addEventListener('focusout', hide, { once: true });
    else hide();
  }, 8000);
}
