import { isPhrasingHost } from '../../content/inline-host.ts';
import { $status } from '../core/status.ts';
import type { FieldEditor } from './plain-field.ts';
import { DEFAULT_RICH_CONTEXT, type RichContext } from './rich-context.ts';

export type { RichContext };

/** What starts a field's editor: the first focus, or a pointer coming over it (a mouse hovers before it clicks). */
const WAKE = ['focusin', 'pointerover', 'pointerdown'] as const;

/**
 * Makes a rich-text marker editable and arms its editor, which mounts on
 * first focus or pointer-over: Lexical is its own chunk, fetched only when an
 * editor reaches for a rich field. Until then the element keeps its rendered
 * HTML and is a native `contenteditable` (focusable, the caret lands where
 * clicked, early keys are typed); the editor takes over that text and caret
 * when it mounts (rich-editor.ts). `context` says where its images are
 * uploaded and picked (default: `/api/cms`, the page's fetch).
 */
export function attachRichField(el: HTMLElement, onInput: () => void, context: RichContext = DEFAULT_RICH_CONTEXT): FieldEditor {
  const pristine = el.innerHTML;
  el.contentEditable = 'true';
  el.setAttribute('role', 'textbox');
  el.setAttribute('aria-multiline', isPhrasingHost(el.localName) ? 'false' : 'true');
  el.setAttribute('aria-label', el.dataset.cmsLabel ?? el.dataset.cmsField?.split(':').pop() ?? 'Rich text');
  let editor: FieldEditor | null = null;
  // A value put in before the editor is there (another tab's edit): shown once it mounts.
  let pending: string | undefined;
  let loading = false;
  // Until the editor is there, what the browser typed natively is the field's value, and saved like any edit: a
  // chunk that loads late, or never (a dropped connection), loses no key.
  const typed = () => (el.innerHTML === pristine ? undefined : el.innerHTML);
  el.addEventListener('input', onInput);
  // Ctrl+K (Cmd+K) before the editor is there asks for the link popover: kept, and pressed again once it mounts.
  let linkAsked: KeyboardEvent | null = null;
  const askLink = (event: KeyboardEvent) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || !(/^k$/i.test(event.key) || event.code === 'KeyK')) return;
    event.preventDefault();
    linkAsked = event;
  };
  el.addEventListener('keydown', askLink);
  const wake = () => {
    if (loading) return;
    loading = true;
    import('./rich/rich-editor.ts').then(
      ({ mountRichEditor }) => {
        for (const type of WAKE) el.removeEventListener(type, wake);
        el.removeEventListener('input', onInput);
        el.removeEventListener('keydown', askLink);
        // Keys typed natively meanwhile are kept over a value that came in while loading: they are an edit on the
        // text the page showed, which the save's base says (a conflict then offers both), never silently replaced.
        const early = typed() !== undefined;
        editor = mountRichEditor(el, onInput, context, pristine);
        if (pending !== undefined && !early) editor.set(pending);
        if (linkAsked) {
          const { key, code, ctrlKey, metaKey } = linkAsked;
          el.dispatchEvent(new KeyboardEvent('keydown', { key, code, ctrlKey, metaKey, bubbles: true, cancelable: true }));
        }
      },
      (error: unknown) => {
        // The next focus tries again.
        loading = false;
        $status.set({ tone: 'problem', text: `The rich-text editor could not load (${String(error)}). Reload the page to try again.` });
      },
    );
  };
  for (const type of WAKE) el.addEventListener(type, wake);
  return {
    get: () => editor?.get() ?? typed() ?? pending ?? pristine,
    set: (value) => {
      if (editor) return editor.set(value);
      if (value === (pending ?? pristine)) return;
      pending = value;
      wake();
    },
  };
}
