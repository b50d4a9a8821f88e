// A page that joins the live session shows the draft as it was rendered
// until the session's welcome says what it holds (changes accepted and not
// written yet, issue 37): until then its fields take no typing, so nobody
// types into text that is about to be replaced.
import type { Unit } from './units.ts';

/** The fields wait this long at most for the welcome before they take typing anyway (their saves are still checked). */
export const JOIN_WAIT_MS = 5000;

export type JoinHold = ReturnType<typeof joinHold>;

/**
 * Holds fields read-only while the page joins: `add` a unit once its
 * editors are attached (`contenteditable="false"`, `aria-busy`,
 * `data-cms-joining`, a rich field's toolbar inert; the live client blocks
 * an image's click and keys), `release` them all when the welcome was
 * applied or the session is unreachable. Releases itself after `waitMs`, so
 * a session that never answers never keeps a field from being edited.
 *
 * @example
 * const hold = joinHold();
 * hold.add(unit); // after attachEditors(unit)
 * hold.release(); // on the welcome
 */
export function joinHold(waitMs = JOIN_WAIT_MS) {
  const before = new Map<HTMLElement, string | null>();
  let released = false;
  const release = () => {
    released = true;
    clearTimeout(timer);
    for (const [el, editable] of before) {
      if (editable === null) el.removeAttribute('contenteditable');
      else el.setAttribute('contenteditable', editable);
      el.removeAttribute('aria-busy');
      delete el.dataset.cmsJoining;
      toolbarOf(el)?.removeAttribute('inert');
    }
    before.clear();
  };
  const timer = setTimeout(release, waitMs);
  return {
    add(unit: Unit) {
      if (released) return;
      for (const { el } of unit.parts) {
        if (before.has(el)) continue;
        before.set(el, el.getAttribute('contenteditable'));
        if (el.hasAttribute('contenteditable')) el.setAttribute('contenteditable', 'false');
        el.setAttribute('aria-busy', 'true');
        el.dataset.cmsJoining = '';
        toolbarOf(el)?.setAttribute('inert', '');
      }
    },
    release,
  };
}

const toolbarOf = (el: HTMLElement) => (el.previousElementSibling?.classList.contains('louise-toolbar') ? (el.previousElementSibling as HTMLElement) : null);
