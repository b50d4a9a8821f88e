import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { serveMedia } from '../../src/media/serve.ts';

const ORIGIN = 'https://site.test';
const KEY = `${'a'.repeat(64)}.png`;
const BYTES = Uint8Array.from({ length: 100 }, (_, i) => i);
const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => serveMedia(new Request(`${ORIGIN}${path}`, { method, headers }), env);

beforeAll(async () => {
  await env.MEDIA.put(KEY, BYTES, { httpMetadata: { contentType: 'image/png' } });
  await env.MEDIA.put('uploads/b.pdf', 'pdf', { httpMetadata: { contentType: 'application/pdf' } });
});

describe('serveMedia', () => {
  it('streams an object with its type, ETag and the immutable, nosniff, sandboxed headers', async () => {
    const response = (await get(`/media/${KEY}`))!;
    expect(response.status).toBe(200);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(BYTES);
    const object = await env.MEDIA.head(KEY);
    const names = ['content-type', 'content-length', 'etag', 'cache-control', 'x-content-type-options', 'content-security-policy', 'accept-ranges'];
    expect(Object.fromEntries(names.map((name) => [name, response.headers.get(name)]))).toEqual({
      'content-type': 'image/png',
      'content-length': '100',
      etag: object!.httpEtag,
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'accept-ranges': 'bytes',
    });
    const pdf = (await get('/media/uploads/b.pdf'))!;
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(await pdf.text()).toBe('pdf');
  });

  it('answers a Range with 206 and exactly those bytes; past the end 416', async () => {
    const cases: [string, number, number][] = [
      ['bytes=10-19', 10, 19],
      ['bytes=90-', 90, 99],
      ['bytes=-5', 95, 99],
      ['bytes=95-500', 95, 99],
    ];
    for (const [range, start, end] of cases) {
      const response = (await get(`/media/${KEY}`, { range }))!;
      expect(response.status, range).toBe(206);
      expect(response.headers.get('content-range'), range).toBe(`bytes ${start}-${end}/100`);
      expect(response.headers.get('content-length'), range).toBe(String(end - start + 1));
      expect(new Uint8Array(await response.arrayBuffer()), range).toEqual(BYTES.slice(start, end + 1));
    }
    for (const range of ['bytes=100-', 'bytes=200-300', 'bytes=-0']) {
      const response = (await get(`/media/${KEY}`, { range }))!;
      expect(response.status, range).toBe(416);
      expect(response.headers.get('content-range')).toBe('bytes */100');
    }
    // Several ranges or nonsense: ignored, the whole file.
    for (const range of ['bytes=0-1,5-6', 'pages=1', 'bytes=9-3']) {
      const whole = (await get(`/media/${KEY}`, { range }))!;
      expect(whole.status, range).toBe(200);
      expect((await whole.arrayBuffer()).byteLength).toBe(100);
    }
  });

  it('HEAD: the headers without a body', async () => {
    const response = (await get(`/media/${KEY}`, {}, 'HEAD'))!;
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe('100');
    expect(response.headers.get('etag')).toBeTruthy();
    expect(await response.text()).toBe('');
  });

  it('304 for a matching If-None-Match, 200 for another', async () => {
    const first = (await get(`/media/${KEY}`))!;
    await first.arrayBuffer();
    const etag = first.headers.get('etag')!;
    const cached = (await get(`/media/${KEY}`, { 'if-none-match': etag }))!;
    expect(cached.status).toBe(304);
    expect(cached.headers.get('etag')).toBe(etag);
    expect(await cached.text()).toBe('');
    const fresh = (await get(`/media/${KEY}`, { 'if-none-match': '"other"' }))!;
    expect(fresh.status).toBe(200);
    expect((await fresh.arrayBuffer()).byteLength).toBe(100);
  });

  it('404 for an unknown or unsafe key, 405 for other methods, undefined outside its prefix', async () => {
    for (const path of [
      `/media/${'b'.repeat(64)}.png`,
      '/media/',
      '/media/a%2F..%2Fb.png',
      '/media/%2e%2e%2Fx',
      '/media//x.png',
      '/media/a/../b.png',
      '/media/%ff',
    ])
      expect((await get(path))!.status, path).toBe(404);
    expect((await get(`/media/${KEY}`, {}, 'POST'))!.status).toBe(405);
    expect((await get(`/media/${KEY}`, {}, 'DELETE'))!.headers.get('allow')).toBe('GET, HEAD');
    expect(await get('/api/cms/media')).toBeUndefined();
    const other = await serveMedia(new Request(`${ORIGIN}/files/${KEY}`), env, { prefix: '/files/' });
    expect(other?.status).toBe(200);
    await other?.arrayBuffer();
  });
});
