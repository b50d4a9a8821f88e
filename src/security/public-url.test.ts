import { describe, expect, it } from 'vitest';
import { BlockedUrlError, fetchPublicUrl } from './public-url.ts';
import { UpstreamError, type FetchFn } from './upstream.ts';

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string;
  redirect: string;
}

/** A fake web: answers by exact URL and records every request as the network would see it. */
function fakeWeb(routes: Record<string, (req: Request) => Response | Promise<Response>>) {
  const calls: Call[] = [];
  const fetch: FetchFn = async (input, init) => {
    const req = new Request(input, init);
    const headers: Record<string, string> = {};
    req.headers.forEach((value, name) => {
      headers[name] = value;
    });
    calls.push({ url: req.url, method: req.method, headers, body: await req.text(), redirect: init?.redirect ?? '' });
    const route = routes[req.url];
    if (!route) throw new TypeError(`fetch failed: no route to ${req.url}`);
    return route(req);
  };
  return { fetch, calls };
}

const to = (status: number, location: string) => () => new Response(null, { status, headers: { location } });
const ok =
  (text = 'ok') =>
  () =>
    new Response(text);

describe('fetchPublicUrl', () => {
  it('fetches a public URL in manual redirect mode', async () => {
    const web = fakeWeb({ 'https://example.com/page': ok('hello') });
    const res = await fetchPublicUrl('https://example.com/page', { fetch: web.fetch });
    expect(await res.text()).toBe('hello');
    expect(web.calls).toMatchObject([{ url: 'https://example.com/page', method: 'GET', redirect: 'manual' }]);
  });

  it('refuses a blocked first URL without any request', async () => {
    const web = fakeWeb({});
    const error = await fetchPublicUrl('https://169.254.169.254/latest/meta-data/', { fetch: web.fetch }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BlockedUrlError);
    expect(error).toMatchObject({ hop: 0, reason: 'IP address hosts are not allowed' });
    expect(web.calls).toHaveLength(0);
  });

  it('sends the normalized URL it checked, not the raw input', async () => {
    const web = fakeWeb({ 'https://example.com/@127.0.0.1/': ok() });
    await fetchPublicUrl('https://EXAMPLE.com:443\\@127.0.0.1/', { fetch: web.fetch });
    expect(web.calls.map((c) => c.url)).toEqual(['https://example.com/@127.0.0.1/']);
  });

  it('follows GET redirects, absolute and relative, up to the default of 3', async () => {
    const web = fakeWeb({
      'https://a.example.com/1': to(301, 'https://b.example.com/2'),
      'https://b.example.com/2': to(302, '/3'),
      'https://b.example.com/3': to(307, 'https://c.example.com/4'),
      'https://c.example.com/4': ok('end'),
    });
    const res = await fetchPublicUrl('https://a.example.com/1', { fetch: web.fetch });
    expect(await res.text()).toBe('end');
    expect(web.calls.map((c) => c.url)).toEqual(['https://a.example.com/1', 'https://b.example.com/2', 'https://b.example.com/3', 'https://c.example.com/4']);
  });

  it.each([
    ['https://127.0.0.1/admin', /IP address/],
    ['https://[::ffff:7f00:1]/', /IP address/],
    ['https://2130706433/', /IP address/],
    ['http://example.com/', /scheme/],
    ['https://metadata.google.internal/computeMetadata/v1/', /private name suffix/],
    ['https://localhost/', /localhost/],
    ['https://intranet/', /single-label/],
    ['https://user:pw@example.com/', /credentials/],
    ['https://example.com:8080/', /port/],
    ['https://[', /not a valid/],
  ])('refuses a redirect to %s and never requests it', async (location, reason) => {
    const web = fakeWeb({ 'https://example.com/go': to(302, location), 'https://example.com/ok': to(302, '/go') });
    const error = await fetchPublicUrl('https://example.com/ok', { fetch: web.fetch }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BlockedUrlError);
    expect((error as BlockedUrlError).hop).toBe(2);
    expect((error as BlockedUrlError).reason).toMatch(reason);
    expect(web.calls).toHaveLength(2);
  });

  it('applies blockHosts to redirect hops', async () => {
    const web = fakeWeb({ 'https://example.com/': to(301, 'https://admin.mysite.com/') });
    await expect(fetchPublicUrl('https://example.com/', { fetch: web.fetch, blockHosts: ['.mysite.com'] })).rejects.toMatchObject({
      name: 'BlockedUrlError',
      reason: 'host admin.mysite.com is blocked',
    });
  });

  it('lets allowHttp cover redirect hops too', async () => {
    const web = fakeWeb({ 'http://example.com/': to(301, 'http://www.example.com/'), 'http://www.example.com/': ok() });
    expect((await fetchPublicUrl('http://example.com/', { fetch: web.fetch, allowHttp: true })).status).toBe(200);
  });

  it('throws UpstreamError too_many_redirects past maxRedirects', async () => {
    const web = fakeWeb({
      'https://example.com/0?q=secret': to(302, '/1'),
      'https://example.com/1': to(302, '/2'),
      'https://example.com/2': to(302, '/3'),
      'https://example.com/3': to(302, '/4'),
      'https://example.com/4': ok(),
    });
    const error = await fetchPublicUrl('https://example.com/0?q=secret', { fetch: web.fetch }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({ provider: 'Remote', status: 302, code: 'too_many_redirects', retryable: false, operation: 'GET /3' });
    expect(web.calls).toHaveLength(4);

    const once = fakeWeb({ 'https://example.com/0': to(302, '/1'), 'https://example.com/1': to(302, '/2') });
    await expect(fetchPublicUrl('https://example.com/0', { fetch: once.fetch, maxRedirects: 1, provider: 'Feeds' })).rejects.toMatchObject({
      provider: 'Feeds',
      code: 'too_many_redirects',
    });
    expect(once.calls).toHaveLength(2);
  });

  it('with maxRedirects 0 throws on the first redirect and stops a loop', async () => {
    const loop = fakeWeb({ 'https://example.com/': to(301, 'https://example.com/') });
    await expect(fetchPublicUrl('https://example.com/', { fetch: loop.fetch, maxRedirects: 0 })).rejects.toMatchObject({ code: 'too_many_redirects' });
    expect(loop.calls).toHaveLength(1);
    await expect(fetchPublicUrl('https://example.com/', { fetch: loop.fetch })).rejects.toMatchObject({ code: 'too_many_redirects' });
    expect(loop.calls).toHaveLength(5);
  });

  it('refuses a negative or fractional maxRedirects', async () => {
    await expect(fetchPublicUrl('https://example.com/', { maxRedirects: -1 })).rejects.toThrow(RangeError);
    await expect(fetchPublicUrl('https://example.com/', { maxRedirects: 1.5 })).rejects.toThrow(RangeError);
  });

  it.each([301, 302, 303])('returns %i to a POST as the non-ok response without following', async (status) => {
    const web = fakeWeb({ 'https://example.com/form': to(status, 'https://example.com/thanks'), 'https://example.com/thanks': ok() });
    const res = await fetchPublicUrl('https://example.com/form', { fetch: web.fetch, method: 'POST', body: 'a=1' });
    expect(res.status).toBe(status);
    expect(res.ok).toBe(false);
    expect(web.calls).toHaveLength(1);
  });

  it.each([307, 308])('follows %i on POST with the same method, body and content type', async (status) => {
    const web = fakeWeb({ 'https://example.com/api': to(status, '/api/v2'), 'https://example.com/api/v2': ok('done') });
    const res = await fetchPublicUrl('https://example.com/api', {
      fetch: web.fetch,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":1}',
    });
    expect(await res.text()).toBe('done');
    expect(web.calls[1]).toMatchObject({ url: 'https://example.com/api/v2', method: 'POST', body: '{"a":1}', headers: { 'content-type': 'application/json' } });
  });

  it('resends a stream body on 307 (read once up front)', async () => {
    const web = fakeWeb({ 'https://example.com/up': to(307, '/up2'), 'https://example.com/up2': ok() });
    const body = new Blob(['streamed bytes']).stream();
    await fetchPublicUrl('https://example.com/up', { fetch: web.fetch, method: 'PUT', body });
    expect(web.calls.map((c) => c.body)).toEqual(['streamed bytes', 'streamed bytes']);
  });

  it('follows 303 for GET and HEAD keeping the method', async () => {
    for (const method of ['GET', 'HEAD']) {
      const web = fakeWeb({ 'https://example.com/a': to(303, '/b'), 'https://example.com/b': () => new Response(null, { status: 204 }) });
      const res = await fetchPublicUrl('https://example.com/a', { fetch: web.fetch, method });
      expect(res.status).toBe(204);
      expect(web.calls.map((c) => c.method)).toEqual([method, method]);
    }
  });

  it('returns a redirect without Location as it is', async () => {
    const web = fakeWeb({ 'https://example.com/': () => new Response(null, { status: 302 }) });
    expect((await fetchPublicUrl('https://example.com/', { fetch: web.fetch })).status).toBe(302);
  });

  const secrets = { authorization: 'Bearer t0ken', cookie: 'sid=abc', 'proxy-authorization': 'Basic eA==', 'x-trace': 'keep-me' };

  it('keeps Authorization and Cookie on a same-origin hop', async () => {
    const web = fakeWeb({ 'https://example.com/a': to(301, '/b'), 'https://example.com/b': ok() });
    await fetchPublicUrl('https://example.com/a', { fetch: web.fetch, headers: secrets });
    expect(web.calls[1]?.headers).toMatchObject(secrets);
  });

  it('drops Authorization, Cookie and Proxy-Authorization from a cross-origin hop on, even back at the first origin', async () => {
    const web = fakeWeb({
      'https://example.com/a': to(302, 'https://cdn.example.net/b'),
      'https://cdn.example.net/b': to(302, 'https://example.com/c'),
      'https://example.com/c': ok(),
    });
    await fetchPublicUrl('https://example.com/a', { fetch: web.fetch, headers: secrets });
    expect(web.calls[0]?.headers).toMatchObject(secrets);
    for (const call of web.calls.slice(1)) {
      expect(call.headers).toEqual({ 'x-trace': 'keep-me' });
    }
  });

  it('treats a subdomain or a scheme change as another origin', async () => {
    const web = fakeWeb({ 'https://example.com/a': to(301, 'https://www.example.com/a'), 'https://www.example.com/a': ok() });
    await fetchPublicUrl('https://example.com/a', { fetch: web.fetch, headers: secrets });
    expect(web.calls[1]?.headers).not.toHaveProperty('authorization');
    const http = fakeWeb({ 'http://example.com/a': to(301, 'https://example.com/a'), 'https://example.com/a': ok() });
    await fetchPublicUrl('http://example.com/a', { fetch: http.fetch, headers: secrets, allowHttp: true });
    expect(http.calls[1]?.headers).not.toHaveProperty('cookie');
  });

  it('turns no answer into UpstreamError status 0 code timeout', async () => {
    const hanging: FetchFn = (_input, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    const started = Date.now();
    const error = await fetchPublicUrl('https://example.com/slow', { fetch: hanging, timeoutMs: 40 }).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({ provider: 'Remote', status: 0, code: 'timeout', retryable: true, operation: 'GET /slow' });
  });

  it('spends one deadline across the whole redirect chain', async () => {
    const slowHop = (location: string) => () => new Promise<Response>((resolve) => setTimeout(() => resolve(to(302, location)()), 30));
    const web = fakeWeb({ 'https://example.com/1': slowHop('/2'), 'https://example.com/2': slowHop('/3'), 'https://example.com/3': slowHop('/4') });
    await expect(fetchPublicUrl('https://example.com/1', { fetch: web.fetch, timeoutMs: 50 })).rejects.toMatchObject({ status: 0, code: 'timeout' });
    expect(web.calls.length).toBeLessThan(3);
  });

  it('turns a failed connection into code network', async () => {
    const web = fakeWeb({});
    await expect(fetchPublicUrl('https://unreachable.example.com/', { fetch: web.fetch, provider: 'Feeds' })).rejects.toMatchObject({
      name: 'UpstreamError',
      provider: 'Feeds',
      status: 0,
      code: 'network',
    });
  });

  it('returns a non-2xx final answer', async () => {
    const web = fakeWeb({ 'https://example.com/': () => new Response('gone', { status: 410 }) });
    expect((await fetchPublicUrl('https://example.com/', { fetch: web.fetch })).status).toBe(410);
  });
});
