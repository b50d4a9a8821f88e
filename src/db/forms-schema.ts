import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Every form's submissions in one table (`genericTable`): `data` is the
 * validated, coerced JSON object of the form's fields, so a new form needs
 * no migration. `read_at` is set when an editor marks the row read.
 */
export const submissions = sqliteTable(
  'submissions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    form: text('form').notNull(),
    data: text('data', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    createdAt: integer('created_at').notNull().default(sql`(unixepoch('subsec') * 1000)`),
    readAt: integer('read_at'),
  },
  (table) => [index('submissions_form_id_idx').on(table.form, table.id)],
);

export type SubmissionRow = typeof submissions.$inferSelect;

/**
 * Keys Louise makes for itself where a site has set no secret: random,
 * created once, read by name (`forms` signs the render time of forms).
 */
export const louiseKeys = sqliteTable('louise_keys', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: integer('created_at').notNull().default(sql`(unixepoch('subsec') * 1000)`),
});
