import { HttpError } from '../http/errors.ts';
import { sha256Hex } from '../security/crypto.ts';
import { isLocalHostname } from '../security/local-host.ts';
import { rateLimit } from '../security/rate-limit.ts';
import type { VerifyCaptcha } from './captcha.ts';
import type { FormDefinition } from './define-form.ts';
import { checkFormTimestamp, FORM_HIDDEN_FIELDS } from './form-token.ts';

/** Logs a line once per route and key, so a misconfiguration is said once, not on every request. */
export type LogOnce = (key: string, log: () => void) => void;

/** A `LogOnce` with its own memory. */
export function logOnce(): LogOnce {
  const said = new Set<string>();
  return (key, log) => {
    if (said.has(key)) return;
    said.add(key);
    log();
  };
}

/**
 * The Turnstile secret the form needs on this request, or null when the
 * form has no captcha or runs on localhost without one (warned once). A
 * configured captcha without its secret on a public host is 503
 * `misconfigured` (logged once): the form refuses rather than letting
 * everything through.
 */
export function captchaSecretOf<E>(form: FormDefinition<E>, env: E, url: URL, once: LogOnce): string | null {
  const read = form.spam.captchaSecret;
  if (!read) return null;
  const secret = read(env)?.trim();
  if (secret) return secret;
  if (isLocalHostname(url.hostname)) {
    once(`captcha-local:${form.name}`, () =>
      console.warn(`louise: form ${form.name} has a captcha but no secret; the check is skipped on ${url.hostname} only. Set it before deploying.`),
    );
    return null;
  }
  once(`captcha-missing:${form.name}`, () =>
    console.error(
      `louise: form ${form.name} has a captcha but its secret is not set; every submission is refused until it is (npx wrangler secret put <your Turnstile secret binding>).`,
    ),
  );
  throw new HttpError(
    503,
    'misconfigured',
    `This form is not accepting messages yet: its captcha secret is not set. The site owner should set the Turnstile secret that the form "${form.name}" reads (npx wrangler secret put ...) and redeploy.`,
  );
}

/**
 * True when the submission is a bot's by the silent heuristics: the honeypot
 * `_hp` is filled, or the signed render time `_ts` is missing, forged, or
 * younger than `minFillMs`. The route then answers the normal success and
 * keeps nothing.
 */
export async function isBotSubmission<E>(
  form: FormDefinition<E>,
  fields: Record<string, unknown>,
  secret: () => Promise<string>,
  now: number,
): Promise<boolean> {
  if (form.spam.honeypot) {
    const trap = fields[FORM_HIDDEN_FIELDS.honeypot];
    if (trap !== undefined && trap !== null && trap !== '') return true;
  }
  if (form.spam.minFillMs === 0) return false;
  return (await checkFormTimestamp(await secret(), fields[FORM_HIDDEN_FIELDS.timestamp], form.spam.minFillMs, now)) !== 'ok';
}

/**
 * Counts one submission for this client (SHA-256 of the form name and
 * `cf-connecting-ip`, so no address is stored) in the form's KV; 429 with
 * `retry-after` once over the limit. No KV: not limited (logged once).
 */
export async function limitClient<E>(form: FormDefinition<E>, env: E, ip: string | null, now: number, once: LogOnce): Promise<void> {
  const rule = form.spam.rateLimit;
  if (rule === false) return;
  const kv = form.spam.rateLimitKv(env);
  if (!kv) {
    once(`no-kv:${form.name}`, () => console.warn(`louise: form ${form.name} is not rate limited: no KV namespace (bind KV, or pass spam.rateLimitKv).`));
    return;
  }
  const who = await sha256Hex(`${form.name}\n${ip ?? 'unknown'}`);
  const result = await rateLimit(kv, `form:${who}`, rule.limit, rule.windowSec, now);
  if (result.ok) return;
  const retryAfter = Math.max(1, result.retryAfter);
  const wait = retryAfter < 60 ? `${retryAfter} second(s)` : `${Math.ceil(retryAfter / 60)} minute(s)`;
  throw new HttpError(429, 'rate_limited', `Too many messages from here. Try again in ${wait}.`, {}, { 'retry-after': String(retryAfter) });
}

/** 403 `captcha_failed` unless the Turnstile token is present and the verifier accepts it (a throwing verifier refuses too). */
export async function requireCaptcha(verify: VerifyCaptcha, fields: Record<string, unknown>, secret: string, ip: string | null): Promise<void> {
  const token = fields[FORM_HIDDEN_FIELDS.captcha];
  let ok = false;
  if (typeof token === 'string' && token !== '' && token.length <= 4096) {
    try {
      ok = await verify(token, secret, ip);
    } catch (error) {
      console.warn(`louise: the captcha check failed (${error instanceof Error ? error.name : typeof error}); the submission is refused.`);
    }
  }
  if (!ok) throw new HttpError(403, 'captcha_failed', 'The anti-spam check did not pass. Complete the challenge and send the form again.');
}
