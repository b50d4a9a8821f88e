import { defineCollection, textList } from '../../src/content/collection.ts';

/** The reference site's versioned pages collection (also the test worker's realtime object's). */
export const pagesCollection = defineCollection({
  slug: 'pages',
  fields: { title: { type: 'text', required: true }, summary: { type: 'text' }, body: { type: 'richtext' }, paragraphs: { type: 'json', schema: textList } },
  versions: { drafts: true },
});
