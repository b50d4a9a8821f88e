import { describe, expect, it } from 'vitest';
import { editLink } from './search-link.ts';

const HERE = 'https://site.example/about?edit';
const elsewhere = { reason: 'Not linkable: its address is not a page of this site.' };

describe('editLink', () => {
  it('adds the edit parameter to a path on this site, keeping its query and hash', () => {
    expect(editLink('/articles/editing-in-place', 'edit', HERE)).toEqual({ href: 'https://site.example/articles/editing-in-place?edit' });
    expect(editLink('/', 'edit', HERE)).toEqual({ href: 'https://site.example/?edit' });
    expect(editLink('/a?b=1#top', 'edit', HERE)).toEqual({ href: 'https://site.example/a?b=1&edit#top' });
    expect(editLink('/a?edit=0&b=2', 'edit', HERE)).toEqual({ href: 'https://site.example/a?b=2&edit' });
    expect(editLink('/a', 'cms', HERE)).toEqual({ href: 'https://site.example/a?cms' });
  });

  it('follows an absolute URL only on this page’s origin', () => {
    expect(editLink('https://site.example/x', 'edit', HERE)).toEqual({ href: 'https://site.example/x?edit' });
    expect(editLink('http://site.example/x', 'edit', HERE)).toEqual(elsewhere);
    expect(editLink('https://site.example:8443/x', 'edit', HERE)).toEqual(elsewhere);
    expect(editLink('https://evil.example/x', 'edit', HERE)).toEqual(elsewhere);
  });

  it('never follows another site, a script, or a path that is not one', () => {
    for (const url of [
      '//evil.example/x',
      '/\\evil.example/x',
      '/\t/evil.example',
      'javascript:alert(1)',
      'data:text/html,x',
      'about',
      './about',
      '?edit',
      'mailto:a@b.c',
    ])
      expect(editLink(url, 'edit', HERE), url).toEqual(elsewhere);
  });

  it('says when a result has no page at all', () => {
    expect(editLink(null, 'edit', HERE)).toEqual({ reason: 'Not linkable: it has no page on the site.' });
  });
});
