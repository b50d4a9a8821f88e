import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_FIELDS, defineCollection, isVersioned, richFieldsOf, textList } from './collection.ts';
import { conformEntry, requiredViolations, typeViolations } from './field-values.ts';
import { pickFields } from './pick-fields.ts';
import { assertValidSections, LouiseValidationError } from './validation-error.ts';

describe('defineCollection', () => {
  it('returns a good config as is', () => {
    const config = defineCollection({
      slug: 'pages',
      fields: { title: { type: 'text', required: true }, body: { type: 'richtext' } },
      versions: { drafts: true },
      search: { fields: ['title'] },
    });
    expect(isVersioned(config)).toBe(true);
    expect(richFieldsOf(config.fields)).toEqual(['body']);
  });
  it('names every problem of a bad config', () => {
    const bad = {
      slug: 'Pages!',
      fields: { 'a-b': { type: 'text' }, id: { type: 'text' }, x: { type: 'html' }, y: { type: 'json', required: 'yes' } },
      versions: { drafts: false },
      search: { fields: ['nope'] },
    };
    expect(() => defineCollection(bad as never)).toThrowError(
      /slug must[\s\S]*"a-b"[\s\S]*id: reserved[\s\S]*x: type[\s\S]*y: required[\s\S]*versions[\s\S]*"nope"/,
    );
    expect(() => defineCollection({ slug: 'pages', fields: {} })).toThrow(/non-empty/);
  });
});

describe('pickFields', () => {
  it('keeps allowlisted keys, sanitizes rich ones, lists the rest', () => {
    const input = { title: 'T', body: '<p>x</p><script>1</script>', id: 9, published_version_id: 1 };
    const result = pickFields(input, Object.keys(DEFAULT_PAGE_FIELDS), ['body'], (html) => html.replace(/<script.*<\/script>/, ''));
    expect(result).toEqual({ data: { title: 'T', body: '<p>x</p>' }, unknown: ['id', 'published_version_id'] });
    expect(input.body).toContain('script');
  });
});

describe('field checks', () => {
  it('types: text and richtext must be strings', () => {
    expect(typeViolations({ title: 5, body: null, paragraphs: ['a'] }, DEFAULT_PAGE_FIELDS)).toEqual([
      { field: 'title', message: 'must be a string' },
      { field: 'body', message: 'must be a string' },
    ]);
  });
  it('required: blank text or null json fails', () => {
    const fields = { title: { type: 'text', required: true }, data: { type: 'json', required: true }, note: { type: 'text' } } as const;
    expect(requiredViolations({ title: '  ', data: null, note: '' }, fields).map((v) => v.field)).toEqual(['title', 'data']);
    expect(requiredViolations({ title: 'x', data: [] }, fields)).toEqual([]);
  });
});

describe('assertValidSections', () => {
  it('passes a good list and reports each bad entry', () => {
    expect(() => assertValidSections([{ type: 'hero' }, { type: 'text-block', x: 1 }])).not.toThrow();
    try {
      assertValidSections([{ type: 'hero' }, 'x', { type: 'Bad' }, { type: 'gallery' }], { allowed: ['hero', 'Bad'] });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(LouiseValidationError);
      expect((error as LouiseValidationError).violations.map((v) => v.field)).toEqual(['sections.1', 'sections.2', 'sections.3']);
    }
    expect(() => assertValidSections({}, { field: 'blocks' })).toThrow(/blocks: must be a list/);
  });
});

describe('conformEntry', () => {
  const fields = { title: { type: 'text' }, paragraphs: { type: 'json', schema: textList }, extra: { type: 'json' } } as const;
  it('keeps good data as is and replaces what does not fit, saying what and with what', () => {
    const good = { id: 1, title: 'T', paragraphs: ['a'], extra: { any: 1 } };
    expect(conformEntry(good, fields)).toEqual({ data: good, invalid: [] });
    let deep: unknown = 1;
    for (let i = 0; i < 5_000; i++) deep = [deep];
    const bad = { id: 1, title: 7, paragraphs: 'notalist', extra: deep };
    const { data, invalid } = conformEntry(bad, fields);
    expect(data).toEqual({ id: 1, title: '', paragraphs: [], extra: null });
    expect(invalid).toEqual([
      { field: 'title', message: 'must be a string', fallback: '' },
      { field: 'paragraphs', message: 'must be a list of text', fallback: [] },
      { field: 'extra', message: 'is nested deeper than 32 levels', fallback: null },
    ]);
    expect(bad.paragraphs).toBe('notalist');
  });
  it('refuses field names every object inherits', () => {
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      expect(() => defineCollection({ slug: 'x', fields: JSON.parse(`{"${name}":{"type":"text"}}`) })).toThrow(/every object has a property/);
    }
    expect(() => defineCollection({ slug: 'x', fields: { a: { type: 'text', schema: textList } } })).toThrow(
      /schema must be a valibot schema, on a json field/,
    );
  });
});
