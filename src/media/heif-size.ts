// The displayed size of an AVIF (HEIF) image, read from its `meta` box.
//
// image-size reads the first `ispe` (image spatial extents) property it
// meets and, when there are several, reports the largest; neither is
// necessarily the picture a browser shows. That is the primary item
// (`pitm`), whose properties are listed in `ipma`: its `ispe`, cropped by a
// `clap` and turned by an `irot` when it has them (ISO/IEC 23008-12, 6.5).
// It also misses animated AVIF (major brand `avis`). So this walks the boxes
// itself: a few hundred bytes at the start of the file, never the pixels.

/** A width and height in pixels. */
export interface Extent {
  width: number;
  height: number;
}

/** What `heifSize` reads: the primary item's displayed size, and every `ispe` declared (so limits can cover them all). */
export interface HeifSize extends Extent {
  declared: Extent[];
}

interface Box {
  type: string;
  /** Where the payload starts (after the header) and ends. */
  start: number;
  end: number;
}

// Hostile files may declare thousands of empty boxes; real ones have a handful per level.
const MAX_BOXES_PER_LEVEL = 1024;

/**
 * The displayed size of the primary item of an AVIF/HEIF file, or null when
 * the boxes that say it (`meta`, `pitm`, `iprp`/`ipco`/`ipma`, an `ispe` for
 * the primary item) are missing, truncated or malformed.
 */
export function heifSize(bytes: Uint8Array): HeifSize | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const meta = children(view, 0, bytes.length).find((box) => box.type === 'meta');
  // `meta` is a full box: version and flags come before its children.
  const metaBoxes = meta && children(view, meta.start + 4, meta.end);
  const pitm = metaBoxes?.find((box) => box.type === 'pitm');
  const iprp = metaBoxes?.find((box) => box.type === 'iprp');
  if (!pitm || !iprp || pitm.end - pitm.start < 6) return null;
  const primary = view.getUint8(pitm.start) === 0 ? view.getUint16(pitm.start + 4) : pitm.end - pitm.start >= 8 ? view.getUint32(pitm.start + 4) : -1;
  const iprpBoxes = children(view, iprp.start, iprp.end);
  const ipco = iprpBoxes.find((box) => box.type === 'ipco');
  if (!ipco) return null;
  const properties = children(view, ipco.start, ipco.end);
  const declared = properties.filter((box) => box.type === 'ispe').map((box) => ispe(view, box));
  if (declared.some((extent) => extent === null)) return null;
  const indexes = iprpBoxes.filter((box) => box.type === 'ipma').flatMap((box) => associations(view, box, primary) ?? []);
  // Property indexes are 1-based; 0 means "no property".
  const own = indexes.map((index) => properties[index - 1]).filter((box) => box !== undefined);
  const extentBox = own.find((box) => box.type === 'ispe');
  const extent = extentBox && ispe(view, extentBox);
  if (!extent) return null;
  let { width, height } = extent;
  const clap = own.find((box) => box.type === 'clap');
  if (clap) {
    const cropped = cleanAperture(view, clap);
    if (!cropped) return null;
    ({ width, height } = cropped);
  }
  const irot = own.find((box) => box.type === 'irot');
  if (irot && irot.end > irot.start && (view.getUint8(irot.start) & 1) === 1) [width, height] = [height, width];
  return { width, height, declared: declared as Extent[] };
}

/** The boxes laid end to end in [from, to); stops at the first one that does not fit. */
function children(view: DataView, from: number, to: number): Box[] {
  const boxes: Box[] = [];
  let at = from;
  while (at + 8 <= to && boxes.length < MAX_BOXES_PER_LEVEL) {
    let size = view.getUint32(at);
    let header = 8;
    if (size === 1) {
      if (at + 16 > to) break;
      const large = view.getBigUint64(at + 8);
      size = large > BigInt(to - at) ? Number.POSITIVE_INFINITY : Number(large);
      header = 16;
    } else if (size === 0) {
      size = to - at; // extends to the end of its parent
    }
    if (size < header || at + size > to) break;
    boxes.push({ type: fourcc(view, at + 4), start: at + header, end: at + size });
    at += size;
  }
  return boxes;
}

function fourcc(view: DataView, at: number): string {
  return String.fromCharCode(view.getUint8(at), view.getUint8(at + 1), view.getUint8(at + 2), view.getUint8(at + 3));
}

/** `ispe`: a full box, then width and height as 32-bit integers. */
function ispe(view: DataView, box: Box): Extent | null {
  if (box.end - box.start < 12) return null;
  return { width: view.getUint32(box.start + 4), height: view.getUint32(box.start + 8) };
}

/** The property indexes `ipma` associates with `item`, or null when the box is truncated. */
function associations(view: DataView, box: Box, item: number): number[] | null {
  const version = view.getUint8(box.start);
  const wide = (view.getUint8(box.start + 3) & 1) === 1;
  let at = box.start + 4;
  const need = (n: number) => at + n <= box.end;
  if (!need(4)) return null;
  const count = view.getUint32(at);
  at += 4;
  for (let entry = 0; entry < count; entry++) {
    if (!need(version < 1 ? 3 : 5)) return null;
    const id = version < 1 ? view.getUint16(at) : view.getUint32(at);
    at += version < 1 ? 2 : 4;
    const n = view.getUint8(at);
    at += 1;
    if (!need(n * (wide ? 2 : 1))) return null;
    if (id === item) {
      const found: number[] = [];
      for (let k = 0; k < n; k++) found.push(wide ? view.getUint16(at + 2 * k) & 0x7fff : view.getUint8(at + k) & 0x7f);
      return found;
    }
    at += n * (wide ? 2 : 1);
  }
  return [];
}

/** `clap`: the clean aperture's width and height as fractions, rounded to whole pixels. */
function cleanAperture(view: DataView, box: Box): Extent | null {
  if (box.end - box.start < 32) return null;
  const widthN = view.getUint32(box.start);
  const widthD = view.getUint32(box.start + 4);
  const heightN = view.getUint32(box.start + 8);
  const heightD = view.getUint32(box.start + 12);
  if (widthD === 0 || heightD === 0) return null;
  return { width: Math.round(widthN / widthD), height: Math.round(heightN / heightD) };
}
