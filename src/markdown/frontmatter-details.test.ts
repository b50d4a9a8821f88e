import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detailFields } from './frontmatter-details.ts';
import { compactCollectionSchema, type CollectionSchema } from './frontmatter-schema.ts';

const journal = compactCollectionSchema(
  JSON.parse(readFileSync(new URL('../../tests/fixtures/collection-schemas/journal.schema.json', import.meta.url), 'utf8')),
) as CollectionSchema;

describe('detailFields', () => {
  it("lists the entry's other frontmatter keys in schema order, with an input per kind and the value as JSON", () => {
    const data = { title: 'T', description: 'D', pubDate: new Date('2026-03-02T00:00:00Z'), tags: ['astro'], draft: false };
    expect(detailFields(journal, data, ['title', 'description'])).toEqual([
      { key: 'pubDate', input: 'date', value: '2026-03-02', required: true },
      { key: 'tags', input: 'tags', value: ['astro'], required: false },
      { key: 'draft', input: 'checkbox', value: false, required: false },
    ]);
  });

  it('keeps the time of a date that has one, gives null for a key the entry lacks, and offers enums as choices', () => {
    const schema = compactCollectionSchema({
      type: 'object',
      properties: {
        updated: { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] },
        status: { type: 'string', enum: ['idea', 'done'] },
        rating: { type: 'number' },
        head: { type: 'array', items: { type: 'object' } },
      },
      required: ['status'],
    }) as CollectionSchema;
    expect(detailFields(schema, { updated: new Date('2026-03-02T10:30:00Z'), head: [] }, [])).toEqual([
      { key: 'updated', input: 'date', value: '2026-03-02T10:30:00.000Z', required: false },
      { key: 'status', input: 'choice', value: null, required: true, choices: ['idea', 'done'] },
      { key: 'rating', input: 'number', value: null, required: false },
    ]);
  });
});
