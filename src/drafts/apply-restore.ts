import { pick } from '../content/table-codec.ts';
import type { D1Client } from '../db/d1-session.ts';
import { HttpError } from '../http/errors.ts';
import type { EditorRouteEnv } from '../http/route.ts';
import type { EditorSession } from '../http/session.ts';
import { applySaveDraft, type SaveDraftOptions, type SavedDraft } from './apply-save-draft.ts';
import type { DraftDeps } from './draft-deps.ts';

/**
 * Restore: the fields of version `versionId` of row `id` saved as a new
 * pending draft, through the one draft write path (`applySaveDraft`:
 * sanitizing, soft locks, the write buffer), so any editor may do it and
 * visitors keep seeing the live version until someone publishes. No `$base`:
 * bringing an older version back is a deliberate choice over whatever the
 * draft holds now (which stays in the history). 404 when the version is not
 * one of the row's.
 */
export async function applyRestore<E extends EditorRouteEnv>(
  env: E,
  deps: DraftDeps<E>,
  session: EditorSession,
  id: number,
  versionId: number,
  options: SaveDraftOptions<E> & { client: D1Client },
): Promise<SavedDraft> {
  const { vt } = deps;
  const v = vt.versions.col;
  const row = await options.client.prepare(`SELECT * FROM ${vt.versions.table} WHERE ${v.id} = ?1 AND ${v.pageId} = ?2`).bind(versionId, id).first();
  if (!row) throw new HttpError(404, 'not_found', `Version ${versionId} is not a version of ${vt.config.slug} row ${id}.`);
  return applySaveDraft(env, deps, session, id, { fields: pick(vt.versions.decode(row), vt.fields) }, options);
}
