import { isLocalHostname } from '../security/local-host.ts';
import { addEditor, EditorExistsError } from './editors.ts';

/** The password of the development editors. Only ever created on localhost. */
export const DEV_PASSWORD = 'louise-dev';
export const DEV_EDITORS = [
  { email: 'editor@localhost', name: 'Editor', canPublish: true },
  { email: 'writer@localhost', name: 'Writer', canPublish: false },
] as const;

let done = false;

/**
 * On localhost with no editors at all, creates `editor@localhost` (may
 * publish) and `writer@localhost` (may not), both with password
 * `louise-dev`, and prints them. Does nothing on any other hostname.
 * Returns the emails it created. Throws when the database fails (for
 * example a missing `editors` table); the next call then tries again.
 */
export async function ensureDevEditors(DB: D1Database, url: URL): Promise<string[]> {
  if (done || !isLocalHostname(url.hostname)) return [];
  const count = await DB.prepare('SELECT count(*) AS n FROM editors').first<number>('n');
  const created: string[] = [];
  if (count === 0) {
    for (const editor of DEV_EDITORS) {
      try {
        await addEditor(DB, { ...editor, password: DEV_PASSWORD });
        created.push(editor.email);
      } catch (error) {
        // Two first requests race: the other one created this editor.
        if (!isDuplicate(error)) throw error;
      }
    }
  }
  done = true;
  if (created.length > 0) {
    console.log(`louise: created development editors ${created.join(', ')} with password "${DEV_PASSWORD}" (localhost only).`);
  }
  return created;
}

/** addEditor's own refusal, or the UNIQUE index when both inserts passed its check. */
function isDuplicate(error: unknown): boolean {
  return error instanceof EditorExistsError || causes(error).some((cause) => /UNIQUE constraint failed: editors\./.test(cause.message));
}

/** The error and what it wraps (drizzle wraps D1's error as `cause`). */
function causes(error: unknown): Error[] {
  const chain: Error[] = [];
  for (let at = error; at instanceof Error && chain.length < 5; at = at.cause) chain.push(at);
  return chain;
}

/** For tests: forget that this isolate already checked. */
export function resetDevEditorsCheck(): void {
  done = false;
}
