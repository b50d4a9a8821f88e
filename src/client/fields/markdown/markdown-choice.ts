// When the deployed file changed since a Markdown entry was edited (standing
// 'choose', see the issue 32 contract), the editor chooses before anything
// else saves: the stored edit or the file's body. Drawn above the field as
// the bar's notices are (an amber frame, both versions, two buttons); both
// versions are shown as their Markdown text, never parsed into the page.
import { button, el } from '../../core/dom.ts';

const STYLE_ID = 'louise-markdown-choice-css';
const CSS = `
.louise-md-choice{margin:0 0 .5rem;padding:.5rem .75rem;border:2px solid #f59e0b;border-radius:8px;background:#fffbeb;color:#18181b;font:14px/1.4 system-ui,sans-serif}
.louise-md-choice pre{max-height:12rem;overflow:auto;margin:.25rem 0;padding:.25rem .5rem;background:#fff;border:1px solid #e4e4e7;border-radius:4px;white-space:pre-wrap;font:12px/1.4 ui-monospace,monospace}
.louise-md-choice .louise-md-row{display:flex;flex-wrap:wrap;gap:.5rem;margin-top:.5rem}
.louise-md-choice button{min-height:2.25rem;padding:0 .75rem;border:1px solid #a1a1aa;border-radius:6px;background:#fff;color:inherit;font:inherit;cursor:pointer}
`;

export interface MarkdownChoice {
  /** The field's label ("Body"). */
  label: string;
  /** The stored edit. */
  mine: string;
  /** The deployed file's body. */
  file: string;
  /** Called with the Markdown chosen; the notice is gone by then. */
  choose(markdown: string): void;
}

/** One version, titled, as text. */
const version = (title: string, markdown: string) => el('details', { open: true }, el('summary', { textContent: title }), el('pre', { textContent: markdown }));

/** Shows the choice above `field`; returns a function that takes the notice away unanswered. */
export function showMarkdownChoice(field: HTMLElement, choice: MarkdownChoice): () => void {
  if (!document.getElementById(STYLE_ID)) document.head.append(el('style', { id: STYLE_ID, textContent: CSS }));
  const notice = el(
    'div',
    { className: 'louise-md-choice' },
    el('p', {}, el('strong', { textContent: `${choice.label}: the file changed since this was edited.` }), ' Choose which version to keep.'),
    version('My edit', choice.mine),
    version('The file', choice.file),
  );
  const pick = (markdown: string) => () => {
    notice.remove();
    choice.choose(markdown);
  };
  notice.append(el('div', { className: 'louise-md-row' }, button('Keep my edit', pick(choice.mine)), button('Use the file', pick(choice.file))));
  notice.setAttribute('role', 'group');
  notice.setAttribute('aria-label', `Choose a version of ${choice.label}`);
  field.before(notice);
  return () => notice.remove();
}
