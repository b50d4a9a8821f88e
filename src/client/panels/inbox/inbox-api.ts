// The one module that knows the submissions routes' wire format
// (`<apiBase>/submissions`, see the forms contract): the forms with their
// counts, a form's submissions newest first, read/unread, delete, CSV.
// Submitted data is whatever a visitor sent: it is read here field by
// field and only ever shown as text.
import type { FormList, FormSummary, Submission, SubmissionPage } from '../../../forms/wire.ts';
import { answer, createRequest, failure, readListPage, type Answer, type Untrusted } from '../../core/api-request.ts';

export type { Answer, FormSummary, Submission, SubmissionPage };

export interface InboxApiOptions {
  apiBase: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export type InboxApi = ReturnType<typeof createInboxApi>;

/**
 * Typed calls to the submissions routes. None of them rejects: a failure
 * comes back as the sentence to show.
 *
 * @example
 * const inbox = createInboxApi({ apiBase: '/api/cms' });
 * const page = await inbox.list('contact', { limit: 20 });
 */
export function createInboxApi(options: InboxApiOptions) {
  const fetch = options.fetch ?? ((...args: Parameters<typeof globalThis.fetch>) => globalThis.fetch(...args));
  const call = createRequest(fetch, options.timeoutMs ?? 15_000);
  const base = `${options.apiBase.replace(/\/$/, '')}/submissions`;
  const formUrl = (form: string) => `${base}/${encodeURIComponent(form)}`;
  const itemUrl = (form: string, id: number) => `${formUrl(form)}?id=${encodeURIComponent(String(id))}`;
  return {
    /** The declared forms with their total and unread counts. */
    forms: async (): Promise<Answer<FormSummary[]>> => answer(await call(base), readForms, 'request'),

    /** One page of a form's submissions, newest first; pass the previous page's `nextCursor` for the next. */
    async list(form: string, query: { cursor?: string | null; limit?: number } = {}): Promise<Answer<SubmissionPage>> {
      const params = new URLSearchParams();
      if (query.limit !== undefined) params.set('limit', String(query.limit));
      if (query.cursor) params.set('cursor', query.cursor);
      const search = params.toString();
      return answer(await call(search ? `${formUrl(form)}?${search}` : formUrl(form)), (raw): SubmissionPage => readListPage(raw, readSubmission), 'request');
    },

    /** Marks a submission read or unread; answers it as stored. */
    async mark(form: string, id: number, read: boolean): Promise<Answer<Submission>> {
      const got = await answer(await call(itemUrl(form, id), { method: 'PATCH', body: JSON.stringify({ read }) }), readSubmission, 'change');
      if (!got.ok) return got;
      return got.value ? { ok: true, value: got.value } : { ok: false, message: 'The server answered with something that is not a submission.' };
    },

    /** Deletes a submission; `gone` when it was already deleted (404). */
    async remove(form: string, id: number): Promise<Answer<'deleted' | 'gone'>> {
      const res = await call(itemUrl(form, id), { method: 'DELETE' });
      if (typeof res !== 'string' && res.status === 404) return { ok: true, value: 'gone' };
      if (typeof res !== 'string' && !res.ok) return { ok: false, message: await failure(res, 'delete') };
      return answer(res, () => 'deleted' as const, 'delete');
    },

    /** Where the form's CSV export downloads from (every submission). */
    csvUrl: (form: string): string => `${formUrl(form)}?format=csv`,
  };
}

const count = (raw: unknown) => (typeof raw === 'number' && Number.isInteger(raw) && raw > 0 ? raw : 0);

function readForms(raw: unknown): FormSummary[] {
  const forms = (raw as Untrusted<FormList> | null)?.forms;
  if (!Array.isArray(forms)) return [];
  return forms
    .filter((f): f is Untrusted<FormSummary> => typeof f?.name === 'string' && f.name !== '')
    .map((f) => ({ name: f.name as string, total: count(f.total), unread: Math.min(count(f.unread), count(f.total)) }));
}

/** A submission from untrusted JSON; null without a usable id. */
export function readSubmission(raw: unknown): Submission | null {
  const s = raw as Untrusted<Submission> | null;
  if (!s || typeof s !== 'object' || typeof s.id !== 'number' || !Number.isInteger(s.id) || s.id <= 0) return null;
  const data = s.data && typeof s.data === 'object' && !Array.isArray(s.data) ? (s.data as Record<string, unknown>) : {};
  const time = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : null);
  return { id: s.id, form: typeof s.form === 'string' ? s.form : '', data, createdAt: time(s.createdAt) ?? 0, readAt: time(s.readAt) };
}

/**
 * A submission's fields as label and text, in the order sent: the key in
 * words (`firstName`, `first_name` → `First name`) and the value as plain
 * text (lists joined, anything else as JSON). Shown with `textContent` only.
 */
export function submissionEntries(data: Record<string, unknown>): Array<[label: string, text: string]> {
  return Object.entries(data).map(([key, value]) => [fieldLabel(key), valueText(value)]);
}

/** A field key in words. */
export function fieldLabel(key: string): string {
  const words = key
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : key;
}

/** A submitted value as text. */
export function valueText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.map(valueText).join(', ');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** A form in the form picker: its name and counts. */
export const formOptionText = (form: FormSummary): string => `${form.name} (${form.unread > 0 ? `${form.unread} unread, ` : ''}${form.total} in all)`;
