import { describe, expect, it } from 'vitest';
import { defineCollection } from './collection.ts';
import { conformEntry, fieldValueProblem, requiredViolations } from './field-values.ts';
import { prepareFields } from './prepare-fields.ts';

const image = { type: 'image' } as const;
const good = { src: '/media/abc.jpg', alt: 'A sky', width: 1600, height: 900 };

describe('image fields', () => {
  it('are declared with { type: "image" } and take no schema', () => {
    expect(defineCollection({ slug: 'posts', fields: { cover: image } }).fields.cover.type).toBe('image');
    expect(() => defineCollection({ slug: 'posts', fields: { cover: { type: 'image', schema: {} as never } } })).toThrow(
      /schema must be a valibot schema, on a json or text field/,
    );
  });

  it('take { src, alt, width, height } or null, with an http(s) or root-relative src', () => {
    expect(fieldValueProblem(image, good)).toBeNull();
    expect(fieldValueProblem(image, null)).toBeNull();
    expect(fieldValueProblem(image, { ...good, src: 'https://cdn.example.com/a.png', width: null, height: null })).toBeNull();
  });

  it.each([
    ['a javascript: src', { ...good, src: 'javascript:alert(1)' }],
    ['an entity-hidden javascript: src', { ...good, src: 'jav&#x61;script:alert(1)' }],
    ['a data: src', { ...good, src: 'data:image/svg+xml,<svg onload=alert(1)>' }],
    ['a protocol-relative src', { ...good, src: '//evil.example/x.png' }],
    ['a backslash host', { ...good, src: '/\\evil.example/x.png' }],
    ['a relative path', { ...good, src: 'media/x.png' }],
    ['an extra key', { ...good, onerror: 'alert(1)' }],
    ['a prototype key', JSON.parse('{"src":"/m/a.jpg","alt":"","width":1,"height":1,"__proto__":{"polluted":true}}')],
    ['a fractional width', { ...good, width: 1.5 }],
    ['a huge height', { ...good, height: 1e9 }],
    ['a long alt', { ...good, alt: 'x'.repeat(1001) }],
    ['text', '/media/abc.jpg'],
    ['a list', [good]],
  ])('refuse %s', (_, value) => {
    expect(fieldValueProblem(image, value)).toEqual(expect.any(String));
  });

  it('are normalized on write and fall back to null when stored wrong', () => {
    const prepared = prepareFields({ cover: { ...good, alt: 'A\u0000 sky' } }, { cover: image }, (html) => html);
    expect(prepared.violations).toEqual([]);
    expect(prepared.data.cover).toEqual({ ...good, alt: 'A sky' });
    const conformed = conformEntry({ cover: { src: 'javascript:x' } }, { cover: image });
    expect(conformed.data.cover).toBeNull();
    expect(conformed.invalid[0]).toMatchObject({ field: 'cover', fallback: null });
  });

  it('count as blank when required and empty', () => {
    expect(requiredViolations({ cover: null }, { cover: { type: 'image', required: true } })).toEqual([{ field: 'cover', message: 'is required' }]);
    expect(requiredViolations({ cover: good }, { cover: { type: 'image', required: true } })).toEqual([]);
  });
});
