// PLACEHOLDER, replaced by helper A's multipart.ts (same signatures). Buffers the body: tests only.

/** Placeholder. */
export class MultipartError extends Error {}

/** Placeholder. */
export function multipartBoundary(contentType: string | null): string | null {
  if (!contentType || !/^multipart\/form-data\s*;/i.test(contentType)) return null;
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match ? (match[1] ?? match[2] ?? null) : null;
}

export interface Part {
  name: string;
  filename: string | null;
  contentType: string | null;
  body: ReadableStream<Uint8Array>;
}

function indexOf(haystack: Uint8Array, needle: Uint8Array, from: number): number {
  outer: for (let i = from; i <= haystack.length - needle.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/** Placeholder. */
export async function* parseMultipart(body: ReadableStream<Uint8Array>, boundary: string, _limits?: unknown): AsyncIterableIterator<Part> {
  const all = new Uint8Array(await new Response(body).arrayBuffer());
  const enc = new TextEncoder();
  const delim = enc.encode(`--${boundary}`);
  let pos = indexOf(all, delim, 0);
  if (pos < 0) throw new MultipartError('no boundary');
  for (;;) {
    pos += delim.length;
    if (all[pos] === 45 && all[pos + 1] === 45) return;
    pos += 2;
    const headEnd = indexOf(all, enc.encode('\r\n\r\n'), pos);
    if (headEnd < 0) throw new MultipartError('bad headers');
    const head = new TextDecoder().decode(all.subarray(pos, headEnd));
    const next = indexOf(all, enc.encode(`\r\n--${boundary}`), headEnd + 4);
    if (next < 0) throw new MultipartError('unterminated');
    const data = all.slice(headEnd + 4, next);
    const name = /name="([^"]*)"/.exec(head)?.[1] ?? '';
    const filename = /filename="([^"]*)"/.exec(head)?.[1] ?? null;
    const contentType = /content-type:\s*([^\r\n]+)/i.exec(head)?.[1] ?? null;
    yield { name, filename, contentType, body: new Response(data).body as ReadableStream<Uint8Array> };
    pos = next + 2;
  }
}

/** Placeholder. */
export async function readTextPart(part: Part, maxBytes: number): Promise<string> {
  const bytes = new Uint8Array(await new Response(part.body).arrayBuffer());
  if (bytes.length > maxBytes) throw new MultipartError(`${part.name} is over ${maxBytes} bytes`);
  return new TextDecoder().decode(bytes);
}
