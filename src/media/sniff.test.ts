import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MEDIA_TYPES, kindOf, sniffMedia } from './sniff.ts';

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../../tests/fixtures/media/${name}`, import.meta.url)));
const text = (value: string) => new TextEncoder().encode(value);

describe('sniffMedia: allowed files', () => {
  it.each([
    ['photo.jpg', 'image/jpeg', 'jpg', 'image'],
    ['rotated.jpg', 'image/jpeg', 'jpg', 'image'],
    ['pixel.png', 'image/png', 'png', 'image'],
    // file-type says image/apng: an animated PNG is stored and served as a PNG.
    ['anim.png', 'image/png', 'png', 'image'],
    ['anim.gif', 'image/gif', 'gif', 'image'],
    ['photo.webp', 'image/webp', 'webp', 'image'],
    ['photo.avif', 'image/avif', 'avif', 'image'],
    ['anim.avif', 'image/avif', 'avif', 'image'],
    ['clip.mp4', 'video/mp4', 'mp4', 'video'],
    ['clip.webm', 'video/webm', 'webm', 'video'],
    ['tone.mp3', 'audio/mpeg', 'mp3', 'audio'],
    ['tone.ogg', 'audio/ogg', 'ogg', 'audio'],
    // file-type says `audio/ogg; codecs=opus`, extension opus.
    ['tone.opus', 'audio/ogg', 'ogg', 'audio'],
    ['tone.wav', 'audio/wav', 'wav', 'audio'],
    ['doc.pdf', 'application/pdf', 'pdf', 'pdf'],
  ])('%s is %s', async (name, type, ext, kind) => {
    expect(await sniffMedia(fixture(name))).toEqual({ ok: true, media: { type, ext, kind } });
  });

  it('covers every allowed type with a real file above', () => {
    expect([...MEDIA_TYPES].sort()).toEqual(
      [
        'application/pdf',
        'audio/mpeg',
        'audio/ogg',
        'audio/wav',
        'image/avif',
        'image/gif',
        'image/jpeg',
        'image/png',
        'image/webp',
        'video/mp4',
        'video/webm',
      ].sort(),
    );
    expect(Object.isFrozen(MEDIA_TYPES)).toBe(true);
  });

  it('goes by the bytes, not by anything the uploader names: a PNG is a PNG whatever follows it', async () => {
    const png = fixture('pixel.png');
    const withTrailer = new Uint8Array([...png, ...text('<script>alert(1)</script>')]);
    expect(await sniffMedia(withTrailer)).toEqual({ ok: true, media: { type: 'image/png', ext: 'png', kind: 'image' } });
  });

  it('needs only the head of the file', async () => {
    const mp4 = fixture('clip.mp4');
    expect(await sniffMedia(mp4.subarray(0, 64))).toMatchObject({ ok: true, media: { type: 'video/mp4' } });
  });
});

describe('sniffMedia: hostile and refused files', () => {
  it('a GIF signature followed by script sniffs as GIF (served as an image with nosniff; measuring refuses it)', async () => {
    expect(await sniffMedia(fixture('polyglot.gif'))).toEqual({ ok: true, media: { type: 'image/gif', ext: 'gif', kind: 'image' } });
  });

  it('an HTML page named .png is text/html', async () => {
    expect(await sniffMedia(fixture('page.png'))).toEqual({ ok: false, detected: 'text/html' });
  });

  it('a truncated PNG and a PNG declaring 100000x100000 still sniff as PNG (measuring refuses them)', async () => {
    expect(await sniffMedia(fixture('truncated.png'))).toMatchObject({ ok: true, media: { type: 'image/png' } });
    expect(await sniffMedia(fixture('bomb.png'))).toMatchObject({ ok: true, media: { type: 'image/png' } });
  });

  it('an empty file is unrecognised', async () => {
    expect(await sniffMedia(fixture('empty.png'))).toEqual({ ok: false, detected: null });
  });

  it.each(['script.svg', 'onload.svg', 'foreign.svg', 'href.svg', 'benign.svg'])('%s is refused as image/svg+xml', async (name) => {
    expect(await sniffMedia(fixture(name))).toEqual({ ok: false, detected: 'image/svg+xml' });
  });

  it.each([
    ['clip.ogv', 'video/ogg'],
    ['tone.spx', 'audio/ogg; codecs=speex'],
    ['tone.m4a', 'audio/x-m4a'],
    ['image.bmp', 'image/bmp'],
    ['archive.zip', 'application/zip'],
  ])('%s is refused, naming %s', async (name, detected) => {
    expect(await sniffMedia(fixture(name))).toEqual({ ok: false, detected });
  });

  it('unknown bytes and plain text are unrecognised', async () => {
    expect(await sniffMedia(text('just some notes'))).toEqual({ ok: false, detected: null });
    expect(await sniffMedia(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]))).toEqual({ ok: false, detected: null });
  });
});

describe('sniffMedia: SVG and HTML however they start', () => {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';

  it.each([
    ['bare', svg],
    ['after whitespace', `\n\t  ${svg}`],
    ['after an XML declaration', `<?xml version="1.0" standalone="no"?>\n${svg}`],
    ['after comments and a stylesheet instruction', `<!-- a --><?xml-stylesheet href="x.css"?>\n<!-- b -->${svg}`],
    ['after a doctype', `<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">${svg}`],
    ['after a doctype with an internal subset (entities)', `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "<b>x</b>"><!ENTITY b "&a;&a;">]>${svg}`],
    ['with a namespace prefix', '<svg:svg xmlns:svg="http://www.w3.org/2000/svg"><svg:script>alert(1)</svg:script></svg:svg>'],
    ['in capitals', '<SVG onload="alert(1)">'],
  ])('%s', async (_, source) => {
    expect(await sniffMedia(text(source))).toEqual({ ok: false, detected: 'image/svg+xml' });
  });

  it('with a UTF-8 BOM', async () => {
    expect(await sniffMedia(new Uint8Array([0xef, 0xbb, 0xbf, ...text(svg)]))).toEqual({ ok: false, detected: 'image/svg+xml' });
  });

  it('in UTF-16, both byte orders', async () => {
    const utf16 = (bigEndian: boolean) => {
      const bytes = [bigEndian ? 0xfe : 0xff, bigEndian ? 0xff : 0xfe];
      for (const char of svg) {
        const code = char.charCodeAt(0);
        bytes.push(...(bigEndian ? [code >> 8, code & 0xff] : [code & 0xff, code >> 8]));
      }
      return new Uint8Array(bytes);
    };
    expect(await sniffMedia(utf16(true))).toEqual({ ok: false, detected: 'image/svg+xml' });
    expect(await sniffMedia(utf16(false))).toEqual({ ok: false, detected: 'image/svg+xml' });
  });

  it.each([
    '<!doctype html><title>x</title>',
    '<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01//EN">',
    '  <html><body onload="alert(1)">',
    '<script>alert(1)</script>',
    '<iframe src="https://evil.example">',
    '<!-- hi --><body>',
    '<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><body/></html>',
  ])('HTML: %s', async (source) => {
    expect(await sniffMedia(text(source))).toEqual({ ok: false, detected: 'text/html' });
  });

  it('an HTML page that holds an SVG is HTML', async () => {
    expect(await sniffMedia(text(`<html><body>${svg}</body></html>`))).toEqual({ ok: false, detected: 'text/html' });
  });

  it('other XML is what file-type says', async () => {
    expect(await sniffMedia(text('<?xml version="1.0"?><feed/>'))).toEqual({ ok: false, detected: 'application/xml' });
  });
});

describe('kindOf', () => {
  it('maps every allowed type to its kind and anything else to null', () => {
    expect(MEDIA_TYPES.map((type) => [type, kindOf(type)])).toEqual([
      ['image/jpeg', 'image'],
      ['image/png', 'image'],
      ['image/gif', 'image'],
      ['image/webp', 'image'],
      ['image/avif', 'image'],
      ['video/mp4', 'video'],
      ['video/webm', 'video'],
      ['audio/mpeg', 'audio'],
      ['audio/ogg', 'audio'],
      ['audio/wav', 'audio'],
      ['application/pdf', 'pdf'],
    ]);
    expect(kindOf('image/svg+xml')).toBeNull();
    expect(kindOf('toString')).toBeNull();
    expect(kindOf('IMAGE/PNG')).toBeNull();
  });
});
