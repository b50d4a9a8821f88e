import { el } from './dom.ts';

// A warning triangle; decorative, since the label beside it says the same.
const ICON = '<svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false"><path fill="currentColor" d="M8 1 15.5 14.5H.5z"/><path fill="#18181b" d="M7.2 5.5h1.6v5H7.2zm0 6h1.6v1.6H7.2z"/></svg>';

/**
 * The bar's lasting notice (stored data the page could not use). It lives
 * in a polite live region that exists, empty, from the start, so its text is
 * announced when it arrives; it holds no controls and never takes the focus.
 */
export function createNoticePanel() {
  const region = el('div', { id: 'louise-notice' });
  region.setAttribute('role', 'status');
  region.setAttribute('aria-live', 'polite');
  let shown = '';
  return {
    element: region,
    /** Shows one sentence per field, or nothing. */
    show(lines: string[]) {
      // Rewriting the same text would announce it again on every refresh.
      const key = JSON.stringify(lines);
      if (key === shown) return;
      shown = key;
      if (lines.length === 0) return region.replaceChildren();
      const label = el('p', { className: 'lb-label' }, el('span', { className: 'lb-icon', innerHTML: ICON }), el('strong', { textContent: 'Needs repair' }));
      region.replaceChildren(el('div', { className: 'lb-panel lb-notice' }, label, ...lines.map((line) => el('p', { textContent: line }))));
    },
  };
}
