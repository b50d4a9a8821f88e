import { describe, expect, it } from 'vitest';
import { linkAddress, REFUSED } from './link-address.ts';

const HERE = 'https://example.com/articles/x?edit';

describe('linkAddress', () => {
  it('stores an address of this site as site-relative, query and fragment kept', () => {
    expect(linkAddress('https://example.com/about', HERE)).toEqual({ url: '/about' });
    expect(linkAddress(' https://example.com/a/b?c=1#d ', HERE)).toEqual({ url: '/a/b?c=1#d' });
    expect(linkAddress('https://EXAMPLE.com', HERE)).toEqual({ url: '/' });
    expect(linkAddress('example.com/about', HERE)).toEqual({ url: '/about' });
  });

  it('keeps other sites, site paths, fragments, mail and phone as typed', () => {
    expect(linkAddress('https://other.org/x', HERE)).toEqual({ url: 'https://other.org/x' });
    expect(linkAddress('http://example.com:8080/x', HERE)).toEqual({ url: 'http://example.com:8080/x' });
    expect(linkAddress('/about', HERE)).toEqual({ url: '/about' });
    expect(linkAddress('#contact', HERE)).toEqual({ url: '#contact' });
    expect(linkAddress('mailto:ada@example.com', HERE)).toEqual({ url: 'mailto:ada@example.com' });
    expect(linkAddress('tel:+441234567', HERE)).toEqual({ url: 'tel:+441234567' });
  });

  it('adds https:// to a bare domain', () => {
    expect(linkAddress('www.other.org/page', HERE)).toEqual({ url: 'https://www.other.org/page' });
    expect(linkAddress('other.org', HERE)).toEqual({ url: 'https://other.org' });
  });

  it('refuses every other scheme and shape with the sentence to show', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      'ftp://other.org',
      '//evil.org/x',
      '/\\evil.org',
      'about',
      '../x',
      'https://',
      'http:/x',
      'file:///etc/passwd',
    ])
      expect(linkAddress(bad, HERE), bad).toEqual({ problem: REFUSED });
    expect(linkAddress('', HERE)).toEqual({ problem: 'Type an address, or pick a page below.' });
    expect(linkAddress('https://a b.org', HERE)).toHaveProperty('problem');
  });
});
