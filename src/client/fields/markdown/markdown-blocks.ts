// A Markdown text cut into its top-level blocks by a CommonMark + GFM parser
// (mdast-util-from-markdown over micromark, the renderer's parser), and what
// each block must be kept as written for. @lexical/markdown's own importer is
// line-based and is never trusted with a block on its own: markdown-source.ts
// loads a block as editable nodes only when they write back to the same
// syntax tree.
import type { Nodes, Root, RootContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';

/** One top-level block: its Markdown, the text between it and the block before, and its syntax tree. */
export interface Block {
  before: string;
  markdown: string;
  node: RootContent;
  /** Kept as written whatever it holds: blocks the parser overlapped, or a front-matter-like block (see splitBlocks). */
  keep?: true;
}

/** Syntax the editor has no node for: a block holding any is kept as written. */
const UNMODELED = new Set(['html', 'definition', 'footnoteDefinition', 'footnoteReference', 'linkReference', 'imageReference', 'yaml', 'table']);

/** Parses `markdown` as the renderer does (CommonMark and GFM). */
export const parseMarkdown = (markdown: string): Root => fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });

/** Whether `node` holds syntax the editor cannot show and write back (raw HTML, a reference, a footnote...). */
export function unmodeled(node: Nodes): boolean {
  if (UNMODELED.has(node.type)) return true;
  return 'children' in node && node.children.some((child) => unmodeled(child));
}

/**
 * The text a block shows, without whitespace: its text, inline code and code
 * blocks (an image's alt is the image node's, not text). Compared with the
 * text of the nodes loaded for it, it tells syntax the editor turned into
 * nodes from syntax left in the text as typed (a link with a title, an
 * autolink), which would show as Markdown in the editor: that block is kept.
 */
export function shownText(node: Nodes): string {
  if (node.type === 'text' || node.type === 'inlineCode' || node.type === 'code') return node.value.replace(/\s+/g, '');
  return 'children' in node ? node.children.map((child) => shownText(child)).join('') : '';
}

/** Whether `node` right after the rule `last` closes a front-matter-like block: a setext heading underlined `---`. */
const frontMatterLike = (last: Block, node: RootContent, between: string) =>
  last.node.type === 'thematicBreak' && /^---[ \t]*$/.test(last.markdown) && between === '\n' && node.type === 'heading' && node.depth === 2;

/** The blocks of `markdown`, and the text after the last (every byte is in one of them). */
export function splitBlocks(markdown: string): { blocks: Block[]; after: string; tree: Root } {
  const blocks: Block[] = [];
  const tree = parseMarkdown(markdown);
  let at = 0;
  for (const node of tree.children) {
    let start = node.position?.start.offset ?? at;
    const end = Math.max(at, node.position?.end.offset ?? start);
    const last = blocks[blocks.length - 1];
    // One block of both, never a byte twice: the parser gave this one a place overlapping the last (a definition
    // inside a setext heading's lines), or the two are a front-matter-like block (`---`, lines, `---`), which
    // CommonMark reads as a rule and a heading.
    if (last && (start < at || frontMatterLike(last, node, markdown.slice(at, start)))) {
      last.markdown += markdown.slice(at, end);
      last.keep = true;
      at = end;
      continue;
    }
    // The block's own line from its start: an indented fence or quote reads differently without its indentation.
    const line = markdown.lastIndexOf('\n', start - 1) + 1;
    if (line >= at && /^[ \t]*$/.test(markdown.slice(line, start))) start = line;
    blocks.push({ before: markdown.slice(at, start), markdown: markdown.slice(start, end), node });
    at = end;
  }
  return { blocks, after: markdown.slice(at), tree };
}

/** A syntax tree without its positions, for comparing two parses. */
function bare(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(bare);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key, item]) => key !== 'position' && item !== undefined)
      .map(([key, item]) => [key, bare(item)]),
  );
}

/** Whether `markdown` parses to exactly the block `node` (the same tree, positions aside). */
export function sameBlock(markdown: string, node: RootContent): boolean {
  const again = parseMarkdown(markdown).children;
  return again.length === 1 && JSON.stringify(bare(again[0])) === JSON.stringify(bare(node));
}

/** Whether `markdown` parses to the same tree as `tree` (positions aside): the same document once rendered. */
export const sameTree = (markdown: string, tree: Root): boolean => JSON.stringify(bare(parseMarkdown(markdown))) === JSON.stringify(bare(tree));
