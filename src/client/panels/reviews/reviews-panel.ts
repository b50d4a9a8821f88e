// A publisher's review requests: a modal dialog listing what writers asked
// to publish, each with who asked, their note, and a word-level diff of every
// changed field against live, and Publish (asked first) / Decline. Its own
// chunk: panel-open.ts imports it when Reviews opens it. Everything a writer
// typed is shown with textContent only.
import { confirmAction } from '../../core/confirm.ts';
import { button, el } from '../../core/dom.ts';
import { humanLabel } from '../../core/human-label.ts';
import { $reviews } from '../../core/review-state.ts';
import { valueText } from '../diff/field-changes.ts';
import { WORD_DIFF_CSS, wordDiff } from '../diff/word-diff.ts';
import { panelFrame, restoreFocus } from '../panel-frame.ts';
import { createReviewsApi, type ReviewItem } from './reviews-api.ts';

/** Options of `openReviewsPanel`. */
export interface ReviewsPanelOptions {
  apiBase: string;
  fetch?: typeof fetch;
}

const ID = 'louise-reviews';

const CSS = `
#louise-reviews{width:min(48rem,calc(100vw - 2rem))}
#louise-reviews .lr-list{margin:0;padding:0;list-style:none}
#louise-reviews .lr-list>li{margin:.5rem 0;padding:.75rem;border:1px solid #52525b;border-left:4px solid #fbbf24;border-radius:6px;background:#27272a}
#louise-reviews h3 a{color:#c7d2fe}
#louise-reviews .lr-note{margin:.5rem 0;padding:.4rem .6rem;border-left:3px solid #a1a1aa;white-space:pre-wrap;overflow-wrap:anywhere}
#louise-reviews .lr-field{margin:.5rem 0}
#louise-reviews h4{margin:0 0 .2rem;font-size:13px;color:#d4d4d8}
#louise-reviews .louise-diff{margin:0;padding:.4rem .6rem;border-radius:4px;background:#fafafa;color:#18181b}
#louise-reviews .lm-row{margin-top:.75rem}
#louise-reviews button{min-height:2.25rem}
`;

/**
 * Opens the review requests as a modal dialog named "Review requests" and
 * resolves once it is closed (the focus goes back to the opener). Publish
 * publishes exactly the version shown; Decline closes the request. Only one
 * is open at a time.
 *
 * @example
 * await openReviewsPanel({ apiBase: '/api/cms' });
 */
export function openReviewsPanel(options: ReviewsPanelOptions): Promise<void> {
  if (document.getElementById(ID)) return Promise.resolve();
  const opener = document.activeElement;
  const api = createReviewsApi(options);
  const { dialog, body, status, say } = panelFrame(ID, 'Review requests', CSS + WORD_DIFF_CSS);
  const list = el('ol', { className: 'lr-list' });
  body.append(status, list);

  const count = () => $reviews.set({ ...$reviews.get(), open: list.children.length });

  function requestItem(item: ReviewItem): HTMLLIElement {
    const titleId = `${ID}-r${item.id}`;
    const name = item.url ?? `${item.collection} ${item.key}`;
    const title = el('h3', { id: titleId }, item.url ? el('a', { href: item.url, textContent: item.url }) : name);
    const when = new Date(item.updatedAt || item.createdAt);
    const facts = el(
      'p',
      { className: 'lm-facts' },
      `Asked by ${item.requestedBy} · `,
      el('time', { className: 'lr-when', dateTime: when.toISOString(), textContent: when.toLocaleString() }),
    );
    const article = el('article', {}, title, facts);
    if (item.note) article.append(el('p', { className: 'lr-note', textContent: item.note }));
    if (item.changed.length === 0) article.append(el('p', { textContent: 'No field differs from the live page.' }));
    for (const field of item.changed) {
      const diff = wordDiff(valueText(item.live?.[field]), valueText(item.proposed[field]));
      article.append(el('section', { className: 'lr-field' }, el('h4', { textContent: humanLabel(field) }), diff));
    }
    const decide = async (decision: 'publish' | 'decline') => {
      const answer = await api.decide(item.id, decision, item.versionId);
      if (!answer.ok) return say(`Not ${decision === 'publish' ? 'published' : 'declined'}: ${answer.message}`, 'problem');
      const next = li.nextElementSibling ?? li.previousElementSibling;
      li.remove();
      ((next?.querySelector('button') as HTMLElement | null) ?? dialog.querySelector('header button'))?.focus();
      say(decision === 'publish' ? `Published ${name}: visitors now see it.` : `Declined ${name}: it stays a draft.`);
      count();
    };
    const publish = button('Publish', async () => {
      const changed = item.changed.length;
      const sure = await confirmAction({
        title: `Publish ${name}?`,
        body: `Visitors will see the version shown here (${changed} changed field${changed === 1 ? '' : 's'}). Edits saved after the request stay drafts.`,
        action: 'Publish',
      });
      if (sure) await decide('publish');
    });
    publish.className = 'lm-primary';
    const decline = button('Decline', () => void decide('decline'));
    article.append(el('div', { className: 'lm-row' }, publish, decline));
    article.setAttribute('aria-labelledby', titleId);
    const li = el('li', {}, article);
    li.dataset.id = String(item.id);
    return li;
  }

  async function start(): Promise<void> {
    const answer = await api.list();
    if (!dialog.open) return;
    if (!answer.ok) return say(`The requests could not load: ${answer.message} Close and open Reviews again to retry.`, 'problem');
    list.replaceChildren(...answer.value.map(requestItem));
    const n = answer.value.length;
    say(n === 0 ? 'No open requests: writers’ requests appear here.' : `${n} open request${n === 1 ? '' : 's'}, oldest first.`);
    count();
  }

  return new Promise((resolve) => {
    dialog.addEventListener('close', () => {
      restoreFocus(dialog, opener);
      resolve();
    });
    document.body.append(dialog);
    dialog.showModal();
    say('Loading the requests…');
    void start();
  });
}
