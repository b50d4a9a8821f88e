import { env } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { defineForm, type FormDefinition } from '../../src/forms/define-form.ts';
import { FORM_FLASH_COOKIE, readFormFlash } from '../../src/forms/flash.ts';
import { formRoute, type FormRouteOptions } from '../../src/forms/form-route.ts';
import { formSecret } from '../../src/forms/form-secret.ts';
import { formTimestamp } from '../../src/forms/form-token.ts';
import { inquiriesRoute, submissionsRoute } from '../../src/forms/inbox-route.ts';
import type { MailMessage, SendEmailBinding } from '../../src/forms/mailer.ts';
import { runEditorRoute, type EditorRoute, type RouteContext } from '../../src/http/route.ts';
import { setDegradedSink, type DegradedDetail } from '../../src/security/degraded.ts';
import { DEV_SESSION_SECRET } from '../../src/security/secrets.ts';
import { TURNSTILE_SITEVERIFY_URL } from '../../src/forms/captcha.ts';
import { headerEditor, ORIGIN } from './content-helpers.ts';

type TestEnv = Env & { SESSION_SECRET?: string; TURNSTILE_SECRET?: string; HOOK_URL?: string; SEND_EMAIL?: SendEmailBinding };

const SECRET = 'forms-test-secret-0123456789abcdef';
const HOOK = 'https://hooks.example.com/forms';

const kitchen = defineForm<TestEnv>({
  name: 'kitchen',
  fields: {
    name: { type: 'text', required: true },
    email: { type: 'email', required: true },
    message: { type: 'longtext' },
    topic: { type: 'choice', options: ['sales', 'support'] },
    agree: { type: 'checkbox', required: true },
    news: { type: 'checkbox' },
    guests: { type: 'number', integer: true, min: 1, max: 10 },
  },
  spam: { rateLimit: { limit: 3, windowSec: 60 } },
});

const contact = defineForm<TestEnv>({
  name: 'contact',
  fields: { name: { type: 'text', label: 'Name', required: true }, email: { type: 'email', required: true }, message: { type: 'longtext', required: true } },
  notify: { webhook: (e) => e.HOOK_URL ?? HOOK, email: { to: 'inbox@example.com', from: 'forms@example.com', subject: 'New message' } },
});

const guarded = defineForm<TestEnv>({
  name: 'guarded',
  fields: { email: { type: 'email', required: true } },
  spam: { captchaSecret: (e) => e.TURNSTILE_SECRET },
});

const forms: FormDefinition<TestEnv>[] = [kitchen, contact, guarded];

it('types: a form declared without an env type fits any route; Cloudflare’s send_email binding is a SendEmailBinding', () => {
  const plain = defineForm({ name: 'plain', fields: { email: { type: 'email' } } });
  expect(typeof formRoute<TestEnv>({ forms: [plain, contact] })).toBe('function');
  expectTypeOf<SendEmail>().toExtend<SendEmailBinding>();
});

// What left the machine: webhook requests and emails, and the degraded reports.
let hooks: { url: string; body: unknown }[] = [];
let mails: MailMessage[] = [];
let reports: { event: string; detail: DegradedDetail }[] = [];
let hookStatus = 200;
const fakeFetch = async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = input instanceof Request ? input.url : String(input);
  hooks.push({ url, body: JSON.parse(String(init?.body)) });
  return new Response('ok', { status: hookStatus });
};
let captcha: { token: string; secret: string; ip: string | null }[] = [];
let captchaAnswer: boolean | Error = true;
const verifyCaptcha = async (token: string, secret: string, ip: string | null) => {
  captcha.push({ token, secret, ip });
  if (captchaAnswer instanceof Error) throw captchaAnswer;
  return captchaAnswer;
};

const clock = { now: Date.now() };
const options: FormRouteOptions<TestEnv> = {
  forms,
  secret: async () => SECRET,
  verifyCaptcha,
  mailer: { send: async (message) => void mails.push(message) },
  fetch: fakeFetch,
  now: () => clock.now,
};
const route = formRoute<TestEnv>(options);

// Every ctx.waitUntil promise, so a test can wait for notify to finish.
let pending: Promise<unknown>[] = [];
const ctx: RouteContext = { waitUntil: (promise) => void pending.push(promise) };
const settle = async () => {
  await Promise.all(pending);
  pending = [];
};

interface Post {
  as?: 'json' | 'form' | 'multipart';
  origin?: string | null;
  ip?: string;
  referer?: string;
  base?: string;
  env?: TestEnv;
  method?: string;
  /** Leave out the hidden `_ts` and `_hp`. */
  bare?: boolean;
  /** Render time of the form; default 10 s ago. */
  renderedAt?: number;
  secret?: string;
}

async function submit(r: EditorRoute<TestEnv>, form: string, fields: Record<string, unknown>, post: Post = {}): Promise<Response> {
  const base = post.base ?? ORIGIN;
  const hidden = post.bare ? {} : { _hp: '', _ts: await formTimestamp(post.secret ?? SECRET, post.renderedAt ?? clock.now - 10_000) };
  const all = { ...hidden, ...fields };
  const headers: Record<string, string> = { 'cf-connecting-ip': post.ip ?? `198.51.100.${Math.floor(Math.random() * 250)}-${crypto.randomUUID()}` };
  if (post.origin !== null) headers.origin = post.origin ?? base;
  if (post.referer) headers.referer = post.referer;
  let body: BodyInit;
  if (post.as === 'form') body = new URLSearchParams(all as Record<string, string>);
  else if (post.as === 'multipart') {
    body = new FormData();
    for (const [k, v] of Object.entries(all)) body.append(k, v as string);
  } else {
    body = JSON.stringify(all);
    headers['content-type'] = 'application/json';
  }
  const request = new Request(`${base}/api/cms/forms/${form}`, { method: post.method ?? 'POST', headers, ...(post.method === 'GET' ? {} : { body }) });
  return runEditorRoute(r, request, post.env ?? env, ctx);
}

const rows = async (form?: string) =>
  (
    await env.DB.prepare(`SELECT * FROM submissions ${form ? 'WHERE form = ?1' : ''} ORDER BY id`)
      .bind(...(form ? [form] : []))
      .all<{ id: number; form: string; data: string; created_at: number; read_at: number | null }>()
  ).results.map((row) => ({ ...row, data: JSON.parse(row.data) as Record<string, unknown> }));

const validContact = { name: 'Ana', email: 'ana@example.com', message: 'Hello' };
const validKitchen = { name: 'Ana', email: 'ana@example.com', agree: 'on' };

beforeEach(async () => {
  await env.DB.prepare('DELETE FROM submissions').run();
  hooks = [];
  mails = [];
  reports = [];
  captcha = [];
  pending = [];
  hookStatus = 200;
  captchaAnswer = true;
  setDegradedSink((event, detail) => reports.push({ event, detail }));
});

afterEach(() => {
  setDegradedSink(null);
  vi.restoreAllMocks();
});

describe('formRoute: coercion of every field type through the route', () => {
  it('JSON: 201 { ok: true }, the row holds the coerced data and no undeclared key', async () => {
    const res = await submit(route, 'kitchen', {
      name: '  Ana\nMaria ',
      email: ' ana@example.com ',
      message: 'one\r\ntwo',
      topic: 'support',
      agree: true,
      guests: 4,
      admin: 'yes',
      'cf-turnstile-response': 'x',
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ ok: true });
    const [row, ...rest] = await rows();
    expect(rest).toEqual([]);
    expect(row?.form).toBe('kitchen');
    expect(row?.data).toEqual({ name: 'Ana Maria', email: 'ana@example.com', message: 'one\ntwo', topic: 'support', agree: true, news: false, guests: 4 });
    expect(row?.created_at).toBe(clock.now);
    expect(row?.read_at).toBeNull();
  });

  it('form post: strings coerced ("on" ticks, absent is false, "7" is 7, empty optional left out)', async () => {
    const res = await submit(
      route,
      'kitchen',
      { ...validKitchen, news: 'true', guests: ' 7 ', topic: '', message: '' },
      { as: 'form', referer: `${ORIGIN}/kontakt?x=1` },
    );
    expect(res.status).toBe(303);
    expect((await rows())[0]?.data).toEqual({ name: 'Ana', email: 'ana@example.com', agree: true, news: true, guests: 7 });
    const res2 = await submit(route, 'kitchen', validKitchen, { as: 'multipart' });
    expect(res2.status).toBe(303);
    expect((await rows())[1]?.data).toEqual({ name: 'Ana', email: 'ana@example.com', agree: true, news: false });
  });

  it('422 with one violation per field, nothing stored', async () => {
    const res = await submit(route, 'kitchen', { name: '', email: 'nope', topic: 'other', agree: 'off', news: 'maybe', guests: '11' });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      error: 'validation',
      message: 'Some fields are not valid.',
      violations: [
        { field: 'name', message: 'Fill in name.' },
        { field: 'email', message: 'Enter an email address like name@example.com.' },
        { field: 'topic', message: 'Choose one of: sales, support.' },
        { field: 'agree', message: 'Tick “agree” to continue.' },
        { field: 'news', message: 'Tick “news” or leave it empty.' },
        { field: 'guests', message: 'Enter 10 or less.' },
      ],
    });
    expect(await rows()).toEqual([]);
  });
});

describe('formRoute: HTTP contract', () => {
  it('405 with allow for other methods, 404 for an unknown form, other paths fall through', async () => {
    const get = await submit(route, 'contact', {}, { method: 'GET' });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    const unknown = await submit(route, 'nope', validContact);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: 'unknown_form' });
    expect(await route(new Request(`${ORIGIN}/api/cms/forms`, { method: 'POST' }), env, ctx)).toBeUndefined();
    expect(await route(new Request(`${ORIGIN}/api/cms/forms/contact/x`, { method: 'POST' }), env, ctx)).toBeUndefined();
  });

  it('cross-origin or origin-less posts are 403 and store nothing', async () => {
    for (const origin of ['https://evil.test', null]) {
      const res = await submit(route, 'contact', validContact, { origin, as: 'form' });
      expect(res.status, String(origin)).toBe(403);
      expect(await res.json()).toMatchObject({ error: 'forbidden' });
    }
    expect(await rows()).toEqual([]);
  });

  it('refuses a body over 64 KB (413) and a file part (400)', async () => {
    const big = await submit(route, 'contact', { ...validContact, message: 'x'.repeat(70_000) });
    expect(big.status).toBe(413);
    const form = new FormData();
    form.append('email', 'a@example.com');
    form.append('file', new File(['x'], 'x.txt'));
    const file = await runEditorRoute(
      route,
      new Request(`${ORIGIN}/api/cms/forms/guarded`, { method: 'POST', body: form, headers: { origin: ORIGIN } }),
      env,
      ctx,
    );
    expect(file.status).toBe(400);
    expect(await file.json()).toMatchObject({ error: 'file_not_accepted' });
    expect(await rows()).toEqual([]);
  });

  it('a plain form post answers 303 to the referring page with a success flash', async () => {
    const res = await submit(route, 'contact', validContact, { as: 'form', referer: `${ORIGIN}/contact?lang=en` });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/contact?lang=en');
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(new RegExp(`^${FORM_FLASH_COOKIE}=`));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Max-Age=120/);
    expect(cookie).toMatch(/Secure/);
    expect(readFormFlash(cookie.split(';')[0] as string, 'contact')).toEqual({ ok: true });
    expect(await rows('contact')).toHaveLength(1);
  });

  it('the 303 goes back only to a page of this site', async () => {
    const to = async (referer?: string) => (await submit(route, 'contact', validContact, { as: 'form', ...(referer && { referer }) })).headers.get('location');
    expect(await to('https://evil.test/phish')).toBe('/');
    expect(await to()).toBe('/');
    expect(await to('not a url')).toBe('/');
    expect(await to(`${ORIGIN}//evil.test/x`)).toBe('/evil.test/x');
  });

  it('a refused form post answers 303 with the violations and what was typed, never the hidden fields', async () => {
    const res = await submit(route, 'contact', { name: 'Ana', email: 'ana@', message: '', extra: 'x' }, { as: 'form', referer: `${ORIGIN}/contact` });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/contact');
    const flash = readFormFlash((res.headers.get('set-cookie') ?? '').split(';')[0] as string, 'contact');
    expect(flash).toEqual({
      ok: false,
      values: { name: 'Ana', email: 'ana@' },
      violations: [
        { field: 'email', message: 'Enter an email address like name@example.com.' },
        { field: 'message', message: 'Fill in message.' },
      ],
      message: 'Check the fields marked below and send the form again.',
    });
    expect(await rows()).toEqual([]);
  });
});

describe('formRoute: spam guard', () => {
  it('429 with retry-after once a client passes the limit (real KV), per client', async () => {
    const ip = '203.0.113.7';
    for (let i = 0; i < 3; i++) expect((await submit(route, 'kitchen', validKitchen, { ip })).status).toBe(201);
    const limited = await submit(route, 'kitchen', validKitchen, { ip });
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await limited.json()).toMatchObject({ error: 'rate_limited', message: expect.stringMatching(/Try again in/) });
    expect(await rows('kitchen')).toHaveLength(3);
    // Another client is not limited; the address is never stored in a key.
    expect((await submit(route, 'kitchen', validKitchen, { ip: '203.0.113.8' })).status).toBe(201);
    const { keys } = await env.KV.list({ prefix: 'rl:form:' });
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.some((key) => key.name.includes('203.0.113'))).toBe(false);
    // A form post over the limit goes back to the page with the message and the wait.
    const back = await submit(route, 'kitchen', validKitchen, { ip, as: 'form' });
    expect(back.status).toBe(303);
    expect(back.headers.get('retry-after')).toBe(String(retryAfter));
    expect(readFormFlash((back.headers.get('set-cookie') ?? '').split(';')[0] as string, 'kitchen')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/Too many/),
    });
  });

  it('a filled honeypot, a missing, forged or too fresh _ts: the normal success, nothing stored or sent', async () => {
    const bots: [string, Record<string, unknown>, Post][] = [
      ['honeypot', { ...validContact, _hp: 'http://spam.test' }, {}],
      ['no _ts', validContact, { bare: true }],
      ['too fresh', validContact, { renderedAt: clock.now - 1500 }],
      ['forged', validContact, { secret: 'not-the-secret' }],
      ['garbage _ts', { ...validContact, _ts: `${clock.now - 10_000}.AAAA` }, {}],
    ];
    for (const [label, fields, post] of bots) {
      const json = await submit(route, 'contact', fields, post);
      expect(json.status, label).toBe(201);
      expect(await json.json()).toEqual({ ok: true });
      const form = await submit(route, 'contact', fields, { ...post, as: 'form', referer: `${ORIGIN}/contact` });
      expect(form.status, label).toBe(303);
      expect(form.headers.get('location')).toBe('/contact');
      expect(readFormFlash((form.headers.get('set-cookie') ?? '').split(';')[0] as string, 'contact'), label).toEqual({ ok: true });
    }
    await settle();
    expect(await rows()).toEqual([]);
    expect(hooks).toEqual([]);
    expect(mails).toEqual([]);
    // A bot's invalid data is dropped the same way: no 422 tells it what to fix.
    expect((await submit(route, 'contact', { email: 'x' }, { bare: true })).status).toBe(201);
  });

  it('the honeypot and the timing check can be turned off', async () => {
    const open = defineForm<TestEnv>({ name: 'open', fields: { email: { type: 'email', required: true } }, spam: { honeypot: false, minFillMs: 0 } });
    const r = formRoute<TestEnv>({ ...options, forms: [open] });
    expect((await submit(r, 'open', { email: 'a@example.com', _hp: 'filled' }, { bare: true })).status).toBe(201);
    expect(await rows('open')).toHaveLength(1);
  });

  it('captcha: the token is verified with the secret and the client IP; a refusal is 403 and stores nothing', async () => {
    const e = { ...env, TURNSTILE_SECRET: 'turnstile-secret' };
    captchaAnswer = false;
    const refused = await submit(route, 'guarded', { email: 'a@example.com', 'cf-turnstile-response': 'tok' }, { env: e, ip: '192.0.2.1' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: 'captcha_failed', message: expect.any(String) });
    expect(captcha).toEqual([{ token: 'tok', secret: 'turnstile-secret', ip: '192.0.2.1' }]);
    captchaAnswer = new Error('siteverify down');
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect((await submit(route, 'guarded', { email: 'a@example.com', 'cf-turnstile-response': 'tok' }, { env: e })).status).toBe(403);
    captchaAnswer = true;
    const missing = await submit(route, 'guarded', { email: 'a@example.com' }, { env: e });
    expect(missing.status).toBe(403);
    expect(captcha).toHaveLength(2);
    expect(await rows()).toEqual([]);
    const ok = await submit(route, 'guarded', { email: 'a@example.com', 'cf-turnstile-response': 'good' }, { env: e });
    expect(ok.status).toBe(201);
    expect(await rows('guarded')).toHaveLength(1);
  });

  it('the default verifier posts the token form-encoded to Turnstile siteverify through the injected fetch', async () => {
    const calls: { url: string; body: string; method: string | undefined }[] = [];
    let success = false;
    const turnstile = async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: String(input), body: String(init?.body), method: init?.method });
      return Response.json({ success });
    };
    const r = formRoute<TestEnv>({ forms: [guarded], secret: async () => SECRET, fetch: turnstile, now: () => clock.now });
    const e = { ...env, TURNSTILE_SECRET: 'ts-secret' };
    const refused = await submit(r, 'guarded', { email: 'a@example.com', 'cf-turnstile-response': 'tok 1' }, { env: e, ip: '192.0.2.9' });
    expect(refused.status).toBe(403);
    expect(calls).toEqual([{ url: TURNSTILE_SITEVERIFY_URL, method: 'POST', body: 'secret=ts-secret&response=tok+1&remoteip=192.0.2.9' }]);
    success = true;
    expect((await submit(r, 'guarded', { email: 'a@example.com', 'cf-turnstile-response': 'tok' }, { env: e })).status).toBe(201);
    expect(await rows('guarded')).toHaveLength(1);
  });

  it('a captcha without its secret: 503 on a public host (said once), skipped on localhost (warned once)', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const r = formRoute<TestEnv>({ ...options });
    for (let i = 0; i < 2; i++) {
      const res = await submit(r, 'guarded', { email: 'a@example.com', 'cf-turnstile-response': 'tok' });
      expect(res.status).toBe(503);
      const body = (await res.json()) as { error: string; message: string };
      expect(body.error).toBe('misconfigured');
      expect(body.message).toMatch(/captcha secret is not set/);
    }
    expect(error).toHaveBeenCalledTimes(1);
    expect(await rows()).toEqual([]);
    const local = 'http://localhost:4321';
    for (let i = 0; i < 2; i++) expect((await submit(r, 'guarded', { email: 'a@example.com' }, { base: local })).status).toBe(201);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(captcha).toEqual([]);
    expect(await rows('guarded')).toHaveLength(2);
  });

  it('the default _ts secret: the site SESSION_SECRET when set, else a key Louise creates once in D1; a development secret off localhost is 503', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const r = formRoute<TestEnv>({ forms: [contact], mailer: { send: async () => {} }, fetch: fakeFetch, now: () => clock.now });
    // No secret set: the page and the route share the key kept in louise_keys, on any host.
    const key = await formSecret(env, new URL(ORIGIN));
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(await formSecret(env, new URL('http://localhost:4321'))).toBe(key);
    const stored = await env.DB.prepare("SELECT value FROM louise_keys WHERE name = 'forms'").first<string>('value');
    expect(stored).toBe(key);
    expect((await submit(r, 'contact', validContact, { secret: key })).status).toBe(201);
    expect((await submit(r, 'contact', { ...validContact, name: 'Forged' }, { secret: SECRET })).status).toBe(201);
    // A site secret wins; the development one is refused off localhost (said, never an open door).
    const withSecret = { ...env, SESSION_SECRET: SECRET };
    expect((await submit(r, 'contact', validContact, { env: withSecret })).status).toBe(201);
    const dev = await submit(r, 'contact', validContact, { env: { ...env, SESSION_SECRET: DEV_SESSION_SECRET }, secret: DEV_SESSION_SECRET });
    expect(dev.status).toBe(503);
    expect(await dev.json()).toMatchObject({ error: 'misconfigured', message: expect.stringMatching(/SESSION_SECRET/) });
    await settle();
    expect((await rows('contact')).map((row) => row.data.name)).toEqual(['Ana', 'Ana']);
  });
});

describe('formRoute: notify after the insert, off the response path', () => {
  it('sends the webhook and the email once the row is stored', async () => {
    const res = await submit(route, 'contact', validContact);
    expect(res.status).toBe(201);
    await settle();
    const [row] = await rows('contact');
    expect(hooks).toEqual([{ url: HOOK, body: { form: 'contact', id: row?.id, data: validContact, createdAt: clock.now } }]);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: ['inbox@example.com'], from: 'forms@example.com', subject: 'New message', replyTo: 'ana@example.com' });
    expect(mails[0]?.text).toContain('Name: Ana');
    expect(reports).toEqual([]);
  });

  it('a webhook answering 500 and a throwing mailer: the row stays, both are reported degraded without values', async () => {
    hookStatus = 500;
    const r = formRoute<TestEnv>({
      ...options,
      mailer: {
        send: async () => {
          throw new TypeError('smtp down');
        },
      },
    });
    expect((await submit(r, 'contact', validContact)).status).toBe(201);
    await settle();
    const [row] = await rows('contact');
    expect(row?.data).toEqual(validContact);
    expect(reports).toEqual(
      expect.arrayContaining([
        { event: 'forms.notify', detail: { form: 'contact', id: row?.id, channel: 'webhook', error: 'UpstreamError', status: 500 } },
        { event: 'forms.notify', detail: { form: 'contact', id: row?.id, channel: 'email', error: 'TypeError' } },
      ]),
    );
    expect(reports).toHaveLength(2);
    expect(JSON.stringify(reports)).not.toMatch(/ana@example.com|Hello/);
  });

  it('a webhook to a private address is blocked before any request', async () => {
    for (const url of ['https://10.0.0.1/hook', 'https://localhost/hook', 'https://intranet.internal/hook']) {
      reports = [];
      hooks = [];
      expect((await submit(route, 'contact', validContact, { env: { ...env, HOOK_URL: url } })).status).toBe(201);
      await settle();
      expect(hooks, url).toEqual([]);
      expect(reports.find((r) => r.detail['channel'] === 'webhook')?.detail, url).toMatchObject({ channel: 'webhook', error: 'BlockedUrlError' });
    }
    expect(await rows('contact')).toHaveLength(3);
  });

  it('mailer fallbacks: the SEND_EMAIL binding, the console on localhost, else reported', async () => {
    const { mailer: _m, ...noMailer } = options;
    const r = formRoute<TestEnv>(noMailer);
    const sent: unknown[] = [];
    const binding: SendEmailBinding = { send: async (message) => void sent.push(message) };
    expect((await submit(r, 'contact', validContact, { env: { ...env, SEND_EMAIL: binding } })).status).toBe(201);
    await settle();
    expect(sent).toEqual([
      expect.objectContaining({ to: ['inbox@example.com'], from: 'forms@example.com', subject: 'New message', replyTo: 'ana@example.com' }),
    ]);

    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    expect((await submit(r, 'contact', validContact, { base: 'http://localhost:4321' })).status).toBe(201);
    await settle();
    expect(info).toHaveBeenCalledTimes(1);
    expect(String(info.mock.calls[0]?.[0])).toMatch(/Subject: New message[\s\S]*Name: Ana/);

    reports = [];
    expect((await submit(r, 'contact', validContact)).status).toBe(201);
    await settle();
    expect(reports).toEqual([
      { event: 'forms.notify', detail: expect.objectContaining({ channel: 'email', error: 'NotifyConfigError', reason: 'no_mailer' }) },
    ]);
    expect(await rows('contact')).toHaveLength(3);
  });
});

describe('submissionsRoute and inquiriesRoute', () => {
  const inbox = submissionsRoute<TestEnv>({ resolveEditor: headerEditor, forms });
  const inquiries = inquiriesRoute<TestEnv>({ resolveEditor: headerEditor, forms });
  const ask = (r: EditorRoute<TestEnv>, path: string, init: { method?: string; body?: unknown; editor?: string | null; origin?: string } = {}) => {
    const headers: Record<string, string> = { origin: init.origin ?? ORIGIN };
    if (init.editor !== null) headers['x-editor'] = init.editor ?? 'ana';
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const request = new Request(`${ORIGIN}${path}`, {
      method: init.method ?? 'GET',
      headers,
      ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
    });
    return runEditorRoute(r, request, env, ctx);
  };
  const seed = async (n: number, form = 'contact') => {
    for (let i = 1; i <= n; i++) {
      clock.now += 1000;
      expect((await submit(route, form, form === 'contact' ? { ...validContact, name: `Visitor ${i}` } : { ...validKitchen, name: `K${i}` })).status).toBe(201);
    }
    await settle();
    return (await rows(form)).map((row) => row.id);
  };

  it('lists one form newest first with data as an object, cursor-paginated', async () => {
    const ids = await seed(3);
    await seed(1, 'kitchen');
    const first = await ask(inbox, '/api/cms/submissions/contact?limit=2');
    expect(first.status).toBe(200);
    const page = (await first.json()) as {
      items: { id: number; form: string; data: Record<string, unknown>; createdAt: number; readAt: number | null }[];
      nextCursor: string;
    };
    expect(page.items.map((item) => item.id)).toEqual([ids[2], ids[1]]);
    expect(page.items[0]).toEqual({ id: ids[2], form: 'contact', data: { ...validContact, name: 'Visitor 3' }, createdAt: expect.any(Number), readAt: null });
    expect(page.nextCursor).toBe(String(ids[1]));
    const second = (await (await ask(inbox, `/api/cms/submissions/contact?limit=2&cursor=${page.nextCursor}`)).json()) as typeof page;
    expect(second.items.map((item) => item.id)).toEqual([ids[0]]);
    expect(second.nextCursor).toBeNull();
    expect((await ask(inbox, '/api/cms/submissions/contact?cursor=abc')).status).toBe(400);
    expect((await ask(inbox, '/api/cms/submissions/contact?limit=0')).status).toBe(400);
  });

  it('counts every declared form', async () => {
    const [id] = await seed(2);
    await ask(inbox, `/api/cms/submissions/contact?id=${id}`, { method: 'PATCH', body: { read: true } });
    const res = await ask(inbox, '/api/cms/submissions');
    expect(await res.json()).toEqual({
      forms: [
        { name: 'kitchen', total: 0, unread: 0 },
        { name: 'contact', total: 2, unread: 1 },
        { name: 'guarded', total: 0, unread: 0 },
      ],
    });
    expect((await ask(inbox, '/api/cms/submissions', { method: 'POST' })).status).toBe(405);
  });

  it('PATCH marks read and unread; DELETE removes; unknown ids 404, bad ids 400', async () => {
    const [id, other] = await seed(2);
    const read = await ask(inbox, `/api/cms/submissions/contact?id=${id}`, { method: 'PATCH', body: { read: true } });
    expect(read.status).toBe(200);
    const item = (await read.json()) as { id: number; readAt: number };
    expect(item).toMatchObject({ id, form: 'contact', data: { name: 'Visitor 1' } });
    expect(item.readAt).toBeGreaterThan(0);
    const again = (await (await ask(inbox, `/api/cms/submissions/contact?id=${id}`, { method: 'PATCH', body: { read: true } })).json()) as { readAt: number };
    expect(again.readAt).toBe(item.readAt);
    const unread = await ask(inbox, `/api/cms/submissions/contact?id=${id}`, { method: 'PATCH', body: { read: false } });
    expect(await unread.json()).toMatchObject({ id, readAt: null });
    expect((await ask(inbox, `/api/cms/submissions/contact?id=${id}`, { method: 'PATCH', body: { read: 'yes' } })).status).toBe(400);
    expect((await ask(inbox, '/api/cms/submissions/contact?id=999999', { method: 'PATCH', body: { read: true } })).status).toBe(404);
    expect((await ask(inbox, `/api/cms/submissions/kitchen?id=${id}`, { method: 'PATCH', body: { read: true } })).status).toBe(404);

    expect((await ask(inbox, `/api/cms/submissions/contact?id=${id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await ask(inbox, `/api/cms/submissions/contact?id=${id}`, { method: 'DELETE' })).status).toBe(404);
    for (const bad of ['', '?id=', '?id=abc', '?id=-1', '?id=1.5'])
      expect((await ask(inbox, `/api/cms/submissions/contact${bad}`, { method: 'DELETE' })).status, bad).toBe(400);
    expect((await rows('contact')).map((row) => row.id)).toEqual([other]);
  });

  it('exports CSV: declared fields then createdAt, formulas defused, newest first', async () => {
    clock.now += 1000;
    await submit(route, 'contact', { name: '=HYPERLINK("http://evil.test","x")', email: 'b@example.com', message: 'line 1\nline, 2' });
    await seed(1);
    const res = await ask(inbox, '/api/cms/submissions/contact?format=csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="contact-submissions.csv"');
    const bytes = new Uint8Array(await res.arrayBuffer());
    // A UTF-8 BOM first, so spreadsheets read the file as UTF-8 (res.text() would strip it).
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    const created = (await rows('contact')).map((row) => new Date(row.created_at).toISOString());
    expect(text).toBe(
      `\uFEFFname,email,message,createdAt\r\nVisitor 1,ana@example.com,Hello,${created[1]}\r\n"'=HYPERLINK(""http://evil.test"",""x"")",b@example.com,"line 1\nline, 2",${created[0]}\r\n`,
    );
  });

  it('CSV of more rows than one page has every row once', async () => {
    const values = Array.from({ length: 205 }, (_, i) => `(?1, '{"name":"n${i}","email":"e@example.com","message":"m"}', ${i})`).join(',');
    await env.DB.prepare(`INSERT INTO submissions (form, data, created_at) VALUES ${values}`).bind('contact').run();
    const lines = (await (await ask(inbox, '/api/cms/submissions/contact?format=csv')).text()).trim().split('\r\n');
    expect(lines).toHaveLength(206);
    expect(new Set(lines).size).toBe(206);
    expect(lines[1]).toMatch(/^n204,/);
    expect(lines[205]).toMatch(/^n0,/);
  });

  it('is session gated (401), same-origin checked on mutations (403), 404 for an unknown form, 405 for other methods', async () => {
    const [id] = await seed(1);
    expect((await ask(inbox, '/api/cms/submissions', { editor: null })).status).toBe(401);
    expect((await ask(inbox, '/api/cms/submissions/contact', { editor: null })).status).toBe(401);
    expect((await ask(inbox, '/api/cms/submissions/contact?format=csv', { editor: null })).status).toBe(401);
    expect((await ask(inquiries, '/api/cms/inquiries', { editor: null })).status).toBe(401);
    expect((await ask(inbox, `/api/cms/submissions/contact?id=${id}`, { method: 'DELETE', origin: 'https://evil.test' })).status).toBe(403);
    expect((await ask(inbox, `/api/cms/submissions/contact?id=${id}`, { method: 'DELETE', editor: null })).status).toBe(401);
    expect(await rows('contact')).toHaveLength(1);
    const unknown = await ask(inbox, '/api/cms/submissions/nope');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: 'unknown_form' });
    const post = await ask(inbox, '/api/cms/submissions/contact', { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, PATCH, DELETE');
    expect(await inbox(new Request(`${ORIGIN}/api/cms/other`), env, ctx)).toBeUndefined();
  });

  it('inquiriesRoute lists, marks and deletes the contact form only', async () => {
    const ids = await seed(2);
    await seed(1, 'kitchen');
    const list = (await (await ask(inquiries, '/api/cms/inquiries')).json()) as { items: { id: number; form: string }[]; nextCursor: string | null };
    expect(list.items.map((item) => [item.id, item.form])).toEqual([
      [ids[1], 'contact'],
      [ids[0], 'contact'],
    ]);
    expect(list.nextCursor).toBeNull();
    expect(await (await ask(inquiries, `/api/cms/inquiries?id=${ids[0]}`, { method: 'PATCH', body: { read: true } })).json()).toMatchObject({ id: ids[0] });
    expect((await ask(inquiries, `/api/cms/inquiries?id=${ids[0]}`, { method: 'DELETE' })).status).toBe(204);
    const [kitchenId] = (await rows('kitchen')).map((row) => row.id);
    expect((await ask(inquiries, `/api/cms/inquiries?id=${kitchenId}`, { method: 'DELETE' })).status).toBe(404);
    expect((await ask(inquiries, '/api/cms/inquiries?format=csv')).headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(() => inquiriesRoute<TestEnv>({ resolveEditor: headerEditor, forms: [kitchen] })).toThrow(/the form "contact" is not in forms/);
  });
});
