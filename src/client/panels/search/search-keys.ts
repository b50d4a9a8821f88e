// Which key presses open the edit-bar search. In the core (the bar listens
// for them on every page), so it stays tiny; the panel itself is a chunk.

/** The parts of a `KeyboardEvent` the search shortcut reads. */
export type SearchKeyEvent = Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey' | 'isComposing' | 'target'>;

/**
 * True for Ctrl+K or Cmd+K anywhere but in a rich-text field (there it
 * makes a link: rich-link.ts; the bar prevents the browser's own use of it
 * elsewhere), and for `/` when the focus is not somewhere that takes
 * text (an input, textarea, select or contenteditable field: there `/` is a
 * character to type). Shift is allowed with `/`: some layouts need it to
 * type one. K is the key that types "k"; on a layout without Latin letters,
 * the key where K is on a US keyboard.
 *
 * @example
 * addEventListener('keydown', (event) => isSearchKey(event) && (event.preventDefault(), open()));
 */
export function isSearchKey(event: SearchKeyEvent): boolean {
  if (event.altKey || event.isComposing) return false;
  if (event.ctrlKey || event.metaKey)
    return !event.shiftKey && !inRichText(event.target) && (/^k$/i.test(event.key) || (!/^[a-z]$/i.test(event.key) && event.code === 'KeyK'));
  return event.key === '/' && !takesText(event.target);
}

function takesText(target: EventTarget | null): boolean {
  const node = target as { isContentEditable?: boolean; tagName?: string } | null;
  return node?.isContentEditable === true || /^(INPUT|TEXTAREA|SELECT)$/.test(node?.tagName ?? '');
}

/** A rich-text field's text: a contenteditable inside a rich-text marker (its editor mounted there, or about to: rich-field.ts keeps an early Ctrl+K for it). */
function inRichText(target: EventTarget | null): boolean {
  const node = target as { isContentEditable?: boolean; closest?: (selector: string) => unknown } | null;
  return node?.isContentEditable === true && Boolean(node.closest?.('[data-lexical-editor], [data-cms-type="richtext"]'));
}
