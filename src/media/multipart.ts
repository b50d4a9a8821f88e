// A streaming multipart/form-data parser (RFC 7578 over RFC 2046).
//
// Written here because the usual ones hold too much: Workers'
// `request.formData()` (and undici's in Node) reads the whole body into
// memory before returning, and @remix-run/multipart-parser, busboy-style
// wrappers and most fetch-era parsers buffer each part (or each file part up
// to a size) before handing it over. An upload may be a 100 MB video; here a
// part's body is a stream that pulls the request body chunk by chunk, so at
// any moment the parser holds one source chunk plus, at most, the bytes of a
// boundary that straddles two chunks.

import { MultipartError, parseHeaderValue } from './multipart-headers.ts';
import { readCapped } from '../http/bytes.ts';
import { Scanner } from './multipart-scanner.ts';

export { MultipartError };

/** One part of a multipart/form-data body, its headers parsed. */
export interface MultipartPart {
  /** The form field name (Content-Disposition `name`). */
  name: string;
  /** The file name for a file field, null for a plain field (`filename*` is ignored, as RFC 7578 says). */
  filename: string | null;
  /** The part's Content-Type header as sent (the client's claim, not checked), or null. */
  contentType: string | null;
  /** The part's content, streamed from the request body. */
  body: ReadableStream<Uint8Array>;
}

/** Limits on a multipart body; past them `parseMultipart` throws `MultipartError`. */
export interface MultipartLimits {
  /** Most parts in one body (default 20). */
  maxParts?: number;
  /** Most bytes of one part's header block, and of any preamble before the first boundary (default 8 KiB). */
  maxHeaderBytes?: number;
}

// RFC 2046 5.1.1: 1 to 70 of these characters, the last not a space.
const BOUNDARY = /^[0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?]$/;

/**
 * The boundary of a `multipart/form-data` Content-Type (quoted or not), or
 * null when the header is missing, is another type, or has no valid
 * boundary (RFC 2046: 1 to 70 characters from a small set).
 *
 * @example multipartBoundary('multipart/form-data; boundary=----x1') // '----x1'
 */
export function multipartBoundary(contentType: string | null): string | null {
  if (!contentType) return null;
  const [type, params] = parseHeaderValue(contentType);
  const boundary = params.get('boundary');
  return type === 'multipart/form-data' && boundary !== undefined && BOUNDARY.test(boundary) ? boundary : null;
}

/**
 * Reads a multipart/form-data body as a sequence of parts, in order,
 * without buffering them: each part's `body` streams straight from `body`.
 *
 * Read (or cancel) each part's body before asking for the next part: the
 * parts share one source, so asking for the next part skips whatever is
 * left of the current one, and that body then errors if read later.
 * Breaking out of a `for await` loop leaves the current part's body readable.
 *
 * Throws `MultipartError` (from the iterator, or from a part's body while it
 * is read) when the body is malformed: no opening or closing boundary, a
 * part without a form-data name, a header block over `maxHeaderBytes`, more
 * than `maxParts` parts. An error of the source stream itself (a size limit
 * the caller enforces by erroring it, a dropped connection) comes out
 * unchanged, so the caller can answer it as its own.
 *
 * @example
 * for await (const part of parseMultipart(request.body, boundary)) {
 *   if (part.name === 'file') await store(part.body);
 *   else fields[part.name] = await readTextPart(part, 2000);
 * }
 */
export function parseMultipart(body: ReadableStream<Uint8Array>, boundary: string, limits: MultipartLimits = {}): AsyncIterableIterator<MultipartPart> {
  if (!BOUNDARY.test(boundary)) throw new MultipartError("The multipart boundary is not valid (RFC 2046: 1 to 70 letters, digits or '()+_,-./:=? characters).");
  const maxParts = limits.maxParts ?? 20;
  const maxHeaderBytes = limits.maxHeaderBytes ?? 8 * 1024;
  const scanner = new Scanner(body.getReader(), new TextEncoder().encode(`\r\n--${boundary}`), maxHeaderBytes);
  // Every read of the shared source goes through this queue, so a part's
  // pending read and a call for the next part never interleave.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task);
    queue = run.catch(() => undefined);
    return run;
  };
  let started = false;
  let finished = false;
  let failure: unknown = null;
  let count = 0;
  let current: OpenPart | null = null;

  const fail = async (error: unknown): Promise<never> => {
    failure ??= error;
    finished = true;
    await scanner.cancel(error);
    throw failure;
  };

  const openPart = (headers: Map<string, string>): MultipartPart => {
    const [disposition, params] = parseHeaderValue(headers.get('content-disposition') ?? '');
    const name = params.get('name');
    if (disposition !== 'form-data' || name === undefined)
      throw new MultipartError('A multipart part has no "Content-Disposition: form-data" header with a name.');
    const part: OpenPart = { ended: false, controller: null };
    const stream = new ReadableStream<Uint8Array>(
      {
        start(controller) {
          part.controller = controller;
        },
        pull: (controller) =>
          serial(async () => {
            if (part.ended) return;
            try {
              const chunk = await scanner.readBody();
              if (chunk) controller.enqueue(chunk);
              else {
                part.ended = true;
                controller.close();
              }
            } catch (error) {
              part.ended = true;
              controller.error(error);
              await fail(error).catch(() => undefined);
            }
          }),
        // The rest is skipped when the next part is asked for; nothing more is read until then.
        cancel: () => {
          part.ended = true;
        },
      },
      // Pull only when the consumer reads: no chunk is read ahead.
      { highWaterMark: 0 },
    );
    current = part;
    return { name, filename: params.get('filename') ?? null, contentType: headers.get('content-type') ?? null, body: stream };
  };

  const next = (): Promise<IteratorResult<MultipartPart>> =>
    serial(async () => {
      if (failure) throw failure;
      if (finished) return { done: true, value: undefined };
      try {
        if (!started) {
          started = true;
          await scanner.skipPreamble();
        } else if (current) {
          const skipped = current;
          current = null;
          await scanner.skipBody();
          if (!skipped.ended) {
            skipped.ended = true;
            skipped.controller?.error(new MultipartError("This part was skipped: read each part's body before asking for the next part."));
          }
        }
        if (await scanner.atCloseDelimiter()) {
          finished = true;
          await scanner.cancel();
          return { done: true, value: undefined };
        }
        if (++count > maxParts) throw new MultipartError(`The form has more than ${maxParts} parts.`);
        return { done: false, value: openPart(await scanner.readHeaders()) };
      } catch (error) {
        return fail(error);
      }
    });

  return {
    next,
    return: () =>
      serial(async () => {
        if (!finished) {
          finished = true;
          // A part still open keeps its source so it can be read to its end.
          if (!current || current.ended) await scanner.cancel();
        }
        return { done: true, value: undefined };
      }),
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}

interface OpenPart {
  /** Read to its end, cancelled, skipped or failed: no more chunks for it. */
  ended: boolean;
  controller: ReadableStreamDefaultController<Uint8Array> | null;
}

/**
 * Reads a small text field (alt, caption) to a string, decoded as UTF-8.
 * Throws `MultipartError` when it is over `maxBytes`, without reading the
 * rest of it.
 */
export async function readTextPart(part: MultipartPart, maxBytes: number): Promise<string> {
  const bytes = await readCapped(part.body, maxBytes, () => new MultipartError(`The form field "${part.name}" is longer than ${maxBytes} bytes.`));
  return new TextDecoder().decode(bytes);
}
