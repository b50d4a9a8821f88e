import type { Table } from 'drizzle-orm';
import type { CollectionConfig } from '../content/collection.ts';
import { bufferKey, draftBuffer, type BufferKv, type DraftBuffer } from '../content/draft-buffer.ts';
import { errorName, reportDegraded } from '../security/degraded.ts';
import { LouiseValidationError } from '../content/validation-error.ts';
import { versionedTable, type VersionedTable } from '../content/versioned-table.ts';
import { sanitizeRichHtml } from '../security/sanitize-rich.ts';
import { HttpError } from '../http/errors.ts';
import type { EditorSession } from '../http/session.ts';

/** Context a `validate` hook gets. */
export interface ValidateContext {
  /** `draft` for a save (only the sent fields), `publish` for the full snapshot, `create`/`update` for pagesRoute. */
  stage: 'draft' | 'publish' | 'create' | 'update';
  id: number | null;
  editor: EditorSession;
}

/** Throws `LouiseValidationError` to reject the write with 422. */
export type ValidateHook = (data: Readonly<Record<string, unknown>>, ctx: ValidateContext) => void | Promise<void>;

/** What the draft write path needs, given once per route. */
export interface DraftDepsOptions<E> {
  table: Table;
  versionsTable: Table;
  config: CollectionConfig;
  /** The write buffer; auto-saves go there when it returns a namespace. */
  bufferKv?: ((env: E) => BufferKv | null | undefined) | undefined;
  validate?: ValidateHook | undefined;
  /** Passed to `sanitizeRichHtml` for rich fields. */
  mediaBase?: string | undefined;
}

/** Resolved dependencies of the draft write path (`applySaveDraft`, publish, discard). */
export interface DraftDeps<E> {
  vt: VersionedTable;
  buffer(env: E): DraftBuffer | null;
  validate: ValidateHook | undefined;
  sanitize(html: string): string;
}

/** Checks the tables against the config once and resolves the options. */
export function draftDeps<E>(options: DraftDepsOptions<E>): DraftDeps<E> {
  const vt = versionedTable(options.table, options.versionsTable, options.config);
  return {
    vt,
    buffer(env) {
      const kv = options.bufferKv?.(env);
      return kv ? draftBuffer(kv) : null;
    },
    validate: options.validate,
    sanitize: (html) => sanitizeRichHtml(html, { mediaBase: options.mediaBase }),
  };
}

/** Runs a validate hook, turning `LouiseValidationError` into the 422 answer. */
export async function runValidate(hook: ValidateHook | undefined, data: Readonly<Record<string, unknown>>, ctx: ValidateContext): Promise<void> {
  if (!hook) return;
  try {
    await hook(data, ctx);
  } catch (error) {
    if (error instanceof LouiseValidationError) throw validationError(error.violations);
    throw error;
  }
}

/** The 422 answer: `{ error: 'validation', violations: [{ field, message }] }`. */
export function validationError(violations: readonly { field: string; message: string }[]): HttpError {
  return new HttpError(422, 'validation', 'Some fields are not valid.', { violations: violations.map(({ field, message }) => ({ field, message })) });
}

/**
 * Drops a page's buffered draft once its work was published, discarded or
 * deleted. The database write already stands, so a KV failure here is
 * reported (`editor.buffer`), not answered as an error the editor would retry.
 */
export async function clearDraftBuffer(buffer: DraftBuffer | null, collection: string, id: number): Promise<void> {
  if (!buffer) return;
  try {
    await buffer.delete(bufferKey(collection, id));
  } catch (error) {
    reportDegraded('editor.buffer', { collection, id, error: errorName(error) });
  }
}
