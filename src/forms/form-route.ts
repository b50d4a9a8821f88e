import { HttpError, json } from '../http/errors.ts';
import { answering, matchPath, type EditorRoute, type EditorRouteEnv } from '../http/route.ts';
import { isSameOrigin } from '../http/same-origin.ts';
import { formSecret } from './form-secret.ts';
import type { FetchFn } from '../security/upstream.ts';
import { validationError } from '../drafts/draft-deps.ts';
import { turnstileVerifier, type VerifyCaptcha } from './captcha.ts';
import { formsByName, type FormDefinition } from './define-form.ts';
import { formFlashCookie, type FormFlash } from './flash.ts';
import { validateForm } from './form-schema.ts';
import type { Mailer } from './mailer.ts';
import { notifySubmission } from './notify.ts';
import { readSubmission } from './read-submission.ts';
import { captchaSecretOf, isBotSubmission, limitClient, logOnce, requireCaptcha } from './spam-guard.ts';

export interface FormRouteOptions<E> {
  /** The forms this route takes, each from `defineForm`; their names must differ. */
  forms: readonly FormDefinition<E>[];
  /** Default `/api/cms/forms`; a form posts to `<path>/<name>`. */
  path?: string;
  /** The secret signing `_ts` (the same one the page renders with); default `formSecret` (the site's SESSION_SECRET, else a key Louise keeps in D1). */
  secret?: (env: E, url: URL) => Promise<string>;
  /** Checks a captcha token; default Turnstile siteverify. Injectable so tests run offline. */
  verifyCaptcha?: VerifyCaptcha;
  /** Sends notify emails; default the `SEND_EMAIL` binding, else the console on localhost. */
  mailer?: Mailer | ((env: E) => Mailer | undefined);
  /** `fetch` for the webhook and the default captcha check (tests). */
  fetch?: FetchFn;
  /** The clock, in ms (tests). */
  now?: () => number;
}

/** What a form post may be answered with in a flash instead of JSON: the visitor's to fix or wait out. */
const FLASHED = new Set(['validation', 'rate_limited', 'captcha_failed', 'misconfigured']);
const NO_STORE = { 'cache-control': 'no-store' };

/**
 * Public capture of form submissions: `POST <path>/<name>` (not session
 * gated; same-origin checked, 403 otherwise; other methods 405; an unknown
 * form 404 `unknown_form`). The body is JSON, urlencoded or multipart (at
 * most 64 KB, no files). Then, in order: a captcha configured without its
 * secret on a public host is 503 `misconfigured`; a filled honeypot or a
 * missing, forged or too fresh `_ts` is answered as a success and dropped;
 * the fields are validated (422 `{ error: 'validation', violations }`); the
 * client is rate limited (429 + `retry-after`); the captcha is verified (403
 * `captcha_failed`). The row is stored, then the form's notify runs off the
 * response path (`ctx.waitUntil`); its failures are reported, never lose the row.
 *
 * JSON is answered 201 `{ ok: true }` or the error body. A plain HTML form
 * post is answered 303 back to the referring page (same origin, else `/`)
 * with the `louise_form` flash cookie (see `readFormFlash`), for refusals
 * the visitor can act on too, with what they typed.
 *
 * @example formRoute<Env>({ forms: [contact], mailer: (env) => sendEmailMailer(env.SEND_EMAIL) })
 */
export function formRoute<E extends EditorRouteEnv>(options: FormRouteOptions<E>): EditorRoute<E> {
  const base = (options.path ?? '/api/cms/forms').replace(/\/$/, '');
  const byName = formsByName(options.forms, 'formRoute');
  const now = options.now ?? Date.now;
  const verify = options.verifyCaptcha ?? turnstileVerifier(options.fetch);
  const once = logOnce();
  const secretOf = options.secret ?? formSecret;

  return answering(async function forms(request, env, ctx) {
    const url = new URL(request.url);
    const params = matchPath(`${base}/:name`, url.pathname);
    if (!params) return undefined;
    if (request.method !== 'POST') throw new HttpError(405, 'method_not_allowed', 'Use POST.', {}, { allow: 'POST' });
    const form = byName.get(params['name'] as string);
    if (!form) throw new HttpError(404, 'unknown_form', `There is no form named ${JSON.stringify(params['name'])}.`);
    if (!isSameOrigin(request)) throw new HttpError(403, 'forbidden', 'Cross-origin request refused: send the form from the site itself.');
    const { kind, fields } = await readSubmission(request);
    const success = () => (kind === 'json' ? json({ ok: true }, { status: 201 }) : backToPage(request, url, form.name, { ok: true }));
    try {
      const time = now();
      const ip = request.headers.get('cf-connecting-ip');
      const captchaSecret = captchaSecretOf(form, env, url, once);
      if (await isBotSubmission(form, fields, () => secretOf(env, url), time)) return success();
      const checked = validateForm(form, fields);
      if ('violations' in checked) throw validationError(checked.violations);
      await limitClient(form, env, ip, time, once);
      if (captchaSecret !== null) await requireCaptcha(verify, fields, captchaSecret, ip);
      const stored = await form.store.insert(env, form.name, checked.data, time);
      ctx.waitUntil(notifySubmission(form, { ...stored, data: checked.data }, { env, url, mailer: options.mailer, fetch: options.fetch }));
      return success();
    } catch (error) {
      if (kind === 'form' && error instanceof HttpError && FLASHED.has(error.code)) return refusedToPage(request, url, form, fields, error);
      throw error;
    }
  });
}

/** A refusal of a plain form post: back to the page with the message, the violations and what was typed. */
function refusedToPage<E>(request: Request, url: URL, form: FormDefinition<E>, fields: Record<string, unknown>, error: HttpError): Response {
  const values: Record<string, string> = {};
  for (const name of Object.keys(form.fields)) {
    const value = fields[name];
    if (typeof value === 'string' && value !== '') values[name] = value;
  }
  const violations = error.extra['violations'] as FormFlash['violations'];
  const message = error.code === 'validation' ? 'Check the fields marked below and send the form again.' : error.message;
  const response = backToPage(request, url, form.name, { ok: false, values, ...(violations && { violations }), message });
  const retryAfter = new Headers(error.headers).get('retry-after');
  if (retryAfter !== null) response.headers.set('retry-after', retryAfter);
  return response;
}

/** 303 to the referring page when it is on this site (else `/`), carrying the flash cookie. */
function backToPage(request: Request, url: URL, form: string, flash: FormFlash): Response {
  let location = '/';
  const referer = request.headers.get('referer');
  if (referer) {
    try {
      const from = new URL(referer);
      // Leading slashes collapsed: `//other.site/` would be read as another host.
      if (from.origin === url.origin) location = from.pathname.replace(/^\/+/, '/') + from.search;
    } catch {
      // Not a URL: back to the home page.
    }
  }
  return new Response(null, { status: 303, headers: { ...NO_STORE, location, 'set-cookie': formFlashCookie(url, form, flash) } });
}
