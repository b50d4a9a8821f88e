import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE, measureImage } from './measure.ts';

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../../tests/fixtures/media/${name}`, import.meta.url)));

/** A PNG signature and IHDR declaring `width` x `height` (no pixel data: it is never needed). */
function pngHeader(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  bytes.set([8, 6, 0, 0, 0], 24);
  return bytes;
}

/** An ISO BMFF box: 32-bit size, four-character type, payload. */
function box(type: string, ...payload: (Uint8Array | number[])[]): Uint8Array {
  const body = payload.flatMap((part) => [...part]);
  const out = new Uint8Array(8 + body.length);
  new DataView(out.buffer).setUint32(0, out.length);
  out.set(
    [...type].map((c) => c.charCodeAt(0)),
    4,
  );
  out.set(body, 8);
  return out;
}
const u32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
const u16 = (n: number) => [(n >>> 8) & 0xff, n & 0xff];
const FULL = [0, 0, 0, 0]; // version 0, flags 0
const ispe = (width: number, height: number) => box('ispe', FULL, u32(width), u32(height));

/** A minimal AVIF: `primary` is the primary item; `props` the ipco properties; `assoc` item id → 1-based property indexes. */
function avif(primary: number, props: Uint8Array[], assoc: [number, number[]][]): Uint8Array {
  const ipma = box(
    'ipma',
    FULL,
    u32(assoc.length),
    assoc.flatMap(([item, indexes]) => [...u16(item), indexes.length, ...indexes]),
  );
  const meta = box(
    'meta',
    FULL,
    box(
      'hdlr',
      FULL,
      u32(0),
      [...'pict'].map((c) => c.charCodeAt(0)),
      u32(0),
      u32(0),
      u32(0),
      [0],
    ),
    box('pitm', FULL, u16(primary)),
    box('iprp', box('ipco', ...props), ipma),
  );
  const ftyp = box(
    'ftyp',
    [...'avif'].map((c) => c.charCodeAt(0)),
    u32(0),
    [...'avifmif1miaf'].map((c) => c.charCodeAt(0)),
  );
  return new Uint8Array([...ftyp, ...meta, ...box('mdat', [0, 0, 0, 0])]);
}

/** `bytes` with an extra APPn segment of `size` payload bytes right after SOI. */
function withSegment(jpeg: Uint8Array, marker: number, size: number): Uint8Array {
  const out = new Uint8Array(jpeg.length + 4 + size);
  out.set(jpeg.subarray(0, 2));
  out.set([0xff, marker, ((size + 2) >> 8) & 0xff, (size + 2) & 0xff], 2);
  out.set(jpeg.subarray(2), 6 + size);
  return out;
}

describe('measureImage: real files', () => {
  it.each([
    ['photo.jpg', 40, 30],
    ['pixel.png', 1, 1],
    ['anim.png', 20, 10],
    ['anim.gif', 16, 12],
    ['photo.webp', 48, 32],
    ['photo.avif', 36, 24],
    // Animated AVIF (brand avis): image-size cannot read it; its primary item says the size.
    ['anim.avif', 24, 16],
  ])('%s is %i x %i', (name, width, height) => {
    expect(measureImage(fixture(name))).toEqual({ ok: true, width, height });
  });

  it('rotated.jpg (40x20 stored, EXIF orientation 6) is shown 20x40', () => {
    expect(measureImage(fixture('rotated.jpg'))).toEqual({ ok: true, width: 20, height: 40 });
  });

  it('swaps width and height for EXIF orientations 5 to 8 only', () => {
    const rotated = fixture('rotated.jpg');
    // The Orientation entry: tag 0x0112, type SHORT, count 1, then the value.
    const entry = rotated.findIndex((_, i) => rotated[i] === 0x01 && rotated[i + 1] === 0x12 && rotated[i + 2] === 0x00 && rotated[i + 3] === 0x03);
    expect(entry).toBeGreaterThan(0);
    for (let orientation = 1; orientation <= 8; orientation++) {
      const copy = rotated.slice();
      copy[entry + 9] = orientation;
      expect(measureImage(copy), `orientation ${orientation}`).toEqual(
        orientation >= 5 ? { ok: true, width: 20, height: 40 } : { ok: true, width: 40, height: 20 },
      );
    }
  });

  it('finds a JPEG frame header after large metadata segments (Exif, ICC, extended XMP)', () => {
    let jpeg: Uint8Array = fixture('photo.jpg');
    for (let i = 0; i < 40; i++) jpeg = withSegment(jpeg, 0xe1 + (i % 14), 60_000);
    expect(jpeg.length).toBeGreaterThan(2_400_000);
    expect(measureImage(jpeg)).toEqual({ ok: true, width: 40, height: 30 });
  });
});

describe('measureImage: hostile files', () => {
  it('polyglot.gif: the script where the GIF size should be declares 29500x29283, refused', () => {
    const result = measureImage(fixture('polyglot.gif'));
    expect(result).toEqual({ ok: false, message: expect.stringContaining('29500×29283') });
    expect(result.ok || result.message).toMatch(/limit is 16384 pixels on a side.*Re-export it/);
  });

  it('bomb.png (IHDR declares 100000x100000) is refused from its header, without decoding', () => {
    const started = performance.now();
    const result = measureImage(fixture('bomb.png'));
    expect(performance.now() - started).toBeLessThan(50);
    expect(result).toEqual({ ok: false, message: expect.stringContaining('100000×100000') });
  });

  it.each(['truncated.png', 'empty.png', 'page.png', 'doc.pdf', 'clip.mp4', 'benign.svg', 'image.bmp'])(
    '%s: size cannot be read, refused with what to do',
    (name) => {
      expect(measureImage(fixture(name))).toEqual({ ok: false, message: expect.stringMatching(/could not be read from its header.*Re-export it/) });
    },
  );

  it('a JPEG cut off before its frame header is refused', () => {
    const jpeg = fixture('photo.jpg');
    const sof = jpeg.findIndex((byte, i) => byte === 0xff && jpeg[i + 1] === 0xc0);
    const sofEnd = sof + 2 + ((jpeg[sof + 2]! << 8) | jpeg[sof + 3]!);
    expect(measureImage(jpeg.subarray(0, sof))).toMatchObject({ ok: false });
    expect(measureImage(jpeg.subarray(0, sof + 9))).toMatchObject({ ok: false });
    expect(measureImage(jpeg.subarray(0, sofEnd - 1))).toMatchObject({ ok: false });
    expect(measureImage(jpeg.subarray(0, sofEnd))).toEqual({ ok: true, width: 40, height: 30 });
  });

  it('junk after a JPEG signature costs bounded work (image-size alone spends about a second on 8 MiB)', () => {
    const zeros = new Uint8Array(8 * 1024 * 1024);
    zeros.set([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04]);
    const tiny = new Uint8Array(8 * 1024 * 1024);
    tiny.set([0xff, 0xd8]);
    for (let at = 2; at + 4 <= tiny.length; at += 4) tiny.set([0xff, 0xe1, 0x00, 0x02], at); // millions of empty segments
    for (const junk of [zeros, tiny]) {
      const started = performance.now();
      expect(measureImage(junk)).toMatchObject({ ok: false });
      expect(performance.now() - started).toBeLessThan(100);
    }
  });
});

describe('measureImage: limits', () => {
  it('accepts up to the limits', () => {
    expect(measureImage(pngHeader(MAX_IMAGE_SIDE, 6103))).toEqual({ ok: true, width: 16384, height: 6103 });
    expect(measureImage(pngHeader(10_000, 10_000))).toEqual({ ok: true, width: 10_000, height: 10_000 });
  });

  it('refuses a side over 16384 pixels', () => {
    expect(measureImage(pngHeader(MAX_IMAGE_SIDE + 1, 1))).toEqual({
      ok: false,
      message: expect.stringContaining('16385×1 pixels; the limit is 16384 pixels on a side'),
    });
    expect(measureImage(pngHeader(1, MAX_IMAGE_SIDE + 1))).toMatchObject({ ok: false });
  });

  it('refuses over 100 megapixels', () => {
    expect(MAX_IMAGE_PIXELS).toBe(100_000_000);
    expect(measureImage(pngHeader(10_000, 10_001))).toEqual({ ok: false, message: expect.stringContaining('the limit is 100 megapixels') });
    expect(measureImage(pngHeader(16_384, 16_384))).toMatchObject({ ok: false });
  });

  it('refuses a zero size', () => {
    expect(measureImage(pngHeader(0, 10))).toEqual({ ok: false, message: expect.stringContaining('0×10 pixels, which cannot be shown') });
    expect(measureImage(pngHeader(10, 0))).toMatchObject({ ok: false });
  });
});

describe('measureImage: AVIF primary item', () => {
  it('reads the primary item, not the first or the largest declared size', () => {
    const file = avif(
      2,
      [ispe(640, 480), ispe(100, 50)],
      [
        [1, [1]],
        [2, [2]],
      ],
    );
    expect(measureImage(file)).toEqual({ ok: true, width: 100, height: 50 });
  });

  it("applies the primary item's rotation (irot) and crop (clap)", () => {
    const irot = (angle: number) => box('irot', [angle]);
    const clap = (w: number, h: number) => box('clap', u32(w), u32(1), u32(h), u32(1), u32(0), u32(1), u32(0), u32(1));
    expect(measureImage(avif(1, [ispe(300, 200), irot(1)], [[1, [1, 2]]]))).toEqual({ ok: true, width: 200, height: 300 });
    expect(measureImage(avif(1, [ispe(300, 200), irot(2)], [[1, [1, 2]]]))).toEqual({ ok: true, width: 300, height: 200 });
    expect(measureImage(avif(1, [ispe(300, 200), clap(250, 150), irot(3)], [[1, [1, 2, 3]]]))).toEqual({ ok: true, width: 150, height: 250 });
    // A rotation that belongs to another item does not turn the primary.
    expect(
      measureImage(
        avif(
          1,
          [ispe(300, 200), irot(1)],
          [
            [1, [1]],
            [2, [1, 2]],
          ],
        ),
      ),
    ).toEqual({ ok: true, width: 300, height: 200 });
  });

  it('holds every declared size to the limits, not only the primary', () => {
    const file = avif(
      1,
      [ispe(100, 50), ispe(20_000, 10)],
      [
        [1, [1]],
        [2, [2]],
      ],
    );
    expect(measureImage(file)).toEqual({ ok: false, message: expect.stringContaining('20000×10') });
  });

  it('refuses an AVIF whose primary item has no size, or whose boxes are cut short', () => {
    expect(measureImage(avif(3, [ispe(100, 50)], [[1, [1]]]))).toMatchObject({ ok: false });
    const whole = fixture('photo.avif');
    expect(measureImage(whole.subarray(0, 200))).toMatchObject({ ok: false });
    expect(measureImage(whole.subarray(0, 32))).toMatchObject({ ok: false });
  });
});
