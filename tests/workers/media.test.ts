import { env } from 'cloudflare:test';
import type { MediaAsset } from '../../src/media/asset.ts';
import { beforeEach, describe, expect, it } from 'vitest';
import { mediaRoute } from '../../src/media/media-route.ts';
import { MAX_UPLOAD_BYTES, PART_BYTES } from '../../src/media/store.ts';
import { runEditorRoute } from '../../src/http/route.ts';
import { durableRateLimitStorage } from '../../src/security/durable-rate-limit.ts';
import { headerEditor, ORIGIN } from './content-helpers.ts';
import { clearMedia, everything, fixture, send, sha256Hex, streamedUpload, syntheticFile, syntheticSha256, upload } from './media-helpers.ts';

const api = mediaRoute<Env>({ resolveEditor: headerEditor });

/** An asset as this route answers it (`MediaAsset`, with its id type). */
type Asset = MediaAsset & { id: number };

beforeEach(clearMedia);

describe('mediaRoute upload: every allowed type, from a real file', () => {
  const allowed: [file: string, type: string, width: number | null, height: number | null][] = [
    ['photo.jpg', 'image/jpeg', 40, 30],
    // Stored 40x20 with EXIF orientation 6: shown (and recorded) 20x40.
    ['rotated.jpg', 'image/jpeg', 20, 40],
    ['pixel.png', 'image/png', 1, 1],
    ['anim.gif', 'image/gif', 16, 12],
    ['photo.webp', 'image/webp', 48, 32],
    ['photo.avif', 'image/avif', 36, 24],
    ['clip.mp4', 'video/mp4', null, null],
    ['clip.webm', 'video/webm', null, null],
    ['tone.mp3', 'audio/mpeg', null, null],
    ['tone.ogg', 'audio/ogg', null, null],
    ['tone.wav', 'audio/wav', null, null],
    ['doc.pdf', 'application/pdf', null, null],
  ];
  for (const [file, type, width, height] of allowed) {
    it(`${file}: 201 as ${type}, measured, stored under its hash with its type, registered`, async () => {
      const bytes = await fixture(file);
      const response = await upload(api, file, bytes, { alt: 'An alt', caption: 'A caption', claimedType: 'text/html' });
      expect(response.status).toBe(201);
      const asset = (await response.json()) as Asset;
      const sha = await sha256Hex(bytes);
      expect(Object.keys(asset).sort()).toEqual(['alt', 'bytes', 'caption', 'createdAt', 'height', 'id', 'key', 'type', 'url', 'width']);
      expect(asset).toMatchObject({ type, width, height, bytes: bytes.length, alt: 'An alt', caption: 'A caption' });
      expect(asset.key).toMatch(new RegExp(`^${sha}\\.[a-z0-9]+$`));
      expect(asset.url).toBe(`/media/${asset.key}`);
      expect(Math.abs(asset.createdAt - Date.now())).toBeLessThan(60_000);
      const object = await env.MEDIA.get(asset.key);
      expect(object?.httpMetadata?.contentType).toBe(type);
      expect(new Uint8Array(await object!.arrayBuffer())).toEqual(bytes);
      const { rows } = await everything();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ id: asset.id, key: asset.key, type, sha256: sha, filename: file, uploaded_by: 'ana', width, height });
    });
  }

  it('identical bytes twice: one object, one row, 200 with the first asset the second time', async () => {
    const bytes = await fixture('photo.jpg');
    const first = (await (await upload(api, 'a.jpg', bytes, { alt: 'first' })).json()) as Asset;
    const again = await upload(api, 'b.jpg', bytes, { alt: 'second' });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(first);
    const { objects, rows } = await everything();
    expect(objects).toEqual([first.key]);
    expect(rows).toHaveLength(1);
  });

  it('identical bytes uploaded at the same time: one 201, one 200, one object, one row', async () => {
    const bytes = await fixture('photo.webp');
    const responses = await Promise.all([upload(api, 'a.webp', bytes), upload(api, 'b.webp', bytes), upload(api, 'c.webp', bytes)]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 200, 201]);
    const ids = new Set(await Promise.all(responses.map(async (response) => ((await response.json()) as Asset).id)));
    expect(ids.size).toBe(1);
    const { objects, rows } = await everything();
    expect(objects).toHaveLength(1);
    expect(rows).toHaveLength(1);
  });

  it('takes alt and caption after the file too, normalized to one line', async () => {
    const response = await upload(api, 'p.png', await fixture('pixel.png'), { alt: 'line\r\none\u202e', caption: 'cap', fieldsLast: true });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ alt: 'line one', caption: 'cap' });
  });
});

describe('mediaRoute upload: refused files store nothing', () => {
  const refused: [file: string, status: number, error: string, detected?: string | null][] = [
    // GIF89a then script: a GIF whose "size" is the script's bytes (29500x29283), refused when measured.
    ['polyglot.gif', 422, 'invalid_image'],
    ['page.png', 415, 'unsupported_type', 'text/html'],
    ['truncated.png', 422, 'invalid_image'],
    ['script.svg', 415, 'unsupported_type', 'image/svg+xml'],
    ['onload.svg', 415, 'unsupported_type', 'image/svg+xml'],
    ['foreign.svg', 415, 'unsupported_type', 'image/svg+xml'],
    ['href.svg', 415, 'unsupported_type', 'image/svg+xml'],
    ['benign.svg', 415, 'unsupported_type', 'image/svg+xml'],
    ['empty.png', 400, 'empty_file'],
    // 100000x100000 declared in a 65-byte PNG: refused from its header, never decoded.
    ['bomb.png', 422, 'invalid_image'],
  ];
  for (const [file, status, error, detected] of refused) {
    it(`${file}: ${status} ${error}`, async () => {
      const response = await upload(api, file, await fixture(file), { alt: 'x', claimedType: 'image/png' });
      expect(response.status).toBe(status);
      const body = (await response.json()) as { error: string; detected?: string | null; message: string };
      expect(body.error).toBe(error);
      expect(body.message.length).toBeGreaterThan(10);
      if (status === 415) expect(body).toEqual({ error, detected, message: body.message });
      if (file.endsWith('.svg')) expect(body.message).toMatch(/PNG or WebP/);
      expect(await everything()).toEqual({ objects: [], rows: [] });
    });
  }

  it('413 from Content-Length before reading, naming the limit in MB', async () => {
    const small = mediaRoute<Env>({ resolveEditor: headerEditor, maxBytes: 1024 * 1024 });
    const request = streamedUpload(syntheticFile(await fixture('clip.mp4')), 2 * 1024 * 1024, { contentLength: 2 * 1024 * 1024 + 200 });
    const response = await runEditorRoute(small, request, env);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: 'too_large', message: 'The file is larger than the upload limit of 1 MB.' });
    expect((await runEditorRoute(api, streamedUpload(syntheticFile(new Uint8Array()), 10, { contentLength: MAX_UPLOAD_BYTES + 70_000 }), env)).status).toBe(
      413,
    );
    expect(await everything()).toEqual({ objects: [], rows: [] });
  });

  it('413 while streaming a one-part file when Content-Length is absent or lies', async () => {
    const small = mediaRoute<Env>({ resolveEditor: headerEditor, maxBytes: 1024 * 1024 });
    const file = syntheticFile(await fixture('clip.mp4'));
    for (const contentLength of [undefined, 1000]) {
      const response = await runEditorRoute(small, streamedUpload(file, 3 * 1024 * 1024, contentLength === undefined ? {} : { contentLength }), env);
      expect(response.status).toBe(413);
      expect(((await response.json()) as { message: string }).message).toContain('1 MB');
    }
    expect(await everything()).toEqual({ objects: [], rows: [] });
  });

  it('413 while streaming a multipart upload past the limit: the upload is aborted, nothing stays', async () => {
    const limit = 2 * PART_BYTES + 1024;
    const small = mediaRoute<Env>({ resolveEditor: headerEditor, maxBytes: limit });
    const size = 3 * PART_BYTES;
    // The real bucket, with the multipart uploads it starts noted down.
    const started: { key: string; uploadId: string }[] = [];
    const MEDIA = new Proxy(env.MEDIA, {
      get(target, prop) {
        if (prop !== 'createMultipartUpload') return Reflect.get(target, prop, target).bind(target);
        return async (key: string, options: R2MultipartOptions) => {
          const upload = await target.createMultipartUpload(key, options);
          started.push({ key: upload.key, uploadId: upload.uploadId });
          return upload;
        };
      },
    });
    const response = await runEditorRoute(small, streamedUpload(syntheticFile(await fixture('clip.mp4')), size), { ...env, MEDIA });
    expect(response.status).toBe(413);
    expect(await everything()).toEqual({ objects: [], rows: [] });
    expect(started).toHaveLength(1);
    // Aborted: R2 no longer knows the upload.
    const resumed = env.MEDIA.resumeMultipartUpload(started[0]!.key, started[0]!.uploadId);
    await expect(resumed.uploadPart(1, new Uint8Array(10))).rejects.toThrow();
  });

  it('400 invalid_body for a body that is not multipart, has no file, or two files', async () => {
    const json = await send(api, 'POST', '/api/cms/media', { file: 'x' });
    expect(json.status).toBe(400);
    expect(((await json.json()) as { error: string }).error).toBe('invalid_body');
    const form = new FormData();
    form.append('alt', 'no file');
    const noFile = await runEditorRoute(
      api,
      new Request(`${ORIGIN}/api/cms/media`, { method: 'POST', body: form, headers: { origin: ORIGIN, 'x-editor': 'ana' } }),
      env,
    );
    expect(noFile.status).toBe(400);
    expect(((await noFile.json()) as { error: string }).error).toBe('invalid_body');
    const two = new FormData();
    two.append('file', new File([(await fixture('pixel.png')) as Uint8Array<ArrayBuffer>], 'a.png'));
    two.append('file', new File([(await fixture('photo.jpg')) as Uint8Array<ArrayBuffer>], 'b.jpg'));
    const twice = await runEditorRoute(
      api,
      new Request(`${ORIGIN}/api/cms/media`, { method: 'POST', body: two, headers: { origin: ORIGIN, 'x-editor': 'ana' } }),
      env,
    );
    expect(twice.status).toBe(400);
    expect(await everything()).toEqual({ objects: [], rows: [] });
  });

  it('a refusal after the file was stored (an alt too long, after the file) removes it again', async () => {
    const response = await upload(api, 'p.png', await fixture('pixel.png'), { alt: 'a'.repeat(1001), fieldsLast: true });
    expect(response.status).toBe(400);
    expect(await everything()).toEqual({ objects: [], rows: [] });
  });

  it('401 without a session, 403 cross-origin: nothing read, nothing stored', async () => {
    const bytes = await fixture('pixel.png');
    expect((await upload(api, 'p.png', bytes, { editor: null })).status).toBe(401);
    const cross = await upload(api, 'p.png', bytes, { origin: 'https://evil.test' });
    expect(cross.status).toBe(403);
    expect(await everything()).toEqual({ objects: [], rows: [] });
    expect((await send(api, 'GET', '/api/cms/media', undefined, { editor: null })).status).toBe(401);
    const put = await send(api, 'PUT', '/api/cms/media', {});
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, POST, PATCH, DELETE');
  });

  it('503 saying how to bind the bucket when MEDIA is missing', async () => {
    const { MEDIA: _media, ...rest } = env;
    const response = await runEditorRoute(api, new Request(`${ORIGIN}/api/cms/media`, { headers: { 'x-editor': 'ana' } }), rest as unknown as Env);
    expect(response.status).toBe(503);
    expect(((await response.json()) as { message: string }).message).toMatch(/R2 binding named MEDIA.*wrangler/);
  });

  it('429 with retry-after once an editor is over the upload limit; other editors go on', async () => {
    const limited = mediaRoute<Env>({
      resolveEditor: headerEditor,
      limiter: (e) => durableRateLimitStorage(e.RATE_LIMITER),
      uploadLimit: { limit: 2, windowSec: 60 },
    });
    const editor = `limit-${crypto.randomUUID()}`;
    const bytes = await fixture('pixel.png');
    expect((await upload(limited, 'p.png', bytes, { editor })).status).toBe(201);
    expect((await upload(limited, 'p.png', bytes, { editor })).status).toBe(200);
    const before = await everything();
    const blocked = await upload(limited, 'j.jpg', await fixture('photo.jpg'), { editor });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await blocked.json()) as { error: string }).error).toBe('rate_limited');
    expect(await everything()).toEqual(before);
    expect((await upload(limited, 'j.jpg', await fixture('photo.jpg'), { editor: `other-${crypto.randomUUID()}` })).status).toBe(201);
  });
});

describe('mediaRoute upload: a file larger than one part', () => {
  it('streams a 20 MiB MP4 as an R2 multipart upload and stores it whole', async () => {
    const size = 20 * 1024 * 1024;
    const file = syntheticFile(await fixture('clip.mp4'));
    const expected = await syntheticSha256(file, size);
    const response = await runEditorRoute(api, streamedUpload(file, size, { name: 'big.mp4' }), env);
    expect(response.status).toBe(201);
    const asset = (await response.json()) as Asset;
    expect(asset).toMatchObject({ type: 'video/mp4', bytes: size, width: null, height: null });
    expect(asset.key).toMatch(/^[0-9a-f]{32}\.mp4$/);
    const object = await env.MEDIA.get(asset.key);
    expect(object?.size).toBe(size);
    expect(object?.httpMetadata?.contentType).toBe('video/mp4');
    expect(await sha256Hex(new Uint8Array(await object!.arrayBuffer()))).toBe(expected);
    const { rows } = await everything();
    expect(rows).toMatchObject([{ sha256: expected, bytes: size, key: asset.key, filename: 'big.mp4' }]);

    // The same bytes again: answered with the first asset, the second object deleted.
    const again = await runEditorRoute(api, streamedUpload(file, size), env);
    expect(again.status).toBe(200);
    expect(((await again.json()) as Asset).id).toBe(asset.id);
    expect((await everything()).objects).toEqual([asset.key]);
  });

  it('stores a file of exactly two parts (no empty last part)', async () => {
    const size = 2 * PART_BYTES;
    const file = syntheticFile(await fixture('clip.webm'));
    const response = await runEditorRoute(api, streamedUpload(file, size), env);
    expect(response.status).toBe(201);
    const asset = (await response.json()) as Asset;
    expect(asset.type).toBe('video/webm');
    expect((await everything()).rows).toMatchObject([{ sha256: await syntheticSha256(file, size) }]);
  });
});

describe('mediaRoute list, PATCH', () => {
  async function seed(): Promise<Asset[]> {
    const files: [string, string, string][] = [
      ['photo.jpg', 'Sunset_over 100%', ''],
      ['pixel.png', 'dot', 'A tiny PIXEL'],
      ['clip.mp4', '', 'clip caption'],
      ['tone.mp3', 'beep', ''],
      ['doc.pdf', 'report', 'yearly'],
    ];
    const assets: Asset[] = [];
    for (const [file, alt, caption] of files) assets.push((await (await upload(api, file, await fixture(file), { alt, caption })).json()) as Asset);
    return assets;
  }
  const list = async (query: string) => {
    const response = await send(api, 'GET', `/api/cms/media${query}`);
    expect(response.status).toBe(200);
    return (await response.json()) as { items: Asset[]; nextCursor: string | null };
  };

  it('pages newest first with a cursor, and filters by kind, MIME type and text', async () => {
    const assets = await seed();
    const newestFirst = [...assets].reverse().map((asset) => asset.id);
    const first = await list('?limit=2');
    expect(first.items.map((asset) => asset.id)).toEqual(newestFirst.slice(0, 2));
    const second = await list(`?limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((asset) => asset.id)).toEqual(newestFirst.slice(2, 4));
    const last = await list(`?limit=2&cursor=${second.nextCursor}`);
    expect(last).toEqual({ items: [expect.objectContaining({ id: newestFirst[4] })], nextCursor: null });

    expect((await list('?type=image')).items.map((asset) => asset.type)).toEqual(['image/png', 'image/jpeg']);
    expect((await list('?type=audio')).items.map((asset) => asset.type)).toEqual(['audio/mpeg']);
    expect((await list('?type=pdf')).items.map((asset) => asset.type)).toEqual(['application/pdf']);
    expect((await list('?type=image%2Fjpeg')).items.map((asset) => asset.type)).toEqual(['image/jpeg']);
    expect((await list('?q=pixel')).items.map((asset) => asset.alt)).toEqual(['dot']);
    expect((await list('?q=tone.MP3')).items.map((asset) => asset.alt)).toEqual(['beep']);
    // LIKE wildcards in q are literal.
    expect((await list('?q=100%25')).items.map((asset) => asset.alt)).toEqual(['Sunset_over 100%']);
    expect((await list('?q=_')).items.map((asset) => asset.alt)).toEqual(['Sunset_over 100%']);
    expect((await list('?q=%25')).items).toHaveLength(1);
    expect((await list('?q=caption&type=video')).items).toHaveLength(1);
    expect((await list('?q=nothing-matches')).items).toEqual([]);
    for (const bad of ['?limit=0', '?limit=101', '?cursor=abc', '?type=nope', `?q=${'x'.repeat(201)}`])
      expect((await send(api, 'GET', `/api/cms/media${bad}`)).status).toBe(400);
  });

  it('PATCH sets alt and caption, normalized; any other key is 400 unknown_field and writes nothing', async () => {
    const [asset] = await seed();
    const patched = await send(api, 'PATCH', `/api/cms/media?id=${asset!.id}`, { alt: 'New\nalt', caption: 'New caption' });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toEqual({ ...asset, alt: 'New alt', caption: 'New caption' });
    const captionOnly = await send(api, 'PATCH', `/api/cms/media?id=${asset!.id}`, { caption: 'Only' });
    expect(await captionOnly.json()).toEqual({ ...asset, alt: 'New alt', caption: 'Only' });
    const before = await everything();
    const refused = await send(api, 'PATCH', `/api/cms/media?id=${asset!.id}`, { alt: 'sneaky', key: 'other.png', width: 1 });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: 'unknown_field', fields: ['key', 'width'] });
    for (const body of [{ alt: 'a'.repeat(1001) }, { caption: 5 }, {}, []])
      expect((await send(api, 'PATCH', `/api/cms/media?id=${asset!.id}`, body)).status).toBe(400);
    expect(await everything()).toEqual(before);
    expect((await send(api, 'PATCH', '/api/cms/media?id=999999', { alt: 'x' })).status).toBe(404);
    expect((await send(api, 'PATCH', `/api/cms/media?id=${asset!.id}`, { alt: 'x' }, { origin: 'https://evil.test' })).status).toBe(403);
    expect((await send(api, 'PATCH', `/api/cms/media?id=${asset!.id}`, { alt: 'x' }, { editor: null })).status).toBe(401);
    expect(await everything()).toEqual(before);
  });
});
