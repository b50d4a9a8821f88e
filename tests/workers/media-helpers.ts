import { env } from 'cloudflare:test';
import { runEditorRoute, type EditorRoute } from '../../src/http/route.ts';
import { ORIGIN } from './content-helpers.ts';

// Fixture files as Vite inlines them: binaries as base64 data URLs, SVGs as their exact text.
const binaries = import.meta.glob<string>('../fixtures/media/*.{jpg,png,gif,webp,avif,mp4,webm,mp3,ogg,wav,pdf}', {
  query: '?inline',
  import: 'default',
  eager: true,
});
const texts = import.meta.glob<string>('../fixtures/media/*.svg', { query: '?raw', import: 'default', eager: true });

/** The bytes of `tests/fixtures/media/<name>`. */
export async function fixture(name: string): Promise<Uint8Array> {
  const path = `../fixtures/media/${name}`;
  const text = texts[path];
  if (text !== undefined) return new TextEncoder().encode(text);
  const inline = binaries[path];
  if (inline === undefined) throw new Error(`No fixture ${name}`);
  return new Uint8Array(await (await fetch(inline)).arrayBuffer());
}

export interface UploadCall {
  alt?: string;
  caption?: string;
  scope?: string;
  /** Put the text fields after the file in the form. */
  fieldsLast?: boolean;
  editor?: string | null;
  origin?: string;
  /** The client's claimed type (never believed). */
  claimedType?: string;
  headers?: Record<string, string>;
}

/** Uploads bytes as a browser's FormData would. */
export async function upload(route: EditorRoute<Env>, name: string, bytes: Uint8Array, call: UploadCall = {}, path = '/api/cms/media'): Promise<Response> {
  const form = new FormData();
  const text = () => {
    for (const field of ['scope', 'alt', 'caption'] as const) if (call[field] !== undefined) form.append(field, call[field] as string);
  };
  if (!call.fieldsLast) text();
  form.append('file', new File([bytes as Uint8Array<ArrayBuffer>], name, { type: call.claimedType ?? 'image/png' }));
  if (call.fieldsLast) text();
  return runEditorRoute(route, new Request(`${ORIGIN}${path}`, { method: 'POST', body: form, headers: editorHeaders(call) }), env);
}

export function editorHeaders(call: { editor?: string | null; origin?: string; headers?: Record<string, string> }): Record<string, string> {
  const headers: Record<string, string> = { origin: call.origin ?? ORIGIN, 'x-publish': '1', ...call.headers };
  if (call.editor !== null) headers['x-editor'] = call.editor ?? 'ana';
  return headers;
}

/** A JSON request to a media route, as the site's own page sends it. */
export async function send(
  route: EditorRoute<Env>,
  method: string,
  path: string,
  body?: unknown,
  call: { editor?: string | null; origin?: string; publish?: boolean } = {},
): Promise<Response> {
  const headers = editorHeaders(call);
  if (call.publish === false) delete headers['x-publish'];
  const init: RequestInit = { method, headers };
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  return runEditorRoute(route, new Request(`${ORIGIN}${path}`, init), env);
}

/** Every object key in the bucket and every registry row: what a refused request must leave as it was. */
export async function everything(): Promise<{ objects: string[]; rows: Record<string, unknown>[] }> {
  const listed = await env.MEDIA.list();
  const { results } = await env.DB.prepare('SELECT * FROM media ORDER BY id').all<Record<string, unknown>>();
  return { objects: listed.objects.map((object) => object.key), rows: results };
}

/** Empties the bucket and the registry. */
export async function clearMedia(): Promise<void> {
  for (let listed = await env.MEDIA.list(); listed.objects.length > 0; listed = await env.MEDIA.list())
    await env.MEDIA.delete(listed.objects.map((object) => object.key));
  await env.DB.prepare('DELETE FROM media').run();
}

export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
  return [...digest].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

const CHUNK = 256 * 1024;

/**
 * A file of `size` bytes: `head` (a real file's start), then a counting
 * pattern, so a part stored twice, dropped or out of order changes the hash.
 */
export function syntheticFile(head: Uint8Array): { chunk(offset: number, length: number): Uint8Array } {
  return {
    chunk(offset, length) {
      const out = new Uint8Array(length);
      for (let i = 0; i < length; i++) {
        const at = offset + i;
        out[i] = at < head.length ? (head[at] as number) : (at * 31 + (at >>> 13)) & 0xff;
      }
      return out;
    },
  };
}

/**
 * A multipart upload whose body is a stream (no Content-Length unless
 * `contentLength` claims one), the file generated chunk by chunk.
 */
export function streamedUpload(
  file: { chunk(offset: number, length: number): Uint8Array },
  size: number,
  options: { contentLength?: number; path?: string; name?: string } = {},
): Request {
  const boundary = 'louise-test-boundary';
  const encoder = new TextEncoder();
  const prefix = encoder.encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${options.name ?? 'big.mp4'}"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const suffix = encoder.encode(`\r\n--${boundary}--\r\n`);
  let sent = -1;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent < 0) {
        controller.enqueue(prefix);
        sent = 0;
      } else if (sent < size) {
        const length = Math.min(CHUNK, size - sent);
        controller.enqueue(file.chunk(sent, length));
        sent += length;
      } else {
        controller.enqueue(suffix);
        controller.close();
      }
    },
  });
  const headers = editorHeaders({});
  headers['content-type'] = `multipart/form-data; boundary=${boundary}`;
  if (options.contentLength !== undefined) headers['content-length'] = String(options.contentLength);
  return new Request(`${ORIGIN}${options.path ?? '/api/cms/media'}`, { method: 'POST', body, headers });
}

/** The SHA-256 of a synthetic file, hashed as it is generated. */
export async function syntheticSha256(file: { chunk(offset: number, length: number): Uint8Array }, size: number): Promise<string> {
  const digest = new (crypto as unknown as { DigestStream: typeof DigestStream }).DigestStream('SHA-256');
  const writer = digest.getWriter();
  for (let offset = 0; offset < size; offset += CHUNK) await writer.write(file.chunk(offset, Math.min(CHUNK, size - offset)));
  await writer.close();
  return [...new Uint8Array(await digest.digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
