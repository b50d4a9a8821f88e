// The rich-text editor: Lexical and its plugins, in their own chunk (loaded by
// rich-field.ts only when a page has a `data-cms-type="richtext"` field).
import { $generateHtmlFromNodes, $generateNodesFromDOM } from '@lexical/html';
import { createEmptyHistoryState, registerHistory } from '@lexical/history';
import { $toggleLink, LinkNode } from './link-node.ts';
import { INSERT_ORDERED_LIST_COMMAND, INSERT_UNORDERED_LIST_COMMAND, ListItemNode, ListNode, registerList } from '@lexical/list';
import { $createHeadingNode, HeadingNode, QuoteNode, registerRichText } from '@lexical/rich-text';
import { $setBlocksType } from '@lexical/selection';
import {
  $createParagraphNode,
  $getRoot,
  $getSelection,
  $isDecoratorNode,
  $isElementNode,
  createEditor,
  FORMAT_TEXT_COMMAND,
  type ElementNode,
  type LexicalEditor,
  type ParagraphNode,
} from 'lexical';
import type { FieldEditor } from './plain-field.ts';

const LOAD = 'louise-load';

/** Replaces the editor's content with `html`, wrapping loose inline nodes in paragraphs. */
function load(editor: LexicalEditor, html: string) {
  editor.update(
    () => {
      const nodes = $generateNodesFromDOM(editor, new DOMParser().parseFromString(html, 'text/html'));
      const root = $getRoot();
      root.clear();
      let loose: ParagraphNode | null = null;
      for (const node of nodes) {
        if (($isElementNode(node) || $isDecoratorNode(node)) && !node.isInline()) {
          root.append(node);
          loose = null;
        } else {
          if (!loose) {
            loose = $createParagraphNode();
            root.append(loose);
          }
          loose.append(node);
        }
      }
      if (root.getChildrenSize() === 0) root.append($createParagraphNode());
    },
    { discrete: true, tag: LOAD },
  );
}

function toolbar(editor: LexicalEditor, label: string): HTMLElement {
  const setBlock = (make: () => ElementNode) => editor.update(() => $setBlocksType($getSelection(), make));
  const tools: Array<[string, string, () => void]> = [
    ['B', 'Bold', () => editor.dispatchCommand(FORMAT_TEXT_COMMAND, 'bold')],
    ['I', 'Italic', () => editor.dispatchCommand(FORMAT_TEXT_COMMAND, 'italic')],
    [
      'Link',
      'Link (empty address removes it)',
      () => {
        const url = prompt('Link address (leave empty to remove the link)', 'https://');
        if (url !== null) editor.update(() => $toggleLink(url.trim() && url.trim() !== 'https://' ? url.trim() : null));
      },
    ],
    ['H2', 'H2 heading', () => setBlock(() => $createHeadingNode('h2'))],
    ['H3', 'H3 subheading', () => setBlock(() => $createHeadingNode('h3'))],
    ['¶', 'Paragraph', () => setBlock($createParagraphNode)],
    ['•', 'Bulleted list', () => editor.dispatchCommand(INSERT_UNORDERED_LIST_COMMAND, undefined)],
    ['1.', '1. Numbered list', () => editor.dispatchCommand(INSERT_ORDERED_LIST_COMMAND, undefined)],
  ];
  const bar = document.createElement('div');
  bar.className = 'louise-toolbar';
  bar.setAttribute('role', 'toolbar');
  bar.setAttribute('aria-label', `Formatting: ${label}`);
  for (const [text, name, run] of tools) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = text;
    button.title = name;
    button.setAttribute('aria-label', name);
    // Keep the selection in the editor when the button is clicked.
    button.addEventListener('mousedown', (event) => event.preventDefault());
    button.addEventListener('click', run);
    bar.append(button);
  }
  return bar;
}

/** Mounts Lexical in place on a rich-text marker, with a small formatting toolbar. */
export function mountRichEditor(el: HTMLElement, onInput: () => void): FieldEditor {
  const label = el.dataset.cmsLabel ?? el.dataset.cmsField?.split(':').pop() ?? 'Rich text';
  const html = el.innerHTML;
  el.replaceChildren();
  const editor = createEditor({
    namespace: 'louise',
    nodes: [HeadingNode, QuoteNode, ListNode, ListItemNode, LinkNode],
    onError: (error) => console.error('louise: rich-text editor', error),
  });
  // Lexical's core leaves contenteditable to the host (React's ContentEditable does it there).
  el.contentEditable = 'true';
  el.setAttribute('role', 'textbox');
  el.setAttribute('aria-multiline', 'true');
  el.setAttribute('aria-label', label);
  el.before(toolbar(editor, label));
  editor.setRootElement(el);
  registerRichText(editor);
  registerList(editor);
  registerHistory(editor, createEmptyHistoryState(), 300);
  load(editor, html);
  editor.registerUpdateListener(({ dirtyElements, dirtyLeaves, tags }) => {
    if ((dirtyElements.size > 0 || dirtyLeaves.size > 0) && !tags.has(LOAD)) onInput();
  });
  return {
    get: () => editor.read(() => $generateHtmlFromNodes(editor, null)),
    set: (value) => load(editor, value),
  };
}
