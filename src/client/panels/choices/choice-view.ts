// How the bar draws the choices waiting for the editor (see choices-panel.ts,
// which loads this chunk the first time there is one): both versions of the
// field as they really are, and the two buttons.
import { button, el } from '../../core/dom.ts';
import type { ImageValue } from '../../fields/image-value.ts';
import { safeFragment } from './safe-html.ts';

/**
 * One side of a choice as the bar shows it: text (as it is, never parsed),
 * rich text (its markup, sanitized and inert: see safe-html.ts), or an image
 * field's image (null: no image).
 */
export type ChoiceValue = { text: string } | { html: string } | { image: ImageValue | null };

/**
 * A field whose text needs the editor's choice: a `conflict` (someone else
 * saved it meanwhile: Keep mine or Reload) or `unsaved` text from an earlier
 * visit that may never have reached the server (Restore mine or Discard).
 */
export interface ChoiceView {
  kind: 'conflict' | 'unsaved';
  label: string;
  mine: ChoiceValue;
  theirs: ChoiceValue;
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
`;
const STYLE_ID = 'louise-choice-style';

const CHOICE = {
  conflict: {
    what: ' was changed by someone else while you edited it.',
    theirs: 'Theirs',
    mine: 'Yours',
    keep: 'Keep mine',
    take: 'Reload',
    group: 'Conflict in',
  },
  unsaved: {
    what: ' has text you typed here earlier that may not have been saved.',
    theirs: 'On the page',
    mine: 'Yours',
    keep: 'Restore mine',
    take: 'Discard mine',
    group: 'Unsaved text in',
  },
} as const;

/** One field's choice: what happened, both versions, and the two buttons, as a group named after the field. */
export function choiceGroup(view: ChoiceView): HTMLElement {
  if (!document.getElementById(STYLE_ID)) document.head.append(el('style', { id: STYLE_ID, textContent: CHOICE_CSS }));
  const words = CHOICE[view.kind];
  const when = view.at ? ` (${new Date(view.at).toLocaleString()})` : '';
  const group = el(
    'div',
    { className: 'lb-panel' },
    el('p', {}, el('strong', { textContent: view.label }), words.what),
    side(`${words.theirs}: `, view.theirs),
    side(`${words.mine}${when}: `, view.mine),
    el('div', { className: 'lb-row' }, button(words.keep, view.keepMine), button(words.take, view.takeTheirs)),
  );
  group.setAttribute('role', 'group');
  group.setAttribute('aria-label', `${words.group} ${view.label}`);
  return group;
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
