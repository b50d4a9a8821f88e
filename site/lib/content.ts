import { eq } from 'drizzle-orm';
import { noteRendered, resumeReadSession, type BookmarkCookies } from 'louise/astro';
import { defineCollection, fieldRevs, resumeDraft } from 'louise/content';
import { db, pages, pagesVersions, siteSettings, type D1Client, type PageRow, type SiteSettingsRow } from 'louise/db';

const FALLBACK_SETTINGS: SiteSettingsRow = { id: 1, siteName: 'Louise', tagline: '', footerText: '', custom: {}, updatedAt: 0 };

/** The reference site's pages collection: versioned, so visitors see only published content. */
export const pagesCollection = defineCollection({
  slug: 'pages',
  fields: {
    title: { type: 'text', required: true },
    summary: { type: 'text' },
    body: { type: 'richtext' },
    paragraphs: { type: 'json' },
  },
  versions: { drafts: true },
});

/**
 * A page by slug. Visitors get the live row of a published page (null for a
 * page never published or unpublished); an editor in edit mode gets the
 * work in progress (the newest pending draft) over the live row.
 */
export async function pageBySlug(client: D1Client, slug: string, options: { editing: boolean }): Promise<PageRow | null> {
  const page = (await db(client).select().from(pages).where(eq(pages.slug, slug)).get()) ?? null;
  if (!page) return null;
  if (!options.editing) return page.publishedVersionId === null ? null : page;
  const draft = await resumeDraft(client, { versionsTable: pagesVersions, collection: pagesCollection }, page);
  return draft ? ({ ...page, ...draft } as PageRow) : page;
}

/**
 * Loads a page for an Astro page: visitors read the binding directly (no
 * cookie is set for them); editors in edit mode read through a D1 session
 * resumed from their bookmark cookie, so they see the draft they just saved,
 * and the page notes the revisions it rendered.
 */
export async function loadPage(DB: D1Database, slug: string, astro: { cookies: BookmarkCookies; locals: App.Locals; url: URL }): Promise<PageRow | null> {
  const editing = astro.locals.louise?.editing ?? false;
  if (!editing) return pageBySlug(DB, slug, { editing });
  const session = resumeReadSession(DB, astro.cookies, { secure: astro.url.protocol === 'https:' });
  const page = await pageBySlug(session.client, slug, { editing });
  session.commit();
  // Draft saves then carry `$base` from exactly what this editor sees.
  if (page) noteRendered(astro.locals, pagesCollection.slug, page.id, fieldRevs(page, Object.keys(pagesCollection.fields)));
  return page;
}

/** The site settings row (defaults before it is seeded). */
export async function settings(DB: D1Database): Promise<SiteSettingsRow> {
  return (await db(DB).select().from(siteSettings).where(eq(siteSettings.id, 1)).get()) ?? FALLBACK_SETTINGS;
}

/** `data-cms-field` value for a page field. */
export function pageField(page: PageRow, field: string): string {
  return `pages:${page.id}:${field}`;
}
