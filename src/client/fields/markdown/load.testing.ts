// A headless editor with a Markdown field's nodes, for the tests: no DOM, as Lexical runs in Node.
import { createEditor, type LexicalEditor } from 'lexical';
import { MARKDOWN_NODES } from './markdown-nodes.ts';
import { $exportMarkdown, $loadMarkdown, type MarkdownLedger } from './markdown-source.ts';

/** A headless editor loaded with `markdown`, its ledger, and the two ways it writes back. */
export function loaded(markdown: string): { editor: LexicalEditor; ledger: MarkdownLedger; saved: () => string; fresh: () => string } {
  const editor = createEditor({
    nodes: [...MARKDOWN_NODES],
    onError: (error) => {
      throw error;
    },
  });
  let ledger: MarkdownLedger = { blocks: new Map(), after: '' };
  editor.update(
    () => {
      ledger = $loadMarkdown(markdown);
    },
    { discrete: true },
  );
  return {
    editor,
    ledger,
    saved: () => editor.read(() => $exportMarkdown(ledger)),
    fresh: () => editor.read(() => $exportMarkdown(ledger, false)),
  };
}
