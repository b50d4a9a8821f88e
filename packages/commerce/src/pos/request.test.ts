import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { upstreamLogLine } from '../../../../src/security/upstream.ts';
import { createFakePos, FAKE_POS_TOKEN } from '../../fakes/pos/fake-pos.ts';
import type { Clock } from '../retry.ts';
import { thrown } from '../upstream.testing.ts';
import { listLocations } from './locations.ts';
import { fakePosPerTest, posConfigFor } from './pos.testing.ts';
import { POS_BASE_URLS, POS_VERSION, PosApiError, type PosConfig, posIdempotencyKey, posRequest } from './request.ts';

const pos = fakePosPerTest();

/** A fetch that records what it was given and answers `reply`. */
function recorder(reply: () => Response = () => Response.json({ locations: [] })) {
  const seen: Request[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    seen.push(new Request(input, init));
    return reply();
  };
  return { seen, fetch };
}

/** A clock that never waits and remembers every back-off asked of it. */
function virtualClock(): Clock & { waits: number[] } {
  const waits: number[] = [];
  return { waits, now: () => 0, sleep: async (ms) => void waits.push(ms) };
}

const SECRET = 'EAAAl-very-secret-token-1234';

describe('posRequest', () => {
  it('sends the bearer token and the pinned version to the environment base URL', async () => {
    for (const environment of ['sandbox', 'production'] as const) {
      const { seen, fetch } = recorder();
      await listLocations({ accessToken: SECRET, environment, fetch });
      expect(seen[0]?.url).toBe(`${POS_BASE_URLS[environment]}/v2/locations`);
      expect(seen[0]?.headers.get('authorization')).toBe(`Bearer ${SECRET}`);
      expect(seen[0]?.headers.get('square-version')).toBe(POS_VERSION);
    }
    expect(POS_VERSION).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('config.version overrides the pinned version (the fake checks the header)', async () => {
    pos.fake = createFakePos({ version: '2026-09-16' });
    await listLocations(posConfigFor(pos.fake, { version: '2026-09-16' }));
    expect(pos.fake.requests[0]?.headers['square-version']).toBe('2026-09-16');
    // And a client on another version than the fake expects is caught by the fake, not silently accepted.
    const error = await thrown(listLocations(posConfigFor(pos.fake)));
    expect(error.status).toBe(400);
    pos.fake.violations.length = 0;
  });

  it('refuses an unusable config before sending, without echoing the token', async () => {
    const { seen, fetch } = recorder();
    const bad: Partial<PosConfig>[] = [
      { accessToken: '' },
      { accessToken: `${SECRET}\n` },
      { accessToken: `Bearer ${SECRET}` },
      { environment: 'staging' as 'sandbox' },
      { version: '2025-8-20' },
      { retry: { attempts: 0, baseDelayMs: 0, maxDelayMs: 0 } },
    ];
    for (const extra of bad) {
      const error = await listLocations({ accessToken: SECRET, environment: 'sandbox', fetch, ...extra }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      expect(String((error as Error).message)).not.toContain('very-secret');
    }
    expect(seen).toHaveLength(0);
  });

  it('turns a provider error into PosApiError with status, code and category; the token is on no surface', async () => {
    pos.fake.script({ status: 402, body: { errors: [{ category: 'PAYMENT_METHOD_ERROR', code: 'CARD_DECLINED', detail: 'Card declined.' }] } });
    const error = await thrown(listLocations(posConfigFor(pos.fake, { accessToken: FAKE_POS_TOKEN })));
    expect(error).toBeInstanceOf(PosApiError);
    expect(error).toMatchObject({
      provider: 'Pos',
      status: 402,
      code: 'CARD_DECLINED',
      category: 'PAYMENT_METHOD_ERROR',
      retryable: false,
      operation: 'GET /v2/locations',
    });
    expect(error.message).toBe('Pos answered 402 (CARD_DECLINED)');
    expect(error.detail).toContain('Card declined.');
    for (const surface of [error.message, JSON.stringify(error), upstreamLogLine(error), String(error.stack)]) expect(surface).not.toContain(FAKE_POS_TOKEN);
    expect(JSON.parse(JSON.stringify(error))).toMatchObject({ category: 'PAYMENT_METHOD_ERROR' });
  });

  it('does not retry by default', async () => {
    pos.fake.script({ status: 503 });
    expect((await thrown(listLocations(posConfigFor(pos.fake)))).status).toBe(503);
    expect(pos.fake.requests).toHaveLength(1);
  });

  it('retries 429 honouring retry-after, and 5xx with jitter, when retry is set', async () => {
    const clock = virtualClock();
    const retry = { attempts: 3, baseDelayMs: 100, maxDelayMs: 5_000 };
    pos.fake.script({ status: 429, headers: { 'retry-after': '2' } }, { status: 503 });
    expect(await listLocations(posConfigFor(pos.fake, { retry, clock, random: () => 0.5 }))).toEqual([]);
    expect(pos.fake.requests.map((r) => r.status)).toEqual([429, 503, 200]);
    // 2 s from retry-after; then half of the doubled base (full jitter with random 0.5).
    expect(clock.waits).toEqual([2_000, 100]);
  });

  it('caps retry-after at maxDelayMs and gives up after the last attempt', async () => {
    const clock = virtualClock();
    pos.fake.script({ status: 429, headers: { 'retry-after': '3600' } }, { status: 429, headers: { 'retry-after': '3600' } });
    const error = await thrown(listLocations(posConfigFor(pos.fake, { retry: { attempts: 2, baseDelayMs: 10, maxDelayMs: 1_000 }, clock })));
    expect(error).toMatchObject({ status: 429, code: 'RATE_LIMITED', category: 'RATE_LIMIT_ERROR' });
    expect(clock.waits).toEqual([1_000]);
  });

  it('never retries other 4xx', async () => {
    for (const status of [400, 401, 403, 404, 409, 422]) {
      pos.fake = createFakePos();
      pos.fake.script({ status });
      await thrown(listLocations(posConfigFor(pos.fake, { retry: { attempts: 5, baseDelayMs: 0, maxDelayMs: 0 } })));
      expect(pos.fake.requests).toHaveLength(1);
    }
  });

  it('a hung provider is a timeout (status 0) after timeoutMs', async () => {
    pos.fake.script({ hang: true });
    const error = await thrown(listLocations(posConfigFor(pos.fake, { timeoutMs: 50 })));
    expect(error).toBeInstanceOf(PosApiError);
    expect(error).toMatchObject({ status: 0, code: 'timeout', retryable: true });
  });

  it('a hung provider still ends at the timeout when the garbage collector runs meanwhile', async () => {
    // Nothing but a timer roots a request the fake never answers; a collection used to take it, deadline and all.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const collecting = setInterval(gc, 5);
    try {
      for (let i = 0; i < 3; i++) {
        pos.fake.script({ hang: true });
        const ended = listLocations(posConfigFor(pos.fake, { timeoutMs: 50 })).then(
          () => 'answered',
          (e: PosApiError) => e.code,
        );
        expect(await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 2_000, 'still hanging'))])).toBe('timeout');
      }
    } finally {
      clearInterval(collecting);
    }
  });

  it('malformed JSON in a 2xx is invalid_response; so is an array', async () => {
    pos.fake.script({ malformed: true });
    expect(await thrown(listLocations(posConfigFor(pos.fake)))).toMatchObject({ status: 200, code: 'invalid_response' });
    pos.fake.script({ body: '[]' });
    expect(await thrown(listLocations(posConfigFor(pos.fake)))).toMatchObject({ code: 'invalid_response' });
  });

  it('a 2xx that still lists errors (a batch with failed entries) is a failure, not a partial success', async () => {
    pos.fake.script({ body: { locations: [], errors: [{ category: 'INVALID_REQUEST_ERROR', code: 'NOT_FOUND', detail: 'one missing' }] } });
    expect(await thrown(listLocations(posConfigFor(pos.fake)))).toMatchObject({ status: 200, code: 'NOT_FOUND', category: 'INVALID_REQUEST_ERROR' });
  });

  it('a location missing its id is invalid_response, not undefined flowing on', async () => {
    pos.fake.script({ body: { locations: [{ name: 'No id' }] } });
    expect(await thrown(listLocations(posConfigFor(pos.fake)))).toMatchObject({ code: 'invalid_response' });
  });

  it('keeps hand-built paths under /v2', async () => {
    const { seen, fetch } = recorder();
    const config: PosConfig = { accessToken: SECRET, environment: 'sandbox', fetch };
    for (const path of ['/v1/orders', '/v2/../oauth2/revoke', '/v2/locations?x=1', '/v2//locations', '/v2/a b']) {
      await expect(posRequest(config, 'GET', path)).rejects.toThrow(TypeError);
    }
    expect(seen).toHaveLength(0);
  });
});

describe('idempotency keys', () => {
  const config = (fetch: typeof globalThis.fetch): PosConfig => ({ accessToken: SECRET, environment: 'sandbox', fetch });
  const keyOf = async (request: Request) => ((await request.clone().json()) as { idempotency_key: string }).idempotency_key;

  it('derives the same key for the same operation and input, whatever the key order', async () => {
    expect(await posIdempotencyKey('POST /v2/payments', { a: 1, b: { c: 2, d: [1, 2] } })).toBe(
      await posIdempotencyKey('POST /v2/payments', { b: { d: [1, 2], c: 2 }, a: 1 }),
    );
    expect(await posIdempotencyKey('POST /v2/payments', { a: 1 })).not.toBe(await posIdempotencyKey('POST /v2/payments', { a: 2 }));
    expect(await posIdempotencyKey('POST /v2/payments', { a: 1 })).not.toBe(await posIdempotencyKey('POST /v2/orders', { a: 1 }));
    expect(await posIdempotencyKey('POST /v2/payments', { a: 1 })).toMatch(/^[0-9a-f]{40}$/);
  });

  it('sets the derived key in the body, and the same key on every retry', async () => {
    let calls = 0;
    const { seen, fetch } = recorder(() => (++calls < 3 ? new Response('{}', { status: 503 }) : Response.json({ payment: {} })));
    await posRequest({ ...config(fetch), retry: { attempts: 3, baseDelayMs: 0, maxDelayMs: 0 } }, 'POST', '/v2/payments', {
      body: { source_id: 'cnon:x', amount_money: { amount: 100, currency: 'USD' } },
      idempotency: { maxLength: 45 },
    });
    const keys = await Promise.all(seen.map(keyOf));
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toBe(await posIdempotencyKey('POST /v2/payments', { source_id: 'cnon:x', amount_money: { amount: 100, currency: 'USD' } }));
  });

  it("uses the caller's key as given, and refuses one over the operation's limit before sending", async () => {
    const { seen, fetch } = recorder(() => Response.json({}));
    await posRequest(config(fetch), 'POST', '/v2/payments', { body: { x: 1 }, idempotency: { key: 'order-42-try-1', maxLength: 45 } });
    expect(await keyOf(seen[0] as Request)).toBe('order-42-try-1');
    await expect(posRequest(config(fetch), 'POST', '/v2/payments', { body: { x: 1 }, idempotency: { key: 'k'.repeat(46), maxLength: 45 } })).rejects.toThrow(
      /1 to 45/,
    );
    await expect(posRequest(config(fetch), 'POST', '/v2/payments', { body: { x: 1 }, idempotency: { key: '', maxLength: 45 } })).rejects.toThrow(TypeError);
    expect(seen).toHaveLength(1);
  });

  it('puts the key in the JSON part of a multipart request', async () => {
    const { seen, fetch } = recorder(() => Response.json({}));
    await posRequest(config(fetch), 'POST', '/v2/catalog/images', {
      multipart: { request: { image: { type: 'IMAGE' } }, file: new Blob(['x'], { type: 'image/png' }), fileName: 'a.png', filePart: 'image_file' },
      idempotency: { maxLength: 128 },
    });
    const form = await (seen[0] as Request).formData();
    const part = form.get('request') as Blob;
    expect(JSON.parse(await part.text())).toMatchObject({ image: { type: 'IMAGE' }, idempotency_key: expect.stringMatching(/^[0-9a-f]{40}$/) });
    expect((form.get('image_file') as File).name).toBe('a.png');
  });
});

describe('logging', () => {
  it('names the error class in the log line, with the provider words but never the token', async () => {
    pos.fake.script({ status: 500, body: { errors: [{ category: 'API_ERROR', code: 'INTERNAL_SERVER_ERROR', detail: 'boom' }] } });
    const line = upstreamLogLine(await thrown(listLocations(posConfigFor(pos.fake))));
    expect(line).toMatch(/^PosApiError provider="Pos" status=500 code="INTERNAL_SERVER_ERROR" retryable=true operation="GET \/v2\/locations" detail=".*boom/);
    expect(line).not.toContain(FAKE_POS_TOKEN);
  });
});
