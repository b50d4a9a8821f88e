import { reportDegraded } from '../security/degraded.ts';

/** The KV methods the write buffer uses. */
export type BufferKv = Pick<KVNamespace, 'get' | 'put' | 'delete'>;

/**
 * Key of a page's buffered draft.
 * @internal (not exported from any package entry)
 */
export function bufferKey(collection: string, id: number): string {
  return `louise:draft:${collection}:${id}`;
}

/**
 * KV accepts one write per second per key in production.
 * @internal (not exported from any package entry)
 */
export const BUFFER_WRITE_INTERVAL_MS = 1000;

/**
 * What the buffer holds for one page: a full snapshot.
 * @internal (not exported from any package entry)
 */
export interface BufferedDraft {
  data: Record<string, unknown>;
  savedAt: number;
  editorId: string | null;
}

/** Whether a parsed buffer value has the one part every reader uses: a `data` object. */
export function isBufferedDraft(value: unknown): value is BufferedDraft {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const data = (value as { data?: unknown }).data;
  return typeof data === 'object' && data !== null && !Array.isArray(data);
}

interface Pending {
  /** Newest value to write; null deletes. */
  value: string | null;
  done: Promise<void>;
}

/**
 * The write buffer over a KV namespace. Writes to one key are coalesced to
 * one per second: a write inside the window replaces the queued value and
 * shares its flush, so the newest value is the one written. Reads in this
 * isolate see a queued value before KV has it. Coalescing is per isolate;
 * KV itself is last-writer-wins across isolates.
 */
export class DraftBuffer {
  readonly #kv: BufferKv;
  readonly #interval: number;
  readonly #accept: (value: unknown) => boolean;
  readonly #pending = new Map<string, Pending>();
  readonly #lastWrite = new Map<string, number>();

  /** `accept` says which parsed values are valid (default: any JSON); others read as corrupt. */
  constructor(kv: BufferKv, options: { intervalMs?: number; accept?: (value: unknown) => boolean } = {}) {
    this.#kv = kv;
    this.#interval = options.intervalMs ?? BUFFER_WRITE_INTERVAL_MS;
    this.#accept = options.accept ?? (() => true);
  }

  /**
   * The buffered JSON value, or null (a queued delete reads as null). A value
   * that is not JSON or not accepted also reads as null, reported as
   * `editor.buffer` `corrupt`: throwing would fail every route of the page
   * until someone deleted the key, and the next put overwrites it anyway.
   */
  async get<T>(key: string): Promise<T | null> {
    const pending = this.#pending.get(key);
    const text = pending ? pending.value : await this.#kv.get(key);
    if (text === null) return null;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      value = CORRUPT;
    }
    if (value === CORRUPT || !this.#accept(value)) {
      // The key names the page; the value may hold draft text, so it stays out.
      reportDegraded('editor.buffer', { key, error: 'corrupt' });
      return null;
    }
    return value as T;
  }

  /** Queues a write; the promise settles once the value (or a newer one) is in KV. */
  put(key: string, value: unknown): Promise<void> {
    return this.#queue(key, JSON.stringify(value));
  }

  /** Queues a delete, replacing any queued write. */
  delete(key: string): Promise<void> {
    return this.#queue(key, null);
  }

  /** Whether the write of `key` waits for the window (the caller should `waitUntil` it). */
  isQueued(key: string): boolean {
    return this.#pending.has(key);
  }

  #queue(key: string, value: string | null): Promise<void> {
    const pending = this.#pending.get(key);
    if (pending) {
      pending.value = value;
      return pending.done;
    }
    const wait = Math.max(0, (this.#lastWrite.get(key) ?? -Infinity) + this.#interval - Date.now());
    const entry: Pending = { value, done: Promise.resolve() };
    this.#pending.set(key, entry);
    entry.done = (async () => {
      await new Promise((resolve) => setTimeout(resolve, wait));
      // Whatever is newest now is what lands; later writes queue a new entry.
      this.#pending.delete(key);
      this.#lastWrite.set(key, Date.now());
      if (entry.value === null) await this.#kv.delete(key);
      else await this.#kv.put(key, entry.value);
    })();
    return entry.done;
  }
}

const CORRUPT = Symbol('corrupt');
const buffers = new WeakMap<object, DraftBuffer>();

/**
 * The isolate's one `DraftBuffer` of page drafts for a KV namespace, so
 * coalescing spans requests. It holds {@link BufferedDraft}s: any other value
 * under a key reads as no buffer (see `get`).
 * @internal (not exported from any package entry)
 */
export function draftBuffer(kv: BufferKv | DraftBuffer): DraftBuffer {
  if (kv instanceof DraftBuffer) return kv;
  let buffer = buffers.get(kv);
  if (!buffer) {
    buffer = new DraftBuffer(kv, { accept: isBufferedDraft });
    buffers.set(kv, buffer);
  }
  return buffer;
}
