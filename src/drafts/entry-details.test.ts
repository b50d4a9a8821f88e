import { describe, expect, it } from 'vitest';
import journalJson from '../../tests/fixtures/collection-schemas/journal.schema.json';
import type { OverlayRegions } from '../db/overlays-schema.ts';
import { compactCollectionSchema, type CollectionSchema } from '../markdown/frontmatter-schema.ts';
import { detailsIsland } from './entry-details.ts';

const journal = compactCollectionSchema(journalJson) as CollectionSchema;
const page = (data?: Record<string, unknown>) => ({ region: null, page: { markdown: 'Body', file: 'site/journal/a.md', ...(data ? { data } : {}) } });
const DATA = { title: 'A', description: 'About', pubDate: '2026-03-02', tags: ['x'], draft: false };
/** The fields the page marked for the entry (its title and body), as edit mode's revisions list them. */
const revs = { 'journal:a': { title: 'r1', body: 'r2' } };

describe('detailsIsland', () => {
  it("lists, per entry shown with its frontmatter, the keys of its collection's schema not marked on the page, with the stored values over the page's", async () => {
    const stored: OverlayRegions = {
      title: { type: 'text', value: 'Draft title' },
      draft: { type: 'value', value: true },
      description: { type: 'text', value: 'Draft about' },
    };
    const asked: string[] = [];
    const island = await detailsIsland({ journal }, { 'journal:a:body': page(DATA) }, revs, async (doc) => {
      asked.push(`${doc.collection}:${doc.key}`);
      return stored;
    });
    expect(asked).toEqual(['journal:a']);
    expect(island).toEqual({
      'journal:a': [
        { key: 'description', input: 'text', value: 'Draft about', required: true },
        { key: 'pubDate', input: 'date', value: '2026-03-02', required: true },
        { key: 'tags', input: 'tags', value: ['x'], required: false },
        { key: 'draft', input: 'checkbox', value: true, required: false },
      ],
    });
  });

  it('leaves out entries of a collection without a schema, pages without frontmatter, and entries with nothing left to list', async () => {
    const none = async () => null;
    expect(await detailsIsland({}, { 'journal:a:body': page(DATA) }, revs, none)).toEqual({});
    expect(await detailsIsland({ journal }, { 'journal:a:body': page() }, revs, none)).toEqual({});
    expect(await detailsIsland({ journal }, { 'journal:a:body': { region: null, page: null } }, revs, none)).toEqual({});
    const all = { 'journal:a': Object.fromEntries(Object.keys(journal.fields).map((key) => [key, 'r'])) };
    expect(await detailsIsland({ journal }, { 'journal:a:body': page(DATA) }, all, none)).toEqual({});
  });
});
