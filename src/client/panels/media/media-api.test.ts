import { describe, expect, it } from 'vitest';
import { fakeFetch, jsonResponse } from '../../core/fake-fetch.testing.ts';
import { createMediaApi, MAX_UPLOAD_BYTES, readAsset, type UploadRequest } from './media-api.ts';

const asset = {
  id: 7,
  url: '/media/ab12.png',
  key: 'ab12.png',
  type: 'image/png',
  bytes: 2048,
  width: 640,
  height: 480,
  alt: 'A red door',
  caption: '',
  createdAt: 1_700_000_000_000,
};

const json = jsonResponse;

/** An XMLHttpRequest stand-in: records what the upload sends, and answers when the test says. */
class FakeXhr {
  method = '';
  url = '';
  body: unknown = null;
  headers: Record<string, string> = {};
  withCredentials = false;
  status = 0;
  responseText = '';
  responseHeaders: Record<string, string> = {};
  upload: { onprogress: ((event: { loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  sent = false;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  getResponseHeader(name: string) {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }
  send(body: unknown) {
    this.body = body;
    this.sent = true;
  }
  respond(status: number, body: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.responseHeaders = headers;
    this.onload?.();
  }
}

function uploader(fetch?: typeof globalThis.fetch) {
  const requests: FakeXhr[] = [];
  const api = createMediaApi({
    apiBase: '/api/cms/',
    fetch: fetch ?? fakeFetch(() => json(500, {})).fetch,
    xhr: () => {
      const xhr = new FakeXhr();
      requests.push(xhr);
      return xhr as unknown as UploadRequest;
    },
  });
  return { api, requests };
}

const png = (name = 'door.png', size = 10) => new File([new Uint8Array(size)], name, { type: 'image/png' });

/** Starts an upload, answers it with `status`/`body`, and returns the answer and the request. */
async function uploadAnswer(status: number, body: unknown, headers?: Record<string, string>, name?: string) {
  const { api, requests } = uploader();
  const pending = api.upload(png(name));
  requests[0]!.respond(status, body, headers);
  return { answer: await pending, xhr: requests[0]! };
}

describe('createMediaApi: list', () => {
  it('asks for a page with the filters as query parameters and narrows the answer field by field', async () => {
    const { seen, fetch } = fakeFetch(() =>
      json(200, { items: [asset, { id: 8 }, { ...asset, id: 'cc.png', width: 'wide', alt: 3 }, null], nextCursor: 'n2' }),
    );
    const api = createMediaApi({ apiBase: '/api/cms', fetch });
    const answer = await api.list({ cursor: 'n1', type: 'image', q: 'door', limit: 24 });
    expect(seen[0]!.url).toBe('/api/cms/media?limit=24&cursor=n1&type=image&q=door');
    expect(seen[0]!.init.credentials).toBe('same-origin');
    expect(answer).toEqual({
      ok: true,
      value: { items: [asset, { ...asset, id: 'cc.png', width: null, alt: '' }], nextCursor: 'n2' },
    });
    await api.list();
    expect(seen[1]!.url).toBe('/api/cms/media');
  });

  it('reads a missing or empty cursor as the last page', async () => {
    const api = createMediaApi({ apiBase: '/api/cms', fetch: fakeFetch(() => json(200, { items: [], nextCursor: '' })).fetch });
    expect(await api.list()).toEqual({ ok: true, value: { items: [], nextCursor: null } });
  });

  it('says why a list failed: session ended, server error, no connection', async () => {
    const replies = [() => json(401, {}), () => json(503, {}), () => Promise.reject(new TypeError('Failed to fetch'))];
    const api = createMediaApi({ apiBase: '/api/cms', fetch: fakeFetch(() => replies.shift()!()).fetch });
    expect(await api.list()).toEqual({ ok: false, message: 'Your session has ended: sign in again in another tab.' });
    expect(await api.list()).toEqual({ ok: false, message: 'The server failed (503).' });
    expect(await api.list()).toEqual({ ok: false, message: 'The server could not be reached.' });
  });
});

describe('createMediaApi: upload', () => {
  it('posts the file and the optional fields as multipart with credentials, reporting progress, and answers the asset', async () => {
    const { api, requests } = uploader();
    const progress: Array<[number, number]> = [];
    const pending = api.upload(png(), { alt: 'A red door' }, (loaded, total) => progress.push([loaded, total]));
    const xhr = requests[0]!;
    expect(xhr).toMatchObject({ method: 'POST', url: '/api/cms/media', withCredentials: true, sent: true });
    expect(xhr.headers.accept).toBe('application/json');
    const form = xhr.body as FormData;
    expect((form.get('file') as File).name).toBe('door.png');
    expect(form.get('alt')).toBe('A red door');
    expect(form.has('caption')).toBe(false);
    xhr.upload.onprogress?.({ loaded: 5, total: 10 });
    xhr.upload.onprogress?.({ loaded: 10, total: 10 });
    xhr.respond(201, asset);
    expect(await pending).toEqual({ ok: true, value: asset });
    expect(progress).toEqual([
      [5, 10],
      [10, 10],
    ]);
  });

  it('takes a 200 (identical bytes already stored) as the stored asset', async () => {
    expect((await uploadAnswer(200, asset)).answer).toEqual({ ok: true, value: asset });
  });

  it('refuses a file over the limit before sending a byte', async () => {
    const { requests } = uploader();
    const api = createMediaApi({ apiBase: '/api/cms', maxBytes: 5, xhr: () => (requests.push(new FakeXhr()), requests.at(-1)) as unknown as UploadRequest });
    expect(await api.upload(png('big.png', 6))).toEqual({
      ok: false,
      message: 'big.png is too large: files may be at most 5 B. Make it smaller (compress or shorten it) and upload it again.',
    });
    expect(requests).toHaveLength(0);
    expect(MAX_UPLOAD_BYTES).toBe(100 * 1024 * 1024);
  });

  it('says for a 415 what the file was found to be and what to upload instead', async () => {
    const zip = await uploadAnswer(415, { error: 'unsupported_type', detected: 'application/zip', message: 'Not allowed.' });
    expect(zip.answer).toEqual({
      ok: false,
      message:
        'door.png cannot be uploaded: its content is application/zip. Upload an image (JPEG, PNG, GIF, WebP or AVIF), a video (MP4 or WebM), audio (MP3, OGG or WAV) or a PDF.',
    });
    const svg = await uploadAnswer(415, { error: 'unsupported_type', detected: 'image/svg+xml', message: 'SVG' }, undefined, 'logo.svg');
    expect(svg.answer).toEqual({
      ok: false,
      message: 'logo.svg is an SVG image, which cannot be uploaded (it can carry script): export it as PNG or WebP and upload that.',
    });
    const unknown = await uploadAnswer(415, { error: 'unsupported_type', detected: null });
    expect(unknown.answer).toMatchObject({ ok: false, message: expect.stringContaining('its type could not be recognised from its content') });
  });

  it('names the limit for a 413, from the server message or the default', async () => {
    const said = await uploadAnswer(413, { error: 'too_large', message: 'The file is over the 25 MB limit.' });
    expect(said.answer).toEqual({
      ok: false,
      message: 'door.png is too large: files may be at most 25 MB. Make it smaller (compress or shorten it) and upload it again.',
    });
    // Cloudflare answers an oversized body itself, with an HTML page.
    const edge = await uploadAnswer(413, '<html>413</html>', { 'content-type': 'text/html' });
    expect(edge.answer).toMatchObject({ ok: false, message: expect.stringContaining('at most 100 MB') });
  });

  it('passes on why an image was refused (422) and how long to wait after too many uploads (429)', async () => {
    const bad = await uploadAnswer(422, { error: 'invalid_image', message: 'Its size could not be read from its header.' });
    expect(bad.answer).toEqual({
      ok: false,
      message: 'door.png cannot be used as an image (Its size could not be read from its header): save it again as PNG, JPEG or WebP and upload that.',
    });
    const slow = await uploadAnswer(429, { error: 'rate_limited' }, { 'content-type': 'application/json', 'retry-after': '240' });
    expect(slow.answer).toEqual({ ok: false, message: 'door.png was not uploaded: too many uploads in a short time. Wait 4 minutes and upload it again.' });
    const soon = await uploadAnswer(429, { error: 'rate_limited' }, { 'retry-after': '20' });
    expect(soon.answer).toMatchObject({ message: expect.stringContaining('Wait 20 seconds') });
  });

  it('words other failures like every editor request, naming the file', async () => {
    expect((await uploadAnswer(400, { error: 'empty_file', message: 'The file is empty.' })).answer).toEqual({
      ok: false,
      message: 'door.png: The server refused the upload (400: The file is empty.).',
    });
    expect((await uploadAnswer(401, {})).answer).toEqual({ ok: false, message: 'door.png: Your session has ended: sign in again in another tab.' });
    expect((await uploadAnswer(502, 'Bad gateway', {})).answer).toEqual({ ok: false, message: 'door.png: The server failed (502).' });
    expect((await uploadAnswer(201, { id: 9 })).answer).toEqual({ ok: false, message: 'The server answered with something that is not a media asset.' });
  });

  it('says when no answer came: connection lost, timeout, stopped', async () => {
    for (const [event, message] of [
      ['onerror', 'The server could not be reached.'],
      ['ontimeout', 'The server took too long to answer.'],
      ['onabort', 'The upload was stopped.'],
    ] as const) {
      const { api, requests } = uploader();
      const pending = api.upload(png());
      requests[0]![event]?.();
      expect(await pending).toEqual({ ok: false, message });
    }
  });
});

describe('createMediaApi: patch and remove', () => {
  it('patches alt and caption by id and answers the stored asset', async () => {
    const { seen, fetch } = fakeFetch(() => json(200, { ...asset, alt: 'A blue door' }));
    const api = createMediaApi({ apiBase: '/api/cms', fetch });
    expect(await api.patch(7, { alt: 'A blue door' })).toEqual({ ok: true, value: { ...asset, alt: 'A blue door' } });
    expect(seen[0]!.url).toBe('/api/cms/media?id=7');
    expect(seen[0]!.init.method).toBe('PATCH');
    expect(JSON.parse(String(seen[0]!.init.body))).toEqual({ alt: 'A blue door' });
    expect((seen[0]!.init.headers as Record<string, string>)['content-type']).toBe('application/json');
  });

  it('escapes a key used as id and says why a patch was refused', async () => {
    const { seen, fetch } = fakeFetch(() => json(400, { error: 'unknown_field', message: 'PATCH writes alt and caption only: not key.' }));
    const api = createMediaApi({ apiBase: '/api/cms', fetch });
    expect(await api.patch('site/a b.png', { caption: 'x' })).toEqual({
      ok: false,
      message: 'The server refused the change (400: PATCH writes alt and caption only: not key.).',
    });
    expect(seen[0]!.url).toBe('/api/cms/media?id=site%2Fa%20b.png');
  });

  it('deletes by id; a 409 in_use lists the references, and force sends force=1', async () => {
    const replies = [
      () =>
        json(409, {
          error: 'in_use',
          message: 'In use.',
          references: [{ collection: 'pages', id: 3, field: 'hero' }, { collection: 'posts', id: '12', field: 'body' }, { collection: 1 }],
        }),
      () => new Response(null, { status: 204 }),
      () => json(404, { error: 'not_found', message: 'No such asset.' }),
    ];
    const { seen, fetch } = fakeFetch(() => replies.shift()!());
    const api = createMediaApi({ apiBase: '/api/cms', fetch });
    expect(await api.remove(7)).toEqual({
      ok: false,
      message: 'It is still used in 2 places.',
      references: [
        { collection: 'pages', id: 3, field: 'hero' },
        { collection: 'posts', id: 12, field: 'body' },
      ],
    });
    expect(await api.remove(7, true)).toEqual({ ok: true });
    expect(await api.remove(8)).toEqual({ ok: false, message: 'The server refused the delete (404: No such asset.).' });
    expect(seen.map((s) => `${s.init.method} ${s.url}`)).toEqual([
      'DELETE /api/cms/media?id=7',
      'DELETE /api/cms/media?id=7&force=1',
      'DELETE /api/cms/media?id=8',
    ]);
  });
});

describe('readAsset', () => {
  it('needs an id, a url and a key, and fills the rest with safe defaults', () => {
    expect(readAsset({ id: 1, url: '/media/a.pdf', key: 'a.pdf' })).toEqual({
      id: 1,
      url: '/media/a.pdf',
      key: 'a.pdf',
      type: '',
      bytes: 0,
      width: null,
      height: null,
      alt: '',
      caption: '',
      createdAt: 0,
    });
    for (const bad of [null, 'x', { id: 1, url: '', key: 'a' }, { id: '', url: '/a', key: 'a' }, { id: {}, url: '/a', key: 'a' }, { id: 1, url: '/a' }]) {
      expect(readAsset(bad)).toBeNull();
    }
  });
});
