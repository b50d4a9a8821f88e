import { describe, expect, it } from 'vitest';
import { LouiseValidationError, type Violation } from '../content/validation-error.ts';
import { JSON_FIELD_LIMITS } from '../http/json-limits.ts';
import type { SettingSanitizer } from './setting-sanitizer.ts';
import { settingImage, settingJson, settingLinks, settingText } from './setting-values.ts';

/** The violations a sanitizer refuses `value` with (fails the test when it accepts). */
function refusal(sanitize: SettingSanitizer, value: unknown): Violation[] {
  try {
    sanitize(value);
  } catch (error) {
    if (error instanceof LouiseValidationError) return [...error.violations];
    throw error;
  }
  throw new Error(`accepted ${JSON.stringify(value)}`);
}

const SCRIPT_SPELLINGS = [
  'javascript:alert(1)',
  ' JaVa\tScript:alert(1)',
  'java\u0000script:alert(1)',
  'java\nscript:alert(1)',
  '\u0001javascript:alert(1)',
  'java\u200bscript:alert(1)',
  'VBScript:msgbox(1)',
  'data:text/html,<script>alert(1)</script>',
  '&#x6A;avascript:alert(1)',
];

describe('settingText', () => {
  const text = settingText({ max: 10 });
  it('normalizes one-line text and keeps it within max', () => {
    expect(text('Hi\r\nthere\u0000')).toBe('Hi there');
    expect(text('\ud800x')).toBe('\ufffdx');
    expect(settingText({ max: 50, multiline: true })('a\nb\u0000')).toBe('a\nb');
    expect(refusal(text, 'x'.repeat(11))).toEqual([{ field: '', message: 'is 11 characters long; shorten it to at most 10' }]);
    expect(refusal(text, 5)).toEqual([{ field: '', message: 'must be text' }]);
    expect(refusal(text, null)).toEqual([{ field: '', message: 'must be text' }]);
  });
  it('keeps text that merely begins like a scheme: it is text, rendered escaped, never a link', () => {
    for (const value of ['Data: we keep none', 'JavaScript: the good parts']) expect(settingText({ max: 100 })(value)).toBe(value);
  });
});

describe('settingLinks', () => {
  const links = settingLinks({ max: 3 });
  it('takes { label, href } with relative or http(s), mailto and tel hrefs', () => {
    const ok = [
      { label: 'Home', href: '/' },
      { label: 'Top', href: '#top' },
      { label: 'Mail\u0000', href: 'mailto:a@example.com' },
    ];
    expect(links(ok)).toEqual([ok[0], ok[1], { label: 'Mail', href: 'mailto:a@example.com' }]);
    expect(
      links([
        { label: 'x', href: 'https://example.com/a?b#c' },
        { label: 'p', href: 'tel:+1234' },
        { label: 'r', href: 'about' },
      ]),
    ).toHaveLength(3);
  });
  it.each(SCRIPT_SPELLINGS)('refuses the href %j', (href) => {
    expect(
      refusal(links, [
        { label: 'ok', href: '/fine' },
        { label: 'x', href },
      ]).map((v) => v.field),
    ).toEqual(['1.href']);
  });
  it('refuses other schemes, bad shapes and too many links, naming each', () => {
    expect(refusal(links, [{ label: 'x', href: 'ftp://example.com' }])).toEqual([
      { field: '0.href', message: 'must be a path (/about, #top) or an http, https, mailto or tel URL' },
    ]);
    expect(refusal(links, [{ label: 'x', href: '' }])[0]?.field).toBe('0.href');
    expect(refusal(links, [{ label: 'x', href: '/a', onclick: 'alert(1)' }])).toEqual([{ field: '0', message: 'a link is { label, href }; remove onclick' }]);
    expect(refusal(links, [{ label: 5, href: '/a' }, 'x'])).toEqual([
      { field: '0.label', message: 'must be text' },
      { field: '1', message: 'must be a link { label, href }' },
    ]);
    expect(refusal(links, [{ label: 'x'.repeat(101), href: '/' }])[0]?.field).toBe('0.label');
    expect(refusal(links, { label: 'x', href: '/' })).toEqual([{ field: '', message: 'must be a list of links, each { label, href }' }]);
    expect(
      refusal(
        links,
        Array.from({ length: 4 }, () => ({ label: 'x', href: '/' })),
      )[0]?.message,
    ).toBe('has 4 links; keep at most 3');
    expect(refusal(settingLinks(), JSON.parse('[{"label":"x","href":"/","__proto__":{"a":1}}]'))[0]?.message).toMatch(/remove __proto__/);
  });
});

describe('settingImage', () => {
  const image = settingImage('/media/');
  const good = { src: '/media/a1.jpg', alt: 'Logo\u0000', width: 10, height: 20 };
  it('takes a media asset under the base (or null) and normalizes its alt', () => {
    expect(image(good)).toEqual({ ...good, alt: 'Logo' });
    expect(image(null)).toBeNull();
    expect(settingImage('https://media.example.com/')({ ...good, src: 'https://media.example.com/x.png' })).toMatchObject({
      src: 'https://media.example.com/x.png',
    });
  });
  it('refuses a src outside the media base, a non-image and a script alt', () => {
    for (const src of ['/other/a.jpg', 'https://evil.example/media/a.jpg', '/media/../secret.jpg']) {
      expect(refusal(image, { ...good, src }), src).toEqual([
        { field: 'src', message: 'must be a file from the media library (a URL under /media/); upload it there and choose it' },
      ]);
    }
    expect(refusal(image, { ...good, src: '//evil.example/media/a.jpg' })).toEqual([{ field: 'src', message: expect.any(String) }]);
    expect(refusal(image, { ...good, src: 'javascript:alert(1)' })[0]?.field).toBe('src');
    expect(refusal(image, '/media/a1.jpg')).toEqual([{ field: '', message: 'an image is { src, alt, width, height } or null' }]);
    expect(refusal(image, { ...good, extra: 1 })).toEqual([{ field: 'extra', message: 'an image is { src, alt, width, height } or null' }]);
  });
  it('refuses an unusable media base when made, not on the first request', () => {
    expect(() => settingImage('media')).toThrow(/mediaBase "media"/);
  });
});

describe('settingJson', () => {
  const json = settingJson();
  it('normalizes every string and key, and refuses script URLs anywhere', () => {
    expect(json({ a: ['x\u0000', { 'k\u0000': 1 }] })).toEqual({ a: ['x', { k: 1 }] });
    expect(refusal(json, { a: [{ b: 'java\u0000script:alert(1)' }], c: 'VBScript:x' }).map((v) => v.field)).toEqual(['c', 'a.0.b']);
    expect(refusal(json, { 'javascript:x': 1 })[0]?.field).toBe('javascript:x');
    expect(refusal(json, 'data:text/html,x')[0]?.field).toBe('');
  });
  it('enforces the json field limits', () => {
    let deep: unknown = 1;
    for (let i = 0; i <= JSON_FIELD_LIMITS.maxDepth; i++) deep = [deep];
    expect(refusal(json, deep)[0]?.message).toMatch(/nested deeper than 32 levels; make it smaller/);
    expect(refusal(json, 'x'.repeat(JSON_FIELD_LIMITS.maxChars + 1))[0]?.message).toMatch(/characters/);
    expect(refusal(json, JSON.parse('{"__proto__":{"polluted":true}}'))[0]?.message).toMatch(/__proto__/);
    expect(refusal(json, undefined)[0]?.message).toBe('must be a JSON value');
    expect(json(null)).toBeNull();
  });
});
