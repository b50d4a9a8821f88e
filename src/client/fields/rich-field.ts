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
  // Text typed natively before the mount: Chromium writes a space typed at the end of a text as a no-break space
  // (U+00A0), which the editor would keep and save. The text nodes typed into are noted, with what they held before.
  const typed = new Map<Node, string>();
  const watch = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'characterData' && !typed.has(record.target)) typed.set(record.target, record.oldValue ?? '');
      for (const node of record.addedNodes) if (node.nodeType === Node.TEXT_NODE && !typed.has(node)) typed.set(node, '');
    }
  });
  watch.observe(el, { characterData: true, characterDataOldValue: true, childList: true, subtree: true });
  const wake = () => {
    if (loading) return;
    loading = true;
    import('./rich/rich-editor.ts').then(
      ({ mountRichEditor }) => {
        for (const type of WAKE) el.removeEventListener(type, wake);
        watch.disconnect();
        // A no-break space only in what was typed (a text that held none before) is the browser's, not the editor's.
        for (const [node, before] of typed)
          if (node.isConnected && !before.includes('\u00a0') && node.textContent?.includes('\u00a0'))
            node.textContent = node.textContent.replace(/\u00a0/g, ' ');
        // Keys typed natively meanwhile are kept over a value that came in while loading: they are an edit on the
        // text the page showed, which the save's base says (a conflict then offers both), never silently replaced.
        const early = el.innerHTML !== pristine;
        editor = mountRichEditor(el, onInput, context, pristine);
        if (pending !== undefined && !early) editor.set(pending);
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
    get: () => editor?.get() ?? pending ?? pristine,
    set: (value) => {
      if (editor) return editor.set(value);
      if (value === (pending ?? pristine)) return;
      pending = value;
      wake();
    },
  };
}
