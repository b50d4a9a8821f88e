import { eq } from 'drizzle-orm';
import { db, pages, siteSettings, type PageRow, type SiteSettingsRow } from 'louise/db';

const FALLBACK_SETTINGS: SiteSettingsRow = { id: 1, siteName: 'Louise', tagline: '', footerText: '', custom: {}, updatedAt: 0 };

/** The live row of a page by slug, or null. */
export async function pageBySlug(DB: D1Database, slug: string): Promise<PageRow | null> {
  return (await db(DB).select().from(pages).where(eq(pages.slug, slug)).get()) ?? null;
}

/** The site settings row (defaults before it is seeded). */
export async function settings(DB: D1Database): Promise<SiteSettingsRow> {
  return (await db(DB).select().from(siteSettings).where(eq(siteSettings.id, 1)).get()) ?? FALLBACK_SETTINGS;
}

/** `data-cms-field` value for a page field. */
export function pageField(page: PageRow, field: string): string {
  return `pages:${page.id}:${field}`;
}
