import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { addEditor, authRoute } from '../../src/auth/index.ts';
import { pagesRoute } from '../../src/drafts/pages-route.ts';
import { versionsRoute } from '../../src/drafts/versions-route.ts';
import { runEditorRoute } from '../../src/http/route.ts';
import { composeRoutes, headerEditor, ORIGIN, pagesCollection, seedPage, tables } from './content-helpers.ts';

// Issue 29, item 13: a JSON route reads only `application/json`. A body sent
// as text/plain (what a cross-site <form enctype="text/plain"> or a bare
// fetch sends) or with no type at all is 415 and writes nothing, so the
// same-origin check is not the only thing between a page and a write.
const api = composeRoutes<Env>(
  versionsRoute<Env>({ ...tables, config: pagesCollection, resolveEditor: headerEditor }),
  pagesRoute<Env>({ ...tables, resolveEditor: headerEditor, drafts: { config: pagesCollection } }),
  authRoute<Env>({ limiter: () => null }),
);

function post(path: string, body: BodyInit | null, type: string | null): Promise<Response> {
  const request = new Request(`${ORIGIN}${path}`, { method: 'POST', body, headers: { origin: ORIGIN, 'x-editor': 'ana', 'x-publish': '1' } });
  // A string body gets `text/plain;charset=UTF-8` from the Request constructor: set or remove the type explicitly.
  if (type === null) request.headers.delete('content-type');
  else request.headers.set('content-type', type);
  return runEditorRoute(api, request, env);
}

const versionCount = async (id: number) =>
  (await env.DB.prepare('SELECT count(*) AS n FROM pages_versions WHERE page_id = ?').bind(id).first<number>('n')) ?? 0;

describe('JSON routes and the request content type', () => {
  it('answer 415 to text/plain, form types and no type, writing nothing', async () => {
    const id = await seedPage({ slug: `media-type-${Date.now()}` });
    const body = JSON.stringify({ title: 'Sent as text' });
    for (const type of [
      'text/plain',
      'text/plain;charset=UTF-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/jsonx',
      null,
    ]) {
      const res = await post(`/api/cms/pages/${id}/versions`, body, type);
      expect(res.status, String(type)).toBe(415);
      expect(await res.json()).toEqual({
        error: 'unsupported_media_type',
        message: 'Send the body as JSON with Content-Type: application/json.',
      });
    }
    expect(await versionCount(id)).toBe(0);
  });

  it('refuses a sign-in sent as text/plain before looking at it', async () => {
    const email = `media-type-${Date.now()}@example.com`;
    await addEditor(env.DB, { email, password: 'correct horse' });
    const res = await post('/api/cms/auth/login', JSON.stringify({ email, password: 'correct horse' }), 'text/plain');
    expect(res.status).toBe(415);
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('take application/json with or without parameters, and a body-less request with no type', async () => {
    const id = await seedPage({ slug: `media-type-ok-${Date.now()}` });
    expect((await post(`/api/cms/pages/${id}/versions`, JSON.stringify({ title: 'One' }), 'application/json')).status).toBe(200);
    expect((await post(`/api/cms/pages/${id}/versions`, JSON.stringify({ title: 'Two' }), 'Application/JSON; charset=utf-8')).status).toBe(200);
    // Publish takes no body at all (PublishBody is optional): nothing to read, nothing to type.
    expect((await post(`/api/cms/pages/${id}/publish`, null, null)).status).toBe(200);
  });
});
