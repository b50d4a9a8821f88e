import type { FieldEditor } from './plain-field.ts';

/**
 * Mounts the rich-text editor on a marker. Lexical lives in its own chunk,
 * fetched only when the page has a rich-text field.
 */
export async function attachRichField(el: HTMLElement, onInput: () => void): Promise<FieldEditor> {
  const { mountRichEditor } = await import('./rich-editor.ts');
  return mountRichEditor(el, onInput);
}
