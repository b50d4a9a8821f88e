import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkFrontmatterValue, compactCollectionSchema, type CollectionSchema, isDateField, isDateText } from './frontmatter-schema.ts';

// What `astro sync` wrote for the reference site's journal (site/content.config.ts).
const journalJson: unknown = JSON.parse(readFileSync(new URL('../../tests/fixtures/collection-schemas/journal.schema.json', import.meta.url), 'utf8'));
const journal = compactCollectionSchema(journalJson) as CollectionSchema;

describe('compactCollectionSchema', () => {
  it('keeps the kinds, the required keys, and drops $schema', () => {
    expect(journal).toEqual({
      fields: { title: { kind: 'string' }, description: { kind: 'string' }, pubDate: { kind: 'date' }, tags: { kind: 'strings' }, draft: { kind: 'boolean' } },
      required: ['title', 'description', 'pubDate'],
    });
  });

  it('reads enums, unions, nullable types and objects', () => {
    const schema = compactCollectionSchema({
      type: 'object',
      properties: {
        status: { type: 'string', enum: ['idea', 'done'] },
        editUrl: { anyOf: [{ type: 'string', format: 'uri' }, { type: 'boolean' }] },
        updated: { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] },
        rating: { type: ['integer', 'null'] },
        head: { type: 'array', items: { type: 'object' } },
      },
    });
    expect(schema?.fields).toEqual({
      status: { kind: 'enum', values: ['idea', 'done'] },
      editUrl: { kind: 'anyOf', of: [{ kind: 'string' }, { kind: 'boolean' }] },
      updated: { kind: 'anyOf', of: [{ kind: 'date' }, { kind: 'null' }] },
      rating: { kind: 'anyOf', of: [{ kind: 'integer' }, { kind: 'null' }] },
      head: { kind: 'other' },
    });
    expect(isDateField(schema?.fields.updated)).toBe(true);
    expect(isDateField(schema?.fields.editUrl)).toBe(false);
  });

  it('is null for what is not an object schema', () => {
    expect(compactCollectionSchema({ type: 'string' })).toBeNull();
    expect(compactCollectionSchema(null)).toBeNull();
  });
});

describe('checkFrontmatterValue', () => {
  it('accepts values of each kind', () => {
    expect(checkFrontmatterValue(journal, 'title', 'A post')).toBeNull();
    expect(checkFrontmatterValue(journal, 'pubDate', '2026-03-02')).toBeNull();
    expect(checkFrontmatterValue(journal, 'pubDate', '2026-03-02T10:30:00Z')).toBeNull();
    expect(checkFrontmatterValue(journal, 'tags', ['astro', 'notes'])).toBeNull();
    expect(checkFrontmatterValue(journal, 'tags', [])).toBeNull();
    expect(checkFrontmatterValue(journal, 'draft', true)).toBeNull();
    expect(checkFrontmatterValue(journal, 'draft', null)).toBeNull();
  });

  it('names the field and what to type', () => {
    expect(checkFrontmatterValue(journal, 'pubDate', 'next week')).toEqual({ field: 'pubDate', message: 'pubDate must be a date such as 2026-03-02' });
    expect(checkFrontmatterValue(journal, 'pubDate', '2026-02-30')?.message).toBe('pubDate must be a date such as 2026-03-02');
    expect(checkFrontmatterValue(journal, 'draft', 'yes')?.message).toBe('draft must be true or false');
    expect(checkFrontmatterValue(journal, 'tags', 'astro')?.message).toBe('tags must be a list of words such as ["astro", "notes"]');
    expect(checkFrontmatterValue(journal, 'title', 3)?.message).toBe('title must be text');
    expect(checkFrontmatterValue(journal, 'pubDate', null)?.message).toBe('pubDate must be a date such as 2026-03-02');
  });

  it('refuses a key the schema does not have, listing the ones it has', () => {
    expect(checkFrontmatterValue(journal, 'author', 'Ana')).toEqual({
      field: 'author',
      message: "author is not in this collection's schema (its fields: title, description, pubDate, tags, draft)",
    });
    expect(checkFrontmatterValue(journal, 'constructor', 'x')?.field).toBe('constructor');
  });

  it('takes exactly the real calendar days', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1900-01-01'), max: new Date('2999-12-31'), noInvalidDate: true }), (date) => {
        expect(isDateText(date.toISOString().slice(0, 10))).toBe(true);
        expect(isDateText(date.toISOString())).toBe(true);
      }),
    );
    expect(isDateText('2026-13-01')).toBe(false);
    expect(isDateText('2026-3-2')).toBe(false);
  });
});
