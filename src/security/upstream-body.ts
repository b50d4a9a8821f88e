/** How much of an upstream body `readUpstreamBody` reads by default: 64 KiB. */
export const UPSTREAM_BODY_MAX_BYTES = 64 * 1024;

/**
 * The body as text, for error details and logs. Never throws: a body already
 * used, cut off or failing to decode yields what could be read (possibly '').
 * Reads at most `maxBytes` (default 64 KiB) and cancels the rest, so a huge or
 * endless answer cannot exhaust memory.
 */
export async function readUpstreamBody(res: Response, maxBytes: number = UPSTREAM_BODY_MAX_BYTES): Promise<string> {
  let reader: ReadableStreamDefaultReader<Uint8Array>;
  try {
    if (res.bodyUsed || res.body === null) return '';
    reader = res.body.getReader();
  } catch {
    return '';
  }
  const decoder = new TextDecoder();
  let text = '';
  let read = 0;
  try {
    while (read < maxBytes) {
      const { done, value } = await reader.read();
      if (done) return text + decoder.decode();
      const chunk = value.byteLength > maxBytes - read ? value.subarray(0, maxBytes - read) : value;
      read += chunk.byteLength;
      text += decoder.decode(chunk, { stream: true });
    }
    // Over the cap: stop the transfer. cancel() may reject on an errored stream.
    reader.cancel().catch(() => {});
    return text + decoder.decode();
  } catch {
    reader.cancel().catch(() => {});
    return text + decoder.decode();
  }
}
