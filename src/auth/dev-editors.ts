import { isLocalHostname } from '../security/local-host.ts';
import { addEditor } from './editors.ts';

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
 * Returns the emails it created.
 */
export async function ensureDevEditors(DB: D1Database, url: URL): Promise<string[]> {
  if (done || !isLocalHostname(url.hostname)) return [];
  const count = await DB.prepare('SELECT count(*) AS n FROM editors').first<number>('n');
  done = true;
  if (count !== 0) return [];
  const created: string[] = [];
  for (const editor of DEV_EDITORS) {
    try {
      await addEditor(DB, { ...editor, password: DEV_PASSWORD });
      created.push(editor.email);
    } catch {
      // A concurrent first request created it; nothing to do.
    }
  }
  if (created.length > 0) {
    console.log(`louise: created development editors ${created.join(', ')} with password "${DEV_PASSWORD}" (localhost only).`);
  }
  return created;
}

/** For tests: forget that this isolate already checked. */
export function resetDevEditorsCheck(): void {
  done = false;
}
