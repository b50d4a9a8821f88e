// The caret across the editor's mount: before it, the field is a native
// contenteditable where a click has put the caret (and early keys may have
// been typed: an Enter adds a block); mounting renders the same blocks in
// Lexical's own nodes, one top-level element each. A point is kept as its
// block's place among the field's elements and the number of visible
// characters before it there (whitespace differs between the two renderings,
// so it is not counted, only whether the point follows some).

/** Visible characters before a point in an element, and whether whitespace comes between them and it. */
interface Count {
  count: number;
  afterSpace: boolean;
}

/**
 * A point in the field's text: counted in the whole field, and in its
 * top-level block (its place, -1 when in none, and its visible text: the
 * mount may wrap loose text in a block of its own, so a place is trusted
 * only where the same text is found there).
 */
interface TextPoint extends Count {
  block: number;
  text: string;
  inBlock: Count;
}

/** The field's selection as text points (anchor, focus), or null when the selection is not in it. */
export type TextSelection = [TextPoint, TextPoint] | null;

const SPACE = /\s/;

/** The top-level element of `root` that holds `node`, with its place, or null when none does. */
function blockOf(root: HTMLElement, node: Node): [Element, number] | null {
  let top: Node | null = node;
  while (top && top.parentNode !== root) top = top.parentNode;
  return top instanceof Element ? [top, [...root.children].indexOf(top)] : null;
}

const visible = (text: string) => text.replace(/\s+/g, '');

function countIn(within: Node, node: Node, offset: number): Count {
  const range = document.createRange();
  range.setStart(within, 0);
  range.setEnd(node, offset);
  const text = range.toString();
  const trimmed = text.replace(/\s+$/, '');
  return { count: visible(trimmed).length, afterSpace: trimmed.length < text.length && trimmed.length > 0 };
}

function pointOf(root: HTMLElement, node: Node, offset: number): TextPoint {
  const [within, block] = blockOf(root, node) ?? [root, -1];
  return { ...countIn(root, node, offset), block, text: visible(within.textContent ?? ''), inBlock: countIn(within, node, offset) };
}

/** Where the selection is in `root`, to put back with `restoreSelection` once its content was rendered again. */
export function readSelection(root: HTMLElement): TextSelection {
  const selection = getSelection();
  if (!selection?.anchorNode || !selection.focusNode || !root.contains(selection.anchorNode) || !root.contains(selection.focusNode)) return null;
  return [pointOf(root, selection.anchorNode, selection.anchorOffset), pointOf(root, selection.focusNode, selection.focusOffset)];
}

/** The DOM position of a text point in `root`'s current content: in its block when that is still in its place (an empty one, such as a new line, holds it at its start), else counted in the whole field (its end when the text is shorter). */
function positionOf(root: HTMLElement, point: TextPoint): [Node, number] {
  const block = point.block >= 0 ? root.children[point.block] : undefined;
  return block && visible(block.textContent ?? '') === point.text ? positionIn(block, point.inBlock) : positionIn(root, point);
}

function positionIn(within: Element, point: Count): [Node, number] {
  const walker = document.createTreeWalker(within, NodeFilter.SHOW_TEXT);
  let left = point.count;
  let last: [Node, number] = [within, point.count === 0 ? 0 : within.childNodes.length];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent ?? '';
    if (left === 0 && !point.afterSpace) return [node, 0];
    for (let i = 0; i < text.length; i++) {
      const space = SPACE.test(text[i] ?? '');
      // Past the characters, after whitespace: past one space, where the typed key is meant to go.
      if (left === 0) return [node, space ? i + 1 : i];
      if (space) continue;
      left--;
      // Right after the last character (the end of a line stays the end of that line).
      if (left === 0 && !point.afterSpace) return [node, i + 1];
    }
    last = [node, text.length];
  }
  return last;
}

/** Puts a selection read by `readSelection` back into `root`. */
export function restoreSelection(root: HTMLElement, saved: TextSelection): void {
  if (!saved) return;
  const [anchor, focus] = saved;
  getSelection()?.setBaseAndExtent(...positionOf(root, anchor), ...positionOf(root, focus));
}
