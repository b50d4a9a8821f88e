import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/auth/crypto.ts';
import { addEditor } from '../../src/auth/editors.ts';
import { SESSION_TTL_MS } from '../../src/auth/sessions.ts';
import { startSite } from './harness.ts';

// Each describe block starts its own site on fresh storage.
let site: Awaited<ReturnType<typeof startSite>>;
const PUBLIC = 'https://example.com';
const SECURITY_HEADERS = [
  'strict-transport-security',
  'x-content-type-options',
  'referrer-policy',
  'permissions-policy',
  'x-frame-options',
  'cross-origin-opener-policy',
];

function freshSite() {
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(async () => {
    await site?.server.close();
  });
}

const get = (url: string, init: RequestInit = {}) => site.server.fetch(url, { redirect: 'manual', ...init });

async function signIn(base: string, email: string, password: string): Promise<string> {
  const res = await get(`${base}/api/cms/auth/login`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(204);
  return res.headers.get('set-cookie')!.split(';')[0]!;
}

describe('on a public host', () => {
  freshSite();
  it('creates no development editors', async () => {
    await get(`${PUBLIC}/`);
    expect(await site.DB.prepare('SELECT count(*) AS n FROM editors').first('n')).toBe(0);
  });

  it('sends every security header, and noindex only on workers.dev', async () => {
    const res = await get(`${PUBLIC}/about`);
    expect(res.status).toBe(200);
    for (const name of SECURITY_HEADERS) expect(res.headers.get(name), name).toBeTruthy();
    expect(res.headers.get('x-robots-tag')).toBeNull();
    const preview = await get('https://louise.ana.workers.dev/about');
    expect(preview.headers.get('x-robots-tag')).toBe('noindex');
  });

  it('serves visitors HTML with nothing the toolkit added', async () => {
    for (const path of ['/', '/about', '/articles/editing-in-place']) {
      const res = await get(`${PUBLIC}${path}`);
      const html = await res.text();
      expect(res.status, path).toBe(200);
      expect(html, path).not.toMatch(/<script/i);
      expect(html, path).not.toMatch(/louise-session|data-louise|data-cms-[a-z]+=|contenteditable/i);
      expect(res.headers.get('set-cookie'), path).toBeNull();
      expect(res.headers.get('cache-control') ?? '', path).not.toContain('private');
    }
  });

  it('serves an overlay region with its template default and no marker while nothing is published', async () => {
    const html = await (await get(`${PUBLIC}/`)).text();
    expect(html).toContain('<p class="note">This sentence is marked in the template and nowhere else');
  });

  it('keeps the status probe public and uncached', async () => {
    const res = await get(`${PUBLIC}/api/cms/status`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ ok: true, checks: { db: { ok: true }, migrations: { ok: true } } });
    const head = await get(`${PUBLIC}/api/cms/status`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    const post = await get(`${PUBLIC}/api/cms/status`, { method: 'POST', headers: { origin: PUBLIC } });
    expect(post.status).toBe(405);
    expect(post.headers.get('cache-control')).toBe('no-store');
  });

  it('gates /api/cms/* behind a session, except the public paths', async () => {
    for (const path of ['/api/cms/auth/me', '/api/cms/anything', '/api/cms/pages']) {
      const res = await get(`${PUBLIC}${path}`);
      expect(res.status, path).toBe(401);
      expect(await res.json()).toMatchObject({ error: 'unauthorized' });
    }
    // Public: sign-in answers for itself (400 for a bad body), not the gate's 401.
    const login = await get(`${PUBLIC}/api/cms/auth/login`, { method: 'POST', headers: { origin: PUBLIC, 'content-type': 'application/json' }, body: '{}' });
    expect(login.status).toBe(400);
  });

  it('signs an editor in with a Secure cookie; a fall-through is then 404', async () => {
    await addEditor(site.DB, { email: 'ana@example.com', password: 'correct horse', canPublish: false });
    const res = await get(`${PUBLIC}/api/cms/auth/login`, {
      method: 'POST',
      headers: { origin: PUBLIC, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ana@example.com', password: 'correct horse' }),
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('set-cookie')).toMatch(/; Max-Age=[1-9]\d*; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
    const me = await get(`${PUBLIC}/api/cms/auth/me`, { headers: { cookie } });
    expect(await me.json()).toEqual({ email: 'ana@example.com', name: 'ana', access: { publish: false } });
    const missing = await get(`${PUBLIC}/api/cms/nothing-here`, { headers: { cookie } });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'not_found' });
  });
});

describe('on localhost', () => {
  freshSite();
  const LOCAL = 'http://localhost:4321';

  it('sends no security headers', async () => {
    const res = await get(`${LOCAL}/`);
    for (const name of [...SECURITY_HEADERS, 'x-robots-tag']) expect(res.headers.get(name), name).toBeNull();
  });

  it('has the development editors, and their cookie is not Secure', async () => {
    const res = await get(`${LOCAL}/api/cms/auth/login`, {
      method: 'POST',
      headers: { origin: LOCAL, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'writer@localhost', password: 'louise-dev' }),
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('set-cookie')).not.toContain('Secure');
    const me = await get(`${LOCAL}/api/cms/auth/me`, { headers: { cookie: res.headers.get('set-cookie')!.split(';')[0]! } });
    expect(await me.json()).toEqual({ email: 'writer@localhost', name: 'Writer', access: { publish: false } });
  });

  it('sends a visitor asking for ?edit to sign in, and back', async () => {
    const res = await get(`${LOCAL}/about?edit`);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/cms/login?next=%2Fabout%3Fedit');
    const login = await get(`${LOCAL}/cms/login?next=%2Fabout%3Fedit`);
    expect(login.status).toBe(200);
    expect(login.headers.get('cache-control')).toBe('no-store');
    expect(await login.text()).toContain('data-next="/about?edit"');
    const hostile = await get(`${LOCAL}/cms/login?next=%2F%2Fevil.test`);
    expect(await hostile.text()).toContain('data-next="/?edit"');
  });

  it('sends a next that a browser would read as another host back home instead', async () => {
    // Browsers drop tab, CR and LF from URLs: `/\t/evil.com` is `//evil.com`.
    for (const next of ['/%09/evil.com', '/%0a/evil.com', '/%0d/evil.com', '/%5cevil.com']) {
      const html = await (await get(`${LOCAL}/cms/login?next=${next}`)).text();
      expect(html.match(/data-next="([^"]*)"/)?.[1], next).toBe('/?edit');
    }
  });

  it('gives an editor edit mode with the client entry, never cached, kept while navigating, left with ?edit=0', async () => {
    const cookie = await signIn(LOCAL, 'editor@localhost', 'louise-dev');
    const enter = await get(`${LOCAL}/about?edit`, { headers: { cookie } });
    expect(enter.status).toBe(200);
    expect(enter.headers.get('cache-control')).toBe('private, no-store');
    const editCookie = enter.headers.get('set-cookie')!.split(';')[0]!;
    expect(editCookie).toBe('louise_edit=1');
    const html = await enter.text();
    expect(html).toContain('id="louise-session"');
    expect(html).toContain('"access":{"publish":true}');
    // Astro inlines a small entry and links a larger one: either way the client ships.
    const module = html.match(/<script type="module"(?: src="([^"]+)")?>([\s\S]*?)<\/script>/);
    expect(module, 'edit-mode HTML loads the client entry').toBeTruthy();
    const code = module![1] ? await (await get(`${LOCAL}${module![1]}`)).text() : module![2]!;
    expect(code).toContain('louise:ready');

    const next = await get(`${LOCAL}/`, { headers: { cookie: `${cookie}; ${editCookie}` } });
    expect(next.headers.get('cache-control')).toBe('private, no-store');
    expect(await next.text()).toContain('id="louise-session"');

    const leave = await get(`${LOCAL}/about?edit=0`, { headers: { cookie: `${cookie}; ${editCookie}` } });
    expect(leave.status).toBe(303);
    expect(leave.headers.get('location')).toBe('/about');
    expect(leave.headers.get('set-cookie')).toMatch(/^louise_edit=; .*Max-Age=0/);

    // The same editor without the edit cookie sees the visitor page.
    const plain = await get(`${LOCAL}/about`, { headers: { cookie } });
    expect(await plain.text()).not.toMatch(/<script/i);
  });
});

describe('a session past half its life', () => {
  freshSite();
  const LOCAL = 'http://localhost:4321';

  it('is renewed through the middleware: the cookie comes back with a positive Max-Age and the page is not cacheable', async () => {
    const editor = await addEditor(site.DB, { email: 'renew@example.com', password: 'correct horse' });
    // Shaped like a real token (43 base64url characters): anything else is not even looked up.
    const token = 'renewal-test-token-0123456789abcdefghijklmn';
    const expiresAt = Date.now() + SESSION_TTL_MS / 3;
    await site.DB.prepare('INSERT INTO editor_sessions (id, editor_id, token_hash, expires_at, created_at) VALUES (?, ?, ?, ?, ?)')
      .bind(crypto.randomUUID(), editor.id, await sha256Hex(token), expiresAt, Date.now() - SESSION_TTL_MS / 2)
      .run();
    const res = await get(`${LOCAL}/`, { headers: { cookie: `louise_session=${token}` } });
    expect(res.status).toBe(200);
    const renewed = res.headers.getSetCookie().find((cookie) => cookie.startsWith('louise_session='));
    expect(renewed).toMatch(new RegExp(`^louise_session=${token};`));
    const maxAge = Number(renewed!.match(/(?:^|; )Max-Age=([1-9]\d*)(?:;|$)/)?.[1]);
    expect(maxAge).toBeGreaterThan((SESSION_TTL_MS / 1000) * 0.99);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const row = await site.DB.prepare('SELECT expires_at FROM editor_sessions WHERE editor_id = ?').bind(editor.id).first<number>('expires_at');
    expect(row).toBeGreaterThan(expiresAt);
  });

  it('a response that sets no cookie keeps its caching', async () => {
    const res = await get(`${LOCAL}/about`);
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(res.headers.get('cache-control') ?? '').not.toContain('private');
  });
});

describe('on localhost without the editors table', () => {
  freshSite();
  const LOCAL = 'http://localhost:4321';

  it('serves visitors, tells the sign-in page and an editor what to run, and creates the development editors at sign-in once the table is back', async () => {
    await site.DB.exec('ALTER TABLE editors RENAME TO editors_away;');
    try {
      const res = await get(`${LOCAL}/about`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<h1');
      const signIn = await get(`${LOCAL}/cms/login`);
      expect(signIn.status).toBe(503);
      expect(signIn.headers.get('cache-control')).toBe('no-store');
      expect(await signIn.text()).toContain('(no such table: editors): run <code>npx louise db migrate</code>');
      const editor = await get(`${LOCAL}/about`, { headers: { cookie: `louise_session=${'A'.repeat(43)}` } });
      expect(editor.status).toBe(503);
      expect(await editor.text()).toContain('data-louise-problem="db_unmigrated"');
      const api = await get(`${LOCAL}/api/cms/auth/login`, { method: 'POST', headers: { origin: LOCAL, 'content-type': 'application/json' }, body: '{}' });
      expect(api.status).toBe(503);
      expect(await api.json()).toMatchObject({ error: 'db_unmigrated' });
    } finally {
      await site.DB.exec('ALTER TABLE editors_away RENAME TO editors;');
    }
    // Pages no longer create them: only the sign-in page and the login route do.
    await get(`${LOCAL}/`);
    expect(await site.DB.prepare('SELECT count(*) AS n FROM editors').first('n')).toBe(0);
    expect((await get(`${LOCAL}/cms/login`)).status).toBe(200);
    expect(await site.DB.prepare('SELECT count(*) AS n FROM editors').first('n')).toBe(2);
  });
});
