// How the media panel puts assets into words: pure, so it is tested without a page.
import type { MediaAsset, MediaReference } from './media-api.ts';

/** The four kinds the library stores (the media contract's allowlist). */
export type MediaKind = 'image' | 'video' | 'audio' | 'pdf';

/** The type filter's choices: the value sent as `type`, and its label. */
export const KIND_FILTERS: ReadonlyArray<readonly [string, string]> = [
  ['', 'All files'],
  ['image', 'Images'],
  ['video', 'Videos'],
  ['audio', 'Audio'],
  ['pdf', 'PDFs'],
];

/** What the upload picker offers: the allowlist, or only images when picking one. */
export const acceptFor = (kind: MediaKind | null) =>
  kind === 'image' ? 'image/jpeg,image/png,image/gif,image/webp,image/avif' : 'image/*,video/mp4,video/webm,audio/mpeg,audio/ogg,audio/wav,application/pdf';

/** The kind of a MIME type, or null for one the library does not store. */
export function kindOf(type: string): MediaKind | null {
  if (type === 'application/pdf') return 'pdf';
  const top = type.slice(0, type.indexOf('/'));
  return top === 'image' || top === 'video' || top === 'audio' ? top : null;
}

const KIND_WORDS: Record<MediaKind, string> = { image: 'Image', video: 'Video', audio: 'Audio', pdf: 'PDF' };

/** The badge word for a file that has no thumbnail. */
export function kindLabel(type: string): string {
  const kind = kindOf(type);
  return kind ? KIND_WORDS[kind] : 'File';
}

/** A size in bytes, as an editor reads it. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const kb = bytes / 1024;
  if (kb < 1024) return `${kb < 10 ? kb.toFixed(1) : Math.round(kb)} KB`;
  const mb = kb / 1024;
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
}

/** The short line under a thumbnail: format, size on screen, and file size. */
export function assetFacts(asset: MediaAsset): string {
  const format = asset.type.slice(asset.type.indexOf('/') + 1).toUpperCase();
  const dims = asset.width && asset.height ? ` · ${asset.width} × ${asset.height}` : '';
  return `${format}${dims} · ${formatBytes(asset.bytes)}`;
}

/** How an asset is named in messages and its card's label: its alt text, its caption, else its kind and upload date. */
export function assetName(asset: MediaAsset): string {
  const words = asset.alt.trim() || asset.caption.trim();
  if (words) return words.length > 60 ? `${words.slice(0, 59)}…` : words;
  const when = asset.createdAt ? ` from ${new Date(asset.createdAt).toLocaleDateString()}` : '';
  return `${kindLabel(asset.type)} without alt text${when}`;
}

/** A place an asset is used, as a 409 lists it: `pages #3 hero`. */
export const referenceText = (ref: MediaReference) => `${ref.collection} #${ref.id} ${ref.field}`;

/** The object key in a media URL (its last path segment), for finding the asset an image field shows. */
export function keyOfUrl(src: string): string {
  const path = src.split(/[?#]/)[0] ?? '';
  const last = path.slice(path.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/**
 * Runs `task` over every item, at most `limit` at a time, in order of start
 * (several uploads at once, without opening a connection per file).
 */
export async function eachLimited<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
