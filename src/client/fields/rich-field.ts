import type { FieldEditor } from './plain-field.ts';
import { DEFAULT_RICH_CONTEXT, type RichContext } from './rich-context.ts';

export type { RichContext };

/**
 * Mounts the rich-text editor on a marker. Lexical lives in its own chunk,
 * fetched only when the page has a rich-text field. `context` says where
 * its images are uploaded and picked (default: `/api/cms`, the page's fetch).
 */
export async function attachRichField(el: HTMLElement, onInput: () => void, context: RichContext = DEFAULT_RICH_CONTEXT): Promise<FieldEditor> {
  const { mountRichEditor } = await import('./rich/rich-editor.ts');
  return mountRichEditor(el, onInput, context);
}
