import { humanLabel } from '../core/human-label.ts';
import { EMPTY_IMAGE } from './empty-image.ts';
import { readImage, swapImage, type ImageSize, type ImageValue } from './image-value.ts';
import { openMedia } from '../panels/media/media-open.ts';
import type { FieldEditor } from './plain-field.ts';

export type { ImageValue };

/** Where the media panel finds the media routes. */
export interface MediaAccess {
  apiBase: string;
  fetch: typeof fetch;
}

/**
 * Makes an `<img data-cms-type="image">` marker a button that opens the media
 * panel in pick mode (click, Enter or Space). Picking an image, or changing
 * the alt text in the panel, updates the `<img>` in place and reports the
 * new value to the unit's save queue like typing does. A picked image keeps
 * the width the page rendered (its height follows the new picture) and the
 * page's alt text when the library has none for it (see `swapImage`).
 */
export function attachImageField(el: HTMLElement, onInput: () => void, media: MediaAccess): FieldEditor<ImageValue | null> {
  let value = readImage(el);
  // The size the page renders the image at: a new picture keeps it (its width), even after Remove image.
  let frame: ImageSize | null = value;
  const label = el.dataset.cmsLabel ?? humanLabel(el.dataset.cmsField?.split(':').pop() ?? 'image');
  el.tabIndex = 0;
  el.setAttribute('role', 'button');
  el.setAttribute('aria-label', `Change image: ${label}`);
  const show = (next: ImageValue | null) => {
    value = next;
    // A srcset would keep showing the old picture.
    for (const name of ['src', 'alt', 'width', 'height', 'srcset', 'sizes']) el.removeAttribute(name);
    if (!next) {
      // Still something to click: the placeholder cmsImage renders for an empty field.
      el.setAttribute('src', EMPTY_IMAGE);
      el.setAttribute('alt', '');
      el.setAttribute('data-cms-empty', '');
      return;
    }
    el.removeAttribute('data-cms-empty');
    frame = next;
    el.setAttribute('src', next.src);
    el.setAttribute('alt', next.alt);
    if (next.width) el.setAttribute('width', String(next.width));
    if (next.height) el.setAttribute('height', String(next.height));
  };
  const change = (next: ImageValue | null) => {
    show(next);
    onInput();
  };
  const choose = async () => {
    const setAlt = (alt: string) => value && change({ ...value, alt });
    const remove = () => change(null);
    const asset = await openMedia({ ...media, pick: { kind: 'image', label, current: value, setAlt, remove } });
    if (asset) change(swapImage(value, asset, value ?? frame));
  };
  el.addEventListener('click', (event) => {
    event.preventDefault();
    void choose();
  });
  el.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    void choose();
  });
  return { get: () => value, set: show };
}
