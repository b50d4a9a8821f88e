// The versions route's wire contract (`<apiBase>/<collection>/<id>/versions`,
// `/publish`, `/unpublish`): the JSON shapes the route answers and the edit
// bar (saves, history, publish) reads. Types only, importing nothing, so the
// browser client shares them (the `client` allowance in
// .dependency-cruiser.cjs): a field renamed on one side and not the other
// fails `npm run typecheck`.

/**
 * Where a version stands: `published` (the live pointer), `pending` (newer
 * than it and not discarded), `discarded` (by Discard), or `superseded`
 * (older than the live pointer, or discarded by a restore).
 */
export type VersionStatus = 'published' | 'pending' | 'discarded' | 'superseded';

/** One row of a document's version history. */
export interface VersionEntry {
  id: number;
  status: VersionStatus;
  /** When the version was saved (ms). */
  createdAt: number;
  /** Who saved it. */
  createdBy: string | null;
  /** The version's fields. */
  data: Record<string, unknown>;
}

/** `GET …/versions`: a page of the history, newest first, and the revisions of the work a save builds on. */
export interface VersionsPage {
  items: VersionEntry[];
  nextCursor: string | null;
  /** The live pointer: the published version, or null. */
  publishedVersionId: number | null;
  /** Whether the write buffer holds work not yet written to a version. */
  buffered: boolean;
  revs: Record<string, string>;
  /** The fields whose pending work (the write buffer's, else the newest pending version's) differs from the live row; empty when nothing is pending. */
  changes: string[];
}

/** `POST …/versions` (a draft save): the version written (null when only the buffer took it) and the fields' new revisions. */
export interface DraftSaved {
  versionId: number | null;
  revs: Record<string, string>;
  /** The fields whose draft, after this save, differs from the live row (what Publish would change). */
  changes: string[];
}

/** `POST …/publish` and `…/unpublish`: the live pointer after it. */
export interface Published {
  publishedVersionId: number | null;
}
