// The byte level of multipart.ts: finding delimiters in a stream of chunks
// without holding more than one chunk and a boundary's worth of bytes.
import { concatBytes } from '../http/bytes.ts';
import { MultipartError, parseHeaderBlock } from './multipart-headers.ts';

const CR = 0x0d;
const LF = 0x0a;
const DASH = 0x2d;
const HEADER_END = new Uint8Array([CR, LF, CR, LF]);

/**
 * The byte-level state machine over the source. `buf` holds what has been
 * read and not yet handed on; it starts with a CRLF so that a boundary at
 * the very start of the body matches the same `CRLF--boundary` delimiter as
 * every later one.
 */
export class Scanner {
  private buf: Uint8Array = new Uint8Array([CR, LF]);
  private partDone = true;

  constructor(
    private readonly reader: ReadableStreamDefaultReader<Uint8Array>,
    private readonly delimiter: Uint8Array,
    private readonly maxHeaderBytes: number,
  ) {}

  /** Appends the next non-empty source chunk; false at the end of the source. */
  private async more(): Promise<boolean> {
    for (;;) {
      const { done, value } = await this.reader.read();
      if (done) return false;
      if (value.length === 0) continue;
      this.buf = this.buf.length === 0 ? value : concatBytes([this.buf, value]);
      return true;
    }
  }

  /** Discards everything up to and including the first delimiter. */
  async skipPreamble(): Promise<void> {
    let discarded = 0;
    for (;;) {
      const at = indexOf(this.buf, this.delimiter, 0);
      if (at >= 0) {
        this.buf = this.buf.subarray(at + this.delimiter.length);
        return;
      }
      const keep = partialMatchStart(this.buf, this.delimiter);
      discarded += keep;
      this.buf = this.buf.subarray(keep);
      if (discarded > this.maxHeaderBytes) throw new MultipartError('The body does not start with the multipart boundary given in its Content-Type.');
      if (!(await this.more())) throw new MultipartError('The body has no multipart boundary: it is empty or not the form its Content-Type says.');
    }
  }

  /**
   * After a delimiter: true for the close delimiter (`--`), false when a
   * part follows (optional spaces or tabs, then CRLF, which is left in
   * `buf` to start the header block).
   */
  async atCloseDelimiter(): Promise<boolean> {
    let at = 0;
    for (;;) {
      while (at + 2 > this.buf.length)
        if (!(await this.more())) throw new MultipartError('The body ends right after a boundary, without the closing boundary.');
      if (at === 0 && this.buf[0] === DASH && this.buf[1] === DASH) return true;
      const byte = this.buf[at];
      if (byte === CR && this.buf[at + 1] === LF) {
        this.buf = this.buf.subarray(at);
        return false;
      }
      if ((byte !== 0x20 && byte !== 0x09) || at >= this.maxHeaderBytes)
        throw new MultipartError('A multipart boundary line is malformed (the boundary is followed by other text).');
      at++;
    }
  }

  /** The header block of the part that starts at `buf` (CRLF, header lines, CRLF CRLF), names lowercased. */
  async readHeaders(): Promise<Map<string, string>> {
    // The block between the leading CRLF and the blank line is at most
    // maxHeaderBytes, so the blank line starts at or before maxHeaderBytes + 2.
    const limit = this.maxHeaderBytes + 3;
    let from = 0;
    for (;;) {
      const at = indexOf(this.buf, HEADER_END, from, limit);
      if (at >= 0) {
        const block = new TextDecoder().decode(this.buf.subarray(2, Math.max(2, at)));
        this.buf = this.buf.subarray(at + HEADER_END.length);
        this.partDone = false;
        return parseHeaderBlock(block);
      }
      if (this.buf.length >= limit - 1 + HEADER_END.length)
        throw new MultipartError(`A multipart part's headers are longer than ${this.maxHeaderBytes} bytes.`);
      from = Math.max(0, this.buf.length - HEADER_END.length + 1);
      if (!(await this.more())) throw new MultipartError("The body ends inside a part's headers, without the closing boundary.");
    }
  }

  /**
   * The next piece of the current part's body, or null at its end (the
   * delimiter after it is consumed). A piece is at most one source chunk
   * plus the few bytes held back from the previous one because they could
   * be the start of a delimiter.
   */
  async readBody(): Promise<Uint8Array | null> {
    for (;;) {
      if (this.partDone) return null;
      const at = indexOf(this.buf, this.delimiter, 0);
      if (at >= 0) {
        const piece = this.buf.subarray(0, at);
        this.buf = this.buf.subarray(at + this.delimiter.length);
        this.partDone = true;
        return piece.length > 0 ? piece : null;
      }
      const keep = partialMatchStart(this.buf, this.delimiter);
      const piece = this.buf.subarray(0, keep);
      this.buf = this.buf.subarray(keep);
      if (piece.length > 0) return piece;
      if (!(await this.more())) throw new MultipartError('The body ends inside a part, without the closing boundary: the upload was cut short.');
    }
  }

  /** Reads and drops the rest of the current part's body. */
  async skipBody(): Promise<void> {
    while ((await this.readBody()) !== null) {
      // dropped
    }
  }

  /** Stops reading the source; it is not needed any more. */
  async cancel(reason?: unknown): Promise<void> {
    this.buf = new Uint8Array(0);
    await this.reader.cancel(reason).catch(() => undefined);
  }
}

/** The first index of `needle` in `haystack` at or after `from`, starting before `limit`; -1 when absent. */
function indexOf(haystack: Uint8Array, needle: Uint8Array, from: number, limit = haystack.length): number {
  const first = needle[0];
  const last = Math.min(haystack.length - needle.length, limit - 1);
  for (let at = haystack.indexOf(first ?? 0, from); at >= 0 && at <= last; at = haystack.indexOf(first ?? 0, at + 1)) {
    let k = 1;
    while (k < needle.length && haystack[at + k] === needle[k]) k++;
    if (k === needle.length) return at;
  }
  return -1;
}

/**
 * Where the tail of `buf` that could be the start of `needle` begins
 * (`buf.length` when none could): the bytes before it are safe to hand on.
 */
function partialMatchStart(buf: Uint8Array, needle: Uint8Array): number {
  const first = needle[0] ?? 0;
  for (let at = buf.indexOf(first, Math.max(0, buf.length - needle.length + 1)); at >= 0; at = buf.indexOf(first, at + 1)) {
    let k = 1;
    while (at + k < buf.length && buf[at + k] === needle[k]) k++;
    if (at + k === buf.length) return at;
  }
  return buf.length;
}
