// An image field's value (the media contract), kept apart from the DOM code
// that edits it so the save logic and the panel can use it without a page.
import type { MediaAsset } from '../panels/media/media-api.ts';

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

/** The value an image field takes when the editor picks an asset and the page gives it no size of its own (a setting). */
export const fromAsset = (asset: MediaAsset): ImageValue => ({ src: asset.url, alt: asset.alt, width: asset.width, height: asset.height });

/** An `<img>`'s width and height attributes; either may be missing. */
export type ImageSize = Pick<ImageValue, 'width' | 'height'>;

const scaled = (side: number, num: number | null, den: number | null) => (num && den ? Math.max(1, Math.round((side * num) / den)) : null);

/**
 * The size a new picture takes where the page rendered `frame`: the page's
 * width kept and the height from the picture's proportions (so a template's
 * `width="300"` stays 300, not the file's 1440); by the height when the page
 * set only that; the picture's own size when the page set neither. A side
 * that cannot be worked out is left out, for the browser to size.
 */
export function fitSize(frame: ImageSize | null, natural: ImageSize): ImageSize {
  if (frame?.width) return { width: frame.width, height: scaled(frame.width, natural.height, natural.width) };
  if (frame?.height) return { width: scaled(frame.height, natural.width, natural.height), height: frame.height };
  return { width: natural.width, height: natural.height };
}

/**
 * The value an image field takes when the editor picks `asset` where the
 * page showed `current`: sized to the frame the page rendered (`frame`,
 * `current` unless given), with the library's alt text for the picture, or
 * else the page's (an empty alt in the library never erases it; an alt the
 * editor cleared on the page stays empty).
 */
export function swapImage(current: ImageValue | null, asset: MediaAsset, frame: ImageSize | null = current): ImageValue {
  const alt = asset.alt.trim() !== '' ? asset.alt : (current?.alt ?? '');
  return { src: asset.url, alt, ...fitSize(frame, asset) };
}
