import type { Table } from 'drizzle-orm';
import { DEFAULT_PAGE_FIELDS, type CollectionConfig, type FieldMap } from '../content/collection.ts';
import { bufferKey, type BufferKv } from '../content/draft-buffer.ts';
import { requiredViolations } from '../content/field-values.ts';
import { prepareFields } from '../content/prepare-fields.ts';
import { pick, tableCodec } from '../content/table-codec.ts';
import { newestPendingByRowSql } from '../content/versioned-table.ts';
import { HttpError, json } from '../http/errors.ts';
import { requireEditor } from '../http/guard.ts';
import { parseId, parseListQuery } from '../http/list-query.ts';
import { jsonObject, parseBody } from '../http/parse-body.ts';
import { answering, matchPath, type EditorRoute, type EditorRouteEnv, type RouteContext } from '../http/route.ts';
import type { EditorSession, ResolveEditor } from '../http/session.ts';
import { errorName, reportDegraded } from '../security/degraded.ts';
import { sanitizeRichHtml } from '../security/sanitize-rich.ts';
import { applySaveDraft } from './apply-save-draft.ts';
import { clearDraftBuffer, draftDeps, runValidate, validationError, type DraftDeps, type ValidateHook } from './draft-deps.ts';
import { deleteRow, getRow, insertRow, listRows, updateRow } from './pages-store.ts';
import { runWriteHook, type WriteContext, type WriteHook } from './write-hook.ts';

export interface PagesRouteOptions<E> {
  table: Table;
  resolveEditor: ResolveEditor<E>;
  /** Writable fields (the allowlist); default `DEFAULT_PAGE_FIELDS`. */
  fields?: FieldMap;
  /** Runs after allowlisting and sanitizing, before the write; throw `LouiseValidationError` for 422. */
  validate?: ValidateHook;
  /**
   * Runs after each create, update and delete (awaited: the answer waits for
   * it); a throw is logged and never fails the write. `context` carries the
   * env and `ctx`, for work that needs bindings or may finish after the
   * answer (`ctx.waitUntil`), such as `reindexDoc`.
   */
  afterWrite?: WriteHook<E, Operation> | undefined;
  /** The versions table of a versioned collection (with `drafts`). */
  versionsTable?: Table;
  /** For versioned collections: updates carry snapshot fields into pending work. */
  drafts?: { config: CollectionConfig; bufferKv?: (env: E) => BufferKv | null | undefined; validate?: ValidateHook };
  /**
   * Unversioned collections: every create, update and delete is live at
   * once, so by default only editors with `access.publish` may make them
   * (403 for others). `true` opens them to every editor.
   */
  writers?: boolean;
  /** Base path; default `/api/cms/pages`. */
  path?: string;
  /** Where rich-text images must come from (`sanitizeRichHtml`'s `mediaBase`); default: anywhere safe. */
  mediaBase?: string | undefined;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const Body = jsonObject('The body must be a JSON object of fields.');

/**
 * Pages CRUD: `GET <path>?limit&cursor` `{ items, nextCursor }` (newest
 * first), `POST <path>` 201 `{ page }`, `GET|PATCH <path>/:id` `{ page }`,
 * `DELETE <path>/:id` 204. Only allowlisted fields are written (others: 400
 * `unknown_field`); rich fields are sanitized, text normalized.
 *
 * Who may write: on a versioned collection (`drafts`) nothing but Publish,
 * Unpublish and Restore may change what visitors see, so any editor may
 * create a page (unpublished, its fields stored as its first version) but
 * changing or deleting the live row needs `access.publish`; an update also
 * carries snapshot fields into pending work (if the draft refuses, the live
 * write stands and `editor.pages.draftCarry` is reported); a delete of a
 * page with versions answers 409 `has_history` unless `?force=1`. On an
 * unversioned collection every write is live and needs `access.publish`
 * unless `writers` is set. Every refusal is answered, never thrown.
 */
export function pagesRoute<E extends EditorRouteEnv>(options: PagesRouteOptions<E>): EditorRoute<E> {
  const pages = pagesCore(options);
  const base = (options.path ?? '/api/cms/pages').replace(/\/$/, '');
  return answering(async function pagesHandler(request, env, ctx) {
    const { pathname, searchParams } = new URL(request.url);
    const listPath = matchPath(base, pathname);
    const onePath = listPath ? null : matchPath(`${base}/:id`, pathname);
    if (!listPath && !onePath) return undefined;
    const method = request.method as Method;
    const allowed: Method[] = listPath ? ['GET', 'POST'] : ['GET', 'PATCH', 'DELETE'];
    if (!allowed.includes(method)) throw new HttpError(405, 'method_not_allowed', `Use ${allowed.join(', ')}.`, {}, { allow: allowed.join(', ') });
    const editor = await requireEditor(request, env, options.resolveEditor, { publish: pages.needsPublish(method) });
    if (listPath) {
      if (method === 'GET') return json(await pages.list(env, new URL(request.url)));
      return json({ page: await pages.create(env, editor, await parseBody(request, Body), ctx) }, { status: 201 });
    }
    const id = parseId(onePath?.id);
    if (id === null) throw new HttpError(404, 'not_found', 'No such page.');
    if (method === 'GET') return json({ page: await pages.get(env, id) });
    if (method === 'PATCH') return json({ page: await pages.update(env, editor, id, await parseBody(request, Body), ctx) });
    await pages.remove(env, editor, id, searchParams.get('force') === '1', ctx);
    return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
  });
}

/** The route's operations, with its options resolved once. */
function pagesCore<E extends EditorRouteEnv>(options: PagesRouteOptions<E>) {
  const fields = options.fields ?? DEFAULT_PAGE_FIELDS;
  const codec = tableCodec(options.table);
  for (const field of Object.keys(fields)) if (!codec.col[field]) throw new Error(`pagesRoute(): field ${field} is not a column of ${codec.table}.`);
  if (options.drafts && !options.versionsTable) throw new Error('pagesRoute(): drafts needs versionsTable.');
  if (options.drafts && options.writers) throw new Error('pagesRoute(): writers is for unversioned collections; on a versioned one every editor saves drafts.');
  const deps =
    options.drafts && options.versionsTable
      ? draftDeps<E>({ table: options.table, versionsTable: options.versionsTable, ...options.drafts, mediaBase: options.mediaBase })
      : null;
  const sanitize = (html: string) => sanitizeRichHtml(html, { mediaBase: options.mediaBase });

  async function input(raw: Record<string, unknown>, stage: 'create' | 'update', id: number | null, editor: EditorSession): Promise<Record<string, unknown>> {
    const { data, unknown, violations } = prepareFields(raw, fields, sanitize);
    if (unknown.length > 0) throw new HttpError(400, 'unknown_field', `Not writable: ${unknown.join(', ')}.`, { fields: unknown });
    if (Object.keys(data).length === 0 && violations.length === 0) throw new HttpError(400, 'empty_update', 'Send at least one field.');
    violations.push(...requiredViolations(data, stage === 'create' ? fields : (pick(fields, Object.keys(data)) as FieldMap)));
    if (violations.length > 0) throw validationError(violations);
    await runValidate(options.validate, data, { stage, id, editor });
    return data;
  }

  const after = (editor: EditorSession, operation: Operation, id: number, context: WriteContext<E>) =>
    runWriteHook(options.afterWrite, editor, { operation, id }, context, `${operation} of ${codec.table} ${id}`);

  return {
    needsPublish: (method: Method): boolean => (method === 'GET' ? false : deps ? method !== 'POST' : !options.writers),
    list: (env: E, url: URL) => listRows(env.DB, codec, parseListQuery(url)),
    async get(env: E, id: number) {
      const row = await getRow(env.DB, codec, id);
      if (!row) throw new HttpError(404, 'not_found', `No page ${id}.`);
      return codec.decode(row);
    },
    async create(env: E, editor: EditorSession, raw: Record<string, unknown>, ctx: RouteContext) {
      const page = codec.decode(await insertRow(env.DB, codec, deps?.vt ?? null, await input(raw, 'create', null, editor), editor.id));
      await after(editor, 'create', page.id as number, { env, ctx });
      return page;
    },
    async update(env: E, editor: EditorSession, id: number, raw: Record<string, unknown>, ctx: RouteContext) {
      const data = await input(raw, 'update', id, editor);
      const row = await updateRow(env.DB, codec, id, data);
      if (!row) throw new HttpError(404, 'not_found', `No page ${id}.`);
      if (deps) await carry(env, deps, editor, id, data);
      await after(editor, 'update', id, { env, ctx });
      return codec.decode(row);
    },
    async remove(env: E, editor: EditorSession, id: number, force: boolean, ctx: RouteContext) {
      await deleteRow(env.DB, codec, deps?.vt ?? null, id, force);
      if (deps) await clearDraftBuffer(deps.buffer(env), deps.vt.config.slug, id);
      await after(editor, 'delete', id, { env, ctx });
    },
  };
}

type Operation = 'create' | 'update' | 'delete';

/** Carries an update's snapshot fields into pending work, when there is any; a refusal is reported, never answered. */
async function carry<E extends EditorRouteEnv>(env: E, deps: DraftDeps<E>, editor: EditorSession, id: number, data: Record<string, unknown>): Promise<void> {
  const carried = pick(data, deps.vt.fields);
  if (Object.keys(carried).length === 0) return;
  try {
    const buffer = deps.buffer(env);
    const pending =
      (buffer && (await buffer.get(bufferKey(deps.vt.config.slug, id)))) || (await env.DB.prepare(newestPendingByRowSql(deps.vt)).bind(id).first());
    if (!pending) return;
    await applySaveDraft(env, deps, editor, id, { fields: carried });
  } catch (error) {
    reportDegraded('editor.pages.draftCarry', { collection: deps.vt.config.slug, id, error: error instanceof HttpError ? error.code : errorName(error) });
  }
}
