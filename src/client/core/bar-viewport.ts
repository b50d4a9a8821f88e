// Keeps the edit bar at the bottom of what the screen shows and out of the
// way: on a phone the visual viewport shrinks for the on-screen keyboard and
// moves when zoomed, while `position: fixed` follows the layout viewport, so
// the bar is placed from `window.visualViewport`. The page gets room below
// its content, and the focused field is scrolled clear of the bar.

/** Places `bar` in the visual viewport, reserves its height and keeps the focused field above it; returns the undo. */
export function followViewport(bar: HTMLElement): () => void {
  const view = window.visualViewport;
  const root = document.documentElement;
  const place = () => {
    if (!view) return;
    const gap = Math.max(0, root.clientHeight - view.offsetTop - view.height);
    const moved = gap > 0.5 || Math.abs(view.offsetLeft) > 0.5 || Math.abs(view.scale - 1) > 0.001;
    // Zoomed (in or out), the bar keeps its size on screen: scaled back by the zoom, across the visible width.
    bar.style.left = moved ? `${view.offsetLeft}px` : '';
    bar.style.bottom = moved ? `${gap}px` : '';
    bar.style.right = moved ? 'auto' : '';
    bar.style.width = moved ? `${view.width * view.scale}px` : '';
    bar.style.transform = moved && Math.abs(view.scale - 1) > 0.001 ? `scale(${1 / view.scale})` : '';
    bar.style.transformOrigin = moved ? 'left bottom' : '';
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
  };
}
