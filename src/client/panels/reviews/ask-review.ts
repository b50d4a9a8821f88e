// A writer's "Ask to publish": a small dialog for an optional note, then a
// review request for each of the page's documents with a draft. Its own
// chunk (loaded on the first ask).
import { confirmAction } from '../../core/confirm.ts';
import { el } from '../../core/dom.ts';
import { $reviews, loadReviews } from '../../core/review-state.ts';
import type { StatusTone } from '../../core/status.ts';
import { createReviewsApi } from './reviews-api.ts';

export interface AskReviewOptions {
  apiBase: string;
  fetch?: typeof fetch;
  docs: readonly { collection: string; key: string }[];
  say(tone: StatusTone, text: string): void;
}

const CSS = `
#louise-confirm label{display:block;margin:.75rem 0 .25rem;font-weight:600}
#louise-confirm textarea{box-sizing:border-box;width:100%;font:inherit;padding:.4rem .5rem;border:1px solid #a1a1aa;border-radius:6px;background:#09090b;color:#fafafa;resize:vertical}
#louise-confirm textarea:focus-visible{outline:3px solid #fbbf24;outline-offset:1px}
#louise-confirm textarea::placeholder{color:#a1a1aa}
`;

/** As the server allows (MAX_NOTE in src/drafts/review-requests.ts). */
const MAX_NOTE = 1000;

/** Asks for the note (Cancel sends nothing), then sends the requests and says what came of them. */
export async function askReview(options: AskReviewOptions): Promise<void> {
  if (!document.getElementById('louise-ask-style')) document.head.append(el('style', { id: 'louise-ask-style', textContent: CSS }));
  const note = el('textarea', { id: 'louise-ask-note', rows: 3, maxLength: MAX_NOTE, placeholder: 'What changed, or what to check' });
  const body = el(
    'div',
    {},
    el('p', { textContent: 'A publisher sees your changes next to the live page and publishes them, or declines. Your draft stays as it is meanwhile.' }),
    el('label', { htmlFor: note.id, textContent: 'Note for the publisher (optional)' }),
    note,
  );
  const chosen = confirmAction({ title: 'Ask to publish', body, action: 'Send request' });
  note.focus();
  if (!(await chosen)) return;
  // Tabs and other control characters are refused by the server: a pasted tab becomes a space.
  const text = note.value.replace(/\t/g, ' ').replace(/(?!\n)[\p{Cc}\u202A-\u202E\u2066-\u2069]/gu, '');
  const api = createReviewsApi(options);
  options.say('busy', 'Asking for review…');
  let asked = 0;
  for (const doc of options.docs) {
    const outcome = await api.ask(doc, text.trim(), location.pathname);
    if (outcome.kind === 'refused') return options.say('problem', `${asked > 0 ? 'Asked in part. ' : ''}Not asked: ${outcome.message}`);
    if (outcome.kind === 'asked') asked++;
  }
  if (asked === 0) return options.say('problem', 'Nothing to review yet: edit the page, then ask again.');
  $reviews.set({ ...$reviews.get(), asked: true });
  options.say('ok', 'Review requested: publishers see your changes in their bar.');
  await loadReviews({ apiBase: options.apiBase, fetch: options.fetch ?? ((...args) => globalThis.fetch(...args)) }, options.docs);
}
