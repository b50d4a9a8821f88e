// The rich-text fields' toolbars (in the rich-text chunk): ONE formatting
// toolbar for the field that has focus, docked just above the edit bar (so it
// covers no field's text and shifts nothing), hidden when no rich field has
// focus; and a small floating one beside a text selection (bold, italic,
// underline, link). Each is one tab stop with arrow keys (roving tabindex);
// Alt+F10 in the text goes to the toolbar, Escape comes back. Buttons show
// what applies at the selection (`aria-pressed`).
import { INSERT_ORDERED_LIST_COMMAND, INSERT_UNORDERED_LIST_COMMAND, $isListNode } from '@lexical/list';
import { $createHeadingNode, $createQuoteNode, $isHeadingNode, $isQuoteNode } from '@lexical/rich-text';
import { $setBlocksType } from '@lexical/selection';
import {
  $createParagraphNode,
  $getSelection,
  $isParagraphNode,
  $isRangeSelection,
  $isRootOrShadowRoot,
  FORMAT_TEXT_COMMAND,
  REDO_COMMAND,
  UNDO_COMMAND,
  type ElementNode,
  type LexicalEditor,
} from 'lexical';
import { icon, type IconName } from '../../core/icons.ts';
import { INSERT_IMAGE_FROM_LIBRARY, OPEN_LINK_EDITOR } from './commands.ts';

/** A rich field as the toolbars serve it. */
interface Field {
  editor: LexicalEditor;
  el: HTMLElement;
  label: string;
  /** The field holds one line of inline text: no block tools. */
  inline: boolean;
  /** The field is Markdown, which has no underline: no Underline tool. */
  markdown?: boolean;
}

/** What applies at the selection: its text formats and its block's type (`h2`, `paragraph`, `bullet`...). */
interface Active {
  formats: Set<string>;
  block: string | null;
}

interface Tool {
  icon: IconName;
  name: string;
  /** Shown beside the icon (a heading's level). */
  text?: string;
  /** Makes or changes blocks: not offered in an inline field. */
  block?: boolean;
  run(field: Field): void;
  pressed?(active: Active): boolean;
}

/** The headings a field offers (the levels its page's design has: the page title is the H1). */
const HEADINGS = [
  ['h2', 'Heading, level 2', '2'],
  ['h3', 'Subheading, level 3', '3'],
] as const;

const setBlock = ({ editor }: Field, make: () => ElementNode) => editor.update(() => $setBlocksType($getSelection(), make));
const format = (kind: 'bold' | 'italic' | 'underline', name: string, iconName: IconName): Tool => ({
  icon: iconName,
  name,
  run: ({ editor }) => editor.dispatchCommand(FORMAT_TEXT_COMMAND, kind),
  pressed: (active) => active.formats.has(kind),
});
const LINK: Tool = { icon: 'link', name: 'Link', run: ({ editor }) => editor.dispatchCommand(OPEN_LINK_EDITOR, undefined) };
const UNDERLINE = format('underline', 'Underline', 'underline');
const TEXT_TOOLS: Tool[] = [format('bold', 'Bold', 'bold'), format('italic', 'Italic', 'italic'), UNDERLINE, LINK];

/** The docked toolbar's groups (a separator between them). */
const GROUPS: Tool[][] = [
  [
    { icon: 'undo', name: 'Undo', run: ({ editor }) => editor.dispatchCommand(UNDO_COMMAND, undefined) },
    { icon: 'redo', name: 'Redo', run: ({ editor }) => editor.dispatchCommand(REDO_COMMAND, undefined) },
  ],
  TEXT_TOOLS,
  [
    ...HEADINGS.map(
      ([tag, name, level]): Tool => ({
        icon: 'heading',
        name,
        text: level,
        block: true,
        run: (field) => setBlock(field, () => $createHeadingNode(tag)),
        pressed: (active) => active.block === tag,
      }),
    ),
    {
      icon: 'paragraph',
      name: 'Paragraph',
      block: true,
      run: (field) => setBlock(field, $createParagraphNode),
      pressed: (active) => active.block === 'paragraph',
    },
    {
      icon: 'list',
      name: 'Bulleted list',
      block: true,
      run: ({ editor }) => editor.dispatchCommand(INSERT_UNORDERED_LIST_COMMAND, undefined),
      pressed: (active) => active.block === 'bullet',
    },
    {
      icon: 'numbered',
      name: 'Numbered list',
      block: true,
      run: ({ editor }) => editor.dispatchCommand(INSERT_ORDERED_LIST_COMMAND, undefined),
      pressed: (active) => active.block === 'number',
    },
    { icon: 'quote', name: 'Quote', block: true, run: (field) => setBlock(field, $createQuoteNode), pressed: (active) => active.block === 'quote' },
  ],
  [{ icon: 'image', name: 'Image from the media library', run: ({ editor, label }) => editor.dispatchCommand(INSERT_IMAGE_FROM_LIBRARY, label) }],
];

const CSS = `
.louise-toolbar{position:fixed;z-index:2147483001;display:flex;align-items:center;gap:2px;box-sizing:border-box;max-width:calc(100vw - 1rem);overflow-x:auto;padding:.25rem;background:#18181b;color:#fafafa;border-radius:6px;box-shadow:0 2px 10px #0006;font:600 14px/1 system-ui,sans-serif;scrollbar-width:thin}
.louise-toolbar[hidden]{display:none}
.louise-toolbar button{flex:none;display:inline-flex;align-items:center;justify-content:center;gap:1px;min-width:2.25rem;min-height:2.25rem;padding:0 .35rem;border:0;border-radius:6px;background:transparent;color:inherit;font:inherit;cursor:pointer}
.louise-toolbar button[hidden]{display:none}
.louise-toolbar button:hover{background:#3f3f46}
.louise-toolbar button[aria-pressed=true]{background:#fafafa;color:#18181b}
.louise-toolbar button:focus-visible{outline:3px solid #fbbf24;outline-offset:-3px}
.louise-toolbar svg{width:18px;height:18px}
.louise-toolbar .louise-sep{flex:none;width:1px;align-self:stretch;margin:.3rem .2rem;background:#52525b}
.louise-docked{left:50%;transform:translateX(-50%)}
.louise-b{font-weight:bold}
.louise-i{font-style:italic}
.louise-u{text-decoration:underline}
`;

/** What applies at the editor's selection (null: no text selection). */
function $active(): Active | null {
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return null;
  const formats = new Set(['bold', 'italic', 'underline'].filter((kind) => selection.hasFormat(kind as 'bold')));
  const anchor = selection.anchor.getNode();
  const top = $isRootOrShadowRoot(anchor) ? null : anchor.getTopLevelElement();
  const block = $isHeadingNode(top)
    ? top.getTag()
    : $isListNode(top)
      ? top.getListType()
      : $isQuoteNode(top)
        ? 'quote'
        : $isParagraphNode(top)
          ? 'paragraph'
          : null;
  return { formats, block };
}

/** A toolbar's buttons, each running its tool on the field `current()` gives. */
function makeBar(label: string, tools: Tool[][], current: () => Field | null): { bar: HTMLElement; buttons: Map<Tool, HTMLButtonElement> } {
  const bar = document.createElement('div');
  bar.className = 'louise-toolbar';
  bar.setAttribute('role', 'toolbar');
  bar.setAttribute('aria-label', label);
  bar.hidden = true;
  const buttons = new Map<Tool, HTMLButtonElement>();
  tools.forEach((group, index) => {
    if (index > 0) {
      const sep = document.createElement('span');
      sep.className = 'louise-sep';
      sep.setAttribute('aria-hidden', 'true');
      bar.append(sep);
    }
    for (const tool of group) {
      const button = document.createElement('button');
      button.type = 'button';
      button.title = tool.name;
      button.tabIndex = -1;
      button.setAttribute('aria-label', tool.name);
      button.append(icon(tool.icon));
      if (tool.text) button.append(tool.text);
      if (tool.pressed) button.setAttribute('aria-pressed', 'false');
      // Keep the selection in the text when a button is pressed with a mouse or a finger.
      button.addEventListener('mousedown', (event) => event.preventDefault());
      button.addEventListener('click', () => {
        const field = current();
        if (field) tool.run(field);
      });
      bar.append(button);
      buttons.set(tool, button);
    }
  });
  rove(bar, () => current()?.editor.focus());
  return { bar, buttons };
}

/**
 * One tab stop for the whole toolbar: the last focused button keeps
 * tabindex 0, arrows move between the shown buttons (Home, End), Escape
 * goes `back` to the text.
 */
function rove(bar: HTMLElement, back: () => void): void {
  const shown = () => [...bar.querySelectorAll<HTMLButtonElement>('button')].filter((button) => !button.hidden);
  bar.addEventListener('focusin', (event) => {
    for (const button of shown()) button.tabIndex = button === event.target ? 0 : -1;
  });
  bar.addEventListener('keydown', (event) => {
    const buttons = shown();
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: buttons.length - 1 }[event.key];
    if (event.key === 'Escape') {
      event.preventDefault();
      back();
      return;
    }
    if (next === undefined || at < 0) return;
    event.preventDefault();
    buttons[(next + buttons.length) % buttons.length]?.focus();
  });
}

/** Gives the toolbar's first shown button the tab stop when none of the shown ones has it. */
function resetStop(bar: HTMLElement): void {
  const buttons = [...bar.querySelectorAll<HTMLButtonElement>('button')].filter((button) => !button.hidden);
  if (!buttons.some((button) => button.tabIndex === 0) && buttons[0]) buttons[0].tabIndex = 0;
}

let toolbars: ReturnType<typeof createToolbars> | null = null;

/** The page's two toolbars, made on the first field's mount. */
function createToolbars() {
  const style = document.createElement('style');
  style.textContent = CSS;
  document.head.append(style);
  const fields = new Map<HTMLElement, Field>();
  let current: Field | null = null;
  const docked = makeBar('Formatting', GROUPS, () => current);
  docked.bar.classList.add('louise-docked');
  const floating = makeBar('Text formatting', [TEXT_TOOLS], () => current);
  document.body.append(docked.bar, floating.bar);
  const blockTools = new Set(GROUPS.flat().filter((tool) => tool.block));

  /** Puts the docked toolbar just above the edit bar (which follows the visual viewport on phones), else at the bottom of what shows. */
  const placeDocked = () => {
    if (docked.bar.hidden) return;
    const view = visualViewport;
    const bottom = view ? view.offsetTop + view.height : innerHeight;
    const bar = document.getElementById('louise-bar')?.getBoundingClientRect();
    const above = bar && bar.height > 0 ? Math.min(bar.top, bottom) : bottom;
    // Centred in what shows (a page wider than a phone's screen widens the layout viewport, not the visual one).
    const width = view ? view.width : innerWidth;
    docked.bar.style.maxWidth = `${width - 16}px`;
    docked.bar.style.left = `${(view ? view.offsetLeft : 0) + width / 2}px`;
    docked.bar.style.top = `${Math.max(0, above - docked.bar.offsetHeight - 6)}px`;
  };
  /** Shows the floating toolbar above a text selection in the current field (below it when there is no room), else hides it. */
  const placeFloating = (active: Active | null) => {
    const range = getSelection()?.rangeCount ? getSelection()?.getRangeAt(0) : null;
    const show = current !== null && active !== null && range && !range.collapsed && current.el.contains(range.commonAncestorContainer);
    floating.bar.hidden = !show;
    if (!show || !range) return;
    const box = range.getBoundingClientRect();
    const { offsetHeight: height, offsetWidth: width } = floating.bar;
    const top = box.top - height - 8 >= 0 ? box.top - height - 8 : box.bottom + 8;
    floating.bar.style.top = `${top}px`;
    const view = visualViewport;
    const right = (view ? view.offsetLeft + view.width : innerWidth) - width - 4;
    floating.bar.style.left = `${Math.min(Math.max((view?.offsetLeft ?? 0) + 4, box.left + box.width / 2 - width / 2), right)}px`;
  };
  const refresh = () => {
    if (!current) return;
    const active = current.editor.getEditorState().read($active);
    for (const { buttons } of [docked, floating])
      for (const [tool, button] of buttons) if (tool.pressed) button.setAttribute('aria-pressed', String(active ? tool.pressed(active) : false));
    placeFloating(active);
    keepCaretClear();
  };
  /** Scrolls the caret out from under the docked toolbar. */
  const keepCaretClear = () => {
    const range = getSelection()?.rangeCount ? getSelection()?.getRangeAt(0) : null;
    if (!range || docked.bar.hidden || !current?.el.contains(range.endContainer)) return;
    const caret = range.getBoundingClientRect();
    const over = caret.bottom - docked.bar.getBoundingClientRect().top + 8;
    if (caret.height > 0 && over > 0) scrollBy(0, over);
  };
  const show = (field: Field) => {
    current = field;
    docked.bar.setAttribute('aria-label', `Formatting: ${field.label}`);
    const offered = (tool: Tool) => !(field.inline && blockTools.has(tool)) && !(field.markdown && tool === UNDERLINE);
    for (const [tool, button] of docked.buttons) button.hidden = !offered(tool);
    for (const [tool, button] of floating.buttons) button.hidden = !offered(tool);
    resetStop(docked.bar);
    resetStop(floating.bar);
    docked.bar.hidden = false;
    placeDocked();
    refresh();
  };
  const hide = () => {
    current = null;
    docked.bar.hidden = true;
    floating.bar.hidden = true;
  };
  const ours = (node: EventTarget | null) => node instanceof Node && (docked.bar.contains(node) || floating.bar.contains(node));
  // Focus in a rich field shows its toolbar; focus anywhere but a field or the toolbars hides it.
  document.addEventListener('focusin', (event) => {
    const field = [...fields.values()].find(({ el }) => el.contains(event.target as Node));
    if (field) show(field);
    else if (!ours(event.target)) hide();
  });
  document.addEventListener('focusout', (event) => {
    if (event.relatedTarget === null) setTimeout(() => document.activeElement === document.body && hide());
  });
  const replace = () => {
    placeDocked();
    if (current) placeFloating(current.editor.getEditorState().read($active));
  };
  for (const target of [window, visualViewport]) for (const type of ['resize', 'scroll']) target?.addEventListener(type, replace);
  const barEl = document.getElementById('louise-bar');
  if (barEl) new ResizeObserver(placeDocked).observe(barEl);

  return {
    add(field: Field) {
      fields.set(field.el, field);
      field.editor.registerUpdateListener(() => current === field && refresh());
      field.el.addEventListener('keydown', (event) => {
        // Alt+F10, as in other editors: to the toolbar (the floating one when it shows), Escape comes back.
        if (event.key !== 'F10' || !event.altKey) return;
        event.preventDefault();
        const bar = floating.bar.hidden ? docked.bar : floating.bar;
        bar.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus();
      });
      // The field already had focus when its editor mounted (the focus woke it).
      if (field.el.contains(document.activeElement)) show(field);
    },
  };
}

/** Serves a mounted rich field with the page's toolbars. */
export function attachToolbars(field: Field): void {
  toolbars ??= createToolbars();
  toolbars.add(field);
}
