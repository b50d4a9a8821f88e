import type { MediaAsset } from './media-api.ts';
import { openMedia } from './media-open.ts';
import type { FieldEditor } from './plain-field.ts';

/**
 * An image field's value (the media contract): what its `<img>` shows, or
 * null for no image. `src` is an http(s) or root-relative URL, normally a
 * media asset's `url`.
 */
export interface ImageValue {
  src: string;
  alt: string;
  width: number | null;
  height: number | null;
}

/** Where the media panel finds the media routes. */
export interface MediaAccess {
  apiBase: string;
  fetch: typeof fetch;
}

const size = (raw: unknown): number | null => {
  const n = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : null;
};

/** An image value from untrusted data (a backup copy, a conflict's other side), or null when it is not one. */
export function imageValue(raw: unknown): ImageValue | null {
  const v = raw as Partial<Record<keyof ImageValue, unknown>> | null;
  if (!v || typeof v !== 'object' || typeof v.src !== 'string' || !/^(https?:\/\/|\/)/i.test(v.src)) return null;
  return { src: v.src, alt: typeof v.alt === 'string' ? v.alt : '', width: size(v.width), height: size(v.height) };
}

/** The value the page rendered: the `<img>`'s own attributes (its `src` as written, not resolved); null without a `src`. */
export function readImage(el: Pick<Element, 'getAttribute'>): ImageValue | null {
  const src = el.getAttribute('src');
  if (!src) return null;
  return { src, alt: el.getAttribute('alt') ?? '', width: size(el.getAttribute('width')), height: size(el.getAttribute('height')) };
}

/** The value an image field takes when the editor picks an asset. */
export const fromAsset = (asset: MediaAsset): ImageValue => ({ src: asset.url, alt: asset.alt, width: asset.width, height: asset.height });

/**
 * Makes an `<img data-cms-type="image">` marker a button that opens the media
 * panel in pick mode (click, Enter or Space). Picking an image, or changing
 * the alt text in the panel, updates the `<img>` in place and reports the
 * new value to the unit's save queue like typing does.
 */
export function attachImageField(el: HTMLElement, onInput: () => void, media: MediaAccess): FieldEditor<ImageValue | null> {
  let value = readImage(el);
  const label = el.dataset.cmsLabel ?? el.dataset.cmsField?.split(':').pop() ?? 'image';
  el.tabIndex = 0;
  el.setAttribute('role', 'button');
  el.setAttribute('aria-label', `Change image: ${label}`);
  const show = (next: ImageValue | null) => {
    value = next;
    // A srcset would keep showing the old picture.
    for (const name of ['src', 'alt', 'width', 'height', 'srcset', 'sizes']) el.removeAttribute(name);
    if (!next) return;
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
    const asset = await openMedia({ ...media, pick: { kind: 'image', label, current: value, setAlt } });
    if (asset) change(fromAsset(asset));
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
