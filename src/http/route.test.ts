import { describe, expect, it, vi } from 'vitest';
import { errorResponse, HttpError, json } from './errors.ts';
import { matchPath, runEditorRoute, type EditorRoute } from './route.ts';

const req = (path: string, init?: RequestInit) => new Request(`https://site.test${path}`, init);

describe('matchPath', () => {
  it('returns decoded params for a match', () => {
    expect(matchPath('/api/cms/pages/:id/versions', '/api/cms/pages/7/versions')).toEqual({ id: '7' });
    expect(matchPath('/api/cms/forms/:name', '/api/cms/forms/contact%20us')).toEqual({ name: 'contact us' });
    expect(matchPath('/api/cms/pages', '/api/cms/pages/')).toEqual({});
  });
  it('returns null for other paths, empty params and bad encodings', () => {
    expect(matchPath('/api/cms/pages/:id', '/api/cms/pages/7/versions')).toBeNull();
    expect(matchPath('/api/cms/pages/:id', '/api/cms/pages')).toBeNull();
    expect(matchPath('/api/cms/pages/:id', '/api/cms/pages//')).toBeNull();
    expect(matchPath('/api/cms/pages/:id', '/api/cms/pagez/7')).toBeNull();
    expect(matchPath('/api/cms/forms/:name', '/api/cms/forms/%E0%A4%A')).toBeNull();
  });
});

describe('runEditorRoute', () => {
  it('turns a fall-through into a 404', async () => {
    const route: EditorRoute<unknown> = async () => undefined;
    const res = await runEditorRoute(route, req('/api/cms/nowhere'), {});
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'not_found' });
  });
  it('passes an answer through and supplies a no-op ctx', async () => {
    const route: EditorRoute<{ n: number }> = async (_request, env, ctx) => {
      ctx.waitUntil(Promise.resolve());
      return json({ n: env.n });
    };
    const res = await runEditorRoute(route, req('/x'), { n: 3 });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ n: 3 });
  });
  it('answers an HttpError with its stable body and hides any other error', async () => {
    const conflict: EditorRoute<unknown> = async () => {
      throw new HttpError(409, 'conflict', undefined, { conflicts: [] });
    };
    expect(await (await runEditorRoute(conflict, req('/x'), {})).json()).toEqual({ error: 'conflict', conflicts: [] });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const bug: EditorRoute<unknown> = async () => {
      throw new Error('secret=hunter2 at line 4');
    };
    const res = await runEditorRoute(bug, req('/x'), {});
    expect(res.status).toBe(500);
    expect(await res.text()).not.toContain('hunter2');
    expect(log).toHaveBeenCalledOnce();
    log.mockRestore();
  });
});

describe('json', () => {
  it('sets JSON content type and no-store unless given', async () => {
    const res = json({ a: 1 }, { status: 201 });
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(json({}, { headers: { 'cache-control': 'max-age=5' } }).headers.get('cache-control')).toBe('max-age=5');
  });
  it('errorResponse keeps the HttpError headers', () => {
    const res = errorResponse(new HttpError(429, 'rate_limited', 'slow down', {}, { 'retry-after': '30' }));
    expect(res.headers.get('retry-after')).toBe('30');
  });
});
