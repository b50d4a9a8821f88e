// A page that joins the live session shows the draft as it was rendered
// until the session's welcome says what it holds (changes accepted and not
// written yet, issue 37): until then its fields take no typing, so nobody
// types into text that is about to be replaced. In the core (it must hold
// the fields as their editors attach), so kept small; the live client
// (realtime-client.ts) releases them.
import type { Part } from './units.ts';

let released = false;

/** Holds parts read-only (`contenteditable="false"`, the value before kept in `data-cms-joining`; the live client blocks an image's click and keys), unless the page already joined. */
export function holdJoining(parts: readonly Part[]): void {
  if (released) return;
  for (const { el } of parts) {
    el.dataset.cmsJoining = el.getAttribute('contenteditable') ?? '';
    if (el.dataset.cmsJoining) el.contentEditable = 'false';
  }
}

/** Gives every held field its typing back, for good: the welcome was applied, or the session is unreachable or too slow. */
export function releaseJoining(): void {
  released = true;
  for (const el of document.querySelectorAll<HTMLElement>('[data-cms-joining]')) {
    if (el.dataset.cmsJoining) el.contentEditable = el.dataset.cmsJoining;
    delete el.dataset.cmsJoining;
  }
}
