import * as v from 'valibot';
import { HttpError, json } from '../http/errors.ts';
import { requireEditor } from '../http/guard.ts';
import { MAX_LIST_LIMIT, parseId, parseListQuery } from '../http/list-query.ts';
import { parseBody } from '../http/parse-body.ts';
import { answering, matchPath, type EditorRoute, type EditorRouteEnv } from '../http/route.ts';
import type { ResolveEditor } from '../http/session.ts';
import { csvHeader, csvRow } from './csv.ts';
import { formsByName, type FormDefinition } from './define-form.ts';
import type { FormStore } from './generic-table.ts';
import type { FormList, FormSummary, Submission, SubmissionCounts, SubmissionPage } from './wire.ts';

export interface SubmissionsRouteOptions<E> {
  resolveEditor: ResolveEditor<E>;
  /** The forms whose submissions editors see. */
  forms: readonly FormDefinition<E>[];
  /** Default `/api/cms/submissions`. */
  path?: string;
}

export interface InquiriesRouteOptions<E> extends SubmissionsRouteOptions<E> {
  /** The form listed; default `contact`. It must be one of `forms`. */
  form?: string;
  /** Default `/api/cms/inquiries`. */
  path?: string;
}

const FORM_METHODS = ['GET', 'PATCH', 'DELETE'];
const ReadBody = v.object({ read: v.boolean('read must be true or false') }, 'The body must be { "read": true } or { "read": false }.');
const NO_STORE = { 'cache-control': 'no-store' };

/**
 * The editors' inbox over every declared form (session gated, any editor;
 * mutations same-origin checked):
 *
 * - `GET <path>` → `{ forms: [{ name, total, unread }] }` in declared order.
 * - `GET <path>/<form>?limit=&cursor=` → `{ items: [{ id, form, data, createdAt, readAt }], nextCursor }`, newest first;
 *   `?format=csv` → every row as a `text/csv` attachment (declared fields, then `createdAt`).
 * - `PATCH <path>/<form>?id=` `{ read: boolean }` → 200 the submission.
 * - `DELETE <path>/<form>?id=` → 204.
 *
 * An unknown form or id is 404; an id or cursor that is not one is 400.
 */
export function submissionsRoute<E extends EditorRouteEnv>(options: SubmissionsRouteOptions<E>): EditorRoute<E> {
  const base = (options.path ?? '/api/cms/submissions').replace(/\/$/, '');
  const byName = formsByName(options.forms, 'submissionsRoute');
  return answering(async function submissions(request, env) {
    const url = new URL(request.url);
    if (matchPath(base, url.pathname)) {
      if (request.method !== 'GET') throw new HttpError(405, 'method_not_allowed', 'Use GET.', {}, { allow: 'GET' });
      await requireEditor(request, env, options.resolveEditor);
      return json({ forms: await countAll(env, options.forms) } satisfies FormList);
    }
    const params = matchPath(`${base}/:form`, url.pathname);
    if (!params) return undefined;
    checkMethod(request);
    await requireEditor(request, env, options.resolveEditor);
    const form = byName.get(params['form'] as string);
    if (!form) throw new HttpError(404, 'unknown_form', `There is no form named ${JSON.stringify(params['form'])}.`);
    return answerInbox(request, env, url, form);
  });
}

/**
 * `submissionsRoute` for one form (default `contact`) at `/api/cms/inquiries`:
 * `GET` lists (or `?format=csv` exports), `PATCH ?id=` `{ read }`, `DELETE ?id=`.
 */
export function inquiriesRoute<E extends EditorRouteEnv>(options: InquiriesRouteOptions<E>): EditorRoute<E> {
  const path = (options.path ?? '/api/cms/inquiries').replace(/\/$/, '');
  const name = options.form ?? 'contact';
  const form = formsByName(options.forms, 'inquiriesRoute').get(name);
  if (!form)
    throw new Error(
      `inquiriesRoute: the form ${JSON.stringify(name)} is not in forms; pass it (defineForm({ name: '${name}', ... })) or name another with { form }.`,
    );
  return answering(async function inquiries(request, env) {
    const url = new URL(request.url);
    if (!matchPath(path, url.pathname)) return undefined;
    checkMethod(request);
    await requireEditor(request, env, options.resolveEditor);
    return answerInbox(request, env, url, form);
  });
}

function checkMethod(request: Request): void {
  if (!FORM_METHODS.includes(request.method))
    throw new HttpError(405, 'method_not_allowed', `Use ${FORM_METHODS.join(', ')}.`, {}, { allow: FORM_METHODS.join(', ') });
}

/** One form's list, CSV, read mark or delete, for an editor already checked. */
async function answerInbox<E>(request: Request, env: E, url: URL, form: FormDefinition<E>): Promise<Response> {
  if (request.method === 'GET') {
    if (url.searchParams.get('format') === 'csv') return csvExport(env, form);
    return json((await form.store.list(env, form.name, parseListQuery(url))) satisfies SubmissionPage);
  }
  const raw = url.searchParams.get('id');
  const id = parseId(raw ?? undefined);
  if (id === null) throw new HttpError(400, 'invalid_query', 'id must be a submission id (a positive integer): ?id=<id>.');
  const notFound = () => new HttpError(404, 'not_found', `No submission ${id} in the form ${form.name}.`);
  if (request.method === 'PATCH') {
    const { read } = await parseBody(request, ReadBody);
    const item = await form.store.markRead(env, form.name, id, read, Date.now());
    if (!item) throw notFound();
    return json(item satisfies Submission);
  }
  if (!(await form.store.delete(env, form.name, id))) throw notFound();
  return new Response(null, { status: 204, headers: NO_STORE });
}

/** Counts per declared form, one query per store. */
async function countAll<E>(env: E, forms: readonly FormDefinition<E>[]): Promise<FormSummary[]> {
  const byStore = new Map<FormStore<E>, string[]>();
  for (const form of forms) byStore.set(form.store, [...(byStore.get(form.store) ?? []), form.name]);
  const counts: Record<string, SubmissionCounts> = {};
  for (const [store, names] of byStore) Object.assign(counts, await store.counts(env, names));
  return forms.map((form) => ({ name: form.name, ...(counts[form.name] ?? { total: 0, unread: 0 }) }));
}

/**
 * Every row of a form as CSV, newest first, streamed a page at a time. The
 * first page is read before answering, so a database failure is an error
 * response rather than a broken download. A BOM leads so spreadsheets read UTF-8.
 */
async function csvExport<E>(env: E, form: FormDefinition<E>): Promise<Response> {
  const names = Object.keys(form.fields);
  const encoder = new TextEncoder();
  const pageAfter = (cursor: number | null) => form.store.list(env, form.name, { limit: MAX_LIST_LIMIT, cursor });
  let page: Awaited<ReturnType<typeof pageAfter>> | null = await pageAfter(null);
  let head = `\uFEFF${csvHeader(names)}`;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (page === null) return controller.close();
      const current = page;
      controller.enqueue(encoder.encode(head + current.items.map((item) => csvRow(names, item)).join('')));
      head = '';
      page = current.nextCursor === null ? null : await pageAfter(Number(current.nextCursor));
    },
  });
  return new Response(body, {
    headers: {
      ...NO_STORE,
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${form.name}-submissions.csv"`,
      'x-content-type-options': 'nosniff',
    },
  });
}
