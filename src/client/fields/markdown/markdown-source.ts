// Loading Markdown into Lexical and writing it back without touching what the
// editor did not change (as rich-source.ts does for HTML). Each top-level
// block is loaded as editable nodes only when @lexical/markdown writes those
// nodes back to the same syntax tree; anything else is a KeptMarkdownNode.
// The source of every block is remembered, and a block whose nodes write the
// Markdown they wrote when loaded is saved as that source, byte for byte:
// only the block an editor changed is written again, so a file's diff is
// that block's lines.
import { $generateNodesFromMarkdownString, $convertToMarkdownString } from '@lexical/markdown';
import { $isListNode } from '@lexical/list';
import { $getRoot, $isElementNode, $setSelection, type ElementNode, type LexicalNode, type NodeKey } from 'lexical';
import { $createKeptMarkdownNode, $isKeptMarkdownNode } from './kept-markdown-node.ts';
import { type Block, sameBlock, sameTree, shownText, splitBlocks, unmodeled } from './markdown-blocks.ts';
import { MARKDOWN_TRANSFORMERS } from './transformers.ts';

/** A loaded block: its source, the text before it, and the Markdown its nodes wrote when loaded. */
interface Source {
  before: string;
  markdown: string;
  written: string;
}

/** The sources of a loaded field by top-level node key, and the text after its last block. */
export interface MarkdownLedger {
  blocks: Map<NodeKey, Source>;
  after: string;
}

/** Where a block the editor added goes after the one before it: a blank line, as @lexical/markdown joins blocks. */
const BETWEEN = '\n\n';

/**
 * The Markdown of one top-level node. @lexical/markdown writes an element's
 * children, and reads nothing of it but its children: a one-child stand-in
 * writes the node alone, in place (in a read, where it cannot be moved).
 */
export function $writeBlock(node: LexicalNode): string {
  if ($isKeptMarkdownNode(node)) return node.getMarkdown();
  return $convertToMarkdownString(MARKDOWN_TRANSFORMERS, { getChildren: () => [node] } as unknown as ElementNode);
}

/** The editable node for `markdown`, when it writes back to the same block; else null. */
function $modeled({ markdown, node, keep }: Block): LexicalNode | null {
  if (keep || unmodeled(node)) return null;
  let nodes: LexicalNode[];
  try {
    nodes = $generateNodesFromMarkdownString(markdown, MARKDOWN_TRANSFORMERS);
  } catch {
    // @lexical/markdown throws on some input (`&#87654321;`, a character reference past Unicode): kept as written.
    return null;
  }
  const [only] = nodes;
  if (nodes.length !== 1 || !only) return null;
  const text = $isElementNode(only)
    ? only
        .getAllTextNodes()
        .map((leaf) => leaf.getTextContent().replace(/\s+/g, ''))
        .join('')
    : '';
  return text === shownText(node) && sameBlock($writeBlock(only), node) ? only : null;
}

/** Replaces the editor's content with `markdown` (in an update); returns what each block was. */
export function $loadMarkdown(markdown: string): MarkdownLedger {
  const root = $getRoot();
  root.clear();
  const { blocks, after, tree } = splitBlocks(markdown);
  const ledger: MarkdownLedger = { blocks: new Map(), after };
  for (const block of blocks) {
    let node = $modeled(block);
    // Lexical joins a list to a list right before it (the Markdown had another marker, `- a` then `+ b`): the second is kept.
    const last = root.getLastChild();
    if ($isListNode(node) && $isListNode(last) && node.getListType() === last.getListType()) node = null;
    node ??= $createKeptMarkdownNode(block.markdown);
    root.append(node);
    ledger.blocks.set(node.getKey(), { before: block.before, markdown: block.markdown, written: $writeBlock(node) });
  }
  // A block can read differently beside its neighbours than alone (`[foo]` where another block defines foo, a list
  // item's indentation deciding whether the next paragraph is in it): when the whole text, every block written
  // afresh, is not the same document, each block that writes other bytes than its source is kept as written.
  if (!sameTree($exportMarkdown(ledger, false), tree)) $keepRewritten(ledger);
  // An import leaves a selection in nodes it replaced; where the caret goes is the mount's business.
  $setSelection(null);
  return ledger;
}

/** Replaces every editable block that writes other Markdown than its source with the source, kept as written. */
function $keepRewritten(ledger: MarkdownLedger): void {
  for (const node of $getRoot().getChildren()) {
    const source = ledger.blocks.get(node.getKey());
    if (!source || $isKeptMarkdownNode(node) || source.written === source.markdown) continue;
    const kept = $createKeptMarkdownNode(source.markdown);
    node.replace(kept);
    ledger.blocks.delete(node.getKey());
    ledger.blocks.set(kept.getKey(), { ...source, written: source.markdown });
  }
}

/**
 * The editor's content as Markdown (in a read): a block as it was loaded
 * unless its nodes now write something else, a block kept as written always
 * as written, a new block after a blank line. `keepSources: false` writes
 * every editable block afresh (the round-trip tests prove what that writes).
 */
export function $exportMarkdown(ledger: MarkdownLedger, keepSources = true): string {
  let out = '';
  for (const node of $getRoot().getChildren()) {
    const source = ledger.blocks.get(node.getKey());
    const written = $writeBlock(node);
    // An empty paragraph (Enter pressed twice) is no Markdown at all.
    if (!source && written.trim() === '') continue;
    const before = source?.before ?? (out === '' ? '' : BETWEEN);
    out += before + (source && (keepSources || $isKeptMarkdownNode(node)) && written === source.written ? source.markdown : written);
  }
  return out + ledger.after;
}
