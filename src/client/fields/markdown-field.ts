import { $status } from '../core/status.ts';
import { choiceOf, type MarkdownSource } from './markdown-note.ts';
import type { FieldEditor } from './plain-field.ts';
import type { RichContext } from './rich-context.ts';

/** What starts a field's editor: the first focus, or a pointer coming over it (a mouse hovers before it clicks). */
const WAKE = ['focusin', 'pointerover', 'pointerdown'] as const;

/**
 * Arms a Markdown region (`data-cms-type="markdown"`): its editor, in its own
 * chunk (Lexical and the Markdown parser), mounts on first focus or
 * pointer-over and starts from `source.markdown`, the island's Markdown (the
 * page shows only its rendering). Until then the region keeps its rendered
 * HTML and is a `contenteditable` (focusable, and held or locked by a live
 * session as rich fields are) whose input is refused: keys typed into HTML
 * could not be saved as Markdown. When the stored edit and the deployed file differ
 * (`standing: 'choose'`), the editor loads at once with both versions and
 * its two buttons above the field, and the field's value is null (nothing
 * saved) until a version is chosen or the field edited: then it saves.
 */
export function attachMarkdownField(
  el: HTMLElement,
  onInput: () => void,
  context: RichContext,
  source: MarkdownSource | undefined,
): FieldEditor<string | null> {
  if (!source) {
    // The island has no source for it: the rendered HTML cannot be turned back into the file's Markdown safely.
    console.warn(`louise: no Markdown source for "${el.dataset.cmsField}" in the session; the region is not editable.`);
    return { get: () => null, set: () => {} };
  }
  el.contentEditable = 'true';
  el.setAttribute('role', 'textbox');
  el.setAttribute('aria-multiline', 'true');
  el.setAttribute('aria-label', el.dataset.cmsLabel ?? el.dataset.cmsField?.split(':').pop() ?? 'Markdown');
  const choice = choiceOf(source);
  let undecided = choice !== null;
  let editor: FieldEditor<string> | null = null;
  // A value put in before the editor is there (another tab's edit): the editor starts from it.
  let pending: string | undefined;
  let loading = false;
  const early = (event: Event) => event.preventDefault();
  el.addEventListener('beforeinput', early);
  const edited = () => {
    // An edit made on the stored version is the editor's choice of it.
    undecided = false;
    onInput();
  };
  const wake = () => {
    if (loading) return;
    loading = true;
    import('./markdown/markdown-editor.ts').then(
      ({ mountMarkdownEditor, showMarkdownChoice }) => {
        for (const type of WAKE) el.removeEventListener(type, wake);
        el.removeEventListener('beforeinput', early);
        editor = mountMarkdownEditor(el, edited, context, pending ?? source.markdown);
        if (choice && undecided)
          showMarkdownChoice(el, {
            label: el.getAttribute('aria-label') ?? 'Markdown',
            ...choice,
            choose: (markdown) => {
              editor?.set(markdown);
              edited();
            },
          });
      },
      (error: unknown) => {
        // The next focus tries again.
        loading = false;
        $status.set({ tone: 'problem', text: `The Markdown editor could not load (${String(error)}). Reload the page to try again.` });
      },
    );
  };
  for (const type of WAKE) el.addEventListener(type, wake);
  if (choice) wake();
  return {
    get: () => (undecided ? null : (editor?.get() ?? pending ?? source.markdown)),
    set: (value) => {
      if (value === null) return;
      if (editor) return editor.set(value);
      pending = value;
    },
  };
}
