import { describe, expect, it } from 'vitest';
import { isSearchKey, type SearchKeyEvent } from './search-keys.ts';

const body = { tagName: 'BODY', isContentEditable: false } as unknown as EventTarget;
const button = { tagName: 'BUTTON', isContentEditable: false } as unknown as EventTarget;
const field = (tagName: string, isContentEditable = false) => ({ tagName, isContentEditable, closest: () => null }) as unknown as EventTarget;
/** An element inside a rich-text field (Lexical marks the element it mounted on with `data-lexical-editor`; before, only the marker's `data-cms-type` says it). */
const rich = (isContentEditable = true, marked = '[data-lexical-editor]') =>
  ({ tagName: 'STRONG', isContentEditable, closest: (selector: string) => (selector.split(', ').includes(marked) ? {} : null) }) as unknown as EventTarget;

function key(props: Partial<SearchKeyEvent>): SearchKeyEvent {
  return { key: '', code: '', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, isComposing: false, target: body, ...props };
}

describe('isSearchKey: /', () => {
  it('opens the search from the page or a button', () => {
    expect(isSearchKey(key({ key: '/', code: 'Slash' }))).toBe(true);
    expect(isSearchKey(key({ key: '/', target: button }))).toBe(true);
    expect(isSearchKey(key({ key: '/', target: null }))).toBe(true);
  });

  it('is a character to type in an input, textarea, select or contenteditable field', () => {
    for (const target of [field('INPUT'), field('TEXTAREA'), field('SELECT'), field('DIV', true), field('P', true), field('STRONG', true)])
      expect(isSearchKey(key({ key: '/', target }))).toBe(false);
  });

  it('needs no modifier but Shift (some layouts type / with Shift), and not while composing', () => {
    expect(isSearchKey(key({ key: '/', shiftKey: true, code: 'Digit7' }))).toBe(true);
    expect(isSearchKey(key({ key: '/', altKey: true }))).toBe(false);
    expect(isSearchKey(key({ key: '/', ctrlKey: true }))).toBe(false);
    expect(isSearchKey(key({ key: '/', metaKey: true }))).toBe(false);
    expect(isSearchKey(key({ key: '/', isComposing: true }))).toBe(false);
    expect(isSearchKey(key({ key: '?', shiftKey: true, code: 'Slash' }))).toBe(false);
    expect(isSearchKey(key({ key: 'k' }))).toBe(false);
  });
});

describe('isSearchKey: Ctrl+K and Cmd+K', () => {
  it('opens the search anywhere, in a field too', () => {
    expect(isSearchKey(key({ key: 'k', code: 'KeyK', ctrlKey: true }))).toBe(true);
    // A contenteditable that is not rich text (a plain field) still opens search.
    expect(isSearchKey(key({ key: 'k', code: 'KeyK', metaKey: true, target: field('DIV', true) }))).toBe(true);
    expect(isSearchKey(key({ key: 'K', code: 'KeyK', ctrlKey: true, target: field('INPUT') }))).toBe(true);
  });

  it('leaves Ctrl+K and Cmd+K to a rich-text field (it makes a link there), and `/` too', () => {
    expect(isSearchKey(key({ key: 'k', code: 'KeyK', ctrlKey: true, target: rich() }))).toBe(false);
    expect(isSearchKey(key({ key: 'k', code: 'KeyK', metaKey: true, target: rich() }))).toBe(false);
    // Before its editor has mounted too: the field keeps the key for its link popover.
    expect(isSearchKey(key({ key: 'k', code: 'KeyK', ctrlKey: true, target: rich(true, '[data-cms-type="richtext"]') }))).toBe(false);
    expect(isSearchKey(key({ key: '/', code: 'Slash', target: rich() }))).toBe(false);
    // A part of the field that is not editable (a kept block, an image's button) is not text: search opens.
    expect(isSearchKey(key({ key: 'k', code: 'KeyK', ctrlKey: true, target: rich(false) }))).toBe(true);
  });

  it('follows the key that types k (Dvorak), or where K is on a layout without Latin letters', () => {
    expect(isSearchKey(key({ key: 'k', code: 'KeyV', ctrlKey: true }))).toBe(true);
    expect(isSearchKey(key({ key: 't', code: 'KeyK', ctrlKey: true }))).toBe(false);
    expect(isSearchKey(key({ key: 'л', code: 'KeyK', ctrlKey: true }))).toBe(true);
  });

  it('leaves other combinations alone', () => {
    expect(isSearchKey(key({ key: 'K', code: 'KeyK', ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isSearchKey(key({ key: 'k', code: 'KeyK', ctrlKey: true, altKey: true }))).toBe(false);
    expect(isSearchKey(key({ key: 'j', code: 'KeyJ', ctrlKey: true }))).toBe(false);
    expect(isSearchKey(key({ key: 'k', code: 'KeyK' }))).toBe(false);
  });
});
