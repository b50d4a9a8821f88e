import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readCookie, serializeCookie } from './cookies.ts';

const PUBLIC = new URL('https://site.test/page');
const LOCAL = new URL('http://localhost:4321/page');
const withCookie = (header: string) => new Request('https://site.test/', { headers: { cookie: header } });

/** A Set-Cookie value as its name=value pair and its attributes, whatever their order. */
function split(setCookie: string) {
  const [pair = '', ...attributes] = setCookie.split('; ');
  return { pair, attributes: new Set(attributes) };
}

describe('serializeCookie', () => {
  it('sets Path=/, SameSite=Lax, HttpOnly and Secure on a public host, and no lifetime unless asked', () => {
    const { pair, attributes } = split(serializeCookie('louise_edit', '1', PUBLIC));
    expect(pair).toBe('louise_edit=1');
    expect(attributes).toEqual(new Set(['Path=/', 'SameSite=Lax', 'HttpOnly', 'Secure']));
  });

  it('leaves out Secure on localhost (plain-http development) and HttpOnly when asked', () => {
    expect(split(serializeCookie('a', 'b', LOCAL)).attributes).toEqual(new Set(['Path=/', 'SameSite=Lax', 'HttpOnly']));
    expect(split(serializeCookie('a', 'b', new URL('http://127.0.0.1:8787/'), { httpOnly: false })).attributes).toEqual(new Set(['Path=/', 'SameSite=Lax']));
    expect(split(serializeCookie('a', 'b', PUBLIC, { httpOnly: false })).attributes).toEqual(new Set(['Path=/', 'SameSite=Lax', 'Secure']));
  });

  it('floors Max-Age and never lets it go negative; 0 deletes', () => {
    const maxAge = (seconds: number) => [...split(serializeCookie('a', 'b', PUBLIC, { maxAge: seconds })).attributes].filter((a) => a.startsWith('Max-Age='));
    expect(maxAge(59.9)).toEqual(['Max-Age=59']);
    expect(maxAge(2_592_000)).toEqual(['Max-Age=2592000']);
    expect(maxAge(0)).toEqual(['Max-Age=0']);
    expect(maxAge(-5)).toEqual(['Max-Age=0']);
    expect(maxAge(-0.5)).toEqual(['Max-Age=0']);
  });

  it('refuses, as a programmer error, a name that is not a cookie name and a lifetime that is not a number', () => {
    for (const name of ['', 'a b', 'a;b', 'a=b', 'a\r\nb']) expect(() => serializeCookie(name, 'v', PUBLIC), JSON.stringify(name)).toThrow(TypeError);
    for (const maxAge of [Number.NaN, Number.POSITIVE_INFINITY]) expect(() => serializeCookie('a', 'v', PUBLIC, { maxAge })).toThrow(TypeError);
  });

  it('URL-encodes the value, so no value can add an attribute or another cookie', () => {
    expect(split(serializeCookie('a', 'x; Domain=evil.test\r\nSet-Cookie: b=c', PUBLIC)).pair).toBe('a=x%3B%20Domain%3Devil.test%0D%0ASet-Cookie%3A%20b%3Dc');
    expect(split(serializeCookie('a', 'é/=+', PUBLIC)).pair).toBe('a=%C3%A9%2F%3D%2B');
    expect(split(serializeCookie('louise_session', '', PUBLIC, { maxAge: 0 })).pair).toBe('louise_session=');
  });

  it('round trips any value through readCookie', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (value) => {
        const pair = split(serializeCookie('louise_session', value, PUBLIC)).pair;
        expect(readCookie(withCookie(`other=1; ${pair}; last=2`), 'louise_session')).toBe(value);
      }),
    );
  });
});

describe('readCookie', () => {
  it('finds a cookie among others, with or without spaces', () => {
    expect(readCookie(withCookie('a=1; louise_session=tok; b=2'), 'louise_session')).toBe('tok');
    expect(readCookie(withCookie('a=1;louise_session=tok;b=2'), 'louise_session')).toBe('tok');
    expect(readCookie(withCookie('  louise_session = tok  '), 'louise_session')).toBe('tok');
  });

  it('decodes the value and keeps = inside it', () => {
    expect(readCookie(withCookie('n=a%20b%3Bc'), 'n')).toBe('a b;c');
    expect(readCookie(withCookie('n=abc=='), 'n')).toBe('abc==');
  });

  it('answers null for a missing, a nameless or an undecodable cookie', () => {
    expect(readCookie(new Request('https://site.test/'), 'n')).toBeNull();
    expect(readCookie(withCookie(''), 'n')).toBeNull();
    expect(readCookie(withCookie('other=1'), 'n')).toBeNull();
    expect(readCookie(withCookie('=n; nn=1; n_x=2'), 'n')).toBeNull();
    expect(readCookie(withCookie('n=%E0%A4%A'), 'n')).toBeNull();
  });

  it('takes the first of two cookies with the same name, even when it cannot be decoded', () => {
    expect(readCookie(withCookie('n=first; n=second'), 'n')).toBe('first');
    expect(readCookie(withCookie('n=%ZZ; n=second'), 'n')).toBeNull();
  });

  it('an empty value is an empty string, not a missing cookie', () => {
    expect(readCookie(withCookie('n=; m=1'), 'n')).toBe('');
  });
});
