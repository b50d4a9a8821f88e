import { el } from '../core/dom.ts';
import { attachPlainField, type FieldEditor } from './plain-field.ts';

/** A link field's value: where it goes and the words it shows. */
export interface LinkValue {
  href: string;
  label: string;
}

/**
 * Makes a link marker (`<a data-cms-type="link">`) editable in place: its
 * words as one line of plain text, and its address in a small field that
 * opens under it while the link (or that field) has the focus. Clicking the
 * link edits it instead of following it. The server checks the address
 * (a path, `#anchor`, http(s), mailto or tel; anything else is refused).
 */
export function attachLinkField(link: HTMLElement, onInput: () => void, onLeave: () => void): FieldEditor<LinkValue> {
  const text = attachPlainField(link, onInput);
  const name = link.dataset.cmsLabel ?? 'link';
  const input = el('input', { type: 'text', value: link.getAttribute('href') ?? '', spellcheck: false, autocomplete: 'off' });
  input.setAttribute('aria-label', `Link address: ${name}`);
  input.setAttribute('inputmode', 'url');
  const box = el('div', { className: 'louise-link-box', hidden: true }, el('span', { textContent: 'Link to', ariaHidden: 'true' }), input);
  // Right after the link, so Tab goes from its words to its address.
  link.after(box);
  link.setAttribute('aria-description', 'Press Tab to change where the link goes.');
  const place = () => {
    const at = link.getBoundingClientRect();
    box.style.top = `${at.bottom + 6}px`;
    box.style.left = `${Math.max(8, at.left)}px`;
  };
  const within = (node: EventTarget | null) => node instanceof Node && (link.contains(node) || box.contains(node));
  const open = () => {
    place();
    box.hidden = false;
    addEventListener('scroll', place, { passive: true });
  };
  const close = (event: FocusEvent) => {
    if (within(event.relatedTarget)) return;
    box.hidden = true;
    removeEventListener('scroll', place);
    onLeave();
  };
  link.addEventListener('focusin', open);
  link.addEventListener('focusout', close);
  box.addEventListener('focusout', close);
  link.addEventListener('click', (event) => event.preventDefault());
  input.addEventListener('input', () => {
    link.setAttribute('href', input.value.trim());
    onInput();
  });
  input.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' && event.key !== 'Escape') return;
    event.preventDefault();
    link.focus();
  });
  return {
    get: () => ({ href: link.getAttribute('href') ?? '', label: text.get() }),
    set(value) {
      text.set(value?.label ?? '');
      link.setAttribute('href', value?.href ?? '');
      input.value = value?.href ?? '';
    },
  };
}
