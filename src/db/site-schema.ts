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

/** The structured base of `site_settings`: the only columns `settingsRoute` ever writes (besides `custom`). */
export const siteSettingsColumns = Object.freeze(['siteName', 'tagline', 'footerText'] as const);
export type SiteSettingsColumn = (typeof siteSettingsColumns)[number];

/**
 * The blob variant of site settings (`blobSettingsRoute`): the one row
 * (id is always 1) keeps all of a site's configuration in one JSON object.
 */
export const siteConfig = sqliteTable(
  'site_config',
  {
    id: integer('id').primaryKey(),
    data: text('data', { mode: 'json' }).$type<Record<string, unknown>>().notNull().default({}),
    updatedAt: integer('updated_at').notNull().default(sql`(unixepoch('subsec') * 1000)`),
  },
  (table) => [check('site_config_singleton', sql`${table.id} = 1`)],
);

export type SiteConfigRow = typeof siteConfig.$inferSelect;
