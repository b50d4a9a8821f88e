// The Markdown editor: Lexical with the rich field's toolbar, link popover
// and images, reading and writing Markdown (markdown-source.ts), in its own
// chunk (loaded by markdown-field.ts only when a page has a
// `data-cms-type="markdown"` region and the editor reaches for it).
import { createEmptyHistoryState, registerHistory } from '@lexical/history';
import { registerCheckList, registerList } from '@lexical/list';
import { registerMarkdownShortcuts } from '@lexical/markdown';
import { registerRichText } from '@lexical/rich-text';
import { COMMAND_PRIORITY_HIGH, createEditor, FORMAT_TEXT_COMMAND, type TextFormatType } from 'lexical';
import { humanLabel } from '../../core/human-label.ts';
import type { FieldEditor } from '../plain-field.ts';
import type { RichContext } from '../rich-context.ts';
import { registerImages } from '../rich/register-images.ts';
import { registerLinks } from '../rich/rich-link.ts';
import { attachToolbars } from '../rich/rich-toolbar.ts';
import { MARKDOWN_NODES } from './markdown-nodes.ts';
import { $exportMarkdown, $loadMarkdown, type MarkdownLedger } from './markdown-source.ts';
import { MARKDOWN_TRANSFORMERS } from './transformers.ts';

export { showMarkdownChoice } from './markdown-choice.ts';

const LOAD = 'louise-load';
/** The text formats Markdown writes (transformers.ts): any other is refused rather than lost on save. */
const WRITABLE_FORMATS: ReadonlySet<TextFormatType> = new Set(['bold', 'italic', 'code', 'strikethrough']);
/** Lexical draws bold as <strong>, italic inside it only as a theme's class (rich-toolbar.ts styles them). */
const TEXT_THEME = { bold: 'louise-b', italic: 'louise-i', underline: 'louise-u' };

/**
 * Mounts Lexical on a Markdown region, starting from `markdown` (the island's
 * source, never the rendered HTML the page shows). An edit calls `onInput`;
 * `get` gives the whole Markdown text, every block the editor did not change
 * exactly as it was.
 */
export function mountMarkdownEditor(el: HTMLElement, onInput: () => void, context: RichContext, markdown: string): FieldEditor<string> {
  const label = el.dataset.cmsLabel ?? humanLabel(el.dataset.cmsField?.split(':').pop() ?? 'Markdown');
  el.replaceChildren();
  const editor = createEditor({
    namespace: 'louise-markdown',
    nodes: [...MARKDOWN_NODES],
    theme: { text: TEXT_THEME },
    onError: (error) => console.error('louise: Markdown editor', error),
  });
  // markdown-field.ts made it a contenteditable; a live session's hold or lock may have turned that off since: left as it is.
  if (!el.hasAttribute('contenteditable')) el.contentEditable = 'true';
  el.setAttribute('role', 'textbox');
  el.setAttribute('aria-multiline', 'true');
  el.setAttribute('aria-label', label);
  editor.setRootElement(el);
  registerRichText(editor);
  registerList(editor);
  registerCheckList(editor);
  registerHistory(editor, createEmptyHistoryState(), 300);
  registerImages(editor, context);
  registerLinks(editor, el, context);
  registerMarkdownShortcuts(editor, MARKDOWN_TRANSFORMERS);
  // Markdown has no underline (nor Lexical's other formats it cannot write): Ctrl+U does nothing here.
  editor.registerCommand(FORMAT_TEXT_COMMAND, (format) => !WRITABLE_FORMATS.has(format), COMMAND_PRIORITY_HIGH);
  let ledger: MarkdownLedger = { blocks: new Map(), after: '' };
  const load = (text: string) =>
    editor.update(
      () => {
        ledger = $loadMarkdown(text);
      },
      { discrete: true, tag: LOAD },
    );
  load(markdown);
  editor.registerUpdateListener(({ dirtyElements, dirtyLeaves, tags }) => {
    if ((dirtyElements.size > 0 || dirtyLeaves.size > 0) && !tags.has(LOAD)) onInput();
  });
  attachToolbars({ editor, el, label, inline: false, markdown: true });
  return {
    get: () => editor.read(() => $exportMarkdown(ledger)),
    set: load,
  };
}
