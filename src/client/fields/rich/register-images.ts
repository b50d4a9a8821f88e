// Images and kept parts in a Lexical field (the rich-text field's and the
// Markdown field's): upload on paste or drop, the media library, selecting an
// image or a kept part with a click, its alt text on double-click or Enter.
import { DRAG_DROP_PASTE } from '@lexical/rich-text';
import {
  $createNodeSelection,
  $getNearestNodeFromDOMNode,
  $getSelection,
  $isNodeSelection,
  $setSelection,
  CLICK_COMMAND,
  COMMAND_PRIORITY_EDITOR,
  COMMAND_PRIORITY_LOW,
  KEY_ENTER_COMMAND,
  PASTE_COMMAND,
  type LexicalEditor,
} from 'lexical';
import { $status } from '../../core/status.ts';
import type { RichContext } from '../rich-context.ts';
import { INSERT_IMAGE_FROM_LIBRARY } from './commands.ts';
import { $isImageNode } from './image-node.ts';
import { $isKeptNode } from './kept-node.ts';

/** The selection as it is now, to insert at after an await (a dialog or an upload). */
const $here = () => $getSelection()?.clone() ?? null;

/** Runs `use` with the image code (upload, alt dialog, media panel), loaded on first use; a failure is said in the status line. */
function withImages(use: (images: typeof import('./rich-image.ts')) => Promise<void>): void {
  import('./rich-image.ts')
    .then(use)
    .catch((error: unknown) => $status.set({ tone: 'problem', text: `The image could not be added (${String(error)}). Reload the page to try again.` }));
}

/**
 * Images in the field: a pasted or dropped file is uploaded to the media
 * library and inserted; a click selects an image (Delete removes it);
 * double-click or Enter on it changes its alt text.
 */
export function registerImages(editor: LexicalEditor, context: RichContext): void {
  editor.registerCommand(
    INSERT_IMAGE_FROM_LIBRARY,
    (label) => {
      const at = $here();
      withImages((m) => m.insertFromLibrary(editor, context, at, label));
      return true;
    },
    COMMAND_PRIORITY_EDITOR,
  );
  editor.registerCommand(
    DRAG_DROP_PASTE,
    (files) => {
      const at = $here();
      withImages((m) => m.insertFiles(editor, context, files, at));
      return true;
    },
    COMMAND_PRIORITY_EDITOR,
  );
  // Rich text pastes HTML when the clipboard has any: a browser's Copy Image
  // puts an <img> pointing at its own site beside the file (the server would
  // drop it), so a paste whose only content is images uploads the files.
  editor.registerCommand(
    PASTE_COMMAND,
    (event) => {
      const data = event instanceof ClipboardEvent ? event.clipboardData : null;
      const files = [...(data?.files ?? [])];
      if (!data || files.length === 0) return false;
      const html = data.getData('text/html');
      const text = html ? new DOMParser().parseFromString(html, 'text/html').body.textContent : data.getData('text/plain');
      if (text?.trim()) return false;
      event.preventDefault();
      return editor.dispatchCommand(DRAG_DROP_PASTE, files);
    },
    COMMAND_PRIORITY_LOW,
  );
  const selected = () => {
    const selection = $getSelection();
    const nodes = $isNodeSelection(selection) ? selection.getNodes() : [];
    return nodes.length === 1 && $isImageNode(nodes[0]) ? nodes[0].getKey() : null;
  };
  const editAltOf = (key: string) => withImages((m) => m.editAlt(editor, key));
  editor.registerCommand(
    CLICK_COMMAND,
    (event) => {
      const node = $getNearestNodeFromDOMNode(event.target as Node);
      if (!$isImageNode(node) && !$isKeptNode(node)) return false;
      // A link inside a part kept as written is not followed while editing.
      event.preventDefault();
      const selection = $createNodeSelection();
      selection.add(node.getKey());
      $setSelection(selection);
      if (event.detail === 2 && $isImageNode(node)) editAltOf(node.getKey());
      return true;
    },
    COMMAND_PRIORITY_LOW,
  );
  editor.registerCommand(
    KEY_ENTER_COMMAND,
    (event) => {
      const key = selected();
      if (key === null) return false;
      event?.preventDefault();
      editAltOf(key);
      return true;
    },
    COMMAND_PRIORITY_LOW,
  );
  // Lexical draws no selection for a node: outline the selected image or kept part.
  const picked = () => {
    const selection = $getSelection();
    const nodes = $isNodeSelection(selection) ? selection.getNodes() : [];
    return nodes.length === 1 && ($isImageNode(nodes[0]) || $isKeptNode(nodes[0])) ? nodes[0].getKey() : null;
  };
  let shown: HTMLElement | null = null;
  editor.registerUpdateListener(({ editorState }) => {
    const key = editorState.read(picked);
    const dom = key === null ? null : editor.getElementByKey(key);
    if (dom === shown) return;
    // Drawn inside the image, so it hides none of the text beside it.
    if (shown) shown.style.outline = '';
    if (dom) Object.assign(dom.style, { outline: '3px solid #4f46e5', outlineOffset: '-3px' });
    shown = dom;
  });
}
