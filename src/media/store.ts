import { concatBytes } from '../http/bytes.ts';
import { encodeHexLowerCase } from '@oslojs/encoding';
import { HttpError } from '../http/errors.ts';
import { sha256Hex } from '../security/crypto.ts';
import { measureImage } from './measure.ts';
import { sniffMedia, type MediaKind } from './sniff.ts';

export { MAX_UPLOAD_BYTES } from './limits.ts';

/**
 * Bytes buffered to sniff, measure and hash a file, and the part size of an
 * R2 multipart upload (R2 wants equal parts of at least 5 MiB, the last
 * excepted). A file that fits in one part is stored with a single put.
 */
export const PART_BYTES = 8 * 1024 * 1024;

/** A file as its first bytes describe it: sniffed type and, for an image, its intrinsic size. */
export interface SniffedFile {
  type: string;
  ext: string;
  kind: MediaKind;
  width: number | null;
  height: number | null;
}

/** A file this request wrote to the bucket. */
export interface StoredFile extends SniffedFile {
  key: string;
  bytes: number;
  /** Hex SHA-256 of the bytes. */
  sha256: string;
}

export interface StoreFileOptions<A> {
  bucket: R2Bucket;
  /** Key prefix: `''`, or `'<scope>/'` for listMediaRoute. */
  prefix: string;
  maxBytes: number;
  /**
   * The asset that already holds these bytes, or null. `contentKey` is the
   * content-addressed key (`<prefix><sha256>.<ext>`) the bytes get when they
   * fit in one part.
   */
  existing(sha256: string, contentKey: string): Promise<A | null>;
  /** Custom metadata written with the object; `sha256` is null for a file streamed in parts (it is known only at the end). */
  metadata?(file: SniffedFile & { sha256: string | null }): Record<string, string>;
}

/** Either the file this call stored, or the existing asset with the same bytes (nothing written). */
export type StoreResult<A> = { stored: StoredFile; existing: null } | { stored: null; existing: A };

/** 413 naming the limit in MB. */
export function tooLarge(maxBytes: number): HttpError {
  return new HttpError(413, 'too_large', `The file is larger than the upload limit of ${megabytes(maxBytes)} MB.`);
}

/** A byte count in MB (MiB), as said to people: `100`, `0.5`. */
export function megabytes(bytes: number): string {
  return String(Number((bytes / (1024 * 1024)).toFixed(1)));
}

/**
 * Stores an uploaded file's byte stream in the bucket, never holding more
 * than two parts in memory. The first part (up to `PART_BYTES`) is sniffed
 * (415 `unsupported_type` unless an allowed type; an SVG is refused), an
 * image measured from its header (422 `invalid_image`), and an empty file is
 * 400 `empty_file`. A file that fits in that part is hashed and, unless
 * `existing` finds its bytes, put once under `<prefix><sha256>.<ext>`; a
 * larger one is streamed as an R2 multipart upload under a random key,
 * hashed on the way (`crypto.DigestStream`), and deleted again when
 * `existing` then finds its bytes. Over `maxBytes` at any point is 413
 * `too_large`. On any refusal or error nothing stays stored: a multipart
 * upload is aborted, a completed object deleted.
 */
export async function storeFile<A>(body: ReadableStream<Uint8Array>, options: StoreFileOptions<A>): Promise<StoreResult<A>> {
  const reader = new PartReader(body.getReader(), options.maxBytes);
  try {
    const head = await reader.next(PART_BYTES);
    if (head.length === 0) throw new HttpError(400, 'empty_file', 'The file is empty: choose a file with content.');
    const file = await inspect(head);
    return (await reader.ended()) ? await storeWhole(head, file, options) : await storeInParts(reader, head, file, options);
  } catch (error) {
    await reader.cancel();
    throw error;
  }
}

/** Sniffs the type and measures an image, from the first part. */
async function inspect(head: Uint8Array): Promise<SniffedFile> {
  const sniffed = await sniffMedia(head);
  if (!sniffed.ok) throw unsupported(sniffed.detected);
  const { type, ext, kind } = sniffed.media;
  if (kind !== 'image') return { type, ext, kind, width: null, height: null };
  const size = measureImage(head);
  if (!size.ok) throw new HttpError(422, 'invalid_image', size.message);
  return { type, ext, kind, width: size.width, height: size.height };
}

function unsupported(detected: string | null): HttpError {
  const message =
    detected === 'image/svg+xml'
      ? 'SVG files are refused: served from this site, an SVG is a document that can run script. Export it as PNG or WebP and upload that.'
      : `${detected ? `This file is ${detected}, which` : 'The type of this file could not be recognized, so it'} cannot be uploaded. Upload an image (JPEG, PNG, GIF, WebP, AVIF), a video (MP4, WebM), audio (MP3, OGG, WAV) or a PDF.`;
  return new HttpError(415, 'unsupported_type', message, { detected });
}

async function storeWhole<A>(bytes: Uint8Array, file: SniffedFile, options: StoreFileOptions<A>): Promise<StoreResult<A>> {
  const sha256 = await sha256Hex(bytes);
  const key = `${options.prefix}${sha256}.${file.ext}`;
  const existing = await options.existing(sha256, key);
  if (existing) return { stored: null, existing };
  await options.bucket.put(key, bytes, { httpMetadata: { contentType: file.type }, customMetadata: options.metadata?.({ ...file, sha256 }) ?? {}, sha256 });
  return { stored: { ...file, key, bytes: bytes.length, sha256 }, existing: null };
}

async function storeInParts<A>(reader: PartReader, head: Uint8Array, file: SniffedFile, options: StoreFileOptions<A>): Promise<StoreResult<A>> {
  const { bucket } = options;
  const key = `${options.prefix}${encodeHexLowerCase(crypto.getRandomValues(new Uint8Array(16)))}.${file.ext}`;
  const customMetadata = options.metadata?.({ ...file, sha256: null }) ?? {};
  const upload = await bucket.createMultipartUpload(key, { httpMetadata: { contentType: file.type }, customMetadata });
  // workerd's DigestStream; the Node typings of `crypto`, loaded too, do not declare it.
  const digest = new (crypto as unknown as { DigestStream: typeof DigestStream }).DigestStream('SHA-256');
  const hash = digest.getWriter();
  // Rejects when the upload is aborted; read only once the file is complete.
  digest.digest.catch(() => {});
  const parts: R2UploadedPart[] = [];
  // One part is sent while the next is read: at most two parts in memory.
  let sending: Promise<R2UploadedPart> | null = null;
  let bytes = 0;
  try {
    for (let part = head, number = 1; part.length > 0; part = await reader.next(PART_BYTES), number++) {
      await hash.write(part);
      bytes += part.length;
      const next = upload.uploadPart(number, part);
      // Awaited in turn below; this only keeps an early failure from going unhandled meanwhile.
      next.catch(() => {});
      if (sending) parts.push(await sending);
      sending = next;
    }
    if (sending) parts.push(await sending);
    await hash.close();
    await upload.complete(parts);
  } catch (error) {
    await sending?.catch(() => {});
    await Promise.allSettled([upload.abort(), hash.abort()]);
    throw error;
  }
  try {
    const sha256 = encodeHexLowerCase(new Uint8Array(await digest.digest));
    const existing = await options.existing(sha256, `${options.prefix}${sha256}.${file.ext}`);
    if (existing) {
      await bucket.delete(key);
      return { stored: null, existing };
    }
    return { stored: { ...file, key, bytes, sha256 }, existing: null };
  } catch (error) {
    await bucket.delete(key);
    throw error;
  }
}

/** Reads a byte stream in parts of a given size, counting every byte against the limit (413 past it). */
class PartReader {
  #reader: ReadableStreamDefaultReader<Uint8Array>;
  #maxBytes: number;
  #carry: Uint8Array | null = null;
  #done = false;
  #total = 0;

  constructor(reader: ReadableStreamDefaultReader<Uint8Array>, maxBytes: number) {
    this.#reader = reader;
    this.#maxBytes = maxBytes;
  }

  /** The next `size` bytes; fewer only where the stream ends, empty after it ended. */
  async next(size: number): Promise<Uint8Array> {
    const chunks: Uint8Array[] = [];
    let filled = 0;
    while (filled < size) {
      const chunk = this.#carry ?? (await this.#read());
      this.#carry = null;
      if (!chunk) break;
      const take = Math.min(chunk.length, size - filled);
      chunks.push(take === chunk.length ? chunk : chunk.subarray(0, take));
      if (take < chunk.length) this.#carry = chunk.subarray(take);
      filled += take;
    }
    return chunks.length === 1 ? (chunks[0] as Uint8Array) : concatBytes(chunks, filled);
  }

  /** Whether the stream has ended (reads one chunk ahead when it has not). */
  async ended(): Promise<boolean> {
    this.#carry ??= await this.#read();
    return this.#carry === null;
  }

  /** Stops reading: the rest of the body is not wanted. */
  async cancel(): Promise<void> {
    this.#done = true;
    await this.#reader.cancel().catch(() => {});
  }

  async #read(): Promise<Uint8Array | null> {
    while (!this.#done) {
      const { done, value } = await this.#reader.read();
      if (done) break;
      if (value.length === 0) continue;
      this.#total += value.length;
      if (this.#total > this.#maxBytes) throw tooLarge(this.#maxBytes);
      return value;
    }
    this.#done = true;
    return null;
  }
}
