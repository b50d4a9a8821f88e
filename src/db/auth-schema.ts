import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** People who may edit the site. `email` is stored lower-cased and unique. */
export const editors = sqliteTable('editors', {
  id: text('id').primaryKey(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  /** `pbkdf2-sha256$<iterations>$<salt>$<hash>` (base64url), so the count can be raised later. */
  passwordHash: text('password_hash').notNull(),
  canPublish: integer('can_publish', { mode: 'boolean' }).notNull().default(false),
  createdAt: integer('created_at').notNull().default(sql`(unixepoch('subsec') * 1000)`),
  updatedAt: integer('updated_at').notNull().default(sql`(unixepoch('subsec') * 1000)`),
});

/** Signed-in sessions. Only the SHA-256 of the cookie token is stored. */
export const editorSessions = sqliteTable(
  'editor_sessions',
  {
    id: text('id').primaryKey(),
    editorId: text('editor_id')
      .notNull()
      .references(() => editors.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: integer('expires_at').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [index('editor_sessions_editor_idx').on(table.editorId)],
);

export type EditorRow = typeof editors.$inferSelect;
export type EditorSessionRow = typeof editorSessions.$inferSelect;
