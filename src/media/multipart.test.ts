import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MultipartError, type MultipartPart, multipartBoundary, parseMultipart, readTextPart } from './multipart.ts';

const enc = new TextEncoder();
const B = '----LouiseBoundary7MA4YWxkTrZu0gW';

interface PartSpec {
  name: string;
  filename?: string;
  type?: string;
  body: Uint8Array | string;
}

/** A multipart/form-data body as a browser writes it. */
function form(boundary: string, parts: PartSpec[], { preamble = '', epilogue = '' } = {}): Uint8Array {
  const pieces: (Uint8Array | string)[] = [preamble];
  for (const part of parts) {
    pieces.push(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`);
    if (part.filename !== undefined) pieces.push(`; filename="${part.filename}"`);
    pieces.push('\r\n');
    if (part.type) pieces.push(`Content-Type: ${part.type}\r\n`);
    pieces.push('\r\n', part.body, '\r\n');
  }
  pieces.push(`--${boundary}--\r\n`, epilogue);
  return join(pieces.map((piece) => (typeof piece === 'string' ? enc.encode(piece) : piece)));
}

function join(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/** `bytes` cut before each of `cuts` (sorted, deduplicated, in range). */
function split(bytes: Uint8Array, cuts: number[]): Uint8Array[] {
  const points = [...new Set(cuts.filter((c) => c > 0 && c < bytes.length))].sort((a, b) => a - b);
  return [0, ...points].map((from, i) => bytes.subarray(from, points[i] ?? bytes.length));
}

function contains(haystack: Uint8Array, needle: Uint8Array): boolean {
  return haystack.some((_, at) => needle.every((byte, k) => haystack[at + k] === byte));
}

const everyByte = (bytes: Uint8Array) =>
  split(
    bytes,
    Array.from({ length: bytes.length }, (_, i) => i),
  );

/** A pull-based source over `chunks` that counts how many it has handed out. */
function source(chunks: Uint8Array[]): { stream: ReadableStream<Uint8Array>; pulled: () => number } {
  let next = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const chunk = chunks[next++];
        if (chunk) controller.enqueue(chunk);
        else controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled: () => next };
}

const streamOf = (chunks: Uint8Array[]) => source(chunks).stream;

async function readAll(body: ReadableStream<Uint8Array>, pieces?: Uint8Array[]): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return join(chunks);
    chunks.push(value);
    pieces?.push(value);
  }
}

interface Parsed {
  name: string;
  filename: string | null;
  contentType: string | null;
  body: Uint8Array;
}

async function parseAll(chunks: Uint8Array[], boundary = B, pieces?: Uint8Array[]): Promise<Parsed[]> {
  const out: Parsed[] = [];
  for await (const part of parseMultipart(streamOf(chunks), boundary)) {
    out.push({ name: part.name, filename: part.filename, contentType: part.contentType, body: await readAll(part.body, pieces) });
  }
  return out;
}

const bytesOf = (parts: PartSpec[]): Parsed[] =>
  parts.map((p) => ({
    name: p.name,
    filename: p.filename ?? null,
    contentType: p.type ?? null,
    body: typeof p.body === 'string' ? enc.encode(p.body) : p.body,
  }));

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

const allBytes = new Uint8Array(Array.from({ length: 512 }, (_, i) => i % 256));
const SAMPLE: PartSpec[] = [
  { name: 'alt', body: 'A red bicycle, leaning on a wall' },
  { name: 'caption', body: 'Été — “quoted” ✓' },
  { name: 'file', filename: 'photo.png', type: 'image/png', body: allBytes },
];

describe('multipartBoundary', () => {
  it.each([
    ['multipart/form-data; boundary=abc', 'abc'],
    ['multipart/form-data; boundary="abc"', 'abc'],
    ['Multipart/Form-Data; BOUNDARY=----WebKitFormBoundaryx7Yq', '----WebKitFormBoundaryx7Yq'],
    ['multipart/form-data; charset=utf-8; boundary="with space and :/?=.,+_()\'"', "with space and :/?=.,+_()'"],
    ['multipart/form-data;boundary=x;foo=bar', 'x'],
    [`multipart/form-data; boundary=${'a'.repeat(70)}`, 'a'.repeat(70)],
  ])('%s → %s', (header, boundary) => {
    expect(multipartBoundary(header)).toBe(boundary);
  });

  it.each([
    null,
    '',
    'text/plain; boundary=abc',
    'multipart/mixed; boundary=abc',
    'application/x-www-form-urlencoded',
    'multipart/form-data',
    'multipart/form-data; boundary=',
    'multipart/form-data; boundary=""',
    `multipart/form-data; boundary=${'a'.repeat(71)}`,
    'multipart/form-data; boundary="ends with space "',
    'multipart/form-data; boundary=a@b',
    'multipart/form-data; boundary="a;b"',
  ])('%s → null', (header) => {
    expect(multipartBoundary(header)).toBeNull();
  });
});

describe('parseMultipart: well-formed bodies', () => {
  it('reads text fields and a file, in order, with their headers', async () => {
    expect(await parseAll([form(B, SAMPLE)])).toEqual(bytesOf(SAMPLE));
  });

  it('gives the same parts when the body arrives one byte at a time', async () => {
    expect(await parseAll(everyByte(form(B, SAMPLE)))).toEqual(bytesOf(SAMPLE));
  });

  it('gives the same parts however the body is cut (random chunking, random parts and boundaries)', async () => {
    const boundaryArb = fc
      .array(fc.constantFrom(..."abcXYZ0129'()+_,-./:=? "), { minLength: 1, maxLength: 70 })
      .map((chars) => chars.join(''))
      .filter((b) => !b.endsWith(' '));
    const contentArb = fc.oneof(
      fc.uint8Array({ maxLength: 300 }),
      // Content built from the delimiter's own pieces, to land partial matches on chunk edges.
      fc.array(fc.constantFrom('\r', '\n', '-', '--', '\r\n', '\r\n--', 'x'), { maxLength: 40 }).map((s) => enc.encode(s.join(''))),
    );
    await fc.assert(
      fc.asyncProperty(
        boundaryArb,
        fc.array(fc.record({ name: fc.stringMatching(/^[a-z][a-z0-9_]{0,10}$/), body: contentArb, file: fc.boolean() }), { minLength: 1, maxLength: 5 }),
        fc.array(fc.nat(), { maxLength: 30 }),
        async (boundary, specs, cuts) => {
          const delimiter = enc.encode(`\r\n--${boundary}`);
          // What a sender guarantees (RFC 2046): the delimiter never occurs in a part's content.
          fc.pre(specs.every((s) => !contains(s.body, delimiter)));
          const parts: PartSpec[] = specs.map((s) =>
            s.file ? { name: s.name, filename: `${s.name}.bin`, type: 'application/octet-stream', body: s.body } : { name: s.name, body: s.body },
          );
          const body = form(boundary, parts);
          const chunks = split(
            body,
            cuts.map((c) => c % body.length),
          );
          const pieces: Uint8Array[] = [];
          expect(await parseAll(chunks, boundary, pieces)).toEqual(bytesOf(parts));
          const largest = Math.max(...chunks.map((c) => c.length));
          for (const piece of pieces) expect(piece.length).toBeLessThanOrEqual(largest + delimiter.length - 1);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps boundary-like text inside a part: a prefix of the delimiter, the boundary without its CRLF, at the start and at the end', async () => {
    const tricky = [
      `--${B}`,
      `x--${B}--`,
      `\r\n--${B.slice(0, -1)}`,
      `\r\n-${B}`,
      `\r\n ${B}`,
      `line\r\n--${B.slice(0, 10)}\r\n--`,
      `ends with CR\r`,
      `ends with CRLF\r\n`,
      `ends with a partial delimiter\r\n--${B.slice(0, 5)}`,
      '\r\n',
      '',
    ];
    const parts = tricky.map((body, i) => ({ name: `f${i}`, filename: `f${i}.txt`, body }));
    expect(await parseAll([form(B, parts)])).toEqual(bytesOf(parts));
    expect(await parseAll(everyByte(form(B, parts)))).toEqual(bytesOf(parts));
  });

  it('skips a preamble and an epilogue, allows spaces after a boundary and a close delimiter without CRLF', async () => {
    const body = enc.encode(
      `This is the preamble.\r\n--${B} \t\r\nContent-Disposition: form-data; name="a"\r\n\r\none\r\n--${B}\r\nContent-Disposition: form-data; name="b"\r\n\r\ntwo\r\n--${B}--`,
    );
    expect(await parseAll([body])).toEqual(
      bytesOf([
        { name: 'a', body: 'one' },
        { name: 'b', body: 'two' },
      ]),
    );
    const withEpilogue = form(B, [{ name: 'a', body: 'one' }], { epilogue: `trailing junk\r\n--${B}\r\nnot a part` });
    expect(await parseAll([withEpilogue])).toEqual(bytesOf([{ name: 'a', body: 'one' }]));
  });

  it('parses headers case-insensitively; quoted parameters with escapes and semicolons; filename* ignored; folded lines', async () => {
    const body = enc.encode(
      [
        `--${B}`,
        'CONTENT-DISPOSITION: Form-Data; NAME="file"; FILENAME="a \\"quoted\\" name; with semicolon.png"',
        'content-type:   image/png  ',
        '',
        'x',
        `--${B}`,
        "Content-Disposition: form-data; name=plain; filename*=UTF-8''caf%C3%A9.png",
        '',
        'y',
        `--${B}`,
        'Content-Disposition: form-data;',
        ' name="folded"; filename="été.txt"',
        '',
        'z',
        `--${B}--`,
      ].join('\r\n'),
    );
    expect(await parseAll([body])).toEqual([
      { name: 'file', filename: 'a "quoted" name; with semicolon.png', contentType: 'image/png', body: enc.encode('x') },
      { name: 'plain', filename: null, contentType: null, body: enc.encode('y') },
      { name: 'folded', filename: 'été.txt', contentType: null, body: enc.encode('z') },
    ]);
  });

  it('an empty form (only the close delimiter) has no parts', async () => {
    expect(await parseAll([enc.encode(`--${B}--\r\n`)])).toEqual([]);
  });
});

describe('parseMultipart: malformed bodies throw MultipartError', () => {
  const fails = async (chunks: Uint8Array[], pattern: RegExp, limits?: { maxParts?: number; maxHeaderBytes?: number }) => {
    const error = await rejection(
      (async () => {
        for await (const part of parseMultipart(streamOf(chunks), B, limits)) await readAll(part.body);
      })(),
    );
    expect(error).toBeInstanceOf(MultipartError);
    expect((error as Error).message).toMatch(pattern);
  };

  it('no closing boundary: cut inside a file, inside headers, right after a boundary', async () => {
    const whole = form(B, SAMPLE);
    const end = enc.encode(`\r\n--${B}--\r\n`).length;
    await fails([whole.subarray(0, whole.length - end - 10)], /without the closing boundary/);
    await fails(everyByte(whole.subarray(0, whole.length - end)), /without the closing boundary/);
    await fails([enc.encode(`--${B}\r\nContent-Disposition: form-`)], /inside a part's headers/);
    await fails([enc.encode(`--${B}`)], /right after a boundary/);
  });

  it('an empty body, a body without the boundary, LF-only line ends', async () => {
    await fails([], /no multipart boundary/);
    await fails([enc.encode('name=value&other=1')], /no multipart boundary/);
    // The first boundary matches (the body starts with it); the LF after it is not a line end.
    const lf = new TextDecoder().decode(form(B, SAMPLE)).replaceAll('\r\n', '\n');
    await fails([enc.encode(lf)], /boundary line is malformed/);
    await fails([enc.encode(`preamble\n${lf}`)], /no multipart boundary/);
  });

  it('a preamble longer than the header limit', async () => {
    await fails([enc.encode('x'.repeat(9000)), form(B, SAMPLE)], /does not start with the multipart boundary/);
  });

  it('text right after a boundary, a part without a form-data name, a header line without a colon', async () => {
    await fails([enc.encode(`--${B}X\r\n\r\n`)], /boundary line is malformed/);
    await fails([enc.encode(`--${B}\r\nContent-Type: text/plain\r\n\r\nx\r\n--${B}--`)], /no "Content-Disposition: form-data" header with a name/);
    await fails([enc.encode(`--${B}\r\nContent-Disposition: attachment; name="a"\r\n\r\nx\r\n--${B}--`)], /form-data/);
    await fails([enc.encode(`--${B}\r\nnonsense\r\n\r\nx\r\n--${B}--`)], /malformed header line/);
  });

  it('more than maxParts parts (default 20)', async () => {
    const parts = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `f${i}`, body: 'x' }));
    expect(await parseAll([form(B, parts(20))])).toHaveLength(20);
    await fails([form(B, parts(21))], /more than 20 parts/);
    await fails([form(B, parts(3))], /more than 2 parts/, { maxParts: 2 });
  });

  it('a header block over maxHeaderBytes (default 8 KiB), exactly at the limit passes', async () => {
    const withHeaders = (size: number) => {
      const start = 'Content-Disposition: form-data; name="a"\r\nX-Pad: ';
      const block = start + 'p'.repeat(size - start.length);
      return enc.encode(`--${B}\r\n${block}\r\n\r\nbody\r\n--${B}--\r\n`);
    };
    expect(await parseAll([withHeaders(8192)])).toEqual(bytesOf([{ name: 'a', body: 'body' }]));
    expect(await parseAll(everyByte(withHeaders(8192)))).toHaveLength(1);
    await fails([withHeaders(8193)], /headers are longer than 8192 bytes/);
    await fails(everyByte(withHeaders(8193)), /headers are longer than 8192 bytes/);
    await fails([withHeaders(1_000_000)], /headers are longer than 8192 bytes/);
    await fails([withHeaders(200)], /headers are longer than 100 bytes/, { maxHeaderBytes: 100 });
  });

  it('keeps failing once failed, and errors the open part', async () => {
    const iterator = parseMultipart(streamOf([enc.encode(`--${B}\r\nContent-Disposition: form-data; name="a"\r\n\r\ncut`)]), B);
    const first = await iterator.next();
    expect(first.done).toBe(false);
    const part = first.value as MultipartPart;
    expect(await rejection(readAll(part.body))).toBeInstanceOf(MultipartError);
    expect(await rejection(iterator.next())).toBeInstanceOf(MultipartError);
  });

  it('passes a source error through unchanged (a size limit enforced by the caller)', async () => {
    class TooLarge extends Error {}
    let sent = false;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent) controller.error(new TooLarge('over the limit'));
        else controller.enqueue(form(B, SAMPLE).subarray(0, 200));
        sent = true;
      },
    });
    const parts = parseMultipart(stream, B);
    const error = await rejection(
      (async () => {
        for await (const part of parts) await readAll(part.body);
      })(),
    );
    expect(error).toBeInstanceOf(TooLarge);
  });

  it('refuses an invalid boundary argument', () => {
    expect(() => parseMultipart(streamOf([]), '')).toThrow(MultipartError);
    expect(() => parseMultipart(streamOf([]), 'x'.repeat(71))).toThrow(MultipartError);
  });
});

describe('parseMultipart: one source, parts in turn', () => {
  it('asking for the next part skips the unread rest of the current one, which then errors', async () => {
    const iterator = parseMultipart(streamOf(everyByte(form(B, SAMPLE))), B);
    const alt = (await iterator.next()).value as MultipartPart;
    const reader = alt.body.getReader();
    expect((await reader.read()).value).toEqual(enc.encode('A'));
    const caption = (await iterator.next()).value as MultipartPart;
    expect(caption.name).toBe('caption');
    expect(await rejection(reader.read())).toBeInstanceOf(MultipartError);
    const untouched = caption.body;
    const file = (await iterator.next()).value as MultipartPart;
    expect(await rejection(readAll(untouched))).toBeInstanceOf(MultipartError);
    expect(await readAll(file.body)).toEqual(allBytes);
    expect((await iterator.next()).done).toBe(true);
  });

  it('a cancelled body is skipped without error', async () => {
    const names: string[] = [];
    for await (const part of parseMultipart(streamOf([form(B, SAMPLE)]), B)) {
      names.push(part.name);
      await part.body.cancel();
    }
    expect(names).toEqual(['alt', 'caption', 'file']);
  });

  it('breaking out of the loop leaves the current part readable', async () => {
    let file: MultipartPart | undefined;
    for await (const part of parseMultipart(streamOf(everyByte(form(B, SAMPLE))), B)) {
      if (part.name === 'file') {
        file = part;
        break;
      }
      await part.body.cancel();
    }
    expect(await readAll(file!.body)).toEqual(allBytes);
  });

  it('reads nothing ahead: the source is pulled only as a part body is read', async () => {
    const { stream, pulled } = source(everyByte(form(B, SAMPLE)));
    const iterator = parseMultipart(stream, B);
    const alt = (await iterator.next()).value as MultipartPart;
    const before = pulled();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(pulled()).toBe(before);
    const reader = alt.body.getReader();
    await reader.read();
    expect(pulled()).toBe(before + 1);
  });
});

describe('readTextPart', () => {
  const first = async (chunks: Uint8Array[]) => (await parseMultipart(streamOf(chunks), B).next()).value as MultipartPart;

  it('decodes UTF-8, even split inside a character', async () => {
    expect(await readTextPart(await first(everyByte(form(B, [{ name: 'c', body: 'Été ✓ 🚲' }]))), 100)).toBe('Été ✓ 🚲');
  });

  it('accepts exactly maxBytes and refuses one more', async () => {
    expect(await readTextPart(await first([form(B, [{ name: 'alt', body: 'é'.repeat(5) }])]), 10)).toBe('ééééé');
    const error = await rejection(
      readTextPart(
        await first([
          form(B, [
            { name: 'alt', body: 'é'.repeat(5) },
            { name: 'x', body: '' },
          ]),
        ]),
        9,
      ),
    );
    expect(error).toBeInstanceOf(MultipartError);
    expect((error as Error).message).toBe('The form field "alt" is longer than 9 bytes.');
  });
});

describe('parseMultipart: a 50 MB file streams through in bounded pieces', () => {
  it('never hands on a piece larger than a source chunk plus a delimiter, nor reads ahead of the consumer', async () => {
    const CHUNK = 64 * 1024;
    const FILE = 50 * 1024 * 1024;
    const head = enc.encode(`--${B}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`);
    const tail = enc.encode(`\r\n--${B}\r\nContent-Disposition: form-data; name="alt"\r\n\r\nbig\r\n--${B}--\r\n`);
    const total = head.length + FILE + tail.length;
    // File byte i is (i * 7) & 0xff: every value, CR and LF included, and checkable without keeping the file.
    const byteAt = (offset: number) => {
      if (offset < head.length) return head[offset]!;
      if (offset < head.length + FILE) return ((offset - head.length) * 7) & 0xff;
      return tail[offset - head.length - FILE]!;
    };
    let produced = 0;
    const stream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (produced >= total) return controller.close();
          // Odd sizes, so pieces fall at every alignment.
          const size = Math.min(CHUNK - (produced % 13), total - produced);
          const chunk = new Uint8Array(size);
          for (let i = 0; i < size; i++) chunk[i] = byteAt(produced + i);
          produced += size;
          controller.enqueue(chunk);
        },
      },
      { highWaterMark: 0 },
    );

    const delimiter = `\r\n--${B}`.length;
    let largest = 0;
    let received = 0;
    let mismatches = 0;
    let alt = '';
    for await (const part of parseMultipart(stream, B)) {
      if (part.name === 'alt') {
        alt = await readTextPart(part, 100);
        continue;
      }
      const reader = part.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        largest = Math.max(largest, value.length);
        for (let i = 0; i < value.length; i += 997) if (value[i] !== (((received + i) * 7) & 0xff)) mismatches++;
        received += value.length;
        // Nothing is buffered beyond the chunk being handed on and a boundary's worth of bytes.
        expect(produced - (head.length + received)).toBeLessThanOrEqual(CHUNK + delimiter);
      }
    }
    expect(received).toBe(FILE);
    expect(mismatches).toBe(0);
    expect(largest).toBeLessThanOrEqual(CHUNK + delimiter - 1);
    expect(alt).toBe('big');
  }, 60_000);
});
