// What the edit bar shows of review requests ("Ask to publish"): a
// publisher's count of open requests (the badge), and whether this page's
// documents await review (a writer's "Review requested"). One small read at
// mount; asking and deciding live in the reviews chunk (panels/reviews/).
import { atom } from 'nanostores';
import type { ReviewsPage } from '../../drafts/wire.ts';
import { createRequest, type Untrusted } from './api-request.ts';

export interface ReviewState {
  /** Open requests this editor sees (a publisher: all of them). */
  open: number;
  /** This editor asked for a review of a document on this page, still open. */
  asked: boolean;
}

export const $reviews = atom<ReviewState>({ open: 0, asked: false });

/** Reads the open requests into `$reviews`; a failure leaves it as it was (the bar is no place for that error). */
export async function loadReviews(options: { apiBase: string; fetch: typeof fetch }, docs: readonly { collection: string; key: string }[]): Promise<void> {
  const res = await createRequest(options.fetch, 15_000)(`${options.apiBase}/reviews`);
  if (typeof res === 'string' || !res.ok) return;
  const body = (await res.json().catch(() => null)) as Untrusted<ReviewsPage> | null;
  const items = (Array.isArray(body?.items) ? body.items : []) as Array<{ collection?: unknown; key?: unknown; mine?: unknown } | null>;
  const here = new Set(docs.map((doc) => `${doc.collection}\n${doc.key}`));
  $reviews.set({ open: items.length, asked: items.some((item) => item?.mine === true && here.has(`${String(item.collection)}\n${String(item.key)}`)) });
}
