// The quiet cue on the field under the pointer or in focus: its outline
// (styles.ts) and a small floating label with the field's human name, drawn
// outside the text in a layer of its own so the page's layout never shifts.
import { el } from './dom.ts';

/** Shows the label of the field under the pointer, else the one in focus; `labelOf` names a field element (null: no cue). Returns the undo. */
export function fieldCue(labelOf: (field: HTMLElement) => string | null): () => void {
  const cue = el('div', { className: 'louise-cue', hidden: true });
  // The field's own name already reaches screen readers; the cue is for the eye.
  cue.setAttribute('aria-hidden', 'true');
  cue.dataset.louiseUi = '';
  document.body.append(cue);
  let hovered: HTMLElement | null = null;
  const fieldOf = (target: EventTarget | null) => (target instanceof Element ? target.closest<HTMLElement>('[data-cms-field]') : null);
  const show = () => {
    const field = hovered ?? fieldOf(document.activeElement);
    // A field another editor holds has its holder's label floating in the cue's place (realtime-locks.ts); its note names the field.
    const label = field && !field.hasAttribute('data-cms-locked') ? labelOf(field) : null;
    cue.hidden = !field || !label;
    if (!field || !label) return;
    cue.textContent = label;
    cue.hidden = false;
    const box = field.getBoundingClientRect();
    const height = cue.offsetHeight;
    // Above the field's top-left corner; below it when there is no room above.
    const top = box.top - height - 4 >= 0 ? box.top - height - 4 : box.bottom + 4;
    cue.style.transform = `translate(${Math.max(0, box.left) + scrollX}px, ${top + scrollY}px)`;
  };
  const over = (event: Event) => {
    hovered = fieldOf(event.target);
    show();
  };
  const out = (event: PointerEvent) => {
    if (fieldOf(event.relatedTarget) === hovered) return;
    hovered = null;
    show();
  };
  const later = () => requestAnimationFrame(show);
  document.addEventListener('pointerover', over);
  document.addEventListener('pointerout', out);
  document.addEventListener('focusin', later);
  document.addEventListener('focusout', later);
  addEventListener('resize', later);
  return () => {
    document.removeEventListener('pointerover', over);
    document.removeEventListener('pointerout', out);
    document.removeEventListener('focusin', later);
    document.removeEventListener('focusout', later);
    removeEventListener('resize', later);
    cue.remove();
  };
}
