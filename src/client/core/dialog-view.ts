// Keeps a modal dialog on what the screen shows. Browsers centre a modal
// dialog in the box fixed elements are laid out in, and a page wider than a
// phone's screen widens that box (and lengthens it in proportion, as
// bar-viewport.ts says of the bar): the dialog would sit partly off the
// screen, its buttons out of reach. Then it is placed in the middle of the
// visual viewport instead, 8px inside its edges, for as long as it is open.

/** Keeps `dialog` inside the visual viewport whenever it is open (call it once, before or after `showModal()`). */
export function keepInView(dialog: HTMLDialogElement): void {
  const view = window.visualViewport;
  if (!view) return;
  let placed = false;
  const place = () => {
    const { offsetLeft: x, offsetTop: y, width, height } = view;
    const box = dialog.getBoundingClientRect();
    // Where the browser's own centring fits, it stays; once placed, the dialog stays placed as it grows or the view moves.
    if (!dialog.open || (!placed && box.left >= x && box.top >= y && box.right <= x + width && box.bottom <= y + height)) return;
    placed = true;
    Object.assign(dialog.style, { margin: '0', inset: 'auto', maxWidth: `${width - 16}px`, maxHeight: `${height - 16}px` });
    dialog.style.left = `${x + Math.max(8, (width - dialog.offsetWidth) / 2)}px`;
    dialog.style.top = `${y + Math.max(8, (height - dialog.offsetHeight) / 2)}px`;
  };
  // The first layout after showModal() and each change of size (content loaded, a comparison opened) come here.
  const observer = new ResizeObserver(place);
  observer.observe(dialog);
  view.addEventListener('resize', place);
  view.addEventListener('scroll', place);
  dialog.addEventListener('close', () => {
    observer.disconnect();
    view.removeEventListener('resize', place);
    view.removeEventListener('scroll', place);
  });
}
