// An uploaded image's intrinsic size, from its header bytes only.
//
// Nothing here decodes pixels: a 100000x100000 PNG is a 60-byte file that
// would need 40 GB to decode, and is refused from its IHDR alone. The size
// comes from `image-size` (JPEG, PNG, GIF, WebP) or heif-size.ts (AVIF),
// each given only the bytes it needs, so hostile input costs bounded work:
// image-size walks a damaged JPEG one byte at a time (about 1 s of CPU for
// 8 MiB of junk), so a JPEG's segments are first walked here, strictly, up
// to its frame header.
import { imageSize } from 'image-size';
import { heifSize } from './heif-size.ts';

/** The largest width or height accepted, in pixels. */
export const MAX_IMAGE_SIDE = 16384;
/** The largest area accepted, in pixels (100 megapixels). */
export const MAX_IMAGE_PIXELS = 100_000_000;

// Real JPEGs have a few dozen segments before the frame header (Exif, ICC
// profile chunks, XMP, quantization and Huffman tables); extended XMP can
// add a few hundred more. Past this the file is not a photo.
const MAX_JPEG_SEGMENTS = 1024;
// Enough for the PNG, GIF and WebP headers image-size reads (40 bytes at most).
const SMALL_HEADER_BYTES = 64;

const REEXPORT = 'Re-export it from an image editor (as JPEG, PNG, WebP or AVIF) and upload it again.';

/**
 * The displayed width and height of a JPEG, PNG, GIF, WebP or AVIF image,
 * read from its header (pass the first bytes of the file: the whole first
 * upload part, up to 8 MiB; a JPEG's frame header comes after its Exif and
 * other metadata). A JPEG with EXIF orientation 5 to 8 (turned a quarter)
 * has its width and height swapped, as browsers show it; an AVIF's size is
 * its primary image's, cropped and turned.
 *
 * `ok: false` with a message for the uploader (the 422 `invalid_image`)
 * when the size cannot be read from the header (damaged, truncated, or not
 * an image at all), is zero, or is over `MAX_IMAGE_SIDE` on a side or
 * `MAX_IMAGE_PIXELS` in area.
 *
 * @example measureImage(bytes) // { ok: true, width: 1200, height: 800 }
 */
export function measureImage(bytes: Uint8Array): { ok: true; width: number; height: number } | { ok: false; message: string } {
  const read = readSize(bytes);
  if (!read)
    return { ok: false, message: `The image's size could not be read from its header: the file is damaged, cut short, or not really an image. ${REEXPORT}` };
  const { width, height, declared } = read;
  if (!(width > 0 && height > 0)) return { ok: false, message: `The image declares a size of ${width}×${height} pixels, which cannot be shown. ${REEXPORT}` };
  for (const extent of [{ width, height }, ...declared]) {
    const side = Math.max(extent.width, extent.height);
    if (side > MAX_IMAGE_SIDE) {
      return {
        ok: false,
        message: `The image is ${extent.width}×${extent.height} pixels; the limit is ${MAX_IMAGE_SIDE} pixels on a side. Re-export it smaller (a web page rarely needs more than 4000 pixels) and upload it again.`,
      };
    }
    if (extent.width * extent.height > MAX_IMAGE_PIXELS) {
      return {
        ok: false,
        message: `The image is ${extent.width}×${extent.height} pixels (${Math.round((extent.width * extent.height) / 1e6)} megapixels); the limit is ${MAX_IMAGE_PIXELS / 1e6} megapixels. Re-export it smaller and upload it again.`,
      };
    }
  }
  return { ok: true, width, height };
}

interface Read {
  width: number;
  height: number;
  /** Other sizes the file declares (an AVIF's other items), held to the same limits. */
  declared: { width: number; height: number }[];
}

/** The displayed size by format, or null when the header cannot be read. */
function readSize(bytes: Uint8Array): Read | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) || startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) || isWebp(bytes)) {
    return viaImageSize(bytes.subarray(0, SMALL_HEADER_BYTES));
  }
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) {
    const end = jpegHeaderEnd(bytes);
    return end === null ? null : viaImageSize(bytes.subarray(0, end));
  }
  if (ascii(bytes, 4, 8) === 'ftyp') {
    const heif = heifSize(bytes);
    return heif && { width: heif.width, height: heif.height, declared: heif.declared };
  }
  return null;
}

function viaImageSize(header: Uint8Array): Read | null {
  try {
    const size = imageSize(header);
    const { width, height } = size;
    if (typeof width !== 'number' || typeof height !== 'number') return null;
    // EXIF orientations 5 to 8 turn the picture a quarter (with or without a mirror).
    const turned = size.orientation !== undefined && size.orientation >= 5 && size.orientation <= 8;
    return turned ? { width: height, height: width, declared: [] } : { width, height, declared: [] };
  } catch {
    // image-size throws on anything it cannot read (short buffer, bad chunk name).
    return null;
  }
}

/**
 * Where a JPEG's frame header (SOF0, SOF1 or SOF2, the ones image-size
 * reads) ends, walking the segments by their lengths; null when the
 * structure breaks, the scan starts first, or there are too many segments.
 */
function jpegHeaderEnd(bytes: Uint8Array): number | null {
  let at = 2; // after SOI
  for (let segments = 0; segments < MAX_JPEG_SEGMENTS && at + 4 <= bytes.length; segments++) {
    const marker = bytes[at + 1] ?? 0;
    if (bytes[at] !== 0xff || marker === 0xda || marker === 0xd9) return null; // not a marker, start of scan, end of image
    const end = at + 2 + (((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0));
    if (end < at + 4 || end > bytes.length) return null;
    if (marker === 0xc0 || marker === 0xc1 || marker === 0xc2) return end;
    at = end;
  }
  return null;
}

function isWebp(bytes: Uint8Array): boolean {
  return ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP';
}

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return prefix.every((byte, i) => bytes[i] === byte);
}

function ascii(bytes: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...bytes.subarray(from, to));
}
