import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { ImageValue } from './field-spec.ts';

/**
 * A Markdown region as stored: the Markdown an editor wrote and the HTML it
 * renders to (rendered and sanitized once, at save: visitors' pages only
 * copy it). For a content-collection entry's body (`cmsEntry`), also the
 * file the edit was made against, as the page named it (never the client),
 * and `source`, the `sourceHash` of that file's body then: `louise content
 * pull` writes `value` into `file`, and a deploy that changed the body
 * since stops the edit overriding it for visitors.
 */
export interface MarkdownRegion {
  type: 'markdown';
  /** The Markdown, as the editor wrote it (normalized like any multi-line text). */
  value: string;
  /** `value` rendered by `renderMarkdown` and sanitized, at save: what pages show. */
  html: string;
  /** The `sourceHash` of the entry's body (`entry.body`) the edit was made against. */
  source?: string;
  /** The entry's file, relative to the project root, as the page named it. */
  file?: string;
}

/**
 * A frontmatter value that is not text (a date, a list of tags, a flag) of a
 * content-collection entry, checked against the collection's schema at save.
 * `date` is set by the server when the schema says the field holds dates, so
 * `louise content pull` writes a YAML date rather than a string.
 */
export interface ValueRegion {
  type: 'value';
  value: string | number | boolean | null | string[];
  date?: true;
  /** The entry's file, as the Worker noted it for the entry's body: what lets `louise content pull` pull frontmatter edits alone. */
  file?: string;
}

/** One marked region's stored value: the type it was edited as, and its text (with its entry's `file` for a frontmatter key), sanitized HTML, image, Markdown with its HTML, or a frontmatter value. */
export type OverlayRegion =
  | { type: 'text' | 'richtext'; value: string; file?: string }
  | { type: 'image'; value: ImageValue | null }
  | MarkdownRegion
  | ValueRegion;

/** The regions of one overlay document, by field name. */
export type OverlayRegions = Record<string, OverlayRegion>;

/**
 * Overlay documents: what editors saved into `data-cms-field` regions whose
 * collection the site never declared (`home:index:heading`). One row per
 * `collection:key`; `regions` holds the published values by field, and the
 * template's own content stays the default of every region not saved.
 */
export const overlays = sqliteTable(
  'overlays',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    collection: text('collection').notNull(),
    key: text('key').notNull(),
    /** The published regions (the snapshot of `publishedVersionId`); `{}` before the first publish. */
    regions: text('regions', { mode: 'json' }).$type<OverlayRegions>().notNull().default({}),
    publishedVersionId: integer('published_version_id'),
    createdAt: integer('created_at').notNull().default(sql`(unixepoch('subsec') * 1000)`),
    updatedAt: integer('updated_at').notNull().default(sql`(unixepoch('subsec') * 1000)`),
  },
  (table) => [uniqueIndex('overlays_doc_idx').on(table.collection, table.key)],
);

/** Versions of overlay documents: each a full snapshot of the document's regions, kept as for every drafts collection. */
export const overlaysVersions = sqliteTable(
  'overlays_versions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    pageId: integer('overlay_id')
      .notNull()
      .references(() => overlays.id, { onDelete: 'cascade' }),
    regions: text('regions', { mode: 'json' }).$type<OverlayRegions>().notNull().default({}),
    createdBy: text('created_by'),
    createdAt: integer('created_at').notNull().default(sql`(unixepoch('subsec') * 1000)`),
    discardedAt: integer('discarded_at'),
    discardedBy: text('discarded_by', { enum: ['discard', 'restore'] }),
  },
  (table) => [index('overlays_versions_doc_idx').on(table.pageId, table.id)],
);

export type OverlayRow = typeof overlays.$inferSelect;
