/**
 * Writes an edited Markdown body back over the file's body, changing only the
 * top-level blocks whose meaning changed. The editor re-serializes the whole
 * body in its own spelling (`_emph_`, `-` bullets, ATX headings...): a block
 * that means what it meant keeps the author's bytes, and the blank lines
 * between kept blocks stay as they were, so `louise content pull` changes the
 * lines of the edited blocks and nothing else.
 */
import { diffArrays } from 'diff';
import type { List, Nodes } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';

/** A top-level block: what it means, and where its source lies. */
interface Block {
  meaning: string;
  start: number;
  end: number;
  node: Nodes;
}

/** The top-level blocks of a CommonMark + GFM body, in order. */
function blocksOf(markdown: string): Block[] {
  const tree = fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
  return tree.children.map(blockOf);
}

function blockOf(node: Nodes): Block {
  return { meaning: JSON.stringify(meaningOf(node)), start: node.position?.start.offset ?? 0, end: node.position?.end.offset ?? 0, node };
}

/**
 * A node without its positions: two spellings of the same block (setext and
 * ATX, `*` and `_`, `~~~` and ``` fences) give the same tree. Runs of
 * whitespace in text count as one space, as they do in HTML, so a paragraph
 * rewrapped by the editor is unchanged; code and raw HTML keep theirs.
 */
function meaningOf(node: Nodes): unknown {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'position') continue;
    if (key === 'children') out[key] = (value as Nodes[]).map(meaningOf);
    else if (key === 'value' && node.type === 'text') out[key] = (value as string).replace(/\s+/g, ' ');
    else if (typeof value === 'string') out[key] = value.replaceAll('\r\n', '\n');
    else out[key] = value;
  }
  return out;
}

/** The meanings of a body's top-level blocks, in order (for tests and for checking a splice). */
export function blockMeanings(markdown: string): string[] {
  return blocksOf(markdown).map((block) => block.meaning);
}

/** A block of the result: the i-th block of the original (`o`) or of the edit (`e`). */
interface Piece {
  from: 'o' | 'e';
  i: number;
  /** For an edit's block that takes the place of a removed original block: that block. */
  replaces?: number;
}

/**
 * The file's body with the edit written in: the original's bytes for every
 * top-level block the edit did not change in meaning (moved ones included),
 * the edit's text for the blocks it changed or added, in the edit's order.
 * Line endings follow the original. If the spliced text would not read back
 * as the edit (a block that joins its neighbour), the edited body is returned
 * whole: correct before minimal.
 */
export function spliceBody(original: string, edited: string): string {
  const eol = original.includes('\r\n') ? '\r\n' : '\n';
  const edit = edited.replace(/\r?\n/g, eol);
  const ours = blocksOf(original);
  const theirs = blocksOf(edit);
  const first = ours[0];
  const last = ours.at(-1);
  if (!first || !last || theirs.length === 0) return edit;

  const out = original.slice(0, first.start) + spliceBlocks(original, ours, edit, theirs, eol) + original.slice(last.end);
  const readsAsEdit = blockMeanings(out).join('\0') === theirs.map((b) => b.meaning).join('\0');
  return readsAsEdit ? out : edit;
}

/**
 * The text from the first to the last of `ours` with `theirs` written in (the
 * blocks of one container: the body, or one list's items). A changed bullet
 * list that stays a bullet list is spliced item by item, so a new item adds
 * one line; the edit's items take the author's bullet.
 */
function spliceBlocks(original: string, ours: Block[], edit: string, theirs: Block[], eol: string, bullet?: string): string {
  const pieces = alignBlocks(ours, theirs);
  const text = (p: Piece) => {
    if (p.from === 'o') {
      const b = ours[p.i] as Block;
      return original.slice(b.start, b.end);
    }
    const b = theirs[p.i] as Block;
    const replaced = p.replaces === undefined ? undefined : (ours[p.replaces] as Block);
    if (replaced && sameKindOfList(replaced.node, b.node)) {
      const items = (list: Nodes) => (list as List).children.map(blockOf);
      const marker = /^[-*+]/.exec(original.slice(replaced.start, replaced.end))?.[0];
      return spliceBlocks(original, items(replaced.node), edit, items(b.node), eol, marker);
    }
    const written = edit.slice(b.start, b.end);
    return bullet ? written.replace(/^[-*+]/, bullet) : written;
  };
  const gapIn = (blocks: Block[], source: string, i: number) => source.slice((blocks[i] as Block).end, (blocks[i + 1] as Block).start);
  const gap = (prev: Piece, next: Piece) => {
    // An edit's block in place of an original one sits where that one sat.
    const placed = (piece: Piece): Piece => (piece.replaces === undefined ? piece : { from: 'o', i: piece.replaces });
    const [p, n] = [placed(prev), placed(next)];
    if (p.from === n.from && n.i === p.i + 1) return p.from === 'o' ? gapIn(ours, original, p.i) : gapIn(theirs, edit, p.i);
    // Beside a kept block, the author's spacing; between two of the edit's, the edit's.
    if (p.from === 'o' && p.i + 1 < ours.length) return gapIn(ours, original, p.i);
    if (n.from === 'o' && n.i > 0) return gapIn(ours, original, n.i - 1);
    if (next.from === 'e' && next.i > 0) return gapIn(theirs, edit, next.i - 1);
    return bullet ? eol : eol + eol;
  };
  return pieces.map((piece, k) => (k > 0 ? gap(pieces[k - 1] as Piece, piece) : '') + text(piece)).join('');
}

/** Two bullet lists alike but for their items (loose or tight alike): one can be spliced into the other. */
function sameKindOfList(a: Nodes, b: Nodes): boolean {
  return a.type === 'list' && b.type === 'list' && !a.ordered && !b.ordered && a.spread === b.spread;
}

/**
 * The result's blocks in the edit's order: a block the diff keeps is the
 * original's; an added block that means what a removed one meant (a move) is
 * that original block; any other added block is the edit's.
 */
function alignBlocks(ours: Block[], theirs: Block[]): Piece[] {
  const changes = diffArrays(
    ours.map((b) => b.meaning),
    theirs.map((b) => b.meaning),
  );
  const removed = new Map<string, number[]>();
  let o = 0;
  for (const change of changes) {
    if (change.removed) {
      change.value.forEach((meaning, k) => {
        removed.set(meaning, [...(removed.get(meaning) ?? []), o + k]);
      });
    }
    if (!change.added) o += change.count ?? change.value.length;
  }
  const pieces: Piece[] = [];
  o = 0;
  let e = 0;
  // The original blocks just removed where the edit adds blocks: what those replace, in order.
  let replaceable: number[] = [];
  for (const change of changes) {
    const count = change.count ?? change.value.length;
    if (change.removed) {
      replaceable = Array.from({ length: count }, (_, k) => o + k);
      o += count;
    } else if (change.added) {
      for (const meaning of change.value) {
        const moved = removed.get(meaning)?.shift();
        if (moved !== undefined) replaceable = replaceable.filter((r) => r !== moved);
        const replaces = moved === undefined ? replaceable.shift() : undefined;
        pieces.push(moved !== undefined ? { from: 'o', i: moved } : replaces === undefined ? { from: 'e', i: e } : { from: 'e', i: e, replaces });
        e += 1;
      }
      replaceable = [];
    } else {
      replaceable = [];
      for (let k = 0; k < count; k++) pieces.push({ from: 'o', i: o + k });
      o += count;
      e += count;
    }
  }
  return pieces;
}
