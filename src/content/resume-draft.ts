import type { Table } from 'drizzle-orm';
import type { CollectionConfig } from './collection.ts';
import { bufferKey, draftBuffer, type BufferedDraft, type BufferKv, type DraftBuffer } from './draft-buffer.ts';
import { pick, tableCodec } from './table-codec.ts';
import { newestPendingSql } from './versioned-table.ts';

export interface ResumeDraftOptions {
  versionsTable: Table;
  collection: CollectionConfig;
  /** The write buffer, when auto-saves go to one. */
  bufferKv?: BufferKv | DraftBuffer | undefined;
}

/** A D1 binding or session. */
type D1Like = Pick<D1Database, 'prepare'>;

/**
 * The work in progress of a row, or null when it has none: the write buffer
 * first (when given), then the newest version newer than the live pointer
 * that was not discarded. A superseded version is never resumed.
 *
 * @example const draft = editing ? await resumeDraft(client, { versionsTable, collection }, page) : null;
 */
export async function resumeDraft(
  db: D1Like,
  options: ResumeDraftOptions,
  row: { id: number; publishedVersionId: number | null },
): Promise<Record<string, unknown> | null> {
  const fields = Object.keys(options.collection.fields);
  if (options.bufferKv) {
    const buffered = await draftBuffer(options.bufferKv).get<BufferedDraft>(bufferKey(options.collection.slug, row.id));
    if (buffered) return pick(buffered.data, fields);
  }
  const versions = tableCodec(options.versionsTable);
  const found = await db
    .prepare(newestPendingSql(versions, '?1', '?2'))
    .bind(row.id, row.publishedVersionId ?? null)
    .first<Record<string, unknown>>();
  return found ? pick(versions.decode(found), fields) : null;
}
