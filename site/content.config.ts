// The reference site's journal: Markdown files in a content collection, as
// most Astro sites keep their posts. Its pages are prerendered; an editor
// edits a post in place (cmsEntry in site/pages/journal/[id].astro), visitors
// see a published edit at once (the Worker applies it to the built page), and
// `npx louise content pull` writes it back into the file.
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';

const journal = defineCollection({
  loader: glob({ base: './site/journal', pattern: '*.md' }),
  schema: z.object({
    title: z.string(),
    description: z.string(),
    pubDate: z.coerce.date(),
    tags: z.array(z.string()).default([]),
    draft: z.boolean().default(false),
  }),
});

export const collections = { journal };
