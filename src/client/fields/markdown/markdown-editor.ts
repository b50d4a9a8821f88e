// The Markdown editor: Lexical with the rich field's toolbar, link popover
// and images, reading and writing Markdown (markdown-source.ts), in its own
// chunk (loaded by markdown-field.ts only when a page has a
// `data-cms-type="markdown"` region and the editor reaches for it).
import { createEmptyHistoryState, registerHistory } from '@lexical/history';
import { registerCheckList, registerList } from '@lexical/list';
import { registerMarkdownShortcuts } from '@lexical/markdown';
import { registerRichText } from '@lexical/rich-text';
import { createEditor } from 'lexical';
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
  el.contentEditable = 'true';
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
  attachToolbars({ editor, el, label, inline: false });
  return {
    get: () => editor.read(() => $exportMarkdown(ledger)),
    set: load,
  };
}
