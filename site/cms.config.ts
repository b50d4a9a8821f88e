import { defineCms } from 'louise/astro';
import { pages, pagesVersions, siteSettings } from 'louise/db';
import { pagesRoute, saveRoute, versionsRoute } from 'louise/editor';
import { d1Check } from 'louise/health';
import { pagesCollection } from './lib/content.ts';

// The reference site's runtime configuration: the built-in sign-in
// (passwordEditor), the versioned pages collection (versionsRoute before
// pagesRoute, so /:id/versions is not claimed by /:id), inline save for the
// site settings, and a status probe that checks D1.
export default defineCms<Env>({
  routes: ({ resolveEditor }) => [
    versionsRoute<Env>({ table: pages, versionsTable: pagesVersions, config: pagesCollection, resolveEditor }),
    pagesRoute<Env>({ table: pages, versionsTable: pagesVersions, resolveEditor, drafts: { config: pagesCollection } }),
    saveRoute<Env>({
      resolveEditor,
      collections: {
        settings: {
          table: siteSettings,
          key: (key) => (key === 'site' ? 1 : null),
          fields: { siteName: { type: 'text' }, tagline: { type: 'text' }, footerText: { type: 'text' } },
        },
      },
    }),
  ],
  status: { checks: { db: d1Check((env: Env) => env.DB) } },
});
