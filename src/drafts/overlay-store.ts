import { fieldRev } from '../content/field-rev.ts';
import type { DraftEdit } from './merge-draft.ts';
import { asRegions, overlayCacheKey, overlayCollection } from '../content/overlay.ts';
import type { D1Client } from '../db/d1-session.ts';
import { overlays, overlaysVersions, type OverlayRegion, type OverlayRegions } from '../db/overlays-schema.ts';
import { HttpError } from '../http/errors.ts';
import type { EditorSession } from '../http/session.ts';
import { errorName, reportDegraded } from '../security/degraded.ts';
import { draftDeps, type DraftDeps } from './draft-deps.ts';
import { insertDraft, readWork } from './draft-store.ts';

/** A marked document: the `collection:key` of `collection:key:field`. */
export interface OverlayDoc {
  collection: string;
  key: string;
}

/** The env overlay documents need: D1, and KV for the copy visitors read. */
export interface OverlayEnv {
  DB: D1Database;
  KV?: KVNamespace | undefined;
}

/** The draft machinery of the overlay collection (tables checked once). */
export const overlayDeps: DraftDeps<OverlayEnv> = draftDeps<OverlayEnv>({ table: overlays, versionsTable: overlaysVersions, config: overlayCollection });

/** The row id of a document, or null when nothing was ever saved into it. */
export async function findOverlayId(client: D1Client, doc: OverlayDoc): Promise<number | null> {
  const row = await client.prepare('SELECT id FROM overlays WHERE collection = ?1 AND key = ?2').bind(doc.collection, doc.key).first<{ id: number }>();
  return row?.id ?? null;
}

/** Revisions of every region of a snapshot: what a save's `$base` is checked against. */
export function regionRevs(regions: OverlayRegions): Record<string, string> {
  const revs: Record<string, string> = {};
  for (const [field, region] of Object.entries(regions)) revs[field] = fieldRev(region.value);
  return revs;
}

/** The regions an editor works on (the newest pending version, else the published ones), or null for a document never saved. */
export async function overlayWork(client: D1Client, doc: OverlayDoc): Promise<OverlayRegions | null> {
  const id = await findOverlayId(client, doc);
  if (id === null) return null;
  const work = await readWork(client, overlayDeps.vt, id);
  return work ? (asRegions(work.data.regions) ?? {}) : null;
}

const MAX_ATTEMPTS = 25;

/**
 * Saves regions of a document as a new draft version, creating the document
 * on its first save (`edit.fields` maps region names to their prepared
 * values). A region whose `base` revision no longer matches what
 * is stored is a 409 (with the stored value and revision); nothing is written
 * then. The write itself is guarded on the snapshot it merged over, so two
 * saves landing together never lose one another.
 */
export async function saveOverlayRegions(
  client: D1Client,
  session: EditorSession,
  doc: OverlayDoc,
  edit: DraftEdit<OverlayRegion>,
): Promise<{ versionId: number; revs: Record<string, string> }> {
  const { vt } = overlayDeps;
  const { fields: values, base = {} } = edit;
  let id = await findOverlayId(client, doc);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    if (id === null) {
      const created = await createWithFirstVersion(client, session, doc, values);
      if (created) return created;
      // Another save created the document first: build on it.
      id = await findOverlayId(client, doc);
      continue;
    }
    const work = await readWork(client, vt, id);
    if (!work) continue;
    const current = asRegions(work.data.regions) ?? {};
    const conflicts = Object.keys(values).flatMap((field) => {
      const want = base[field];
      const stored = current[field]?.value ?? null;
      const rev = fieldRev(stored);
      return want !== undefined && want !== rev && stored !== values[field]?.value ? [{ field, value: stored, rev }] : [];
    });
    if (conflicts.length > 0) throw new HttpError(409, 'conflict', 'Someone else changed these fields since you loaded them.', { conflicts });
    const merged: OverlayRegions = { ...current, ...values };
    const row = await insertDraft(client, vt, id, { fields: { regions: merged }, items: [] }, { regions: work.stored.regions }, session.id);
    if (row) return { versionId: row.id as number, revs: regionRevs(merged) };
  }
  throw new HttpError(503, 'busy', 'Too many saves landed on this page at once; try again.', {}, { 'retry-after': '1' });
}

/** A new document and its first version in one transaction; null when another save created the document first. */
async function createWithFirstVersion(client: D1Client, session: EditorSession, doc: OverlayDoc, values: Readonly<Record<string, OverlayRegion>>) {
  const regions: OverlayRegions = { ...values };
  const [, inserted] = await client.batch<{ id: number }>([
    client.prepare('INSERT INTO overlays (collection, key) VALUES (?1, ?2) ON CONFLICT DO NOTHING').bind(doc.collection, doc.key),
    client
      .prepare(
        'INSERT INTO overlays_versions (overlay_id, regions, created_by, created_at) SELECT o.id, ?3, ?4, ?5 FROM overlays o ' +
          'WHERE o.collection = ?1 AND o.key = ?2 AND NOT EXISTS (SELECT 1 FROM overlays_versions x WHERE x.overlay_id = o.id) RETURNING id',
      )
      .bind(doc.collection, doc.key, JSON.stringify(regions), session.id, Date.now()),
  ]);
  const id = inserted?.results[0]?.id;
  return typeof id === 'number' ? { versionId: id, revs: regionRevs(regions) } : null;
}

/**
 * Copies a document's published regions to KV, where visitors' pages read
 * them (no D1 query for a visitor); an unpublished document's copy is
 * deleted. The database already holds the truth, so a KV failure is
 * reported and returned, not thrown: publishing again repairs the copy.
 * @internal (not exported from any package entry)
 */
export async function mirrorOverlay(env: OverlayEnv, client: D1Client, doc: OverlayDoc): Promise<boolean> {
  if (!env.KV) return false;
  try {
    const row = await client
      .prepare('SELECT regions, published_version_id AS pointer FROM overlays WHERE collection = ?1 AND key = ?2')
      .bind(doc.collection, doc.key)
      .first<{ regions: string; pointer: number | null }>();
    const key = overlayCacheKey(doc.collection, doc.key);
    if (!row || row.pointer === null) await env.KV.delete(key);
    else await env.KV.put(key, row.regions);
    return true;
  } catch (error) {
    reportDegraded('editor.overlayCache', { collection: doc.collection, error: errorName(error) });
    return false;
  }
}

/** The published regions of a document as visitors get them (from KV), or null. */
export async function publishedOverlay(kv: KVNamespace, doc: OverlayDoc): Promise<OverlayRegions | null> {
  return asRegions(await kv.get(overlayCacheKey(doc.collection, doc.key), 'json'));
}
