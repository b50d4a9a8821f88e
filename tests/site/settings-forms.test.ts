import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite } from './harness.ts';

// Settings and the contact form through the whole build: what the
// integration mounts from site/cms.config.ts, the layout reading the
// settings, the public form path and its 303 round trip without JavaScript.
let site: Awaited<ReturnType<typeof startSite>>;
const LOCAL = 'http://localhost:4321';
const PUBLIC = 'https://louise.example';
beforeAll(async () => {
  site = await startSite();
});
afterAll(async () => {
  await site?.server.close();
});

const get = (url: string, init: RequestInit = {}) => site.server.fetch(url, { redirect: 'manual', ...init });
const json = (url: string, cookie: string, method: string, body: unknown) =>
  get(url, { method, headers: { origin: new URL(url).origin, cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function signIn(email = 'editor@localhost'): Promise<string> {
  const res = await json(`${LOCAL}/api/cms/auth/login`, '', 'POST', { email, password: 'louise-dev' });
  expect(res.status).toBe(204);
  return res.headers.get('set-cookie')!.split(';')[0]!;
}

/** The signed render time and honeypot name of the contact page's form, as a visitor's browser would get them. */
async function contactForm(origin = LOCAL): Promise<{ html: string; ts: string; cookie: string }> {
  const res = await get(`${origin}/contact`);
  expect(res.status).toBe(200);
  const html = await res.text();
  const ts = /name="_ts" value="([^"]+)"/.exec(html)?.[1];
  expect(ts).toBeTruthy();
  return { html, ts: ts!, cookie: '' };
}

describe('site settings on the reference site', () => {
  it('renders the seeded settings in the header and footer; an editor’s change is a draft visitors see after Publish', async () => {
    const home = await (await get(`${LOCAL}/`)).text();
    expect(home).toContain('<title>Write where your readers read · Louise</title>');
    expect(home).toContain('<a href="/contact">Contact</a>');
    expect(home).toContain('Made with Louise on Cloudflare Workers.');
    expect(home).not.toMatch(/data-cms-field="settings:/);

    const session = await signIn();
    const before = (await (await get(`${LOCAL}/api/cms/settings`, { headers: { cookie: session } })).json()) as {
      settings: { custom: { menu: unknown[] } };
      revs: Record<string, string>;
      fields: { key: string; kind: string }[];
    };
    expect(before.fields.map((field) => `${field.key}:${field.kind}`)).toEqual([
      'siteName:text',
      'tagline:text',
      'footerText:longtext',
      'menu:links',
      'social:links',
    ]);
    const saved = await json(`${LOCAL}/api/cms/settings`, session, 'PATCH', {
      siteName: 'Renamed',
      menu: [...before.settings.custom.menu, { label: 'Press', href: '/press' }],
      $base: { siteName: before.revs.siteName },
    });
    expect(saved.status).toBe(200);
    // Settings are drafts: visitors keep the published name; the editor in edit mode sees the draft.
    expect(await (await get(`${LOCAL}/about`)).text()).toContain('<title>About this site · Louise</title>');
    expect(await (await get(`${LOCAL}/about?edit`, { headers: { cookie: session } })).text()).toContain('<title>About this site · Renamed</title>');
    expect((await json(`${LOCAL}/api/cms/settings/publish`, session, 'POST', {})).status).toBe(200);
    const html = await (await get(`${LOCAL}/about`)).text();
    expect(html).toContain('<title>About this site · Renamed</title>');
    expect(html).toContain('<a href="/press">Press</a>');
    // In edit mode the base fields are marked for in-place editing too.
    const editing = await (await get(`${LOCAL}/about?edit`, { headers: { cookie: session } })).text();
    for (const field of ['siteName', 'tagline', 'footerText']) expect(editing).toContain(`data-cms-field="settings:site:${field}"`);
    expect((await json(`${LOCAL}/api/cms/settings`, session, 'PATCH', { siteName: 'Louise', menu: before.settings.custom.menu })).status).toBe(200);
    expect((await json(`${LOCAL}/api/cms/settings/publish`, session, 'POST', {})).status).toBe(200);
  });

  it('keeps settings behind a session and Publish behind the publish right; seeding again changes nothing', async () => {
    expect((await get(`${PUBLIC}/api/cms/settings`)).status).toBe(401);
    const writer = await signIn('writer@localhost');
    expect((await get(`${LOCAL}/api/cms/settings`, { headers: { cookie: writer } })).status).toBe(200);
    // A writer's change is a draft, and their Publish is refused: visitors never see it.
    const drafted = await json(`${LOCAL}/api/cms/settings`, writer, 'PATCH', { siteName: 'Defaced' });
    expect(drafted.status).toBe(200);
    const refused = await json(`${LOCAL}/api/cms/settings/publish`, writer, 'POST', {});
    expect(refused.status).toBe(403);
    const { draft } = (await drafted.json()) as { draft: { versionId: number } };
    expect((await json(`${LOCAL}/api/cms/settings/discard`, writer, 'POST', { versionId: draft.versionId })).status).toBe(204);
    const seeded = await json(`${LOCAL}/api/cms/seed`, await signIn(), 'POST', {});
    expect(seeded.status).toBe(200);
    expect(await seeded.json()).toMatchObject({ seeded: false });
    expect(await (await get(`${LOCAL}/`)).text()).not.toContain('Defaced');
  });
});

describe('the contact form on the reference site', () => {
  it('takes a post without JavaScript: 303 back to the page, which says it was sent; the inbox lists it', async () => {
    const { ts } = await contactForm();
    // The render time is signed: a visitor is slower than the minimum fill time, so the test waits it out.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const body = new URLSearchParams({ name: 'Ada', email: 'ada@example.com', message: 'Hello from a plain form', _ts: ts, _hp: '' });
    const posted = await get(`${LOCAL}/api/cms/forms/contact`, {
      method: 'POST',
      headers: { origin: LOCAL, referer: `${LOCAL}/contact`, 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe('/contact');
    const flash = posted.headers.get('set-cookie')!.split(';')[0]!;
    const back = await get(`${LOCAL}/contact`, { headers: { cookie: flash } });
    const html = await back.text();
    expect(html).toContain('Thank you: your message was sent.');
    // The message is read once: the page clears the cookie.
    expect(back.headers.get('set-cookie')).toMatch(/^louise_form=[^;]*;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i);
    expect(back.headers.get('cache-control')).toContain('no-store');

    const session = await signIn();
    const listed = (await (await get(`${LOCAL}/api/cms/inquiries`, { headers: { cookie: session } })).json()) as { items: { data: Record<string, unknown> }[] };
    expect(listed.items[0]?.data).toEqual({ name: 'Ada', email: 'ada@example.com', message: 'Hello from a plain form' });
  });

  it('is public but same-origin only, and refuses a post from another site', async () => {
    const { ts } = await contactForm(PUBLIC);
    const crossSite = await get(`${PUBLIC}/api/cms/forms/contact`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x', email: 'x@example.com', message: 'x', _ts: ts }),
    });
    expect(crossSite.status).toBe(403);
    // Sooner than the minimum fill time would be taken for a bot (answered success, stored nowhere).
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    // Public: no session needed to reach the route (it answers 422 itself, not the gate's 401).
    const invalid = await get(`${LOCAL}/api/cms/forms/contact`, {
      method: 'POST',
      headers: { origin: LOCAL, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nope', _ts: ts }),
    });
    expect(invalid.status).toBe(422);
    expect((await invalid.json()) as { violations: { field: string }[] }).toMatchObject({ error: 'validation' });
    // The inbox is not public.
    expect((await get(`${PUBLIC}/api/cms/submissions/contact`)).status).toBe(401);
  });
});
