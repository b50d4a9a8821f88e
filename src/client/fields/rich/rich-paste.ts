// Paste into a block rich-text field: clipboard HTML goes through
// cleanPastedHtml (Word's and Google Docs' lists, headings and tables made
// into what the field allows) before rich-text's own paste imports it. A
// field that holds phrasing content only takes plain text (rich-editor.ts).
import { COMMAND_PRIORITY_NORMAL, type LexicalEditor, PASTE_COMMAND } from 'lexical';
import type { FieldRules } from './field-rules.ts';
import { cleanPastedHtml } from './paste-html.ts';

/** Registers the paste cleanup on `editor`. */
export function registerPaste(editor: LexicalEditor, rules: FieldRules): () => void {
  // The paste handed on, cleaned: it passes through here once more, untouched.
  const cleaned = new WeakSet<ClipboardEvent>();
  return editor.registerCommand(
    PASTE_COMMAND,
    (event) => {
      if (!(event instanceof ClipboardEvent) || cleaned.has(event)) return false;
      const data = event.clipboardData;
      const html = data?.getData('text/html');
      // Files (a copied image) and Lexical's own copies are left to their handlers.
      if (!data || !html || data.files.length > 0 || data.types.includes('application/x-lexical-editor')) return false;
      event.preventDefault();
      const clean = new DataTransfer();
      clean.setData('text/html', cleanPastedHtml(html, rules));
      clean.setData('text/plain', data.getData('text/plain'));
      const again = new ClipboardEvent('paste', { clipboardData: clean, cancelable: true });
      cleaned.add(again);
      return editor.dispatchCommand(PASTE_COMMAND, again);
    },
    COMMAND_PRIORITY_NORMAL,
  );
}
