import { describe, expect, it } from 'vitest';
import { keepCookiesPrivate } from './private-cookies.ts';

describe('keepCookiesPrivate', () => {
  it('overrides any caching on a response that sets a cookie', () => {
    for (const cacheControl of [null, 'public, max-age=3600', 'no-store', 's-maxage=60']) {
      const headers = new Headers({ 'set-cookie': 'louise_session=t; Path=/; Max-Age=60' });
      if (cacheControl) headers.set('cache-control', cacheControl);
      expect(keepCookiesPrivate(new Response('ok', { headers })).headers.get('cache-control'), String(cacheControl)).toBe('private, no-store');
    }
  });

  it('counts cookies the framework will still append', () => {
    const res = keepCookiesPrivate(new Response('ok', { headers: { 'cache-control': 'public, max-age=60' } }), true);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('leaves a response without cookies alone', () => {
    const res = keepCookiesPrivate(new Response('ok', { headers: { 'cache-control': 'public, max-age=60' } }));
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
  });

  it('copies a response whose headers are immutable', () => {
    const redirect = Response.redirect('https://site.test/next', 303);
    expect(() => redirect.headers.set('x', '1')).toThrow();
    const res = keepCookiesPrivate(redirect, true);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('https://site.test/next');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });
});
