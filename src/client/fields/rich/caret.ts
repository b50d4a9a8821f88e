// The caret across the editor's mount: before it, the field is a native
// contenteditable where a click has put the caret (and early keys may have
// been typed); mounting renders the same text in Lexical's own nodes. A
// point is kept as the number of visible characters before it (whitespace
// between blocks differs between the two renderings, so whitespace is not
// counted, only whether the point follows some).

/** A point in the field's text: visible characters before it, and whether whitespace comes between them and it. */
interface TextPoint {
  count: number;
  afterSpace: boolean;
}

/** The field's selection as text points (anchor, focus), or null when the selection is not in it. */
export type TextSelection = [TextPoint, TextPoint] | null;

const SPACE = /\s/;

function pointOf(root: HTMLElement, node: Node, offset: number): TextPoint {
  const range = document.createRange();
  range.setStart(root, 0);
  range.setEnd(node, offset);
  const text = range.toString();
  const trimmed = text.replace(/\s+$/, '');
  return { count: trimmed.replace(/\s+/g, '').length, afterSpace: trimmed.length < text.length && trimmed.length > 0 };
}

/** Where the selection is in `root`, to put back with `restoreSelection` once its content was rendered again. */
export function readSelection(root: HTMLElement): TextSelection {
  const selection = getSelection();
  if (!selection?.anchorNode || !selection.focusNode || !root.contains(selection.anchorNode) || !root.contains(selection.focusNode)) return null;
  return [pointOf(root, selection.anchorNode, selection.anchorOffset), pointOf(root, selection.focusNode, selection.focusOffset)];
}

/** The DOM position of a text point in `root`'s current content (its end when the text is shorter). */
function positionOf(root: HTMLElement, point: TextPoint): [Node, number] {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  let left = point.count;
  let last: [Node, number] = [root, point.count === 0 ? 0 : root.childNodes.length];
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
