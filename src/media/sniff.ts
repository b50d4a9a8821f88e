// What an upload is, from its bytes only: never the filename or the
// client's Content-Type, which the uploader controls.
//
// `file-type`'s package entry (source/index.js) is the runtime-neutral one
// (strtok3/core, no node: imports), so this runs in workerd and Node alike.
//
// Polyglots: a file that starts with a real GIF (or PNG, ...) signature and
// carries `<script>` further on sniffs as that image, and that is right. It
// is stored and served with the sniffed type, `X-Content-Type-Options:
// nosniff` and `Content-Security-Policy: default-src 'none'; sandbox`, so a
// browser only ever treats it as an image, never as a document. The image
// must then still measure (measure.ts): a script where the header should be
// declares a nonsense size (`GIF89a<script>` claims 29500x29283) and is
// refused there.
import { fileTypeFromBuffer } from 'file-type';

/** What an allowed upload is shown as: a picture, a player, or a document link. */
export type MediaKind = 'image' | 'video' | 'audio' | 'pdf';

/** The sniffed identity of an allowed upload: its MIME type, the one file extension used for its key, its kind. */
export interface Sniffed {
  type: string;
  ext: string;
  kind: MediaKind;
}

const ALLOWED = {
  'image/jpeg': { ext: 'jpg', kind: 'image' },
  'image/png': { ext: 'png', kind: 'image' },
  'image/gif': { ext: 'gif', kind: 'image' },
  'image/webp': { ext: 'webp', kind: 'image' },
  'image/avif': { ext: 'avif', kind: 'image' },
  'video/mp4': { ext: 'mp4', kind: 'video' },
  'video/webm': { ext: 'webm', kind: 'video' },
  'audio/mpeg': { ext: 'mp3', kind: 'audio' },
  'audio/ogg': { ext: 'ogg', kind: 'audio' },
  'audio/wav': { ext: 'wav', kind: 'audio' },
  'application/pdf': { ext: 'pdf', kind: 'pdf' },
} as const satisfies Record<string, { ext: string; kind: MediaKind }>;

/** One of the allowed MIME types. */
export type MediaType = keyof typeof ALLOWED;

/** The upload allowlist: the only MIME types stored and served (images, MP4/WebM video, MP3/Ogg/WAV audio, PDF). */
export const MEDIA_TYPES: readonly MediaType[] = Object.freeze(Object.keys(ALLOWED) as MediaType[]);

/** The kind of an allowed MIME type (`'image/png'` → `'image'`), null for anything else (list filters, the client's preview). */
export function kindOf(type: string): MediaKind | null {
  return Object.hasOwn(ALLOWED, type) ? ALLOWED[type as MediaType].kind : null;
}

// Ogg is one container for many codecs: only the audio ones browsers play
// (Vorbis `.ogg`, FLAC `.oga`, Opus `.opus`). Theora video and Speex are not.
const OGG_AUDIO_EXTS = new Set(['ogg', 'oga', 'opus']);

/** Maps file-type's answer onto the allowlist: one MIME type per format, whatever name file-type uses for it. */
function normalize(mime: string, ext: string): MediaType | null {
  const base = (mime.split(';')[0] ?? '').trim().toLowerCase();
  switch (base) {
    // An animated PNG is a PNG: every browser shows it, older ones as its first frame.
    case 'image/apng':
      return 'image/png';
    case 'audio/vnd.wave':
    case 'audio/wave':
    case 'audio/x-wav':
      return 'audio/wav';
    case 'audio/ogg':
    case 'audio/opus':
    case 'video/ogg':
      return OGG_AUDIO_EXTS.has(ext) ? 'audio/ogg' : null;
  }
  return Object.hasOwn(ALLOWED, base) ? (base as MediaType) : null;
}

/**
 * Identifies an upload by its magic bytes and checks it against the
 * allowlist (`MEDIA_TYPES`). Pass the first bytes of the file: at least the
 * first 64 KiB, or the whole file when it is smaller (more does no harm;
 * an MP3's ID3 tag or an MP4's leading boxes can push the signature past
 * the first few KiB).
 *
 * Refused: `{ ok: false, detected }` with what it is, for the 415 message:
 * `image/svg+xml` for SVG (never allowed: served from the site's origin it
 * is a document that can run script), `text/html` for HTML whatever its
 * name, file-type's MIME type for other known formats (`application/zip`),
 * null when nothing is recognised (including an empty file).
 *
 * @example await sniffMedia(head) // { ok: true, media: { type: 'image/png', ext: 'png', kind: 'image' } }
 */
export async function sniffMedia(head: Uint8Array): Promise<{ ok: true; media: Sniffed } | { ok: false; detected: string | null }> {
  let found: { mime: string; ext: string } | undefined;
  try {
    found = await fileTypeFromBuffer(head);
  } catch {
    // A parser limit hit on hostile input: treat it as unrecognised, never as allowed.
    found = undefined;
  }
  const type = found ? normalize(found.mime, found.ext) : null;
  if (type) return { ok: true, media: { type, ...ALLOWED[type] } };
  const markup = sniffMarkup(head);
  if (markup) return { ok: false, detected: markup };
  if (!found) return { ok: false, detected: null };
  // Speex in Ogg comes back as plain `audio/ogg`, an allowed name for a refused codec: say which.
  return { ok: false, detected: found.ext === 'spx' ? 'audio/ogg; codecs=speex' : found.mime };
}

// How far into the file the markup sniffer looks for the root element. The
// label only makes the refusal clearer (markup is never allowed either way).
const MARKUP_SCAN_BYTES = 16 * 1024;

// The MIME Sniffing Standard's "HTML" patterns (https://mimesniff.spec.whatwg.org/#identifying-a-resource-with-an-unknown-mime-type),
// each followed by a space or `>`.
const HTML_TAG = /^<(?:!doctype\s+html|html|head|script|iframe|h1|div|font|table|a|style|title|b|body|br|p)[\s>/]/i;
// `<svg` or a prefixed `<svg:svg`, as the root element.
const SVG_TAG = /^<(?:[a-z_][\w.-]*:)?svg[\s>/]/i;

/**
 * Names text markup that file-type does not report (SVG, HTML): the first
 * element after an optional BOM, whitespace, XML declaration or other
 * processing instructions, comments and doctype. Returns null for anything
 * else.
 */
function sniffMarkup(head: Uint8Array): 'image/svg+xml' | 'text/html' | null {
  let text = decodeStart(head.subarray(0, MARKUP_SCAN_BYTES));
  let htmlDoctype = false;
  for (;;) {
    text = text.trimStart();
    if (text.startsWith('<?')) text = after(text, '?>');
    else if (text.startsWith('<!--')) text = after(text, '-->');
    else if (/^<!doctype/i.test(text)) {
      htmlDoctype ||= /^<!doctype\s+html[\s>]/i.test(text);
      text = afterDoctype(text);
    } else break;
  }
  if (SVG_TAG.test(text)) return 'image/svg+xml';
  if (htmlDoctype || HTML_TAG.test(text)) return 'text/html';
  return null;
}

/** The text after the first `end`, or '' (so the scan stops) when it never comes. */
function after(text: string, end: string): string {
  const at = text.indexOf(end);
  return at < 0 ? '' : text.slice(at + end.length);
}

/** The text after a doctype, internal subset (`[...]`) included. */
function afterDoctype(text: string): string {
  const close = text.indexOf('>');
  const open = text.indexOf('[');
  if (open < 0 || (close >= 0 && close < open)) return close < 0 ? '' : text.slice(close + 1);
  return after(after(text.slice(open), ']'), '>');
}

/**
 * Decodes the start of a text file by its BOM (UTF-8 when there is none);
 * never throws. UTF-16 is decoded by hand: not every runtime's TextDecoder
 * has `utf-16be`.
 */
function decodeStart(bytes: Uint8Array): string {
  const [a, b] = bytes;
  const bigEndian = a === 0xfe && b === 0xff;
  if (!bigEndian && !(a === 0xff && b === 0xfe)) return new TextDecoder().decode(bytes); // drops a UTF-8 BOM itself
  const units = new Uint16Array((bytes.length - 2) >> 1);
  for (let i = 0; i < units.length; i++) {
    const hi = bytes[2 + 2 * i + (bigEndian ? 0 : 1)] ?? 0;
    const lo = bytes[2 + 2 * i + (bigEndian ? 1 : 0)] ?? 0;
    units[i] = (hi << 8) | lo;
  }
  let text = '';
  for (let i = 0; i < units.length; i += 4096) text += String.fromCharCode(...units.subarray(i, i + 4096));
  return text;
}
