// The review requests' calls (`<apiBase>/reviews`), each answer read from
// untrusted JSON: the one place in the reviews chunk that knows the wire.
import type { ReviewAnswer, ReviewItem, ReviewsPage } from '../../../drafts/wire.ts';
import { answer, createRequest, failure, type Answer, type Untrusted } from '../../core/api-request.ts';

export type { ReviewItem };

/** What asking for one document came to: asked, nothing to review (no draft), or refused with the words to show. */
export type AskOutcome = { kind: 'asked' } | { kind: 'no_draft' } | { kind: 'refused'; message: string };

const record = (value: unknown): Record<string, unknown> | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/** One listed request, or null when it is not one. */
export function reviewItem(raw: unknown): ReviewItem | null {
  const item = raw as Untrusted<ReviewItem> | null;
  const id = Number(item?.id);
  const versionId = Number(item?.versionId);
  const proposed = record(item?.proposed);
  if (!Number.isInteger(id) || id <= 0 || !Number.isInteger(versionId) || versionId <= 0 || !proposed) return null;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const url = text(item?.url);
  return {
    id,
    versionId,
    collection: text(item?.collection),
    key: text(item?.key),
    // Only a path on this site becomes a link.
    url: url.startsWith('/') && !url.startsWith('//') ? url : null,
    requestedBy: text(item?.requestedBy) || 'An editor',
    mine: item?.mine === true,
    note: text(item?.note),
    createdAt: Number(item?.createdAt) || 0,
    updatedAt: Number(item?.updatedAt) || 0,
    changed: Array.isArray(item?.changed) ? item.changed.filter((name): name is string => typeof name === 'string') : [],
    live: record(item?.live),
    proposed,
  };
}

export function createReviewsApi(options: { apiBase: string; fetch?: typeof fetch }) {
  const call = createRequest(options.fetch ?? ((...args) => globalThis.fetch(...args)), 15_000);
  const base = `${options.apiBase.replace(/\/$/, '')}/reviews`;
  return {
    /** The open requests this editor may see. */
    list: async (): Promise<Answer<ReviewItem[]>> =>
      answer(await call(base), (body: Untrusted<ReviewsPage> | null) =>
        (Array.isArray(body?.items) ? body.items : []).map(reviewItem).filter((item) => item !== null),
      ),

    /** Asks for a review of one document's newest draft. */
    async ask(doc: { collection: string; key: string }, note: string, url: string): Promise<AskOutcome> {
      const res = await call(base, { method: 'POST', body: JSON.stringify({ collection: doc.collection, key: doc.key, note, url }) });
      if (typeof res === 'string') return { kind: 'refused', message: res };
      if (res.ok) return { kind: 'asked' };
      if (res.status === 409) {
        const body = (await res
          .clone()
          .json()
          .catch(() => null)) as { error?: unknown } | null;
        if (body?.error === 'no_draft') return { kind: 'no_draft' };
      }
      return { kind: 'refused', message: await failure(res, 'request') };
    },

    /** Publishes or declines a request; `versionId` is the version the publisher was shown. */
    decide: async (id: number, decision: 'publish' | 'decline', versionId: number): Promise<Answer<ReviewAnswer | null>> =>
      answer(
        await call(`${base}/${id}/decide`, { method: 'POST', body: JSON.stringify({ decision, versionId }) }),
        (body: ReviewAnswer | null) => body,
        decision,
      ),
  };
}
