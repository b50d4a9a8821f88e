import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT, startSite } from './harness.ts';

// Issue 29, items 11 and 12, on the production build in workerd.
let site: Awaited<ReturnType<typeof startSite>>;
const PUBLIC = 'https://example.com';
const LOCAL = 'http://localhost:4321';
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

/**
 * A prerendered page is a static HTML file among the assets that the site's
 * Worker serves (`louiseWorker`, with `run_worker_first`). The reference site
 * renders every page on demand, so this writes one such file into the build
 * and runs the built Worker with `run_worker_first` on, as `npx louise init`
 * sets it for a site with prerendered pages.
 */
const PROBE_DIR = new URL('../../dist/client/prerendered-probe/', import.meta.url);
const PROBE_CONFIG = new URL('wrangler.prerendered-probe.json', BUILT);

describe('a prerendered page through the Worker', () => {
  beforeAll(async () => {
    mkdirSync(PROBE_DIR, { recursive: true });
    writeFileSync(new URL('index.html', PROBE_DIR), '<!doctype html><html><head><title>Probe</title></head><body><h1>Prerendered</h1></body></html>');
    const config = JSON.parse(readFileSync(BUILT, 'utf8'));
    writeFileSync(PROBE_CONFIG, JSON.stringify({ ...config, assets: { ...config.assets, run_worker_first: true } }));
    site = await startSite(PROBE_CONFIG);
  });
  afterAll(async () => {
    await site?.server.close();
    rmSync(PROBE_DIR, { recursive: true, force: true });
    rmSync(PROBE_CONFIG, { force: true });
  });

  it('is public and revalidated for a visitor', async () => {
    const res = await get(`${LOCAL}/prerendered-probe/`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<h1>Prerendered</h1>');
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
  });

  it('answers ?edit=0, which clears the edit cookie, private and uncached (it was public, max-age=0)', async () => {
    const cookie = await signIn(LOCAL, 'editor@localhost', 'louise-dev');
    const enter = await get(`${LOCAL}/prerendered-probe/?edit`, { headers: { accept: 'text/html', cookie } });
    expect(enter.status).toBe(200);
    expect(enter.headers.get('set-cookie')).toMatch(/^louise_edit=1;/);
    expect(enter.headers.get('cache-control')).toBe('private, no-store');
    const leave = await get(`${LOCAL}/prerendered-probe/?edit=0`, { headers: { accept: 'text/html', cookie: `${cookie}; louise_edit=1` } });
    expect(leave.status).toBe(303);
    expect(leave.headers.get('set-cookie')).toMatch(/^louise_edit=; .*Max-Age=0/);
    expect(leave.headers.get('cache-control')).toBe('private, no-store');
  });
});

describe("without Louise's tables", () => {
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(async () => {
    await site?.server.close();
  });

  it('the status probe says so (it said ok while Louise’s tables were missing), with booleans only', async () => {
    const ok = await get(`${PUBLIC}/api/cms/status`);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ ok: true, checks: { db: { ok: true }, migrations: { ok: true } } });
    await site.DB.exec('ALTER TABLE editors RENAME TO editors_away;');
    try {
      const res = await get(`${PUBLIC}/api/cms/status`);
      expect(res.status).toBe(503);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.json()).toEqual({ ok: false, checks: { db: { ok: true }, migrations: { ok: false } } });
    } finally {
      await site.DB.exec('ALTER TABLE editors_away RENAME TO editors;');
    }
    // A column a later migration added (0007_pages_sections) counts too.
    await site.DB.exec('ALTER TABLE pages DROP COLUMN sections;');
    try {
      expect(await (await get(`${PUBLIC}/api/cms/status`)).json()).toEqual({ ok: false, checks: { db: { ok: true }, migrations: { ok: false } } });
    } finally {
      await site.DB.exec("ALTER TABLE pages ADD sections text DEFAULT '[]' NOT NULL;");
    }
    expect((await get(`${PUBLIC}/api/cms/status`)).status).toBe(200);
  });

  it('a visitor still gets a page with a form (it was a 500 with an empty body)', async () => {
    await site.DB.exec('ALTER TABLE louise_keys RENAME TO louise_keys_away;');
    try {
      const res = await get(`${PUBLIC}/contact`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('<form class="contact-form"');
      expect(html).toContain('This form cannot take messages right now.');
      expect(res.headers.getSetCookie()).toEqual([]);
    } finally {
      await site.DB.exec('ALTER TABLE louise_keys_away RENAME TO louise_keys;');
    }
    const back = await (await get(`${PUBLIC}/contact`)).text();
    expect(back).not.toContain('This form cannot take messages right now.');
  });
});
