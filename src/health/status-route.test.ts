import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StatusCheck } from './status-check.ts';
import { statusRoute, type StatusRouteOptions } from './status-route.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const ctx = { waitUntil() {} };
const call = (route: ReturnType<typeof statusRoute>, path = '/api/cms/status', method = 'GET') =>
  route(new Request(`https://site.test${path}`, { method }), {}, ctx);
const answer = async (route: ReturnType<typeof statusRoute>, path?: string, method?: string) => {
  const response = await call(route, path, method);
  if (!response) throw new Error(`no answer for ${method ?? 'GET'} ${path ?? 'the default path'}`);
  return response;
};
const headerList = (response: Response) => {
  const list: string[][] = [];
  response.headers.forEach((value, name) => {
    list.push([name, value]);
  });
  return list;
};
const counting = (outcome: ReturnType<StatusCheck> = true) => {
  const check = Object.assign(
    () => {
      check.calls += 1;
      return outcome;
    },
    { calls: 0 },
  );
  return check;
};

describe('statusRoute', () => {
  it('answers 200 with no checks', async () => {
    for (const route of [statusRoute(), statusRoute({ checks: {} })]) {
      const response = await answer(route);
      expect(response.status).toBe(200);
      expect(await response.json()).toStrictEqual({ ok: true, checks: {} });
    }
  });

  it('answers 200 with every check passing, as no-store JSON of booleans and ages', async () => {
    const route = statusRoute({ checks: { db: async () => true, sync: () => ({ ok: true, ageMs: 10 }) } });
    const response = await answer(route);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toStrictEqual({ ok: true, checks: { db: { ok: true }, sync: { ok: true, ageMs: 10 } } });
  });

  it('answers 503 when a check fails', async () => {
    const route = statusRoute({ checks: { db: () => true, sync: (() => 'yes') as unknown as StatusCheck } });
    const response = await answer(route);
    expect(response.status).toBe(503);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toStrictEqual({ ok: false, checks: { db: { ok: true }, sync: { ok: false } } });
  });

  it('answers 503 for a throwing check, logs it, and keeps its text out of the body', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const error = new Error('D1_ERROR: no such table: secret_things');
    const route = statusRoute({
      checks: {
        boom: () => {
          throw error;
        },
        fine: () => true,
      },
    });
    const response = await answer(route);
    expect(response.status).toBe(503);
    const text = await response.text();
    expect(JSON.parse(text)).toStrictEqual({ ok: false, checks: { boom: { ok: false }, fine: { ok: true } } });
    expect(text).not.toMatch(/D1_ERROR|secret_things/);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('"boom"'), error);
  });

  it('answers 503 for a check that never settles, without hanging', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const route = statusRoute({ checks: { hangs: () => new Promise<boolean>(() => {}), fine: () => true }, timeoutMs: 20 });
    const response = await answer(route);
    expect(response.status).toBe(503);
    expect(await response.json()).toStrictEqual({ ok: false, checks: { hangs: { ok: false }, fine: { ok: true } } });
  });

  it('gives each check 2 s by default', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.useFakeTimers();
    let done = false;
    const pending = call(statusRoute({ checks: { hangs: () => new Promise<boolean>(() => {}) } })).then((r) => {
      done = true;
      return r;
    });
    await vi.advanceTimersByTimeAsync(1999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await pending)?.status).toBe(503);
  });

  it('answers HEAD with the status and headers of GET and no body', async () => {
    for (const [outcome, status] of [
      [true, 200],
      [false, 503],
    ] as const) {
      const check = counting(outcome);
      const route = statusRoute({ checks: { db: check } });
      const get = await answer(route, undefined, 'GET');
      const head = await answer(route, undefined, 'HEAD');
      expect(check.calls).toBe(2);
      expect(head.status).toBe(status);
      expect(get.status).toBe(status);
      expect(headerList(head)).toStrictEqual(headerList(get));
      expect(head.body).toBeNull();
      expect(await head.text()).toBe('');
    }
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])('answers %s with 405, Allow: GET, HEAD and no-store, without running checks', async (method) => {
    const check = counting();
    const response = await answer(statusRoute({ checks: { db: check } }), undefined, method);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toMatchObject({ error: 'method_not_allowed' });
    expect(check.calls).toBe(0);
  });

  it('matches its path only, with or without a trailing slash or query', async () => {
    const route = statusRoute({ checks: { db: () => true } });
    expect((await call(route, '/api/cms/status/'))?.status).toBe(200);
    expect((await call(route, '/api/cms/status?probe=1'))?.status).toBe(200);
    for (const other of ['/api/cms/statuses', '/api/cms/status/db', '/api/cms/pages', '/status', '/']) {
      expect(await call(route, other)).toBeUndefined();
      expect(await call(route, other, 'POST')).toBeUndefined();
    }
  });

  it('answers at a moved path and no longer at the default one', async () => {
    const route = statusRoute({ path: '/healthz' });
    expect((await call(route, '/healthz'))?.status).toBe(200);
    expect((await call(route, '/healthz', 'DELETE'))?.status).toBe(405);
    expect(await call(route)).toBeUndefined();
  });

  it('runs the checks on every request by default', async () => {
    const check = counting();
    const route = statusRoute({ checks: { db: check }, now: () => 1000 });
    await answer(route);
    await answer(route);
    expect(check.calls).toBe(2);
  });

  it('reuses a finished result for reuseMs, counted from when it finished', async () => {
    let clock = 0;
    let outcome = false;
    let calls = 0;
    const slow: StatusCheck = () => {
      calls += 1;
      clock += 50; // the check takes 50 ms on the injected clock
      return outcome;
    };
    const route = statusRoute({ checks: { slow }, reuseMs: 100, now: () => clock });
    expect((await answer(route)).status).toBe(503); // finishes at 50
    outcome = true;
    clock = 120; // 120 ms after the start, 70 after the finish: still reused
    expect((await answer(route)).status).toBe(503);
    clock = 149;
    expect((await answer(route, undefined, 'HEAD')).status).toBe(503);
    expect(calls).toBe(1);
    clock = 150;
    const fresh = await answer(route);
    expect(calls).toBe(2);
    expect(fresh.status).toBe(200);
    expect(await fresh.json()).toStrictEqual({ ok: true, checks: { slow: { ok: true } } });
  });

  it('keeps reuse per route instance', async () => {
    const a = counting();
    const b = counting();
    const options = { reuseMs: 60_000, now: () => 0 };
    const first = statusRoute({ ...options, checks: { db: a } });
    const second = statusRoute({ ...options, checks: { db: b } });
    await answer(first);
    await answer(second);
    await answer(first);
    expect([a.calls, b.calls]).toStrictEqual([1, 1]);
  });

  it.each<[string, unknown, RegExp]>([
    ['a check that is not a function', { checks: { db: true } }, /each check must be a function[\s\S]*at checks\.db/],
    ['checks that are not an object', { checks: 'db' }, /checks must be an object/],
    ['a zero timeout', { timeoutMs: 0 }, /timeoutMs must be above 0/],
    ['a timeout as text', { timeoutMs: '2000' }, /timeoutMs must be a number/],
    ['a negative reuse', { reuseMs: -1 }, /reuseMs must be 0 or more/],
    ['an infinite reuse', { reuseMs: Number.POSITIVE_INFINITY }, /reuseMs must be finite/],
    ['a relative path', { path: 'api/cms/status' }, /path must start with \//],
    ['a path with params', { path: '/api/:name' }, /path must be a literal path/],
    ['a clock that is not a function', { now: 5 }, /now must be a function/],
    ['a misspelled option', { check: {} }, /only checks, timeoutMs, reuseMs, path and now[\s\S]*at check/],
    ['null options', null, /statusRoute options must be an object/],
  ])('refuses %s when built, with a clear TypeError', (_, options, message) => {
    const build = () => statusRoute(options as StatusRouteOptions);
    expect(build).toThrow(TypeError);
    expect(build).toThrow(/^statusRoute: invalid options/);
    expect(build).toThrow(message);
  });
});
