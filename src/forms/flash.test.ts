import { encodeBase64urlNoPadding } from '@oslojs/encoding';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clearFormFlash, FLASH_CUT_MESSAGE, FORM_FLASH_COOKIE, FORM_FLASH_MAX_CHARS, formFlashCookie, readFormFlash } from './flash.ts';

const url = new URL('https://site.test/api/cms/forms/contact');
/** The Cookie header a browser sends back for a Set-Cookie value. */
const back = (setCookie: string) => setCookie.split(';')[0] as string;

describe('form flash cookie', () => {
  it('is HttpOnly, SameSite=Lax, Path=/, Max-Age=120 and Secure off localhost', () => {
    const cookie = formFlashCookie(url, 'contact', { ok: true });
    expect(cookie.startsWith(`${FORM_FLASH_COOKIE}=`)).toBe(true);
    expect(cookie).toMatch(/Max-Age=120/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Secure/);
    expect(formFlashCookie(new URL('http://localhost:4321/x'), 'contact', { ok: true })).not.toMatch(/Secure/);
  });

  it('round trips through readFormFlash, for its own form only', () => {
    const flash = { ok: false, values: { name: 'Ana “A” 😀', email: 'x' }, violations: [{ field: 'email', message: 'Enter an email.' }], message: 'Check' };
    const header = `other=1; ${back(formFlashCookie(url, 'contact', flash))}`;
    expect(readFormFlash(header, 'contact')).toEqual(flash);
    expect(readFormFlash(header, 'quote')).toBeNull();
  });

  it('reads nothing from a missing, forged or malformed cookie', () => {
    expect(readFormFlash(null, 'contact')).toBeNull();
    expect(readFormFlash('', 'contact')).toBeNull();
    expect(readFormFlash(`${FORM_FLASH_COOKIE}=!!!`, 'contact')).toBeNull();
    const b64 = (value: unknown) => encodeBase64urlNoPadding(new TextEncoder().encode(JSON.stringify(value)));
    expect(readFormFlash(`${FORM_FLASH_COOKIE}=${b64({ form: 'contact', ok: 'yes' })}`, 'contact')).toBeNull();
    expect(readFormFlash(`${FORM_FLASH_COOKIE}=${b64({ form: 'contact', ok: true, values: { a: 1 } })}`, 'contact')).toBeNull();
    expect(readFormFlash(`${FORM_FLASH_COOKIE}=${b64('contact')}`, 'contact')).toBeNull();
    expect(readFormFlash(`${FORM_FLASH_COOKIE}=${b64({ form: 'contact', ok: true })}`, 'contact')).toEqual({ ok: true });
  });

  it('cuts long values to fit 3 KB and says so', () => {
    const long = 'é'.repeat(5000);
    const cookie = formFlashCookie(url, 'contact', {
      ok: false,
      values: { message: long, name: 'Ana' },
      violations: [{ field: 'message', message: 'Too long' }],
    });
    const value = back(cookie).slice(FORM_FLASH_COOKIE.length + 1);
    expect(value.length).toBeLessThanOrEqual(FORM_FLASH_MAX_CHARS);
    const flash = readFormFlash(back(cookie), 'contact');
    expect(flash?.message).toBe(FLASH_CUT_MESSAGE);
    expect(flash?.values?.name).toBe('Ana');
    expect(flash?.values?.message?.length).toBeGreaterThan(100);
    expect(long.startsWith(flash?.values?.message ?? 'x')).toBe(true);
    expect(flash?.violations).toEqual([{ field: 'message', message: 'Too long' }]);
  });

  it('always fits and always reads back (property)', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ unit: 'grapheme', maxLength: 2000 }), { maxKeys: 12 }), (values) => {
        const cookie = formFlashCookie(url, 'contact', { ok: false, values });
        expect(back(cookie).length).toBeLessThanOrEqual(FORM_FLASH_COOKIE.length + 1 + FORM_FLASH_MAX_CHARS);
        const flash = readFormFlash(back(cookie), 'contact');
        expect(flash?.ok).toBe(false);
        for (const [key, value] of Object.entries(flash?.values ?? {})) {
          expect(values[key]?.startsWith(value)).toBe(true);
          expect(value.isWellFormed()).toBe(true);
        }
      }),
      { numRuns: 50 },
    );
  });

  it('clearFormFlash expires the cookie', () => {
    expect(clearFormFlash('https://site.test/contact')).toMatch(new RegExp(`^${FORM_FLASH_COOKIE}=; Max-Age=0`));
  });
});
