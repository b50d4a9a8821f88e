import { describe, expect, it } from 'vitest';
import { MODEL_URL_SCHEMES, RICH_URL_SCHEMES, isSafeUrl, isUnderMediaBase, parseMediaBase, startsWithScriptScheme } from './url-scheme.ts';

const RICH = { schemes: RICH_URL_SCHEMES, relative: true };
const ABSOLUTE = { schemes: MODEL_URL_SCHEMES, relative: false };

// Values as the HTML parser hands them over (one layer of entities already decoded).
const HOSTILE = [
  'javascript:alert(1)',
  'JAVASCRIPT:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  '\u0001javascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  'java\rscript:alert(1)',
  'javascript\u0000:alert(1)',
  '\u000e javascript:x',
  'java\u200bscript:x',
  'java\u00adscript:x',
  '\ufeffjavascript:x',
  'vbscript:msgbox(1)',
  'VBScript:x',
  'data:text/html,<script>',
  'DATA:image/png;base64,AA',
  ' data:x',
  'livescript:x',
  'feed:javascript:x',
  // A second layer of encoding, which the browser would not decode, is refused anyway.
  '&#106;avascript:x',
  '&#x6A;avascript:x',
  '&#0000106avascript:x',
  'javascript&colon;x',
  'jav&Tab;ascript:x',
  'jav&#x09;ascript:x',
  '&amp;#106;avascript:x',
  '&amp;amp;#x6a;avascript:x',
  '%6Aavascript:x',
  'javascript%3Ax',
  '%2564ata:x',
  'j&#x0D;avascript:x',
];

describe('isSafeUrl', () => {
  it.each(HOSTILE)('refuses %j for rich text and for model links', (url) => {
    expect(isSafeUrl(url, RICH)).toBe(false);
    expect(isSafeUrl(url, ABSOLUTE)).toBe(false);
  });

  it.each([
    'https://example.com/a?b=1&c=2#d',
    'http://example.com',
    'HTTPS://EXAMPLE.COM/',
    'mailto:a@example.com',
    'tel:+15550100',
    '/path',
    'path/to',
    '../up',
    '?q=javascript:x',
    '#javascript:x',
    '//example.com/x',
    'https://example.com/?u=javascript:x',
    'https://example.com/%6Aavascript:x',
    '',
  ])('accepts %j in rich text', (url) => {
    expect(isSafeUrl(url, RICH)).toBe(true);
  });

  it('refuses relative, protocol-relative, tel and odd absolute URLs when an absolute one is required', () => {
    for (const url of ['/path', 'path', '//example.com/x', '#x', 'tel:+1', 'ftp://example.com/', 'ht tp://example.com', 'https:', 'x:y', '']) {
      expect(isSafeUrl(url, ABSOLUTE), url).toBe(false);
    }
    for (const url of ['https://example.com/x', 'http://example.com', ' https://example.com/ ', 'mailto:a@example.com']) {
      expect(isSafeUrl(url, ABSOLUTE), url).toBe(true);
    }
  });

  it('refuses schemes outside the list even when harmless', () => {
    expect(isSafeUrl('ftp://example.com/', RICH)).toBe(false);
    expect(isSafeUrl('x:y', RICH)).toBe(false);
  });
});

describe('parseMediaBase', () => {
  it('reads absolute and root-relative prefixes, always ending in a slash', () => {
    expect(parseMediaBase('https://media.example.com')).toEqual({ origin: 'https://media.example.com', path: '/' });
    expect(parseMediaBase('https://Media.Example.com:443/m')).toEqual({ origin: 'https://media.example.com', path: '/m/' });
    expect(parseMediaBase('/media/')).toEqual({ origin: undefined, path: '/media/' });
  });

  it.each([
    '',
    'media/',
    '//media.example.com/',
    'ftp://media.example.com/',
    'javascript:x',
    'https://u:p@media.example.com/',
    'https://m.example.com/?x',
    '/a/../b/',
    '/a\\b',
    '/a b/',
    '/a%2fb/',
  ])('throws a TypeError for %j', (base) => {
    expect(() => parseMediaBase(base)).toThrow(TypeError);
  });
});

describe('isUnderMediaBase', () => {
  const absolute = parseMediaBase('https://media.example.com/m/');
  const rooted = parseMediaBase('/media/');

  it.each([
    'https://media.example.com/m/a.png',
    'https://MEDIA.example.com/m/a.png',
    'https://media.example.com:443/m/a/b.png',
    'https://media.example.com/m/a/../b.png',
  ])('accepts %j under an absolute base', (src) => {
    expect(isUnderMediaBase(src, absolute)).toBe(true);
  });

  it.each([
    'https://media.example.com.evil.com/m/a.png',
    'https://media.example.com@evil.com/m/a.png',
    'https://evil.com/m/a.png',
    '//media.example.com/m/a.png',
    '//evil.com/m/a.png',
    '\\\\evil.com\\m\\a.png',
    'https:\\\\media.example.com\\m\\a.png',
    'https://media.example.com/m/../a.png',
    'https://media.example.com/m/..%2fa.png',
    'https://media.example.com/m/%2e%2e/a.png',
    'https://media.example.com/m/%252e%252e/a.png',
    'https://media.example.com/mm/a.png',
    'https://media.example.com/m',
    'http://media.example.com/m/a.png',
    'https://media.example.com:8443/m/a.png',
    'https://user:pw@media.example.com/m/a.png',
    '/m/a.png',
    'm/a.png',
    ' https://media.example.com/m/a.png',
    'https://media.example.com/m/a\n.png',
    'javascript:alert(1)',
    'data:image/png;base64,AA',
    '',
  ])('refuses %j under an absolute base', (src) => {
    expect(isUnderMediaBase(src, absolute)).toBe(false);
  });

  it('under a root-relative base accepts only root-relative paths below it', () => {
    expect(isUnderMediaBase('/media/a.png', rooted)).toBe(true);
    expect(isUnderMediaBase('/media/x/../a.png', rooted)).toBe(true);
    for (const src of [
      '/media/../a.png',
      '/other/a.png',
      'media/a.png',
      '//media/a.png',
      '/\\evil.com/media/a.png',
      'https://evil.com/media/a.png',
      '/mediax/a.png',
    ]) {
      expect(isUnderMediaBase(src, rooted), src).toBe(false);
    }
  });
});

describe('startsWithScriptScheme', () => {
  it('sees javascript:, vbscript: and data: however they are spelled', () => {
    for (const text of [
      'javascript:alert(1)',
      ' JaVa\tScript:alert(1)',
      'java\u0000script:alert(1)',
      'java\nscript:x',
      '\u0001\u0002javascript:x',
      'java\u200bscript:x',
      '\ufeffjavascript:x',
      'VBScript:msgbox(1)',
      'DATA:text/html,<script>alert(1)</script>',
      ' d a t a :x',
      '&#106;avascript:x',
      '&#x6A;avascript:x',
      '%6Aavascript:x',
      'javascript&colon;alert(1)',
    ]) {
      expect(startsWithScriptScheme(text), JSON.stringify(text)).toBe(true);
    }
  });

  it('lets ordinary text and safe URLs through', () => {
    for (const text of ['', 'Louise', 'https://example.com/a', '/about', 'mailto:a@example.com', 'Read the javascript: docs', 'metadata: none', 'tel:+1']) {
      expect(startsWithScriptScheme(text), JSON.stringify(text)).toBe(false);
    }
  });
});
