import { button, el } from '../../core/dom.ts';

// A warning triangle; decorative, since the label beside it says the same.
const ICON =
  '<svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false"><path fill="currentColor" d="M8 1 15.5 14.5H.5z"/><path fill="#18181b" d="M7.2 5.5h1.6v5H7.2zm0 6h1.6v1.6H7.2z"/></svg>';

/** One sentence of the notice, and the repair a button beside it runs. */
export interface NoticeLine {
  text: string;
  reset?: { label: string; run(): void };
}

/**
 * The bar's lasting notice (stored data the page could not use). It lives
 * in a polite live region that exists, empty, from the start, so its text is
 * announced when it arrives; it never takes the focus. A line whose field
 * can be reset has a labelled Reset button after its sentence.
 */
export function createNoticePanel() {
  const region = el('div', { id: 'louise-notice' });
  region.setAttribute('role', 'status');
  region.setAttribute('aria-live', 'polite');
  let shown = '';
  return {
    element: region,
    /** Shows one sentence per field, or nothing. */
    show(lines: NoticeLine[]) {
      // Rewriting the same text would announce it again on every refresh (and drop a focused button).
      const key = JSON.stringify(lines.map((line) => [line.text, line.reset?.label]));
      if (key === shown) return;
      shown = key;
      if (lines.length === 0) return region.replaceChildren();
      const label = el('p', { className: 'lb-label' }, el('span', { className: 'lb-icon', innerHTML: ICON }), el('strong', { textContent: 'Needs repair' }));
      const paragraphs = lines.map(({ text, reset }) => el('p', {}, text, ...(reset ? [' ', button(`Reset ${reset.label}`, reset.run)] : [])));
      region.replaceChildren(el('div', { className: 'lb-panel lb-notice' }, label, ...paragraphs));
    },
  };
}
