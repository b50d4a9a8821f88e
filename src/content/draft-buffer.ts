/** The KV methods the write buffer uses. */
export type BufferKv = Pick<KVNamespace, 'get' | 'put' | 'delete'>;

/** Key of a page's buffered draft. */
export function bufferKey(collection: string, id: number): string {
  return `louise:draft:${collection}:${id}`;
}

/** KV accepts one write per second per key in production. */
export const BUFFER_WRITE_INTERVAL_MS = 1000;

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
  readonly #pending = new Map<string, Pending>();
  readonly #lastWrite = new Map<string, number>();

  constructor(kv: BufferKv, options: { intervalMs?: number } = {}) {
    this.#kv = kv;
    this.#interval = options.intervalMs ?? BUFFER_WRITE_INTERVAL_MS;
  }

  /** The buffered JSON value, or null (a queued delete reads as null). */
  async get<T>(key: string): Promise<T | null> {
    const pending = this.#pending.get(key);
    const text = pending ? pending.value : await this.#kv.get(key);
    return text === null ? null : (JSON.parse(text) as T);
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

const buffers = new WeakMap<object, DraftBuffer>();

/** The isolate's one `DraftBuffer` for a KV namespace, so coalescing spans requests. */
export function draftBuffer(kv: BufferKv | DraftBuffer): DraftBuffer {
  if (kv instanceof DraftBuffer) return kv;
  let buffer = buffers.get(kv);
  if (!buffer) {
    buffer = new DraftBuffer(kv);
    buffers.set(kv, buffer);
  }
  return buffer;
}

/** What the buffer holds for one page: a full snapshot. */
export interface BufferedDraft {
  data: Record<string, unknown>;
  savedAt: number;
  editorId: string | null;
}
