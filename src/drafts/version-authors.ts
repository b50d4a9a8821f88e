import type { D1Client } from '../db/d1-session.ts';
import type { EditorSession } from '../http/session.ts';
import { errorName, reportDegraded } from '../security/degraded.ts';

/**
 * The people behind a history's `createdBy` ids, as the history shows them:
 * the editor's name from the `editors` table (the built-in sign-in's and
 * Cloudflare Access's), else their email's local part; the asking editor's
 * own name for their versions (a site's own `resolveEditor` may keep no
 * editors table); else an id that is itself an email, by its local part.
 * An opaque id never becomes a name: it maps to nothing (the client says
 * "an editor").
 */
export async function versionAuthors(client: D1Client, ids: readonly (string | null)[], asking: EditorSession): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string' && id !== ''))];
  const names = new Map<string, string>();
  if (wanted.length === 0) return names;
  try {
    // D1 binds at most 100 parameters per statement: the ids of a page (up to 200 versions) go in chunks.
    for (let at = 0; at < wanted.length; at += 90) {
      const chunk = wanted.slice(at, at + 90);
      const { results } = await client
        .prepare(`SELECT id, name, email FROM editors WHERE id IN (${chunk.map((_, i) => `?${i + 1}`).join(', ')})`)
        .bind(...chunk)
        .all<{ id: string; name: string | null; email: string | null }>();
      for (const row of results) {
        const name = row.name?.trim() || localPart(row.email);
        if (name) names.set(row.id, name);
      }
    }
  } catch (error) {
    // A site with its own resolveEditor may have no editors table: the fallbacks below still name what they can.
    if (!/no such table/i.test(String((error as Error)?.message ?? ''))) reportDegraded('editor.versionAuthors', { error: errorName(error) });
  }
  for (const id of wanted) {
    if (names.has(id)) continue;
    const name = id === asking.id ? asking.name.trim() || localPart(asking.email) : id.includes('@') ? localPart(id) : null;
    if (name) names.set(id, name);
  }
  return names;
}

/** `ada.l` of `ada.l@example.com`; null for anything that is not an email. */
function localPart(email: string | null | undefined): string | null {
  const at = email?.indexOf('@') ?? -1;
  return email && at > 0 ? email.slice(0, at) : null;
}
