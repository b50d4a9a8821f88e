import type { Table } from 'drizzle-orm';
import * as v from 'valibot';
import { DEFAULT_PAGE_FIELDS, richFieldsOf, type CollectionConfig, type FieldMap } from '../content/collection.ts';
import { bufferKey } from '../content/draft-buffer.ts';
import { requiredViolations, typeViolations } from '../content/field-values.ts';
import { pickFields } from '../content/pick-fields.ts';
import { pick, tableCodec } from '../content/table-codec.ts';
import { newestPendingByRowSql } from '../content/versioned-table.ts';
import type { BufferKv } from '../content/draft-buffer.ts';
import { sanitizeRichHtml } from '../security/sanitize-rich.ts';
import { applySaveDraft } from './apply-save-draft.ts';
import { errorName, reportDegraded } from '../security/degraded.ts';
import { draftDeps, runValidate, validationError, type ValidateHook } from './draft-deps.ts';
import { requireEditor } from '../http/guard.ts';
import { HttpError, json } from '../http/errors.ts';
import { listPage, parseId, parseListQuery } from '../http/list-query.ts';
import { parseBody } from '../http/parse-body.ts';
import { matchPath, type EditorRoute, type EditorRouteEnv } from '../http/route.ts';
import type { EditorSession, ResolveEditor } from '../http/session.ts';

export interface PagesRouteOptions<E> {
  table: Table;
  resolveEditor: ResolveEditor<E>;
  /** Writable fields (the allowlist); default `DEFAULT_PAGE_FIELDS`. */
  fields?: FieldMap;
  /** Runs after allowlisting and sanitizing, before the write; throw `LouiseValidationError` for 422. */
  validate?: ValidateHook;
  /** Runs after each create, update and delete; a throw is logged and never fails the write. */
  afterWrite?: (editor: EditorSession, event: { operation: 'create' | 'update' | 'delete'; id: number }) => void | Promise<void>;
  /** The versions table of a versioned collection (with `drafts`). */
  versionsTable?: Table;
  /** For versioned collections: updates carry snapshot fields into pending work. */
  drafts?: { config: CollectionConfig; bufferKv?: (env: E) => BufferKv | null | undefined; validate?: ValidateHook };
  /** Base path; default `/api/cms/pages`. */
  path?: string;
  mediaBase?: string;
}

const Body = v.record(v.string(), v.unknown(), 'The body must be a JSON object of fields.');

/**
 * Pages CRUD: `GET <path>?limit&cursor` `{ items, nextCursor }` (newest
 * first), `POST <path>` 201 `{ page }`, `GET|PATCH <path>/:id` `{ page }`,
 * `DELETE <path>/:id` 204. Only allowlisted fields are written (others: 400
 * `unknown_field`); rich fields are sanitized. On a versioned collection an
 * update also carries snapshot fields into pending work; if the draft
 * refuses, the live write stands and `editor.pages.draftCarry` is reported.
 */
export function pagesRoute<E extends EditorRouteEnv>(options: PagesRouteOptions<E>): EditorRoute<E> {
  const fields = options.fields ?? DEFAULT_PAGE_FIELDS;
  const codec = tableCodec(options.table);
  for (const field of Object.keys(fields)) if (!codec.col[field]) throw new Error(`pagesRoute(): field ${field} is not a column of ${codec.table}.`);
  const rich = richFieldsOf(fields);
  const sanitize = (html: string) => sanitizeRichHtml(html, { mediaBase: options.mediaBase });
  const drafts = options.drafts;
  if (drafts && !options.versionsTable) throw new Error('pagesRoute(): drafts needs versionsTable.');
  const deps = drafts && options.versionsTable ? draftDeps<E>({ table: options.table, versionsTable: options.versionsTable, config: drafts.config, bufferKv: drafts.bufferKv, validate: drafts.validate, mediaBase: options.mediaBase }) : null;
  const base = (options.path ?? '/api/cms/pages').replace(/\/$/, '');
  const c = codec.col;

  function allowlisted(input: Record<string, unknown>, requireAll: boolean): Record<string, unknown> {
    const { data, unknown } = pickFields(input, Object.keys(fields), rich, sanitize);
    if (unknown.length > 0) throw new HttpError(400, 'unknown_field', `Not writable: ${unknown.join(', ')}.`, { fields: unknown });
    if (Object.keys(data).length === 0) throw new HttpError(400, 'empty_update', 'Send at least one field.');
    const required = requireAll ? requiredViolations(data, fields) : requiredViolations(data, pick(fields, Object.keys(data)) as FieldMap);
    const violations = [...typeViolations(data, fields), ...required];
    if (violations.length > 0) throw validationError(violations);
    return data;
  }

  async function after(editor: EditorSession, operation: 'create' | 'update' | 'delete', id: number): Promise<void> {
    try {
      await options.afterWrite?.(editor, { operation, id });
    } catch (error) {
      console.error(`louise: afterWrite threw after ${operation} of ${codec.table} ${id}; the write stands.`, errorName(error));
    }
  }

  async function carry(env: E, editor: EditorSession, id: number, data: Record<string, unknown>): Promise<void> {
    if (!deps) return;
    const carried = pick(data, deps.vt.fields);
    if (Object.keys(carried).length === 0) return;
    try {
      const buffer = deps.buffer(env);
      const pending = (buffer && (await buffer.get(bufferKey(deps.vt.config.slug, id)))) || (await env.DB.prepare(newestPendingByRowSql(deps.vt)).bind(id).first());
      if (!pending) return;
      await applySaveDraft(env, deps, editor, id, carried);
    } catch (error) {
      reportDegraded('editor.pages.draftCarry', { collection: deps.vt.config.slug, id, error: error instanceof HttpError ? error.code : errorName(error) });
    }
  }

  return async function pagesHandler(request, env) {
    const { pathname } = new URL(request.url);
    const listPath = matchPath(base, pathname);
    const onePath = listPath ? null : matchPath(`${base}/:id`, pathname);
    if (!listPath && !onePath) return undefined;
    const editor = await requireEditor(request, env, options.resolveEditor);
    if (listPath) {
      if (request.method === 'GET') {
        const { limit, cursor } = parseListQuery(new URL(request.url));
        const { results } = await env.DB.prepare(`SELECT * FROM ${codec.table} WHERE ${c.id} < ?1 ORDER BY ${c.id} DESC LIMIT ?2`).bind(cursor ?? Number.MAX_SAFE_INTEGER, limit + 1).all();
        return json(listPage(results.map((row) => codec.decode(row)), limit));
      }
      if (request.method !== 'POST') throw new HttpError(405, 'method_not_allowed', 'Use GET or POST.', {}, { allow: 'GET, POST' });
      const data = allowlisted(await parseBody(request, Body), true);
      await runValidate(options.validate, data, { stage: 'create', id: null, editor });
      const names = Object.keys(data);
      const row = await insertOrConflict(env.DB.prepare(`INSERT INTO ${codec.table} (${names.map((n) => c[n]).join(', ')}) VALUES (${names.map((_, i) => `?${i + 1}`).join(', ')}) RETURNING *`).bind(...names.map((n) => codec.encode(n, data[n]))));
      const page = codec.decode(row);
      await after(editor, 'create', page.id as number);
      return json({ page }, { status: 201 });
    }
    const id = parseId(onePath?.id);
    if (id === null) throw new HttpError(404, 'not_found', 'No such page.');
    if (request.method === 'GET') {
      const row = await env.DB.prepare(`SELECT * FROM ${codec.table} WHERE ${c.id} = ?1`).bind(id).first();
      if (!row) throw new HttpError(404, 'not_found', `No page ${id}.`);
      return json({ page: codec.decode(row) });
    }
    if (request.method === 'PATCH') {
      const data = allowlisted(await parseBody(request, Body), false);
      await runValidate(options.validate, data, { stage: 'update', id, editor });
      const names = Object.keys(data);
      const sets = names.map((n, i) => `${c[n]} = ?${i + 2}`);
      if (c.updatedAt) sets.push(`${c.updatedAt} = ${Date.now()}`);
      const row = await insertOrConflict(env.DB.prepare(`UPDATE ${codec.table} SET ${sets.join(', ')} WHERE ${c.id} = ?1 RETURNING *`).bind(id, ...names.map((n) => codec.encode(n, data[n]))), true);
      if (!row) throw new HttpError(404, 'not_found', `No page ${id}.`);
      await carry(env, editor, id, data);
      await after(editor, 'update', id);
      return json({ page: codec.decode(row) });
    }
    if (request.method === 'DELETE') {
      const result = await env.DB.prepare(`DELETE FROM ${codec.table} WHERE ${c.id} = ?1`).bind(id).run();
      if (result.meta.changes === 0) throw new HttpError(404, 'not_found', `No page ${id}.`);
      if (deps) await deps.buffer(env)?.delete(bufferKey(deps.vt.config.slug, id));
      await after(editor, 'delete', id);
      return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
    }
    throw new HttpError(405, 'method_not_allowed', 'Use GET, PATCH or DELETE.', {}, { allow: 'GET, PATCH, DELETE' });
  };
}

async function insertOrConflict(statement: D1PreparedStatement, allowMissing = false): Promise<Record<string, unknown>> {
  try {
    const row = await statement.first<Record<string, unknown>>();
    if (!row && !allowMissing) throw new Error('write returned no row');
    return row as Record<string, unknown>;
  } catch (error) {
    if (error instanceof Error && /UNIQUE constraint failed/.test(error.message)) throw new HttpError(409, 'duplicate', 'Another page already has this value (for example the slug).');
    throw error;
  }
}
