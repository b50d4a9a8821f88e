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
  /** Who saved it, as people are named (the editor's name, else their email's local part), or null when unknown; never an id. */
  author: string | null;
  /** The fields it changed from the version before it (a page's first version: every field with a value). */
  changed: string[];
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

/** `POST …/restore` `{ versionId }`: the new pending draft holding the restored version's fields (null when only the buffer took it), and their revisions. */
export interface Restored {
  versionId: number | null;
  /** The version whose fields were restored. */
  restored: number;
  revs: Record<string, string>;
}

/** `POST …/publish` and `…/unpublish`: the live pointer after it. */
export interface Published {
  publishedVersionId: number | null;
}

/** Review requests (`<apiBase>/reviews`): where one stands. */
export type ReviewRequestState = 'open' | 'published' | 'declined' | 'withdrawn' | 'superseded';

/** `GET <apiBase>/reviews`: one open request ("Ask to publish"), with what publishing it would change. */
export interface ReviewItem {
  id: number;
  collection: string;
  key: string;
  /** The page the writer asked from (a site path), or null. */
  url: string | null;
  /** The version to review and publish. */
  versionId: number;
  /** The requester's display name. */
  requestedBy: string;
  /** Whether the signed-in editor made it. */
  mine: boolean;
  note: string;
  createdAt: number;
  updatedAt: number;
  /** The names of the fields (a region's name on an overlay) that differ from live. */
  changed: string[];
  /** The live fields (null: never published) and the requested version's, to compare. */
  live: Record<string, unknown> | null;
  proposed: Record<string, unknown>;
}

/** `GET <apiBase>/reviews`: open requests, oldest first (a writer gets only their own). */
export interface ReviewsPage {
  items: ReviewItem[];
}

/** `POST <apiBase>/reviews` (ask) and `POST <apiBase>/reviews/:id/<decide|withdraw>`: the request after it. */
export interface ReviewAnswer {
  id: number;
  state: ReviewRequestState;
  versionId: number;
  /** After a publish: the live pointer. */
  publishedVersionId?: number;
}

/**
 * What the editor of a Markdown region starts from: the edit-mode session
 * island's `markdown`, keyed by the full `collection:key:field` marker
 * (built by the Worker, `markdownIsland`).
 */
export interface MarkdownSource {
  /** The stored work in progress, else the file's body as the page was built with it (`entry.body`). */
  markdown: string;
  /** File-backed entries only (`cmsEntry`): the file, relative to the project root. */
  file?: string;
  /**
   * A file-backed entry with a stored edit: the edit against the deployed
   * file (`editStanding`). `applies`: the file is the one the edit was made
   * against; `pulled`: the file already says what the edit says; `choose`:
   * the file changed since, and visitors see the file until an editor saves.
   */
  standing?: 'applies' | 'choose' | 'pulled';
  /** When `standing` is `choose`: the deployed file's body, for the editor to choose between. */
  fileMarkdown?: string;
}

// The Post details panel (issue 32): the island's `details[collection:key]`. The Worker's `detailsIsland`
// returns these types from `detailFields`' own (src/markdown cannot import this file), so a field renamed
// there and not here fails `npm run typecheck`.

/** The input the Post details panel shows for a field. */
export type DetailInput = 'text' | 'date' | 'tags' | 'checkbox' | 'number' | 'choice';

/** One frontmatter key of an entry, as the Post details panel edits it. */
export interface DetailField {
  key: string;
  input: DetailInput;
  /** The entry's value as JSON: a date as `2026-03-02` (or its ISO time when it has one), a missing key as null. */
  value: string | number | boolean | null | string[];
  required: boolean;
  /** The allowed values of a `choice`. */
  choices?: (string | number | boolean | null)[];
}
