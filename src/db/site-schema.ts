import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * The one row of site-wide settings (id is always 1): what visitors see.
 * Settings are a drafts document like a page (`site_settings` is its live
 * table, `site_settings_versions` its versions; migration 0008): an edit is
 * stored as a version, and Publish copies a version onto this row and sets
 * `publishedVersionId`.
 */
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
    /** The published version; null while the live row still holds what it was seeded with (or saved before drafts). */
    publishedVersionId: integer('published_version_id'),
  },
  (table) => [check('site_settings_singleton', sql`${table.id} = 1`)],
);

/**
 * Versions of the settings row (as `pages_versions` is to `pages`): each a
 * full snapshot of the settings, pending work while newer than the live
 * pointer and not discarded.
 */
export const siteSettingsVersions = sqliteTable(
  'site_settings_versions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** Always 1, the settings row (every versions table names its row `pageId`). */
    pageId: integer('page_id')
      .notNull()
      .references(() => siteSettings.id, { onDelete: 'cascade' }),
    siteName: text('site_name').notNull().default(''),
    tagline: text('tagline').notNull().default(''),
    footerText: text('footer_text').notNull().default(''),
    custom: text('custom', { mode: 'json' }).$type<Record<string, unknown>>().notNull().default({}),
    createdBy: text('created_by'),
    createdAt: integer('created_at').notNull().default(sql`(unixepoch('subsec') * 1000)`),
    discardedAt: integer('discarded_at'),
    discardedBy: text('discarded_by', { enum: ['discard', 'restore'] }),
  },
  (table) => [index('site_settings_versions_page_idx').on(table.pageId, table.id)],
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
