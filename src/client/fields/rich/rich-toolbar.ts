// The rich-text field's formatting toolbar (in the rich-text chunk).
import { INSERT_ORDERED_LIST_COMMAND, INSERT_UNORDERED_LIST_COMMAND } from '@lexical/list';
import { $createHeadingNode } from '@lexical/rich-text';
import { $setBlocksType } from '@lexical/selection';
import { $createParagraphNode, $getSelection, FORMAT_TEXT_COMMAND, type ElementNode, type LexicalEditor } from 'lexical';
import { INSERT_IMAGE_FROM_LIBRARY, OPEN_LINK_EDITOR } from './commands.ts';

/** Toolbar buttons that make blocks; a field whose element holds phrasing content only has none. */
const BLOCK_TOOLS = new Set(['H2', 'H3', '¶', '•', '1.']);

export function toolbar(editor: LexicalEditor, label: string, inline: boolean): HTMLElement {
  const setBlock = (make: () => ElementNode) => editor.update(() => $setBlocksType($getSelection(), make));
  const tools: Array<[string, string, () => void]> = [
    ['B', 'Bold', () => editor.dispatchCommand(FORMAT_TEXT_COMMAND, 'bold')],
    ['I', 'Italic', () => editor.dispatchCommand(FORMAT_TEXT_COMMAND, 'italic')],
    ['Link', 'Link (empty address removes it)', () => editor.dispatchCommand(OPEN_LINK_EDITOR, undefined)],
    ['H2', 'H2 heading', () => setBlock(() => $createHeadingNode('h2'))],
    ['H3', 'H3 subheading', () => setBlock(() => $createHeadingNode('h3'))],
    ['¶', 'Paragraph', () => setBlock($createParagraphNode)],
    ['•', 'Bulleted list', () => editor.dispatchCommand(INSERT_UNORDERED_LIST_COMMAND, undefined)],
    ['1.', '1. Numbered list', () => editor.dispatchCommand(INSERT_ORDERED_LIST_COMMAND, undefined)],
    ['Image', 'Image from the media library', () => editor.dispatchCommand(INSERT_IMAGE_FROM_LIBRARY, label)],
  ];
  const bar = document.createElement('div');
  bar.className = 'louise-toolbar';
  bar.setAttribute('role', 'toolbar');
  bar.setAttribute('aria-label', `Formatting: ${label}`);
  for (const [text, name, run] of tools) {
    if (inline && BLOCK_TOOLS.has(text)) continue;
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
