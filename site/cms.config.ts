import { defineCms } from 'louise/astro';
import { defineCollection, textList } from 'louise/content';
import { pages as pagesTable, pagesVersions, siteSettings } from 'louise/db';
import { d1Check } from 'louise/health';

/**
 * The reference site's pages: a drafts collection (visitors see only what
 * was published), found by slug. It uses the toolkit's own `pages` tables,
 * which ship with Louise's migrations.
 */
export const pages = defineCollection({
  slug: 'pages',
  unique: ['slug'],
  fields: {
    title: { type: 'text', required: true },
    summary: { type: 'text' },
    body: { type: 'richtext' },
    paragraphs: { type: 'json', schema: textList },
    hero: { type: 'image' },
  },
  versions: { drafts: true },
  tables: { table: pagesTable, versions: pagesVersions },
});

/** Site-wide settings: one live row (`site`, row 1) of the toolkit's `site_settings` table; saves go live at once. */
export const settings = defineCollection({
  slug: 'settings',
  rows: { site: 1 },
  fields: { siteName: { type: 'text' }, tagline: { type: 'text' }, footerText: { type: 'text' } },
  tables: { table: siteSettings },
});

// The reference site's runtime configuration: its collections (the
// integration mounts their routes), the built-in sign-in (passwordEditor),
// and a status probe that checks D1.
export default defineCms<Env>({
  collections: [pages, settings],
  status: { checks: { db: d1Check((env: Env) => env.DB) } },
});
