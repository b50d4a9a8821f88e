import { afterEach, describe, expect, it, vi } from 'vitest';
import { UpstreamError, readUpstreamBody, upstreamFetch, upstreamLogLine, type FetchFn } from './upstream.ts';

/** A fetch that never answers but honours its signal, like a real one. */
const hangingFetch: FetchFn = (_input, init) =>
  new Promise((_resolve, reject) => {
    const signal = init?.signal;
    if (!signal) return;
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason));
  });

afterEach(() => vi.restoreAllMocks());

describe('upstreamFetch', () => {
  it('returns a non-2xx answer instead of throwing', async () => {
    for (const status of [400, 404, 429, 500, 503]) {
      const res = await upstreamFetch('https://api.example.com/x', { provider: 'Pos', fetch: async () => new Response('no', { status }) });
      expect(res.status).toBe(status);
    }
  });

  it('never follows redirects and hands fetch only RequestInit fields', async () => {
    let seen: RequestInit | undefined;
    const fetch: FetchFn = async (_input, init) => {
      seen = init;
      return new Response(null, { status: 302, headers: { location: 'https://elsewhere.example.com/' } });
    };
    const res = await upstreamFetch('https://api.example.com/x', { provider: 'Pos', method: 'POST', body: 'a=1', fetch, timeoutMs: 5000 });
    expect(res.status).toBe(302);
    expect(seen?.redirect).toBe('manual');
    expect(seen?.method).toBe('POST');
    expect(seen?.body).toBe('a=1');
    expect(seen && 'provider' in seen).toBe(false);
    expect(seen && 'timeoutMs' in seen).toBe(false);
    expect(seen && 'fetch' in seen).toBe(false);
  });

  it('uses a 10 second deadline by default', async () => {
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    await upstreamFetch('https://api.example.com/x', { provider: 'Pos', fetch: async () => new Response('ok') });
    expect(timeout).toHaveBeenCalledWith(10_000);
  });

  it('turns no answer within timeoutMs into UpstreamError status 0 code timeout', async () => {
    const started = Date.now();
    const error = await upstreamFetch('https://api.example.com/v2/items?cursor=secret', { provider: 'Pos', timeoutMs: 30, fetch: hangingFetch }).catch(
      (e: unknown) => e,
    );
    expect(Date.now() - started).toBeLessThan(2000);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({ provider: 'Pos', status: 0, code: 'timeout', retryable: true, operation: 'GET /v2/items' });
  });

  it('turns a failed connection into code network with the low-level words in detail', async () => {
    const fetch: FetchFn = async () => {
      throw new TypeError('fetch failed: ECONNREFUSED');
    };
    const error = await upstreamFetch('https://api.example.com/x', { provider: 'Pos', fetch }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    const upstream = error as UpstreamError;
    expect(upstream).toMatchObject({ status: 0, code: 'network', retryable: true });
    expect(upstream.detail).toContain('ECONNREFUSED');
    expect(upstream.message).not.toContain('ECONNREFUSED');
    expect(upstream.cause).toBeInstanceOf(TypeError);
  });

  it("rethrows the caller's own abort unchanged, before or during the call", async () => {
    const early = new AbortController();
    early.abort();
    const before = await upstreamFetch('https://api.example.com/x', { provider: 'Pos', signal: early.signal, fetch: hangingFetch }).catch((e: unknown) => e);
    expect(before).not.toBeInstanceOf(UpstreamError);
    expect((before as Error).name).toBe('AbortError');

    const late = new AbortController();
    setTimeout(() => late.abort(new Error('user left')), 10);
    const during = await upstreamFetch('https://api.example.com/x', { provider: 'Pos', signal: late.signal, timeoutMs: 5000, fetch: hangingFetch }).catch(
      (e: unknown) => e,
    );
    expect(during).toEqual(new Error('user left'));
  });

  it('honours the signal of a Request passed as input', async () => {
    const controller = new AbortController();
    const request = new Request('https://api.example.com/x', { method: 'DELETE', signal: controller.signal });
    setTimeout(() => controller.abort(), 10);
    const error = await upstreamFetch(request, { provider: 'Pos', timeoutMs: 5000, fetch: hangingFetch }).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(UpstreamError);
    expect((error as Error).name).toBe('AbortError');
  });

  it('names the operation from a Request without its query', async () => {
    const fetch: FetchFn = async () => {
      throw new TypeError('boom');
    };
    const request = new Request('https://api.example.com/v1/orders?token=abc', { method: 'PATCH' });
    const error = (await upstreamFetch(request, { provider: 'Pos', fetch }).catch((e: unknown) => e)) as UpstreamError;
    expect(error.operation).toBe('PATCH /v1/orders');
  });

  it('refuses a non-positive timeout', async () => {
    await expect(upstreamFetch('https://api.example.com/', { provider: 'Pos', timeoutMs: 0 })).rejects.toThrow(RangeError);
  });
});

describe('UpstreamError', () => {
  it('is retryable for no answer, 429 and 5xx only', () => {
    const retryable = (status: number) => new UpstreamError({ provider: 'Pos', status }).retryable;
    expect([0, 429, 500, 502, 503, 599].map(retryable)).toEqual([true, true, true, true, true, true]);
    expect([302, 400, 401, 404, 409, 422].map(retryable)).toEqual([false, false, false, false, false, false]);
  });

  it('has a safe message with provider, status and code, never the detail', () => {
    const error = new UpstreamError({ provider: 'Pos', status: 402, code: 'CARD_DECLINED', detail: 'card 4242 declined for jane@example.com' });
    expect(error.message).toContain('Pos');
    expect(error.message).toContain('402');
    expect(error.message).toContain('CARD_DECLINED');
    expect(error.message).not.toContain('4242');
    expect(error.name).toBe('UpstreamError');
    expect(error).toBeInstanceOf(Error);
  });

  it('keeps a code that is not a short token out of the message', () => {
    const error = new UpstreamError({ provider: 'Pos', status: 400, code: 'Hello <script>alert(1)</script> user@example.com' });
    expect(error.message).toBe('Pos answered 400');
  });

  it('cuts the query and fragment off the operation', () => {
    expect(new UpstreamError({ provider: 'Pos', status: 500, operation: 'GET /v2/items?access_token=s3cret#x' }).operation).toBe('GET /v2/items');
  });

  it('leaves detail out of JSON', () => {
    const error = new UpstreamError({ provider: 'Pos', status: 500, code: 'INTERNAL', detail: 'stack trace with s3cret', operation: 'GET /v2/items' });
    const json = JSON.parse(JSON.stringify(error)) as Record<string, unknown>;
    expect(json).toEqual({
      name: 'UpstreamError',
      message: 'Pos answered 500 (INTERNAL)',
      provider: 'Pos',
      status: 500,
      code: 'INTERNAL',
      retryable: true,
      operation: 'GET /v2/items',
    });
    expect(JSON.stringify(error)).not.toContain('s3cret');
  });

  it('refuses a status that is not an integer HTTP status or 0', () => {
    expect(() => new UpstreamError({ provider: 'Pos', status: 404.5 })).toThrow(TypeError);
    expect(() => new UpstreamError({ provider: 'Pos', status: -1 })).toThrow(TypeError);
  });

  it.each([
    ['{"code":"rate_limited"}', 'rate_limited'],
    ['{"error":"invalid_grant","error_description":"expired"}', 'invalid_grant'],
    ['{"error":{"type":"card_error","code":"card_declined","message":"Your card was declined."}}', 'card_declined'],
    ['{"error":{"type":"api_error","message":"x"}}', 'api_error'],
    ['{"errors":[{"category":"INVALID_REQUEST_ERROR","code":"NOT_FOUND","detail":"Item missing"}]}', 'NOT_FOUND'],
    ['{"errors":[{"message":"nope","extensions":{"code":"FORBIDDEN"}}]}', 'FORBIDDEN'],
    ['{"error_code":1042}', '1042'],
    ['{"errorCode":"QUOTA"}', 'QUOTA'],
    ['{"message":"no code here"}', null],
    ['{"code":"has spaces and prose"}', null],
    ['<html>502 Bad Gateway</html>', null],
    ['', null],
    ['[1,2]', null],
  ])('fromResponse takes the code out of %s', async (body, code) => {
    const error = await UpstreamError.fromResponse('Pos', 'POST /v2/payments?idempotency=1', new Response(body, { status: 502 }));
    expect(error.code).toBe(code);
    expect(error.status).toBe(502);
    expect(error.operation).toBe('POST /v2/payments');
    expect(error.detail).toBe(body === '' ? null : body);
  });
});

describe('readUpstreamBody', () => {
  it('reads the text', async () => {
    expect(await readUpstreamBody(new Response('héllo wörld'))).toBe('héllo wörld');
  });

  it('returns an empty string for no body or a used body', async () => {
    expect(await readUpstreamBody(new Response(null, { status: 204 }))).toBe('');
    const used = new Response('once');
    await used.text();
    expect(await readUpstreamBody(used)).toBe('');
  });

  it('returns what arrived before the stream failed, without throwing', async () => {
    let pulls = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls += 1;
        if (pulls === 1) controller.enqueue(new TextEncoder().encode('partial '));
        else controller.error(new Error('connection reset'));
      },
    });
    expect(await readUpstreamBody(new Response(stream))).toBe('partial ');
  });

  it('stops at the byte cap and cancels the rest of an endless body', async () => {
    let cancelled = false;
    let pulls = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls += 1;
        controller.enqueue(new Uint8Array(1024).fill(97));
      },
      cancel() {
        cancelled = true;
      },
    });
    const text = await readUpstreamBody(new Response(endless), 10_000);
    expect(text.length).toBe(10_000);
    expect(cancelled).toBe(true);
    expect(pulls).toBeLessThan(20);
  });

  it('caps at 64 KiB by default', async () => {
    expect((await readUpstreamBody(new Response('x'.repeat(200_000)))).length).toBe(64 * 1024);
  });

  it('decodes a character split across chunks', async () => {
    const bytes = new TextEncoder().encode('€');
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.subarray(0, 1));
        controller.enqueue(bytes.subarray(1));
        controller.close();
      },
    });
    expect(await readUpstreamBody(new Response(stream))).toBe('€');
  });
});

describe('upstreamLogLine', () => {
  it('puts provider, status, code, operation and detail on one line', async () => {
    const res = new Response('{"errors":[{"code":"NOT_FOUND",\n"detail":"Item 42 missing"}]}', {
      status: 404,
      headers: { 'set-cookie': 'session=topsecretcookie' },
    });
    const line = upstreamLogLine(await UpstreamError.fromResponse('Pos', 'GET /v2/items/42', res));
    expect(line).not.toContain('\n');
    expect(line).toContain('provider="Pos"');
    expect(line).toContain('status=404');
    expect(line).toContain('code="NOT_FOUND"');
    expect(line).toContain('operation="GET /v2/items/42"');
    expect(line).toContain('Item 42 missing');
    expect(line).not.toContain('topsecretcookie');
  });

  it('cuts a long detail', () => {
    const line = upstreamLogLine(new UpstreamError({ provider: 'Pos', status: 500, detail: 'y'.repeat(5000) }));
    expect(line).toContain(`${'y'.repeat(500)}…`);
    expect(line).not.toContain('y'.repeat(501));
  });

  it('marks absent fields', () => {
    expect(upstreamLogLine(new UpstreamError({ provider: 'Pos', status: 0 }))).toBe('UpstreamError provider="Pos" status=0 code=- retryable=true operation=-');
  });
});
