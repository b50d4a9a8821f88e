// Soft locks as the page shows them: a field another editor holds (their
// claim, see src/realtime/protocol.ts) cannot be typed into here, is
// outlined in their colour with their name floating beside it until they let
// it go, and says who holds it when clicked or focused.
import type { Peer } from '../../realtime/protocol.ts';
import { placeBeside, sayBeside } from '../core/field-note.ts';
import type { Part } from '../core/units.ts';

/**
 * The fields held by other connections (another editor, or this editor in
 * another tab), each with its holder. A field this connection holds is never
 * locked here, whatever else the list says.
 *
 * @example
 * heldByOthers(message.peers, you.sid).get('title')?.name; // 'Ana'
 */
export function heldByOthers(peers: readonly Peer[], you: string): Map<string, Peer> {
  const mine = new Set(peers.filter((peer) => peer.sid === you).map((peer) => peer.field));
  const held = new Map<string, Peer>();
  for (const peer of peers) if (peer.field !== null && !mine.has(peer.field) && !held.has(peer.field)) held.set(peer.field, peer);
  return held;
}

/** Each locked element's `contenteditable` and `tabindex` before the lock, and its floating label. */
const before = new WeakMap<HTMLElement, { editable: string | null; tabindex: string | null; label: HTMLElement }>();

/** The locked elements with a label, to place again when the page moves under them. */
const floating = new Set<HTMLElement>();
let placing = 0;

/** Keeps every label beside its field while the page scrolls, resizes or reflows (one frame at most behind). */
function placeAll(): void {
  if (placing) return;
  placing = requestAnimationFrame(() => {
    placing = 0;
    for (const el of floating) {
      const kept = before.get(el);
      if (kept) placeBeside(el, kept.label);
    }
  });
}
const watcher = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(placeAll);
let listening = false;

/**
 * Locks a part for `holder`, or unlocks it (no holder): `data-cms-locked`
 * carries the name (the CSS in realtime-styles.ts outlines it in
 * `--louise-holder`), a label "Ana is editing" floats above the field (fixed,
 * outside the page's flow: the field's text does not move),
 * `contenteditable="false"` stops typing, the field stays focusable (so
 * keyboard users can ask who holds it, see `sayHolder`), a rich field's
 * toolbar goes inert, an image says it is disabled (its click and keys are
 * blocked by realtime-client.ts). Lexical never sets `contenteditable` on its
 * root itself (rich-editor.ts does, once), so nothing flips it back. Safe to
 * call again with the same holder.
 */
export function markPart(part: Part, holder: Peer | undefined): void {
  const { el } = part;
  const kept = before.get(el);
  const toolbar = el.previousElementSibling?.classList.contains('louise-toolbar') ? (el.previousElementSibling as HTMLElement) : null;
  const aria = part.kind === 'image' ? 'aria-disabled' : el.getAttribute('role') === 'textbox' ? 'aria-readonly' : null;
  if (!holder) {
    if (!kept) return;
    before.delete(el);
    floating.delete(el);
    watcher?.unobserve(el);
    if (kept.editable === null) el.removeAttribute('contenteditable');
    else el.setAttribute('contenteditable', kept.editable);
    if (kept.tabindex === null) el.removeAttribute('tabindex');
    else el.setAttribute('tabindex', kept.tabindex);
    kept.label.remove();
    delete el.dataset.cmsLocked;
    el.style.removeProperty('--louise-holder');
    if (aria) el.removeAttribute(aria);
    if (toolbar) toolbar.inert = false;
    return;
  }
  let label = kept?.label;
  if (!label) {
    // Outside the page's flow and out of the accessibility tree: the field says who holds it when focused (sayHolder).
    label = document.createElement('span');
    label.className = 'louise-holder';
    label.setAttribute('aria-hidden', 'true');
    document.body.append(label);
    before.set(el, { editable: el.getAttribute('contenteditable'), tabindex: el.getAttribute('tabindex'), label });
    floating.add(el);
    watcher?.observe(el);
    if (!listening) {
      listening = true;
      addEventListener('scroll', placeAll, { passive: true, capture: true });
      addEventListener('resize', placeAll, { passive: true });
      watcher?.observe(document.documentElement);
    }
  }
  label.textContent = `${holder.name} is editing`;
  el.dataset.cmsLocked = holder.name;
  el.setAttribute('contenteditable', 'false');
  if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '0');
  // Set through the CSSOM: a colour that is not one is dropped, never parsed as more CSS.
  el.style.setProperty('--louise-holder', holder.color);
  label.style.setProperty('--louise-holder', holder.color);
  if (aria) el.setAttribute(aria, 'true');
  if (toolbar) toolbar.inert = true;
  placeBeside(el, label);
}

/** Says who holds a locked field, next to it, when the editor clicks or focuses it. */
export function sayHolder(el: HTMLElement, label: string): void {
  const name = el.dataset.cmsLocked;
  if (name) sayBeside(el, `${name} is editing ${label}. You can change it when they are done.`);
}
