import { describe, expect, it } from 'vitest';
import { isNoindexHost, louiseSecurityHeaders } from './headers.ts';

const NAMES = ['strict-transport-security', 'x-content-type-options', 'referrer-policy', 'permissions-policy', 'x-frame-options', 'cross-origin-opener-policy'];

describe('louiseSecurityHeaders', () => {
  it('applies every header on a public host', () => {
    const res = louiseSecurityHeaders(new Response('ok'), { url: 'https://example.com/page' });
    for (const name of NAMES) expect(res.headers.get(name), name).toBeTruthy();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}/);
    expect(res.headers.get('x-robots-tag')).toBeNull();
  });
  it('is a no-op on localhost', () => {
    for (const url of ['http://localhost:4321/', 'http://127.0.0.1/', 'http://[::1]:8787/', 'http://LOCALHOST./', 'http://app.localhost/']) {
      const res = louiseSecurityHeaders(new Response('ok'), { url, noindex: true });
      for (const name of [...NAMES, 'x-robots-tag']) expect(res.headers.get(name), `${url} ${name}`).toBeNull();
    }
  });
  it('sends noindex when asked and keeps headers the site set itself', () => {
    const own = new Response('ok', { headers: { 'x-frame-options': 'DENY' } });
    const res = louiseSecurityHeaders(own, { url: 'https://example.com/', noindex: true });
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });
  it('copies a response whose headers are immutable', async () => {
    const frozen = Response.redirect('https://example.com/next', 302);
    const res = louiseSecurityHeaders(frozen, { url: 'https://example.com/' });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://example.com/next');
  });
});

describe('isNoindexHost', () => {
  it('is true for workers.dev hosts and given prefixes only', () => {
    expect(isNoindexHost('louise.ana.workers.dev')).toBe(true);
    expect(isNoindexHost('LOUISE.WORKERS.DEV.')).toBe(true);
    expect(isNoindexHost('workers.dev.example.com')).toBe(false);
    expect(isNoindexHost('notworkers.dev')).toBe(false);
    expect(isNoindexHost('example.com')).toBe(false);
    expect(isNoindexHost('staging.example.com', { prefixes: ['staging.'] })).toBe(true);
    expect(isNoindexHost('www.example.com', { prefixes: ['staging.', ''] })).toBe(false);
  });
});
