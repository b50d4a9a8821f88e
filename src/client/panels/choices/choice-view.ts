// How the bar draws the choices waiting for the editor (see choices-panel.ts,
// which loads this chunk the first time there is one): who changed which
// field, what differs word by word, both versions as they really are, and the
// two buttons. This chunk is lazy, so it imports the word diff (jsdiff) itself.
import { button, el } from '../../core/dom.ts';
import type { ImageValue } from '../../fields/image-value.ts';
import { readableText, WORD_DIFF_CSS, wordDiff } from '../diff/word-diff.ts';
import { safeFragment } from './safe-html.ts';

/**
 * One side of a choice as the bar shows it: text (as it is, never parsed),
 * rich text (its markup, sanitized and inert: see safe-html.ts), or an image
 * field's image (null: no image).
 */
export type ChoiceValue = { text: string } | { html: string } | { image: ImageValue | null };

/**
 * A field whose text needs the editor's choice: a `conflict` (another editor
 * saved it meanwhile: Keep mine or Use theirs) or `unsaved` text from an
 * earlier visit that may never have reached the server (Restore mine or
 * Discard mine).
 */
export interface ChoiceView {
  kind: 'conflict' | 'unsaved';
  /** The field's human label ("Summary"). */
  label: string;
  mine: ChoiceValue;
  theirs: ChoiceValue;
  /** `conflict`: who saved theirs, when the server said (else "Another editor"). */
  by?: string | null;
  /** `unsaved`: when it was typed. */
  at?: number;
  keepMine(): void;
  takeTheirs(): void;
}

/** How a version reads in the dark bar: rich text on a light ground as on a page, images kept small. Installed by this chunk. */
const CHOICE_CSS = `
#louise-bar .lb-rich{margin:.25rem 0;padding:.25rem .5rem;background:#fafafa;color:#18181b;border-radius:4px;overflow-wrap:anywhere}
#louise-bar .lb-rich a{color:#1d4ed8;text-decoration:underline}
#louise-bar .lb-rich img,#louise-bar .lb-image img{max-width:100%;max-height:8rem;width:auto;height:auto}
#louise-bar .lb-image{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;margin:.25rem 0}
#louise-bar .lb-choice .louise-diff{margin:.25rem 0;padding:.25rem .5rem;background:#fafafa;color:#18181b;border-radius:4px;max-height:12rem;overflow:auto}
#louise-bar .lb-choice .lb-key{margin:.25rem 0;font-size:.85em;color:#d4d4d8}
#louise-bar .lb-choice summary{cursor:pointer;padding:.4rem 0}
${WORD_DIFF_CSS}`;
const STYLE_ID = 'louise-choice-style';

/** The words of each choice: what happened, the two sides, the two buttons. */
const CHOICE = {
  conflict: {
    what: (view: ChoiceView) => `${view.by || 'Another editor'} changed ${view.label} while you were editing it.`,
    key: 'Struck through: only in theirs. Underlined: only in yours.',
    theirs: 'Theirs',
    mine: 'Yours',
    keep: 'Keep mine',
    take: 'Use theirs',
    group: 'Conflict in',
  },
  unsaved: {
    what: (view: ChoiceView) => `${view.label} has text you typed here earlier that may not have been saved.`,
    key: 'Struck through: only on the page. Underlined: only in yours.',
    theirs: 'On the page',
    mine: 'Yours',
    keep: 'Restore mine',
    take: 'Discard mine',
    group: 'Unsaved text in',
  },
} as const;

/**
 * One field's choice, as a group named after the field: what happened in
 * words (who, which field), what differs word by word (theirs to yours), both
 * versions as they are where words alone do not show them (rich text,
 * images), and the two buttons.
 */
export function choiceGroup(view: ChoiceView): HTMLElement {
  if (!document.getElementById(STYLE_ID)) document.head.append(el('style', { id: STYLE_ID, textContent: CHOICE_CSS }));
  const words = CHOICE[view.kind];
  const when = view.at ? ` (${new Date(view.at).toLocaleString()})` : '';
  const group = el('div', { className: 'lb-panel lb-choice' }, el('p', {}, el('strong', { textContent: words.what(view) })));
  const theirs = comparable(view.theirs);
  const mine = comparable(view.mine);
  if (theirs !== null && mine !== null) group.append(el('p', { className: 'lb-key', textContent: words.key }), wordDiff(theirs, mine));
  const sides = [side(`${words.theirs}: `, view.theirs), side(`${words.mine}${when}: `, view.mine)];
  // Plain text reads in full in the diff, each side on request; rich text and images show as they are.
  if ('text' in view.theirs && 'text' in view.mine) group.append(el('details', {}, el('summary', { textContent: 'Both versions in full' }), ...sides));
  else group.append(...sides);
  group.append(el('div', { className: 'lb-row' }, button(words.keep, view.keepMine), button(words.take, view.takeTheirs)));
  group.setAttribute('role', 'group');
  group.setAttribute('aria-label', `${words.group} ${view.label}`);
  return group;
}

/** A side as words to compare (rich text as it reads), or null for an image. */
function comparable(value: ChoiceValue): string | null {
  if ('text' in value) return value.text;
  if ('html' in value) return readableText(value.html);
  return null;
}

/** One version: text in quotes, rich text as it reads on the page (links not followable), an image with its alt text. */
function side(title: string, value: ChoiceValue): HTMLElement {
  if ('text' in value) return el('p', {}, title, el('q', { textContent: value.text }));
  if ('html' in value) return el('div', {}, el('p', { textContent: title }), el('div', { className: 'lb-rich' }, safeFragment(value.html)));
  const image = value.image;
  if (!image) return el('p', {}, title, 'No image');
  // The address was checked (http(s) or root-relative) by imageValue; the alt text names the picture.
  const picture = el('img', { referrerPolicy: 'no-referrer', alt: image.alt, src: image.src });
  const alt = image.alt ? `Alt text: ${image.alt}` : 'No alt text';
  return el('div', {}, el('p', { textContent: title }), el('div', { className: 'lb-image' }, picture, el('span', { textContent: alt })));
}
