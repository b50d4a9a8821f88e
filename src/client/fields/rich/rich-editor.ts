// The rich-text editor: Lexical and its plugins, in their own chunk (loaded by
// rich-field.ts only when a page has a `data-cms-type="richtext"` field).
import { createEmptyHistoryState, registerHistory } from '@lexical/history';
import { humanLabel } from '../../core/human-label.ts';
import { LinkNode } from './link-node.ts';
import { ListItemNode, ListNode, registerList } from '@lexical/list';
import { HeadingNode, QuoteNode, registerRichText } from '@lexical/rich-text';
import {
  $createRangeSelectionFromDom,
  $getRoot,
  $getSelection,
  $isParagraphNode,
  $isRangeSelection,
  $setSelection,
  COMMAND_PRIORITY_LOW,
  createEditor,
  INSERT_LINE_BREAK_COMMAND,
  INSERT_PARAGRAPH_COMMAND,
  PASTE_COMMAND,
  RootNode,
  type LexicalEditor,
} from 'lexical';
import { isPhrasingHost } from '../../../content/inline-host.ts';
import { ImageNode } from './image-node.ts';
import { KeptNode } from './kept-node.ts';
import type { FieldEditor } from '../plain-field.ts';
import { DEFAULT_RICH_CONTEXT, type RichContext } from '../rich-context.ts';
import { $exportSource, $flattenRoot, $loadSource, type Ledger } from './rich-source.ts';
import { readSelection, restoreSelection } from './caret.ts';
import { fieldRules } from './field-rules.ts';
import { registerImages } from './register-images.ts';
import { registerLinks } from './rich-link.ts';
import { registerMarkdown } from './rich-markdown.ts';
import { registerPaste } from './rich-paste.ts';
import { registerSlashMenu } from './rich-slash.ts';
import { attachToolbars } from './rich-toolbar.ts';

const LOAD = 'louise-load';
/** Lexical draws bold as <strong>, but italic inside it and underline only as a theme's class (rich-toolbar.ts styles them). */
const TEXT_THEME = { bold: 'louise-b', italic: 'louise-i', underline: 'louise-u' };

/** Replaces the editor's content with `html`; the ledger remembers each block's source (see rich-source.ts). */
function load(editor: LexicalEditor, html: string, inline: boolean): Ledger {
  let ledger: Ledger = { blocks: new Map(), after: '', inline };
  editor.update(
    () => {
      ledger = $loadSource(editor, html, inline);
    },
    { discrete: true, tag: LOAD },
  );
  return ledger;
}

/**
 * A field on an element that holds phrasing content only (`<p>`, a heading,
 * `<li>`...): one paragraph written without `<p>`. Enter adds a line break,
 * a paste comes in as plain text, and anything that still makes a block
 * (a drop, an undo across a reload) is joined back into the one paragraph.
 */
function registerInline(editor: LexicalEditor, ledger: () => Ledger): void {
  editor.registerCommand(INSERT_PARAGRAPH_COMMAND, () => editor.dispatchCommand(INSERT_LINE_BREAK_COMMAND, false), COMMAND_PRIORITY_LOW);
  editor.registerCommand(
    PASTE_COMMAND,
    (event) => {
      const data = event instanceof ClipboardEvent ? event.clipboardData : null;
      const selection = $getSelection();
      if (!data || !$isRangeSelection(selection)) return false;
      event.preventDefault();
      selection.insertRawText(data.getData('text/plain'));
      return true;
    },
    COMMAND_PRIORITY_LOW,
  );
  editor.registerNodeTransform(RootNode, (root) => {
    const first = root.getFirstChild();
    if (root.getChildrenSize() > 1 || (first && !$isParagraphNode(first))) $flattenRoot(editor, ledger());
  });
}

/**
 * Chromium types a space at the end of a text as a no-break space (U+00A0),
 * which the editor would keep and save: when the page rendered none, each one
 * in the field was typed before the mount and becomes a plain space. (Before
 * the load it cannot: a trailing space at a block's end is dropped as HTML
 * whitespace, and rewriting a text node moves a caret inside it.)
 */
function $plainTypedSpaces(pristine: string, html: string): void {
  if (pristine.includes('&nbsp;') || !html.includes('&nbsp;')) return;
  for (const node of $getRoot().getAllTextNodes()) {
    const text = node.getTextContent();
    // The same length: the selection's offsets in the node stay where they were.
    if (text.includes('\u00a0')) node.setTextContent(text.replace(/\u00a0/g, ' '));
  }
}

/**
 * Mounts Lexical in place on a rich-text marker that rich-field.ts armed (it
 * is a native contenteditable until now: its text and caret, and any keys
 * typed while this chunk loaded, are taken over), served by the page's
 * formatting toolbars. `pristine` is the field's HTML as the page rendered
 * it: an early key made it differ, and that is an edit. `context` says where
 * images are uploaded and picked. What the editor does not model is kept as
 * written, and a block the editor did not change is saved exactly as it was
 * loaded (rich-source.ts).
 */
export function mountRichEditor(el: HTMLElement, onInput: () => void, context: RichContext = DEFAULT_RICH_CONTEXT, pristine?: string): FieldEditor {
  const label = el.dataset.cmsLabel ?? humanLabel(el.dataset.cmsField?.split(':').pop() ?? 'Rich text');
  const html = el.innerHTML;
  const caret = readSelection(el);
  const inline = isPhrasingHost(el.localName);
  el.replaceChildren();
  const editor = createEditor({
    namespace: 'louise',
    nodes: [HeadingNode, QuoteNode, ListNode, ListItemNode, LinkNode, ImageNode, KeptNode],
    theme: { text: TEXT_THEME, ...(inline ? { paragraph: 'louise-inline-line' } : {}) },
    onError: (error) => console.error('louise: rich-text editor', error),
  });
  // Lexical's core leaves contenteditable to the host (React's ContentEditable does it there); rich-field.ts set it
  // before the mount, and a live session's hold or lock may have turned it off since: left as it is.
  if (!el.hasAttribute('contenteditable')) el.contentEditable = 'true';
  el.setAttribute('role', 'textbox');
  el.setAttribute('aria-multiline', inline ? 'false' : 'true');
  el.setAttribute('aria-label', label);
  editor.setRootElement(el);
  registerRichText(editor);
  registerList(editor);
  registerHistory(editor, createEmptyHistoryState(), 300);
  registerImages(editor, context);
  registerLinks(editor, el, context);
  registerMarkdown(editor, fieldRules(inline));
  if (!inline) registerSlashMenu(editor, el, label, fieldRules(inline));
  if (!inline) registerPaste(editor, fieldRules(inline));
  let ledger = load(editor, html, inline);
  if (inline) registerInline(editor, () => ledger);
  editor.registerUpdateListener(({ dirtyElements, dirtyLeaves, tags }) => {
    if ((dirtyElements.size > 0 || dirtyLeaves.size > 0) && !tags.has(LOAD)) onInput();
  });
  restoreSelection(el, caret);
  // The editor's own selection is taken from the caret just put back, at once: loading set it to the field's start
  // (its old text was gone from the page), and a key pressed before the browser's selectionchange reached the editor
  // would be typed there.
  editor.update(
    () => {
      const selection = caret ? $createRangeSelectionFromDom(getSelection(), editor) : null;
      if (selection) $setSelection(selection);
      if (pristine !== undefined && html !== pristine) $plainTypedSpaces(pristine, html);
    },
    { discrete: true },
  );
  attachToolbars({ editor, el, label, inline });
  // Keys typed before the editor was there are an edit like any other: said once the caller holds this editor (its
  // input handler reads the field's value through it).
  if (pristine !== undefined && html !== pristine) queueMicrotask(onInput);
  return {
    get: () => editor.read(() => $exportSource(editor, ledger)),
    set: (value) => {
      ledger = load(editor, value, inline);
    },
  };
}
