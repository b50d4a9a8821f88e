import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from '@oslojs/encoding';
import { parseCookie } from 'cookie';
import * as v from 'valibot';
import { serializeCookie } from '../http/cookies.ts';
import type { FieldViolation } from './form-schema.ts';

/** The cookie a plain HTML form post comes back with: what happened, for the page to show. */
export const FORM_FLASH_COOKIE = 'louise_form';

/** Seconds the flash lives: long enough for the redirect, short enough not to greet a later visit. */
export const FORM_FLASH_MAX_AGE = 120;

/** Largest cookie value written (base64url characters); longer typed values are cut to fit. */
export const FORM_FLASH_MAX_CHARS = 3 * 1024;

/** What a page reads back after a form post (`readFormFlash`). `values` (what was typed) only when it failed. */
export interface FormFlash {
  ok: boolean;
  values?: Record<string, string>;
  violations?: FieldViolation[];
  message?: string;
}

/** Said when typed values had to be shortened to fit the cookie. */
export const FLASH_CUT_MESSAGE = 'Some of what you typed was too long to bring back here and was shortened: check the fields before sending again.';

const FlashSchema = v.object({
  form: v.string(),
  ok: v.boolean(),
  values: v.exactOptional(v.record(v.string(), v.string())),
  violations: v.exactOptional(v.array(v.object({ field: v.string(), message: v.string() }))),
  message: v.exactOptional(v.string()),
});

const encoder = new TextEncoder();

/**
 * The `Set-Cookie` value carrying a form post's outcome back to the page
 * (HttpOnly, SameSite=Lax, Path=/, Max-Age=120, Secure off localhost): base64url
 * JSON `{ form, ok, values?, violations?, message? }`, at most 3 KB. Typed
 * values that do not fit are cut (longest first), never dropped silently:
 * `message` then says so.
 */
export function formFlashCookie(url: URL, form: string, flash: FormFlash): string {
  return serializeCookie(FORM_FLASH_COOKIE, encodeFlash(form, flash), url, { maxAge: FORM_FLASH_MAX_AGE });
}

/** The `Set-Cookie` value that removes the flash once the page has shown it. */
export function clearFormFlash(url: URL | string): string {
  return serializeCookie(FORM_FLASH_COOKIE, '', new URL(url), { maxAge: 0 });
}

/**
 * The outcome of the last post of `form`, read from a request's `Cookie`
 * header, or null (no flash, another form's, or not one this toolkit wrote).
 *
 * @example const flash = readFormFlash(Astro.request.headers.get('cookie'), 'contact');
 */
export function readFormFlash(cookieHeader: string | null, form: string): FormFlash | null {
  if (!cookieHeader) return null;
  const raw = parseCookie(cookieHeader)[FORM_FLASH_COOKIE];
  if (!raw || !/^[A-Za-z0-9_-]+$/.test(raw) || raw.length > FORM_FLASH_MAX_CHARS) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(decodeBase64urlIgnorePadding(raw)));
  } catch {
    return null;
  }
  const result = v.safeParse(FlashSchema, parsed);
  if (!result.success || result.output.form !== form) return null;
  const { form: _form, ...flash } = result.output;
  return flash;
}

function encode(body: unknown): string {
  return encodeBase64urlNoPadding(encoder.encode(JSON.stringify(body)));
}

function encodeFlash(form: string, flash: FormFlash): string {
  const body = { form, ...flash, ...(flash.values && { values: { ...flash.values } }) };
  let text = encode(body);
  if (text.length <= FORM_FLASH_MAX_CHARS) return text;
  body.message = body.message ? `${body.message} ${FLASH_CUT_MESSAGE}` : FLASH_CUT_MESSAGE;
  const values = body.values ?? {};
  for (;;) {
    text = encode(body);
    if (text.length <= FORM_FLASH_MAX_CHARS) return text;
    const longest = Object.entries(values).reduce<[string, string] | null>((a, b) => (a === null || b[1].length > a[1].length ? b : a), null);
    if (longest === null || longest[1].length === 0) break;
    values[longest[0]] = cut(longest[1], Math.floor(longest[1].length / 2));
  }
  // Still too large with every value empty (a great many fields): keep the outcome and the first violations.
  const { values: _values, violations = [], ...rest } = body;
  for (let n = violations.length; n >= 0; n--) {
    text = encode({ ...rest, violations: violations.slice(0, n) });
    if (text.length <= FORM_FLASH_MAX_CHARS) return text;
  }
  return encode({ form, ok: flash.ok, message: FLASH_CUT_MESSAGE });
}

/** The first `length` UTF-16 units, never ending inside a surrogate pair. */
function cut(text: string, length: number): string {
  const code = text.charCodeAt(length - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? length - 1 : length);
}
