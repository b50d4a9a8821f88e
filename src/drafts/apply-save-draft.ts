import { isSectionsField, type FieldMap, type FieldSpec } from '../content/collection.ts';
import { bufferKey, type BufferedDraft } from '../content/draft-buffer.ts';
import { blockKey, documentRevs, parseBlockKey } from '../content/document-revs.ts';
import { jsonLimitProblem } from '../http/json-limits.ts';
import {
  changedFields,
  derivedFields,
  editKeys,
  findConflicts,
  mergeDraft,
  structureFields,
  touchedFields,
  type Conflict,
  type DraftEdit,
  type ItemEdit,
  type MergeRules,
} from './merge-draft.ts';
import { prepareFields, prepareItem } from '../content/prepare-fields.ts';
import type { D1Client } from '../db/d1-session.ts';
import { errorName, reportDegraded } from '../security/degraded.ts';
import { runValidate, validationError, type DraftDeps } from './draft-deps.ts';
import { nameConflicts } from './conflict-authors.ts';
import { insertDraftReadingLive, readWork, type Work } from './draft-store.ts';
import { HttpError } from '../http/errors.ts';
import type { EditorRouteEnv, RouteContext } from '../http/route.ts';
import type { EditorSession } from '../http/session.ts';
import type { SoftLockSource } from './soft-locks.ts';

export interface SaveDraftOptions<E> {
  /** Advisory locks; not for the realtime session's own persist. */
  softLocks?: SoftLockSource<E> | undefined;
  /**
   * The realtime connection (`sid`) of the page this save comes from
   * (`LIVE_HEADER`). The session is then asked about every touched lockable
   * field, so what it accepted from that page is written first even when
   * this save sends it back unchanged; and a conflict on a field stored as
   * that connection's own last change is none (`SoftLockSource.own`).
   */
  live?: string | undefined;
  /** The D1 session to write through (default `env.DB`). */
  client?: D1Client | undefined;
  /** Keeps a coalesced buffer write alive after the answer. */
  ctx?: RouteContext | undefined;
}

/** A stored draft: the version id (null when it went to the write buffer) and the revisions of what was stored (`documentRevs`). */
export interface SavedDraft {
  versionId: number | null;
  revs: Record<string, string>;
  data: Record<string, unknown>;
  /** The live row as the save found it (null when it did not read it): what `changes` compare with. */
  live: Record<string, unknown> | null;
}

/** Saves landing together on the same guarded fields retry this often before answering 503. */
const MAX_ATTEMPTS = 25;

/**
 * The one draft write path (routes, the realtime object, agent tools), for
 * an edit its caller built (a route parses its body once, `parseDraftEdit`):
 * allowlists and sanitizes the changed fields, checks the edit's `base` revisions (409)
 * and soft locks (423), then stores a full snapshot merged over the buffer's
 * draft, else the newest pending version, else the live row. Throws
 * `HttpError` for every refusal; nothing is written then.
 */
export async function applySaveDraft<E extends EditorRouteEnv>(
  env: E,
  deps: DraftDeps<E>,
  session: EditorSession,
  id: number,
  draft: DraftEdit,
  options: SaveDraftOptions<E> = {},
): Promise<SavedDraft> {
  const { vt } = deps;
  const { edit, touched } = await checkDraftSave(deps, session, id, draft);
  const { base } = edit;
  const client = options.client ?? env.DB;
  const buffer = deps.buffer(env);
  const softLocks = options.softLocks;
  const lockable = softLocks ? touched.filter((field) => softLocks.fields.includes(field)) : [];
  const keys = editKeys(edit);
  // Sections fields merged here (block edits, structure saves) are written whole, guarded like checked
  // fields: a save landing between the read and the write makes the insert fail, and the merge runs again.
  const derived = derivedFields(edit);
  const checked = base ? touched.filter((field) => base[field] !== undefined) : [];
  const guarded = [...new Set([...checked, ...derived])];
  const rules: MergeRules = { fields: vt.config.fields, sanitize: deps.sanitize };
  let mustRead = buffer !== null || guarded.length > 0 || lockable.length > 0;
  let reread = false;
  let own: Readonly<Record<string, string>> | null = null;
  let toInsert: DraftEdit = edit;

  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    let work: Work | null = null;
    let current: Record<string, unknown> | null = null;
    let bufferedDraft: BufferedDraft | null = null;
    if (mustRead) {
      work = await readWork(client, vt, id);
      if (!work) throw new HttpError(404, 'not_found', `No ${vt.config.slug} row ${id}.`);
      current = work.data;
      bufferedDraft = buffer ? await buffer.get<BufferedDraft>(bufferKey(vt.config.slug, id)) : null;
      if (bufferedDraft) current = { ...current, ...bufferedDraft.data };
      const merged = mergeDraft(current, edit, rules);
      if (!merged.ok) throw mergeRefusal(merged);
      toInsert = { ...edit, fields: { ...edit.fields, ...Object.fromEntries(derived.map((field) => [field, merged.data[field]])) }, blocks: [], structure: [] };
      // Locks first: asking the realtime session makes it write what it accepted before this save, so a
      // conflict seen on the read made before that is decided again on a fresh read (once) before answering 409.
      const changed = changedFields(current, merged.data, lockable);
      const asked =
        softLocks && lockable.length > 0 && (await checkLocks(env, softLocks, session, vt.config.slug, id, options.live ? lockable : changed, changed));
      let conflicts = findConflicts(current, merged.data, keys, base, vt.config.fields);
      if (conflicts.length > 0 && asked && !reread) {
        reread = true;
        continue;
      }
      // Still behind after that: ask which of these fields hold the page's own last change (writing what came since), then decide on a fresh read.
      if (conflicts.length > 0 && options.live && softLocks?.own && own === null) {
        own = await ownRevs(env, softLocks.own.bind(softLocks), session, vt.config.slug, id, conflicts, options.live);
        continue;
      }
      const mine = own;
      if (mine) conflicts = conflicts.filter((conflict) => mine[conflict.field] !== conflict.rev);
      if (conflicts.length > 0)
        throw new HttpError(409, 'conflict', 'Someone else changed these fields since you loaded them.', {
          conflicts: await nameConflicts(client, vt, id, work, bufferedDraft, conflicts),
        });
      if (buffer) {
        const data = fullSnapshot(merged.data, vt.fields);
        const key = bufferKey(vt.config.slug, id);
        const write = buffer.put(key, { data, savedAt: Date.now(), editorId: session.id } satisfies BufferedDraft);
        if (buffer.isQueued(key) && options.ctx)
          options.ctx.waitUntil(write.catch((error) => reportDegraded('editor.buffer', { collection: vt.config.slug, id, error: errorName(error) })));
        else await write;
        return { versionId: null, revs: documentRevs(data, vt.config.fields), data, live: work.live };
      }
    }
    const guards: Record<string, unknown> = {};
    if (work) for (const field of guarded) guards[field] = work.stored[field];
    const { row, live } = await insertDraftReadingLive(client, vt, id, toInsert, guards, session.id);
    if (row) {
      const data = fullSnapshot(row, vt.fields);
      return { versionId: row.id as number, revs: documentRevs(data, vt.config.fields), data, live };
    }
    // Missing row, item out of range, or a guarded field changed under us: read and decide again.
    mustRead = true;
  }
  throw new HttpError(503, 'busy', 'Too many saves landed on this page at once; try again.', {}, { 'retry-after': '1' });
}

/**
 * Everything about a save that needs no database: every part of the edit a
 * field of the collection (400), every value checked and normalized (422),
 * the site's validate hook. A refusal here has read and written nothing.
 * The realtime object runs it on each change before acknowledging it, so
 * what it flushes later through `applySaveDraft` was already accepted.
 */
export async function checkDraftSave<E>(deps: DraftDeps<E>, session: EditorSession, id: number, draft: DraftEdit) {
  const { config } = deps.vt;
  // The edge refused these already for a body (`parseDraftEdit`); checked again so no edit, however built, reaches a column that is not a field.
  const unknown = unknownKeys(draft, config.fields);
  if (unknown.length > 0) throw new HttpError(400, 'unknown_field', `Not a field of ${config.slug}: ${unknown.join(', ')}.`, { fields: unknown });
  const edit = prepareEdit(draft, config.fields, deps.sanitize);
  const touched = touchedFields(edit);
  if (touched.length === 0) throw new HttpError(400, 'empty_save', 'The save carries no fields.');
  const values = {
    ...edit.fields,
    ...Object.fromEntries(edit.items.map((i) => [`${i.field}.${i.index}`, i.value])),
    ...Object.fromEntries(edit.blocks.map((b) => [blockKey(b), b.value])),
  };
  await runValidate(deps.validate, values, { stage: 'draft', id, editor: session });
  return { edit, touched };
}

/** Keys of an edit that address no field of the collection: a whole field, a list item of a `json` field, a field of a sections block. */
function unknownKeys(edit: DraftEdit, fields: FieldMap): string[] {
  const isList = (field: string) => Object.hasOwn(fields, field) && fields[field]?.type === 'json' && !isSectionsField(fields[field]);
  return [
    ...Object.keys(edit.fields).filter((field) => !Object.hasOwn(fields, field)),
    ...(edit.items ?? [])
      .filter((item) => !isList(item.field) || !Number.isSafeInteger(item.index) || item.index < 0)
      .map((item) => `${item.field}.${item.index}`),
    ...(edit.blocks ?? []).map(blockKey).filter((key) => !parseBlockKey(key, fields)),
  ];
}

/** A checked edit: every part present, its structure saves derived from its fields and base. */
type PreparedEdit = DraftEdit & Required<Pick<DraftEdit, 'items' | 'blocks' | 'structure'>>;

/**
 * Checks and normalizes every value of an edit (422 for any that cannot be
 * stored), before anything is read or written. A block field's value is
 * checked here only against the size limits: its rules depend on its
 * block's type, which the merge reads from the stored list.
 */
function prepareEdit(edit: DraftEdit, fields: FieldMap, sanitize: (html: string) => string): PreparedEdit {
  const { data, violations } = prepareFields(edit.fields, fields, sanitize);
  const items: ItemEdit[] = [];
  for (const item of edit.items ?? []) {
    const prepared = prepareItem(fields[item.field] as FieldSpec, item.value);
    if ('problem' in prepared) violations.push({ field: `${item.field}.${item.index}`, message: prepared.problem });
    else items.push({ ...item, value: prepared.value });
  }
  const blocks = edit.blocks ?? [];
  for (const block of blocks) {
    const problem = block.value === undefined ? 'must be a JSON value' : jsonLimitProblem(block.value);
    if (problem) violations.push({ field: blockKey(block), message: problem });
  }
  if (violations.length > 0) throw validationError(violations);
  return { ...edit, fields: data, items, blocks, structure: structureFields(data, edit.base, fields) };
}

/** The answer to a merge that cannot be stored: 400 an item out of range, 409 `block_removed`, 422 a block that does not fit. */
function mergeRefusal(merged: Exclude<ReturnType<typeof mergeDraft>, { ok: true }>): HttpError {
  if ('outOfRange' in merged) return new HttpError(400, 'out_of_range', `No such list item: ${merged.outOfRange.join(', ')}.`, { fields: merged.outOfRange });
  if ('removed' in merged)
    return new HttpError(409, 'block_removed', 'This block was removed (by another editor or in another tab); reload to see the page as it is now.', {
      fields: merged.removed,
    });
  return validationError(merged.violations);
}

/** 423 when another editor holds a changed field; true when the source was asked (about `asked`) and answered. */
async function checkLocks<E>(
  env: E,
  source: SoftLockSource<E>,
  session: EditorSession,
  collection: string,
  id: number,
  asked: readonly string[],
  changed: readonly string[],
): Promise<boolean> {
  if (asked.length === 0) return false;
  let held: Readonly<Record<string, string>>;
  try {
    held = await source.held(env, { collection, id }, asked, session);
  } catch (error) {
    // Fail open: advisory locks must never block saving when their session is down.
    reportDegraded('editor.softLocks', { collection, id, error: errorName(error) });
    return false;
  }
  const locked = changed.filter((field) => held[field] !== undefined && held[field] !== session.id);
  if (locked.length > 0) throw new HttpError(423, 'locked', 'Another editor is editing these fields right now.', { locked });
  return true;
}

/**
 * For a save from connection `sid` of a page in the realtime session: the
 * fields in conflict whose last change in the session was that connection's
 * own, with its revision (`SoftLockSource.own`). When the session cannot
 * answer, none (every conflict stands).
 */
async function ownRevs<E>(
  env: E,
  own: NonNullable<SoftLockSource<E>['own']>,
  session: EditorSession,
  collection: string,
  id: number,
  conflicts: readonly Conflict[],
  sid: string,
): Promise<Readonly<Record<string, string>>> {
  try {
    return await own(
      env,
      { collection, id },
      conflicts.map((conflict) => conflict.field),
      session,
      sid,
    );
  } catch (error) {
    reportDegraded('editor.softLocks', { collection, id, error: errorName(error) });
    return {};
  }
}

/** Every stored field, null where absent, so revisions cover the whole snapshot. */
function fullSnapshot(data: Readonly<Record<string, unknown>>, fields: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) out[field] = data[field] ?? null;
  return out;
}
