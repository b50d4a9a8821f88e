// Soft locks as the page shows them: a field another editor holds (their
// claim, see src/realtime/protocol.ts) cannot be typed into here and is
// outlined in their colour with their name until they let it go.
import type { Peer } from '../../realtime/protocol.ts';
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

/** Each locked element's `contenteditable` before the lock (plain fields are `plaintext-only`, images have none), and its image label. */
const before = new WeakMap<HTMLElement, { editable: string | null; label: HTMLElement | null }>();

/**
 * Locks a part for `holder`, or unlocks it (no holder): `data-cms-locked`
 * carries the name (the CSS in realtime-styles.ts outlines it in
 * `--louise-holder` and shows the name), `contenteditable="false"` stops
 * typing, a rich field's toolbar goes inert, an image says it is disabled
 * (its click and keys are blocked by realtime-client.ts). Lexical never sets
 * `contenteditable` on its root itself (rich-editor.ts does, once), so
 * nothing flips it back. Safe to call again with the same holder.
 */
export function markPart(part: Part, holder: Peer | undefined): void {
  const { el } = part;
  const kept = before.get(el);
  const toolbar = el.previousElementSibling?.classList.contains('louise-toolbar') ? (el.previousElementSibling as HTMLElement) : null;
  const aria = part.kind === 'image' ? 'aria-disabled' : el.getAttribute('role') === 'textbox' ? 'aria-readonly' : null;
  if (!holder) {
    if (!kept) return;
    before.delete(el);
    if (kept.editable === null) el.removeAttribute('contenteditable');
    else el.setAttribute('contenteditable', kept.editable);
    kept.label?.remove();
    delete el.dataset.cmsLocked;
    el.style.removeProperty('--louise-holder');
    if (aria) el.removeAttribute(aria);
    if (toolbar) toolbar.inert = false;
    return;
  }
  let label = kept?.label ?? null;
  // An <img> shows no ::before: its name goes in a label beside it, out of the layout.
  if (part.kind === 'image' && !label) {
    label = document.createElement('span');
    label.className = 'louise-holder';
    el.after(label);
  }
  if (!kept) before.set(el, { editable: el.getAttribute('contenteditable'), label });
  if (label) label.textContent = `${holder.name} is editing`;
  el.dataset.cmsLocked = holder.name;
  el.setAttribute('contenteditable', 'false');
  // Set through the CSSOM: a colour that is not one is dropped, never parsed as more CSS.
  el.style.setProperty('--louise-holder', holder.color);
  label?.style.setProperty('--louise-holder', holder.color);
  if (aria) el.setAttribute(aria, 'true');
  if (toolbar) toolbar.inert = true;
}
