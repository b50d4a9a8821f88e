import { eq } from 'drizzle-orm';
import { noteRendered, resumeReadSession, type BookmarkCookies } from 'louise/astro';
import { conformEntry, defineCollection, fieldRevs, resumeDraft, textList, type Violation } from 'louise/content';
import { db, pages, pagesVersions, siteSettings, type D1Client, type PageRow, type SiteSettingsRow } from 'louise/db';

const FALLBACK_SETTINGS: SiteSettingsRow = { id: 1, siteName: 'Louise', tagline: '', footerText: '', custom: {}, updatedAt: 0 };

/** The reference site's pages collection: versioned, so visitors see only published content. */
export const pagesCollection = defineCollection({
  slug: 'pages',
  fields: {
    title: { type: 'text', required: true },
    summary: { type: 'text' },
    body: { type: 'richtext' },
    paragraphs: { type: 'json', schema: textList },
  },
  versions: { drafts: true },
});

/** A page as the templates render it, the values it was made from, and the stored fields it could not use as they were. */
export interface LoadedPage {
  page: PageRow;
  stored: PageRow;
  invalid: Violation[];
}

/**
 * A page by slug. Visitors get the live row of a published page (null for a
 * page never published or unpublished); an editor in edit mode gets the
 * work in progress (the newest pending draft) over the live row. Stored
 * data that does not fit the collection (written around the routes) is
 * replaced by a fallback, so a template never crashes on it.
 */
export async function pageBySlug(client: D1Client, slug: string, options: { editing: boolean }): Promise<LoadedPage | null> {
  const live = (await db(client).select().from(pages).where(eq(pages.slug, slug)).get()) ?? null;
  if (!live) return null;
  if (!options.editing && live.publishedVersionId === null) return null;
  const draft = options.editing ? await resumeDraft(client, { versionsTable: pagesVersions, collection: pagesCollection }, live) : null;
  const stored = draft ? ({ ...live, ...draft } as PageRow) : live;
  const { data: page, invalid } = conformEntry(stored, pagesCollection.fields);
  return { page, stored, invalid };
}

/**
 * Loads a page for an Astro page: visitors read the binding directly (no
 * cookie is set for them); editors in edit mode read through a D1 session
 * resumed from their bookmark cookie, so they see the draft they just saved,
 * and the page notes the revisions it rendered (and any stored field it had
 * to replace, which the edit bar then explains).
 */
export async function loadPage(DB: D1Database, slug: string, astro: { cookies: BookmarkCookies; locals: App.Locals; url: URL }): Promise<PageRow | null> {
  const editing = astro.locals.louise?.editing ?? false;
  if (!editing) return (await pageBySlug(DB, slug, { editing }))?.page ?? null;
  const session = resumeReadSession(DB, astro.cookies, { secure: astro.url.protocol === 'https:' });
  const loaded = await pageBySlug(session.client, slug, { editing });
  session.commit();
  if (!loaded) return null;
  // Draft saves then carry `$base` from exactly what this editor sees. Revisions are of
  // the stored values, so a repaired field's first save is not taken for a conflict.
  noteRendered(astro.locals, pagesCollection.slug, loaded.page.id, fieldRevs(loaded.stored, Object.keys(pagesCollection.fields)), loaded.invalid);
  return loaded.page;
}

/** The site settings row (defaults before it is seeded). */
export async function settings(DB: D1Database): Promise<SiteSettingsRow> {
  return (await db(DB).select().from(siteSettings).where(eq(siteSettings.id, 1)).get()) ?? FALLBACK_SETTINGS;
}

/** `data-cms-field` value for a page field. */
export function pageField(page: PageRow, field: string): string {
  return `pages:${page.id}:${field}`;
}
