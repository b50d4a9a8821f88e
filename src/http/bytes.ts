// Request bodies read into memory: only ever small ones, and never more than asked.

/** `chunks` copied end to end into one array of `size` bytes (their total length by default). */
export function concatBytes(chunks: readonly Uint8Array[], size = chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0)): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

/**
 * A stream read to its end into one array, refusing more than `maxBytes`:
 * past the cap it cancels the stream and throws `tooLarge()`, having held at
 * most `maxBytes` plus one chunk. A missing stream is no bytes.
 */
export async function readCapped(stream: ReadableStream<Uint8Array> | null, maxBytes: number, tooLarge: () => Error): Promise<Uint8Array<ArrayBuffer>> {
  if (!stream) return new Uint8Array(0);
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      // cancel() may reject on an errored stream; the refusal is what counts.
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return concatBytes(chunks, size);
}
