// Who saved the value a 409 sends back, so the editor reads "Ada changed
// Summary while you were editing it" rather than "someone else". Best effort:
// a name that cannot be found is null (the client then says "another
// editor"), and a failing lookup never turns a 409 into a 500.
import type { BufferedDraft } from '../content/draft-buffer.ts';
import { canonicalJson } from '../content/field-rev.ts';
import type { VersionedTable } from '../content/versioned-table.ts';
import type { D1Client } from '../db/d1-session.ts';
import { errorName, reportDegraded } from '../security/degraded.ts';
import type { Conflict } from './merge-draft.ts';
import type { Work } from './draft-store.ts';

/** A conflict as the 409 answers it: the field's current value and revision, and the display name of who saved that value (null: unknown). */
export interface NamedConflict extends Conflict {
  by: string | null;
}

/**
 * Names the author of each conflict's current value: the buffered draft's
 * editor when the buffer holds a value of that field other than the stored
 * one, else the editor of the oldest version (not discarded) since the field
 * last held another value (or since the first, when only the live row held
 * another value), that is the version that set it; none when every version
 * and the live row hold it (the value predates the history). The editor's id
 * becomes a name through Louise's `editors` table; an id not found there (a
 * site's own sign-in) stays unnamed.
 */
export async function nameConflicts(
  client: D1Client,
  vt: VersionedTable,
  id: number,
  work: Work,
  buffered: BufferedDraft | null,
  conflicts: readonly Conflict[],
): Promise<NamedConflict[]> {
  const ids = new Map<string, string | null>();
  for (const conflict of conflicts) {
    // A block field or list item lives in its field's column.
    const column = conflict.field.split('.')[0] as string;
    if (ids.has(column)) continue;
    ids.set(column, await authorOf(client, vt, id, work, buffered, column));
  }
  const names = await editorNames(client, [...new Set([...ids.values()].filter((by) => by !== null))]);
  return conflicts.map((conflict) => {
    const editor = ids.get(conflict.field.split('.')[0] as string);
    return { ...conflict, by: (editor && names.get(editor)) ?? null };
  });
}

async function authorOf(client: D1Client, vt: VersionedTable, id: number, work: Work, buffered: BufferedDraft | null, field: string): Promise<string | null> {
  if (!vt.fields.includes(field)) return null;
  if (buffered && canonicalJson(buffered.data[field] ?? null) !== canonicalJson(work.data[field] ?? null)) return buffered.editorId;
  const v = vt.versions.col;
  const m = vt.main.col;
  const column = v[field] as string;
  const sql =
    `SELECT ${v.createdBy} AS author FROM ${vt.versions.table} WHERE ${v.pageId} = ?1 AND ${v.discardedAt} IS NULL AND ${v.id} > ` +
    `COALESCE((SELECT max(${v.id}) FROM ${vt.versions.table} WHERE ${v.pageId} = ?1 AND ${v.discardedAt} IS NULL AND ${column} IS NOT ?2), ` +
    `CASE WHEN (SELECT ${m[field]} FROM ${vt.main.table} WHERE ${m.id} = ?1) IS NOT ?2 THEN 0 END) ` +
    `ORDER BY ${v.id} LIMIT 1`;
  try {
    const row = await client
      .prepare(sql)
      .bind(id, work.stored[field] ?? null)
      .first<{ author: unknown }>();
    return typeof row?.author === 'string' ? row.author : null;
  } catch (error) {
    reportDegraded('editor.conflictAuthor', { collection: vt.config.slug, id, error: errorName(error) });
    return null;
  }
}

/** Display names by editor id from the `editors` table (absent when a site signs editors in its own way: then none). */
async function editorNames(client: D1Client, ids: readonly string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  if (ids.length === 0) return names;
  try {
    const { results } = await client
      .prepare(`SELECT id, name FROM editors WHERE id IN (${ids.map((_, i) => `?${i + 1}`).join(', ')})`)
      .bind(...ids)
      .all<{ id: string; name: string }>();
    for (const row of results) if (typeof row.name === 'string' && row.name.trim()) names.set(row.id, row.name.trim());
  } catch {
    // No editors table: the site resolves editors itself, and the conflict stays unnamed.
  }
  return names;
}
