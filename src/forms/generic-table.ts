import { and, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { db } from '../db/client.ts';
import { submissions, type SubmissionRow } from '../db/forms-schema.ts';
import { listPage, type ListQuery } from '../http/list-query.ts';
import type { EditorRouteEnv } from '../http/route.ts';
import type { SubmissionData } from './form-schema.ts';
import type { Submission, SubmissionCounts, SubmissionPage } from './wire.ts';

/** The inbox's JSON shapes are the contract in wire.ts (shared with the browser client). */
export type { Submission, SubmissionCounts };

/**
 * Where a form keeps its submissions. Ids are positive integers that grow
 * with time, so `list` pages newest first with the last id as the cursor.
 */
export interface FormStore<E = EditorRouteEnv> {
  insert(env: E, form: string, data: SubmissionData, createdAt: number): Promise<{ id: number; createdAt: number }>;
  /** One page newest first: ids below `query.cursor`. */
  list(env: E, form: string, query: ListQuery): Promise<SubmissionPage>;
  /** Sets or clears `readAt`; the updated submission, or null when there is none. */
  markRead(env: E, form: string, id: number, read: boolean, now: number): Promise<Submission | null>;
  /** True when a row was deleted. */
  delete(env: E, form: string, id: number): Promise<boolean>;
  /** Totals per form name, every asked name present (zeros when it has no rows). */
  counts(env: E, forms: readonly string[]): Promise<Record<string, SubmissionCounts>>;
}

const store: FormStore = {
  async insert(env, form, data, createdAt) {
    const [row] = await db(env.DB).insert(submissions).values({ form, data, createdAt }).returning({ id: submissions.id, createdAt: submissions.createdAt });
    if (!row) throw new Error(`forms: the submission to ${form} was not stored.`);
    return row;
  },

  async list(env, form, query) {
    const rows = await db(env.DB)
      .select()
      .from(submissions)
      .where(and(eq(submissions.form, form), query.cursor === null ? undefined : lt(submissions.id, query.cursor)))
      .orderBy(desc(submissions.id))
      .limit(query.limit + 1);
    const page = listPage(rows, query.limit);
    return { items: page.items.map(toSubmission), nextCursor: page.nextCursor };
  },

  async markRead(env, form, id, read, now) {
    // A second "read" keeps the first time it was read.
    const [row] = await db(env.DB)
      .update(submissions)
      .set({ readAt: read ? sql`coalesce(${submissions.readAt}, ${now})` : null })
      .where(and(eq(submissions.form, form), eq(submissions.id, id)))
      .returning();
    return row ? toSubmission(row) : null;
  },

  async delete(env, form, id) {
    const rows = await db(env.DB)
      .delete(submissions)
      .where(and(eq(submissions.form, form), eq(submissions.id, id)))
      .returning({ id: submissions.id });
    return rows.length > 0;
  },

  async counts(env, forms) {
    const totals: Record<string, SubmissionCounts> = Object.fromEntries(forms.map((name) => [name, { total: 0, unread: 0 }]));
    if (forms.length === 0) return totals;
    const rows = await db(env.DB)
      .select({ form: submissions.form, total: count(), unread: count(sql`case when ${isNull(submissions.readAt)} then 1 end`) })
      .from(submissions)
      .where(inArray(submissions.form, [...forms]))
      .groupBy(submissions.form);
    for (const row of rows) totals[row.form] = { total: row.total, unread: row.unread };
    return totals;
  },
};

/**
 * The store of every form unless it names its own: the shared `submissions`
 * table (`{ id, form, data, created_at, read_at }`, migration 0005), so a new
 * form needs no migration. `data` is stored as JSON and parsed back on read.
 */
export function genericTable(): FormStore {
  return store;
}

function toSubmission(row: SubmissionRow): Submission {
  const { id, form, data, createdAt, readAt } = row;
  return { id, form, data, createdAt, readAt };
}
