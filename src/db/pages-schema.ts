import { type CollectionTables, collectionTables } from './collection-tables.ts';
import * as v from 'valibot';
import { textList } from './field-spec.ts';

/**
 * The toolkit's `pages` collection as its tables see it: a drafts collection
 * with a unique `slug`. Its tables are made by `collectionTables`, like any
 * declared collection's, and ship with the toolkit's migrations.
 */
export const PAGES_TABLES_SPEC = {
  slug: 'pages',
  unique: ['slug'],
  fields: {
    title: { type: 'text' },
    summary: { type: 'text' },
    /** Rich text, stored sanitized. */
    body: { type: 'richtext' },
    /** A list of plain-text paragraphs, addressed by dotted index (`paragraphs.2`). */
    paragraphs: { type: 'json', schema: textList },
    /** The page's lead image (`{ src, alt, width, height }` or null). */
    hero: { type: 'image' },
    /**
     * A site's page sections (`defineSections`): a list of blocks, `[]` by
     * default (so a page made without any is a page with none). Not in the
     * default pages fields: a site that builds pages from blocks declares its
     * collection with `sections: <its sections>.field`, which checks every block.
     */
    sections: { type: 'json', schema: v.array(v.looseObject({ id: v.string(), type: v.string() })) },
  },
  versions: { drafts: true },
} as const;

// Named types: inferred, the declarations would spell out every column, in an order tsc does not keep from one build to the next.
type PagesTables = CollectionTables<typeof PAGES_TABLES_SPEC>;
const tables: PagesTables = collectionTables(PAGES_TABLES_SPEC);

/** Live rows of the `pages` collection: what visitors see. */
export const pages: PagesTables['table'] = tables.table;

/**
 * Versions of the `pages` collection (`${slug}_versions`): each row is a
 * full, publishable snapshot of the collection's fields. Column names equal
 * the main table's, so publishing maps straight onto columns.
 */
export const pagesVersions: PagesTables['versions'] = tables.versions;

export type PageRow = typeof pages.$inferSelect;
export type PageVersionRow = typeof pagesVersions.$inferSelect;
