import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeNext } from './safe-next.ts';

const SITE = new URL('https://site.test/cms/login');
const HOME = '/?edit';
const pick = (raw: string | null) => safeNext(raw, SITE, HOME);
/** `next` as the login page reads it: from the query string, percent-decoded. */
const fromQuery = (encoded: string) => pick(new URL(`/cms/login?next=${encoded}`, SITE).searchParams.get('next'));

describe('safeNext', () => {
  it('keeps a path on the site, with its query and fragment', () => {
    expect(pick('/about?edit')).toBe('/about?edit');
    expect(pick('/a/b#x')).toBe('/a/b#x');
    expect(pick('/articles/editing-in-place?edit=1&x=2#top')).toBe('/articles/editing-in-place?edit=1&x=2#top');
    expect(pick('/')).toBe('/');
    expect(fromQuery('%2Fabout%3Fedit')).toBe('/about?edit');
    expect(pick('https://site.test/about')).toBe('/about');
    // Same scheme, no slashes: a relative path, as browsers read it.
    expect(pick('https:evil.com')).toBe('/evil.com');
  });

  it('falls back when there is no next', () => {
    expect(pick(null)).toBe(HOME);
    expect(pick('')).toBe(HOME);
  });

  it('refuses another host, however the slashes are spelled', () => {
    const hostile = [
      '//evil.com',
      '///evil.com',
      'https://evil.com',
      'http://site.test/', // another scheme is another origin
      'https://site.test:8443/',
      '/\\evil.com',
      '\\\\evil.com',
      '\\/evil.com',
      '/.//evil.com',
      '/./\\evil.com',
      '/../..//evil.com',
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      ' //evil.com',
      '//evil.com ',
      '\u0000//evil.com',
      '.\\\\',
      '/.//',
    ];
    for (const next of hostile) expect(pick(next), JSON.stringify(next)).toBe(HOME);
  });

  it('refuses the tab, CR and LF a browser drops, wherever they sit', () => {
    for (const ws of ['\t', '\n', '\r', '\r\n']) {
      for (const next of [`/${ws}/evil.com`, `${ws}//evil.com`, `/${ws}${ws}/evil.com`, `/${ws}\\evil.com`, `${ws}/${ws}/${ws}evil.com`, `//${ws}evil.com`]) {
        expect(pick(next), JSON.stringify(next)).toBe(HOME);
      }
    }
  });

  it('refuses the percent-encoded forms as they arrive in the query string', () => {
    for (const encoded of [
      '/%09/evil.com',
      '/%0a/evil.com',
      '/%0A/evil.com',
      '/%0d/evil.com',
      '/%0d%0a/evil.com',
      '%09//evil.com',
      '/%5cevil.com',
      '%5c%5cevil.com',
      '%2f%2fevil.com',
      '/%2fevil.com',
      '%2F%2Fevil.com',
      'https%3A%2F%2Fevil.com',
      'javascript%3Aalert(1)',
    ]) {
      expect(fromQuery(encoded), encoded).toBe(HOME);
    }
  });

  it('keeps a doubly encoded slash as a path on the site, where it cannot leave', () => {
    expect(fromQuery('%252f%252fevil.com')).toBe('/%2f%2fevil.com');
    expect(fromQuery('/%2509/evil.com')).toBe('/%09/evil.com');
  });

  it('treats full-width slashes as the text they are: a path on the site, or refused', () => {
    for (const next of ['／／evil.com', '/／evil.com', '＼＼evil.com', '/＼evil.com', 'https:／／evil.com', '//evil.com／x']) {
      const out = pick(next);
      expect(out === HOME || (out.startsWith('/') && !/^\/[/\\]/.test(out)), `${next} -> ${out}`).toBe(true);
      expect(new URL(out, SITE).origin).toBe(SITE.origin);
    }
    expect(pick('／／evil.com')).toBe('/%EF%BC%8F%EF%BC%8Fevil.com');
    expect(pick('/＼evil.com')).toBe('/%EF%BC%BCevil.com');
  });

  it('trims the spaces a URL parser trims, and keeps the path', () => {
    expect(pick('  /about  ')).toBe('/about');
    expect(pick('\t/about\n')).toBe('/about');
  });

  it('whatever it is given, answers a path that stays on the site', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^[/\\\t\n\r .%0-9a-f:]{0,8}(evil\.com)?$/)), (next) => {
        const out = pick(next);
        expect(out).toMatch(/^\/(?![/\\])/);
        expect(new URL(out, SITE).origin).toBe(SITE.origin);
        // What the browser will do with it: `location.assign` resolves against the page.
        expect(new URL(out, 'https://site.test/cms/login?next=x').host).toBe('site.test');
      }),
      { numRuns: 2000 },
    );
  });
});
