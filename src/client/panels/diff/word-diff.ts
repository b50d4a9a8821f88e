// Word-level differences between two versions of a field, as the editor reads
// them: kept words plain, removed ones struck through (`<del>`), added ones
// underlined (`<ins>`), each also named in words for screen readers. One
// module for every place that compares (publish preview, History's compare
// with live, conflicts, review requests). It brings in `diff` (jsdiff), so
// code in the core chunk reaches it only through `import()`.
import { diffWords } from 'diff';
import { el } from '../../core/dom.ts';

/** One run of words: kept, added (only in `after`) or removed (only in `before`). */
export interface WordChange {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/** The word-level changes from `before` to `after` (whitespace changes alone are not changes). */
export function wordChanges(before: string, after: string): WordChange[] {
  return diffWords(before, after).map((part) => ({ kind: part.added ? 'added' : part.removed ? 'removed' : 'same', text: part.value }));
}

/**
 * The text a reader sees in rich-text `html`, blocks on their own lines;
 * parsed inert (a `<template>`: no script runs, no image loads).
 */
export function readableText(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  const lines: string[] = [];
  let line = '';
  const walk = (node: Node) => {
    for (const child of node.childNodes) {
      if (child.nodeType === Node.TEXT_NODE) line += child.textContent ?? '';
      else if (child instanceof Element) {
        const block = BLOCKS.has(child.localName);
        if (child.localName === 'br' || (block && line.trim())) {
          lines.push(line.trim());
          line = '';
        }
        if (child.localName === 'img') line += child.getAttribute('alt') ? `[${child.getAttribute('alt')}]` : '';
        walk(child);
        if (block && line.trim()) {
          lines.push(line.trim());
          line = '';
        }
      }
    }
  };
  walk(template.content);
  if (line.trim()) lines.push(line.trim());
  return lines.join('\n');
}

const BLOCKS = new Set(['p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'blockquote', 'pre', 'tr', 'figure', 'ul', 'ol', 'table', 'section']);

/** The styles of `wordDiff`'s output; install once next to the panel's own. */
export const WORD_DIFF_CSS = `
.louise-diff{white-space:pre-wrap;overflow-wrap:anywhere}
.louise-diff ins{background:#bbf7d0;color:#14532d;text-decoration:underline}
.louise-diff del{background:#fecaca;color:#7f1d1d;text-decoration:line-through}
.louise-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
`;

/**
 * `before` → `after` as one paragraph of kept, removed (`<del>`) and added
 * (`<ins>`) words. Every change is also named in words ("added: …",
 * "removed: …", visually hidden), since colour and strike-through are not read
 * aloud.
 *
 * @example
 * panel.append(wordDiff(live.title, draft.title));
 */
export function wordDiff(before: string, after: string): HTMLElement {
  const out = el('p', { className: 'louise-diff' });
  if (before === after) {
    out.append(el('span', { textContent: after || '(empty)' }));
    return out;
  }
  for (const change of wordChanges(before, after)) {
    if (change.kind === 'same') out.append(change.text);
    else {
      const mark = el(change.kind === 'added' ? 'ins' : 'del');
      mark.append(el('span', { className: 'louise-sr', textContent: change.kind === 'added' ? 'added: ' : 'removed: ' }), change.text);
      out.append(mark);
    }
  }
  return out;
}
