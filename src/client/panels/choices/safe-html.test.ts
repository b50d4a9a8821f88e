import { describe, expect, it } from 'vitest';
import { ALLOWED_TAGS, ATTR_ALLOW } from '../../../security/sanitize-rich.ts';
import { elementFate, keptAttribute, safeImageSrc, SHOWN_ATTRS, SHOWN_TAGS } from './safe-html.ts';

describe('rich text shown in the bar', () => {
  it('shows no element or attribute the server’s rich-text sanitizer would not keep', () => {
    for (const tag of SHOWN_TAGS) expect(ALLOWED_TAGS).toContain(tag);
    for (const [tag, names] of Object.entries(SHOWN_ATTRS)) for (const name of names) expect(ATTR_ALLOW[tag] ?? []).toContain(name);
  });

  it('keeps formatting and images, drops code, styles, frames and foreign content with what they hold, and unwraps the rest', () => {
    expect(['p', 'strong', 'IMG', 'a', 'td'].map(elementFate)).toEqual(['keep', 'keep', 'keep', 'keep', 'keep']);
    expect(['script', 'style', 'iframe', 'svg', 'math', 'template', 'object', 'textarea'].map(elementFate)).toEqual(Array(8).fill('drop'));
    expect(['details', 'summary', 'form', 'button', 'font', 'video'].map(elementFate)).toEqual(Array(6).fill('unwrap'));
  });

  it('keeps no handler, style, class, id, link target or image address as an attribute', () => {
    for (const [tag, name] of [
      ['img', 'onerror'],
      ['img', 'src'],
      ['img', 'srcset'],
      ['p', 'onclick'],
      ['p', 'style'],
      ['p', 'class'],
      ['p', 'id'],
      ['a', 'href'],
      ['a', 'target'],
      ['a', 'ping'],
      ['td', 'background'],
      ['form', 'action'],
    ] as const)
      expect(keptAttribute(tag, name, 'x')).toBeNull();
    expect(keptAttribute('img', 'alt', 'A red door')).toBe('A red door');
    expect(keptAttribute('img', 'width', ' 640 ')).toBe('640');
    expect(keptAttribute('img', 'width', '100%')).toBeNull();
    expect(keptAttribute('p', 'dir', 'rtl')).toBe('rtl');
    expect(keptAttribute('p', 'dir', 'x')).toBeNull();
    expect(keptAttribute('span', 'TITLE', 'Note')).toBe('Note');
  });

  it('shows images from http(s) and root-relative addresses only', () => {
    expect(safeImageSrc('/media/ab.png')).toBe('/media/ab.png');
    expect(safeImageSrc('https://cdn.example/a.jpg')).toBe('https://cdn.example/a.jpg');
    for (const bad of ['x', '//evil.example/a.png', 'javascript:alert(1)', ' JaVaScRiPt:alert(1)', 'data:image/png;base64,AA', 'blob:x', '', null])
      expect(safeImageSrc(bad)).toBeNull();
  });
});
