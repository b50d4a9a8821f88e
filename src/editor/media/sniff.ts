// PLACEHOLDER, replaced by helper A's sniff.ts (same signature).
import { fileTypeFromBuffer } from 'file-type';

const ALLOWED: Record<string, 'image' | 'video' | 'audio' | 'pdf'> = {
  'image/jpeg': 'image',
  'image/png': 'image',
  'image/gif': 'image',
  'image/webp': 'image',
  'image/avif': 'image',
  'video/mp4': 'video',
  'video/webm': 'video',
  'audio/mpeg': 'audio',
  'audio/ogg': 'audio',
  'audio/wav': 'audio',
  'application/pdf': 'pdf',
};

/** Placeholder. */
export type MediaKind = 'image' | 'video' | 'audio' | 'pdf';

/** Placeholder. */
export function kindOf(type: string): MediaKind | null {
  return ALLOWED[type] ?? null;
}

/** Placeholder. */
export async function sniffMedia(
  head: Uint8Array,
): Promise<{ ok: true; media: { type: string; ext: string; kind: 'image' | 'video' | 'audio' | 'pdf' } } | { ok: false; detected: string | null }> {
  const text = new TextDecoder().decode(head.subarray(0, 1024)).trimStart();
  if (text.startsWith('<') && /<svg/i.test(new TextDecoder().decode(head))) return { ok: false, detected: 'image/svg+xml' };
  if (/^<(!doctype html|html)/i.test(text)) return { ok: false, detected: 'text/html' };
  const found = await fileTypeFromBuffer(head);
  if (!found) return { ok: false, detected: null };
  let type: string = found.mime;
  if (type === 'audio/vnd.wave' || type === 'audio/wave' || type === 'audio/x-wav') type = 'audio/wav';
  if (found.ext === 'ogg' || found.ext === 'opus' || found.ext === 'oga') type = 'audio/ogg';
  const kind = ALLOWED[type];
  if (!kind) return { ok: false, detected: type };
  return { ok: true, media: { type, ext: type === 'audio/ogg' ? 'ogg' : type === 'audio/wav' ? 'wav' : found.ext, kind } };
}
