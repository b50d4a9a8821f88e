// Where the rich-text field's popovers (the link popover, the slash menu) go:
// under the text they belong to, or above it when the visible screen (the
// visual viewport, less the edit bar and the docked toolbar when they are
// below) has more room there, never past the screen's edges; a popover
// taller than the room scrolls.

/** Places `pop` (absolutely positioned, on <body>) next to `rect`, a box in viewport coordinates. */
export function placeNear(pop: HTMLElement, rect: DOMRect): void {
  const view = window.visualViewport;
  const top = view?.offsetTop ?? 0;
  let bottom = top + (view?.height ?? innerHeight);
  // The edit bar, and the formatting toolbar docked above it: a popover over either would hide its own last lines.
  for (const over of [document.getElementById('louise-bar'), document.querySelector('.louise-toolbar.louise-docked')]) {
    const box = over?.getBoundingClientRect();
    if (box && box.height > 0 && box.top >= rect.bottom) bottom = Math.min(bottom, box.top);
  }
  pop.style.maxHeight = '';
  const below = bottom - rect.bottom - 12;
  const above = rect.top - top - 12;
  const height = pop.offsetHeight;
  const up = height > below && above > below;
  const room = Math.max(up ? above : below, 96);
  if (height > room) pop.style.maxHeight = `${room}px`;
  const y = up ? rect.top - 6 - Math.min(height, room) : rect.bottom + 6;
  const width = document.documentElement.clientWidth;
  pop.style.top = `${y + scrollY}px`;
  pop.style.left = `${Math.max(8, Math.min(rect.left, width - pop.offsetWidth - 8)) + scrollX}px`;
}
