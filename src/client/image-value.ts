// An image field's value (the media contract), kept apart from the DOM code
// that edits it so the save logic and the panel can use it without a page.
import type { MediaAsset } from './media-api.ts';

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
export function readImage(el: Pick<Element, 'getAttribute' | 'hasAttribute'>): ImageValue | null {
  const src = el.getAttribute('src');
  // `cmsImage` renders an empty field as a placeholder marked data-cms-empty: its src is not a value.
  if (!src || el.hasAttribute('data-cms-empty')) return null;
  return { src, alt: el.getAttribute('alt') ?? '', width: size(el.getAttribute('width')), height: size(el.getAttribute('height')) };
}

/** The value an image field takes when the editor picks an asset. */
export const fromAsset = (asset: MediaAsset): ImageValue => ({ src: asset.url, alt: asset.alt, width: asset.width, height: asset.height });
