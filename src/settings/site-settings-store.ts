import { and, eq, sql } from 'drizzle-orm';
import { db } from '../db/client.ts';
import { siteSettings } from '../db/site-schema.ts';
import { isJsonObject } from './own-keys.ts';
import type { SiteSettings } from './site-settings.ts';

/** The `site_settings` row as read, with what a conditional write compares it by. */
export interface StoredSettings {
  settings: SiteSettings;
  /** The row exactly as stored (`custom` as its JSON text): a write lands only while all of it is unchanged. */
  guard: { siteName: string; tagline: string; footerText: string; customText: string; updatedAt: number };
}

/** Reads the singleton in one query; null when the row does not exist yet. A `custom` that is not a JSON object reads as `{}`. */
export async function readSettingsRow(DB: D1Database | D1DatabaseSession): Promise<StoredSettings | null> {
  const [row] = await db(DB)
    .select({
      siteName: siteSettings.siteName,
      tagline: siteSettings.tagline,
      footerText: siteSettings.footerText,
      // The stored text as is (a bare sql chunk is not decoded), so the write can compare it byte for byte.
      customText: sql<string>`${siteSettings.custom}`,
      updatedAt: siteSettings.updatedAt,
    })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1));
  if (!row) return null;
  const { siteName, tagline, footerText, customText } = row;
  return { settings: { siteName, tagline, footerText, custom: parseObject(customText) }, guard: row };
}

/**
 * Writes the whole singleton in one statement: an INSERT when `stored` is
 * null (only if the row is still missing), else an UPDATE that lands only
 * while the row is exactly as `stored` read it. False when another write
 * came first; the caller reads again and decides. Every successful write
 * moves `updated_at` forward, so the next guard sees it.
 */
export async function writeSettingsRow(DB: D1Database | D1DatabaseSession, stored: StoredSettings | null, next: SiteSettings): Promise<boolean> {
  const client = db(DB);
  const values = { siteName: next.siteName, tagline: next.tagline, footerText: next.footerText, custom: next.custom };
  if (!stored) {
    const rows = await client
      .insert(siteSettings)
      .values({ id: 1, ...values, updatedAt: Date.now() })
      .onConflictDoNothing({ target: siteSettings.id })
      .returning({ id: siteSettings.id });
    return rows.length > 0;
  }
  const { guard } = stored;
  const rows = await client
    .update(siteSettings)
    .set({ ...values, updatedAt: Math.max(Date.now(), Math.floor(guard.updatedAt) + 1) })
    .where(
      and(
        eq(siteSettings.id, 1),
        eq(siteSettings.updatedAt, guard.updatedAt),
        eq(siteSettings.siteName, guard.siteName),
        eq(siteSettings.tagline, guard.tagline),
        eq(siteSettings.footerText, guard.footerText),
        sql`${siteSettings.custom} = ${guard.customText}`,
      ),
    )
    .returning({ id: siteSettings.id });
  return rows.length > 0;
}

/** A stored JSON object column's text as an object; anything else (corrupt text, an array) reads as `{}`. */
export function parseObject(text: string | null): Record<string, unknown> {
  if (text === null) return {};
  try {
    const value: unknown = JSON.parse(text);
    return isJsonObject(value) ? value : {};
  } catch {
    return {};
  }
}
