import { describe, expect, it } from 'vitest';
import { guardEditor, requireEditor } from './guard.ts';
import type { EditorSession, ResolveEditor } from './session.ts';

const writer: EditorSession = { id: 'w', email: 'w@x.test', name: 'W', access: { publish: false } };
const publisher: EditorSession = { ...writer, id: 'p', access: { publish: true } };
const as =
  (session: EditorSession | null): ResolveEditor<unknown> =>
  async () =>
    session;

function req(method: string, headers: Record<string, string> = {}) {
  return new Request('https://site.test/api/cms/pages', { method, headers });
}

async function status(request: Request, resolve: ResolveEditor<unknown>, publish = false) {
  const result = await guardEditor(request, {}, resolve, { publish });
  return result instanceof Response ? result.status : 200;
}

describe('the auth matrix', () => {
  it('no session: 401 for reads and writes', async () => {
    expect(await status(req('GET'), as(null))).toBe(401);
    expect(await status(req('POST', { origin: 'https://site.test' }), as(null))).toBe(401);
  });
  it('mutations need the same origin; reads do not', async () => {
    expect(await status(req('GET', { origin: 'https://evil.test' }), as(writer))).toBe(200);
    expect(await status(req('POST', { origin: 'https://site.test' }), as(writer))).toBe(200);
    expect(await status(req('POST', { origin: 'https://evil.test' }), as(writer))).toBe(403);
    expect(await status(req('PATCH', { origin: 'http://site.test' }), as(writer))).toBe(403);
    expect(await status(req('DELETE', { origin: 'null' }), as(writer))).toBe(403);
  });
  it('falls back to Sec-Fetch-Site without Origin; neither is refused', async () => {
    expect(await status(req('POST', { 'sec-fetch-site': 'same-origin' }), as(writer))).toBe(200);
    expect(await status(req('POST', { 'sec-fetch-site': 'cross-site' }), as(writer))).toBe(403);
    expect(await status(req('POST', { 'sec-fetch-site': 'same-site' }), as(writer))).toBe(403);
    expect(await status(req('POST'), as(writer))).toBe(403);
  });
  it('publishing is a separate privilege', async () => {
    const post = () => req('POST', { origin: 'https://site.test' });
    expect(await status(post(), as(writer), true)).toBe(403);
    expect(await status(post(), as(publisher), true)).toBe(200);
  });
  it('accepts a synchronous resolver and reports a stable body', async () => {
    const sync: ResolveEditor<unknown> = () => null;
    const result = await guardEditor(req('GET'), {}, sync);
    expect(result).toBeInstanceOf(Response);
    expect(await (result as Response).json()).toMatchObject({ error: 'unauthorized' });
    await expect(requireEditor(req('GET'), {}, () => writer)).resolves.toBe(writer);
  });
});
