// PLACEHOLDER, replaced by helper A's measure.ts (same signature).
import { imageSize } from 'image-size';

/** Placeholder. */
export function measureImage(bytes: Uint8Array): { ok: true; width: number; height: number } | { ok: false; message: string } {
  try {
    const size = imageSize(bytes);
    if (!size.width || !size.height) return { ok: false, message: 'The image size cannot be read from its header.' };
    const swap = size.orientation !== undefined && size.orientation >= 5;
    const width = swap ? size.height : size.width;
    const height = swap ? size.width : size.height;
    if (width > 16384 || height > 16384) return { ok: false, message: 'The image is over 16384 px on a side.' };
    if (width * height > 100_000_000) return { ok: false, message: 'The image is over 100 megapixels.' };
    return { ok: true, width, height };
  } catch {
    return { ok: false, message: 'The image size cannot be read from its header: the file is damaged or not an image.' };
  }
}
