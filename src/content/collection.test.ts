import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { pages, pagesVersions, siteSettings } from '../db/schema.ts';
import { checkCollections, DEFAULT_PAGE_FIELDS, defineCollection, isVersioned, richFieldsOf, textList } from './collection.ts';
import { conformEntry, fieldValueProblem, requiredViolations, typeViolations } from './field-values.ts';
import { prepareFields } from './prepare-fields.ts';
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
  it('checks unique columns, named rows, writers and tables', () => {
    const title = { title: { type: 'text' } } as const;
    expect(defineCollection({ slug: 'settings', fields: title, rows: { site: 1 }, writers: true, tables: { table: siteSettings } }).rows).toEqual({ site: 1 });
    expect(
      defineCollection({ slug: 'pages', fields: title, unique: ['slug'], versions: { drafts: true }, tables: { table: pages, versions: pagesVersions } })
        .unique,
    ).toEqual(['slug']);
    const bad = (config: object) => () => defineCollection({ slug: 'x', fields: title, ...config } as never);
    expect(bad({ unique: ['title'] })).toThrow(/unique title: is also a field/);
    expect(bad({ unique: ['id'] })).toThrow(/unique "id": must be a plain identifier the toolkit does not use/);
    expect(bad({ unique: [] })).toThrow(/unique must be a non-empty list/);
    expect(bad({ rows: { site: 1 }, versions: { drafts: true } })).toThrow(/rows is for live collections/);
    expect(bad({ writers: true, versions: { drafts: true } })).toThrow(/writers is for live collections/);
    expect(bad({ rows: { '12': 1, 'a b': 2, site: 0 } })).toThrow(/row "12"[\s\S]*row "a b"[\s\S]*row site: the id must be a positive integer/);
    expect(bad({ rows: { constructor: 1 } })).toThrow(/row "constructor"/);
    expect(bad({ tables: { table: {} } })).toThrow(/tables.table must be a drizzle table/);
    expect(bad({ tables: { table: pages }, versions: { drafts: true } })).toThrow(/tables.versions must be a drizzle table/);
    expect(bad({ tables: { table: pages, versions: pagesVersions } })).toThrow(/tables.versions is for drafts collections/);
  });
  it('checks search: listed fields, a title among them, a url function', () => {
    const fields = { title: { type: 'text' }, headline: { type: 'text' }, body: { type: 'richtext' } } as const;
    const url = (entry: Record<string, unknown>) => `/${String(entry.id)}`;
    const good = defineCollection({ slug: 'x', fields, search: { fields: ['headline', 'body'], title: 'headline', url } });
    expect(good.search.url({ id: 3 })).toBe('/3');
    const bad = (search: unknown) => () => defineCollection({ slug: 'x', fields, search } as never);
    expect(bad({ fields: [] })).toThrow(/search.fields must be a non-empty list/);
    expect(bad({ fields: 'title' })).toThrow(/search.fields must be a non-empty list/);
    expect(bad({ fields: ['title', 'nope'] })).toThrow(/search field "nope" is not a field/);
    expect(bad({ fields: ['body'], title: 'title' })).toThrow(/search.title "title" must be one of search.fields/);
    expect(bad({ fields: ['title'], title: 3 })).toThrow(/search.title 3 must be one of search.fields/);
    expect(bad({ fields: ['title'], url: '/x' })).toThrow(/search.url must be a function/);
    expect(bad(null)).toThrow(/search must be \{ fields, title\?, url\? \}/);
  });
});

describe('checkCollections', () => {
  const of = (slug: string) => defineCollection({ slug, fields: { title: { type: 'text' } } });
  it('refuses a slug declared twice or one the toolkit answers itself', () => {
    expect(() => checkCollections([of('pages'), of('settings')])).not.toThrow();
    expect(() => checkCollections([of('pages'), of('pages')])).toThrow(/pages is declared twice/);
    for (const slug of ['auth', 'status', 'save']) expect(() => checkCollections([of(slug)])).toThrow(`/api/cms/${slug} is the toolkit's own path`);
  });
  it("refuses a slug that is another searchable collection's index table", () => {
    const searchable = defineCollection({ slug: 'posts', fields: { title: { type: 'text' } }, search: { fields: ['title'] } });
    expect(() => checkCollections([searchable, of('posts_search')])).toThrow(/posts_search is the search index table of collection posts/);
    expect(() => checkCollections([of('posts_search_editor'), searchable])).toThrow(/posts_search_editor is the search index table/);
    expect(() => checkCollections([of('posts'), of('posts_search')])).not.toThrow();
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
    expect(() => defineCollection({ slug: 'x', fields: { a: { type: 'richtext', schema: textList } } })).toThrow(
      /schema must be a valibot schema, on a json or text field/,
    );
  });
  it('checks a text field against its schema, if it has one, with the schema message', () => {
    const price = { type: 'text', schema: v.pipe(v.string(), v.regex(/^\d+\.\d{2}$/, 'Type a price like 24.00')) } as const;
    defineCollection({ slug: 'products', fields: { price } });
    expect(fieldValueProblem(price, '24.00')).toBeNull();
    expect(fieldValueProblem(price, 'twelve')).toBe('Type a price like 24.00');
    expect(fieldValueProblem(price, 24)).toBe('must be a string');
    expect(prepareFields({ price: '1e3' }, { price }, (html) => html).violations).toEqual([{ field: 'price', message: 'Type a price like 24.00' }]);
  });
});
