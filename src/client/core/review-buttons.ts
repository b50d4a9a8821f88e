// The edit bar's review controls: a writer's "Ask to publish" (where
// publishers see Publish; "Review requested" once asked) and a publisher's
// Reviews button with the count of open requests as a badge (below 600 px
// its word hides into its name and tooltip, so the phone's bar stays one row).
import { el, labelled } from './dom.ts';
import { $reviews } from './review-state.ts';

const CSS = `
#louise-bar .lb-badge{display:inline-block;min-width:1.25rem;margin-left:.35rem;padding:0 .35rem;border-radius:999px;background:#fbbf24;color:#18181b;font-size:12px;font-weight:700;line-height:1.25rem;text-align:center}
#louise-bar .lb-badge[hidden]{display:none}
#louise-bar button[data-asked]{border-color:#fbbf24}
#louise-bar .lb-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
@media (max-width:599.98px){#louise-reviews-open .louise-label{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}#louise-reviews-open .lb-badge{margin-left:0}}
`;

function install(): void {
  if (!document.getElementById('louise-review-style')) document.head.append(el('style', { id: 'louise-review-style', textContent: CSS }));
}

/** A writer's Ask to publish; once asked (`$reviews.asked`) it reads "Review requested" and asking again sends newer edits or a new note. */
export function askButton(ask: () => void): { element: HTMLButtonElement; destroy: () => void } {
  install();
  const element = labelled('review', 'Ask to publish', ask);
  element.id = 'louise-ask';
  const label = element.querySelector('.louise-label');
  const destroy = $reviews.subscribe(({ asked }) => {
    const text = asked ? 'Review requested' : 'Ask to publish';
    if (label) label.textContent = text;
    element.title = asked ? 'Review requested: ask again to send newer edits or a new note' : 'Ask a publisher to publish this page';
    element.toggleAttribute('data-asked', asked);
  });
  return { element, destroy };
}

/** A publisher's Reviews button, its badge counting the open requests (named in words for screen readers). */
export function reviewsButton(open: () => void): { element: HTMLButtonElement; destroy: () => void } {
  install();
  const element = labelled('review', 'Reviews', open);
  element.id = 'louise-reviews-open';
  // The name is the visible words (axe: label-content-name-mismatch): "Reviews", the badge's count, and "open requests" for screen readers only.
  const badge = el('span', { className: 'lb-badge' });
  const words = el('span', { className: 'lb-sr' });
  element.append(' ', badge, words);
  const destroy = $reviews.subscribe(({ open: count }) => {
    badge.textContent = String(count);
    badge.hidden = count === 0;
    words.textContent = count === 0 ? ' (no open requests)' : ` open request${count === 1 ? '' : 's'}`;
    element.title = count === 0 ? 'Reviews: no open requests' : `Reviews: ${count} open request${count === 1 ? '' : 's'}`;
  });
  return { element, destroy };
}
