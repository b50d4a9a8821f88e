// How the media panel puts assets into words: pure, so it is tested without a page.
import { formatBytes, type MediaAsset, type MediaReference } from './media-api.ts';

export { formatBytes };

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

const FORMATS: Record<string, string> = { 'audio/mpeg': 'MP3', 'audio/wav': 'WAV', 'audio/ogg': 'OGG', 'image/jpeg': 'JPEG' };

/** The short line under a thumbnail: format, size on screen, and file size. */
export function assetFacts(asset: MediaAsset): string {
  const format = FORMATS[asset.type] ?? asset.type.slice(asset.type.indexOf('/') + 1).toUpperCase();
  const dims = asset.width && asset.height ? ` · ${asset.width} × ${asset.height}` : '';
  return `${format}${dims} · ${formatBytes(asset.bytes)}`;
}

/**
 * How an asset is named in messages and its card's label: its alt text, its
 * caption, the name it was uploaded with (known while the panel that
 * uploaded it is open; the routes do not answer it), else its kind and date.
 */
export function assetName(asset: MediaAsset, filename?: string): string {
  const words = asset.alt.trim() || asset.caption.trim() || filename?.trim();
  if (words) return words.length > 60 ? `${words.slice(0, 59)}…` : words;
  const image = kindOf(asset.type) === 'image';
  const when = asset.createdAt ? `, uploaded ${new Date(asset.createdAt).toLocaleDateString(undefined, { dateStyle: 'medium' })}` : '';
  return `${image ? 'Image without alt text' : kindLabel(asset.type)}${when}`;
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

/** What the media panel's list shows, for its status line. */
export interface ListShown {
  /** Cards in the list (uploads included). */
  count: number;
  /** Whether Load more has more. */
  more: boolean;
  /** Pick mode: only images are listed. */
  pick: boolean;
  /** The search the list answers. */
  query: string;
  /** Files uploaded in this panel that the list does not show (not of its type). */
  unlisted: number;
}

/**
 * The panel's status line for its list: how many are shown, or why none is.
 * "Nothing here yet" only when the library is empty and nothing was uploaded
 * here, so it never stands beside a card or an "Uploaded …" line.
 */
export function listStatus(shown: ListShown): string {
  const { count, pick } = shown;
  if (count > 0) return `${count} ${pick ? 'image' : 'file'}${count === 1 ? '' : 's'} shown${shown.more ? ': Load more shows more' : ''}.`;
  if (shown.query) return `Nothing matches “${shown.query}”.`;
  if (shown.unlisted > 0)
    return pick
      ? 'No images here: what you uploaded is not an image. Upload a JPEG, PNG, GIF, WebP or AVIF to use it.'
      : 'Nothing of this type here: choose All files in Type to see what you uploaded.';
  return 'Nothing here yet: upload files with Upload files, or drop them on this panel.';
}
