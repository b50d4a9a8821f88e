// Keeps the edit bar at the bottom of what the screen shows and out of the
// way: on a phone the visual viewport shrinks for the on-screen keyboard and
// moves when zoomed, while `position: fixed` follows the layout viewport, so
// the bar is placed from `window.visualViewport`. The page gets room below
// its content, and the focused field is scrolled clear of the bar.

/** Places `bar` in the visual viewport, reserves its height and keeps the focused field above it; returns the undo. */
export function followViewport(bar: HTMLElement): () => void {
  const view = window.visualViewport;
  const root = document.documentElement;
  // Always from the visual viewport: a page wider than a phone's screen widens the box fixed elements are laid out
  // in (and lengthens it in proportion), so `bottom: 0` alone would put the bar below the screen and part of it off its edge.
  const place = () => {
    if (!view) return;
    const zoom = view.scale;
    bar.style.left = `${view.offsetLeft}px`;
    bar.style.right = 'auto';
    bar.style.bottom = 'auto';
    // Zoomed (in or out), the bar keeps its size on screen: scaled back by the zoom, across the visible width.
    bar.style.width = `${view.width * zoom}px`;
    bar.style.transform = Math.abs(zoom - 1) > 0.001 ? `scale(${1 / zoom})` : '';
    bar.style.transformOrigin = 'left top';
    bar.style.top = `${view.offsetTop + view.height - bar.offsetHeight / zoom}px`;
  };
  // Room under the content and scroll padding, so nothing ends up under the bar, focus scrolling included.
  const pad = () => {
    const height = `${bar.getBoundingClientRect().height + 16}px`;
    document.body.style.paddingBottom = height;
    root.style.scrollPaddingBottom = height;
  };
  const clear = () => {
    const field = document.activeElement?.closest('[data-cms-field]');
    if (!(field instanceof HTMLElement)) return;
    const box = field.getBoundingClientRect();
    const top = bar.getBoundingClientRect().top;
    // A field taller than the room above the bar keeps its top in view instead.
    if (box.bottom > top && box.top > 0) field.scrollIntoView({ block: box.height < top ? 'nearest' : 'start' });
  };
  const moved = () => {
    place();
    clear();
  };
  const observer = new ResizeObserver(() => {
    place();
    pad();
    clear();
  });
  observer.observe(bar);
  view?.addEventListener('resize', moved);
  view?.addEventListener('scroll', place);
  document.addEventListener('focusin', clear);
  place();
  pad();
  return () => {
    observer.disconnect();
    view?.removeEventListener('resize', moved);
    view?.removeEventListener('scroll', place);
    document.removeEventListener('focusin', clear);
    document.body.style.paddingBottom = '';
    root.style.scrollPaddingBottom = '';
    for (const property of ['left', 'right', 'bottom', 'top', 'width', 'transform', 'transformOrigin'] as const) bar.style[property] = '';
  };
}
