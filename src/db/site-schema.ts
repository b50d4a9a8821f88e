import { sql } from 'drizzle-orm';
import { check, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** The one row of site-wide settings (id is always 1). */
export const siteSettings = sqliteTable(
  'site_settings',
  {
    id: integer('id').primaryKey(),
    siteName: text('site_name').notNull().default(''),
    tagline: text('tagline').notNull().default(''),
    footerText: text('footer_text').notNull().default(''),
    /** Site-declared extra keys, a JSON object. */
    custom: text('custom', { mode: 'json' }).$type<Record<string, unknown>>().notNull().default({}),
    updatedAt: integer('updated_at').notNull().default(sql`(unixepoch('subsec') * 1000)`),
  },
  (table) => [check('site_settings_singleton', sql`${table.id} = 1`)],
);

export type SiteSettingsRow = typeof siteSettings.$inferSelect;
