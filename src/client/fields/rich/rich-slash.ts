// The slash menu: `/` at the start of an empty paragraph offers the blocks
// the field allows (headings, lists, a quote, an image from the media
// library), filtered by what follows the slash. The text keeps the focus (a
// combobox on the field: aria-controls and aria-activedescendant point into
// the listbox); arrows choose, Enter inserts, Escape closes and leaves the
// slash as typed. Fields that hold phrasing content only have no menu.
import { INSERT_ORDERED_LIST_COMMAND, INSERT_UNORDERED_LIST_COMMAND } from '@lexical/list';
import { $createHeadingNode, $createQuoteNode } from '@lexical/rich-text';
import { $setBlocksType } from '@lexical/selection';
import {
  $getNodeByKey,
  $getSelection,
  $isParagraphNode,
  $isRangeSelection,
  $isRootNode,
  COMMAND_PRIORITY_HIGH,
  type ElementNode,
  KEY_ARROW_DOWN_COMMAND,
  KEY_ARROW_UP_COMMAND,
  KEY_ENTER_COMMAND,
  KEY_ESCAPE_COMMAND,
  KEY_TAB_COMMAND,
  type LexicalCommand,
  type LexicalEditor,
} from 'lexical';
import { el } from '../../core/dom.ts';
import { icon, type IconName } from '../../core/icons.ts';
import { INSERT_IMAGE_FROM_LIBRARY } from './commands.ts';
import type { FieldRules } from './field-rules.ts';
import { placeNear } from './popover-place.ts';

const CSS = `
.louise-slash{position:absolute;z-index:2147483000;box-sizing:border-box;width:min(16rem,calc(100vw - 1rem));margin:0;padding:.25rem;overflow:auto;list-style:none;border:1px solid #52525b;border-radius:6px;background:#18181b;color:#fafafa;font:14px/1.4 system-ui,sans-serif;text-align:left;box-shadow:0 8px 24px #0008}
.louise-slash [role=option]{display:flex;gap:.5rem;align-items:center;min-height:2.25rem;padding:.25rem .5rem;border:1px solid transparent;border-radius:6px;cursor:pointer}
.louise-slash [role=option][aria-selected=true]{border-color:#fbbf24;background:#3f3f46}
`;

interface Insert {
  name: string;
  icon: IconName;
  /** Other words it is found by. */
  words: string;
  run: () => void;
}

let ids = 0;

/** What is typed in an empty top-level paragraph after a slash, with the caret at its end: the query, or null. */
function $slashQuery(): { key: string; query: string } | null {
  const selection = $getSelection();
  if (!$isRangeSelection(selection) || !selection.isCollapsed()) return null;
  const node = selection.anchor.getNode();
  const block = $isParagraphNode(node) ? node : node.getParent();
  if (!$isParagraphNode(block) || !$isRootNode(block.getParent())) return null;
  const text = block.getTextContent();
  const found = /^\/([\p{L}\d ]{0,24})$/u.exec(text);
  if (!found || block.getChildrenSize() > 1 || selection.anchor.offset !== (node === block ? 0 : text.length)) return null;
  return { key: block.getKey(), query: (found[1] ?? '').trim().toLowerCase() };
}

/** Registers the slash menu on `editor` (its text is `root`); `label` names the field (the media panel's title). */
export function registerSlashMenu(editor: LexicalEditor, root: HTMLElement, label: string, rules: FieldRules): () => void {
  if (!document.getElementById('louise-slash-css')) document.head.append(el('style', { id: 'louise-slash-css', textContent: CSS }));
  const id = `louise-slash-${++ids}`;
  const menu = el('ul', { id, className: 'louise-slash', hidden: true });
  menu.setAttribute('role', 'listbox');
  menu.setAttribute('aria-label', 'Insert a block');
  menu.dataset.louiseUi = 'slash';
  document.body.append(menu);

  const setBlock = (make: () => ElementNode) => editor.update(() => $setBlocksType($getSelection(), make));
  const inserts: Insert[] = [
    ...rules.headings.map((tag) => ({
      name: `Heading ${tag.slice(1)}`,
      icon: 'heading' as const,
      words: `${tag} title`,
      run: () => setBlock(() => $createHeadingNode(tag)),
    })),
    ...(rules.lists
      ? [
          {
            name: 'Bulleted list',
            icon: 'list' as const,
            words: 'ul bullets unordered',
            run: () => editor.dispatchCommand(INSERT_UNORDERED_LIST_COMMAND, undefined),
          },
          {
            name: 'Numbered list',
            icon: 'numbered' as const,
            words: 'ol numbers ordered',
            run: () => editor.dispatchCommand(INSERT_ORDERED_LIST_COMMAND, undefined),
          },
        ]
      : []),
    ...(rules.quote ? [{ name: 'Quote', icon: 'quote' as const, words: 'blockquote citation', run: () => setBlock($createQuoteNode) }] : []),
    { name: 'Image from the media library', icon: 'image', words: 'picture photo media', run: () => editor.dispatchCommand(INSERT_IMAGE_FROM_LIBRARY, label) },
  ];

  let shown: Insert[] = [];
  let active = 0;
  let at: string | null = null;
  // The paragraph whose menu Escape closed: no menu there until its slash is gone.
  let dismissed: string | null = null;

  const close = () => {
    menu.hidden = true;
    shown = [];
    at = null;
    root.removeAttribute('aria-controls');
    root.removeAttribute('aria-activedescendant');
    root.removeAttribute('aria-autocomplete');
  };
  const choose = (index: number) => {
    active = index;
    for (const [i, option] of [...menu.children].entries()) option.setAttribute('aria-selected', String(i === index));
    root.setAttribute('aria-activedescendant', `${id}-${index}`);
    menu.children[index]?.scrollIntoView({ block: 'nearest' });
  };
  const run = (insert: Insert) => {
    const key = at;
    close();
    // The slash and its query go; the block is made from the empty paragraph left.
    editor.update(
      () => {
        const block = key ? $getNodeByKey(key) : null;
        if ($isParagraphNode(block)) block.clear().select();
      },
      { discrete: true },
    );
    insert.run();
  };
  const open = (key: string, query: string) => {
    const found = inserts.filter((insert) => `${insert.name} ${insert.words}`.toLowerCase().includes(query));
    if (found.length === 0) return close();
    const same = at === key && found.length === shown.length && found.every((insert, i) => insert === shown[i]);
    at = key;
    if (same) return;
    shown = found;
    menu.replaceChildren(
      ...found.map((insert, i) => {
        const option = el('li', { id: `${id}-${i}` }, icon(insert.icon), insert.name);
        option.setAttribute('role', 'option');
        option.addEventListener('mousedown', (event) => event.preventDefault());
        option.addEventListener('click', () => run(insert));
        return option;
      }),
    );
    menu.hidden = false;
    root.setAttribute('aria-controls', id);
    root.setAttribute('aria-autocomplete', 'list');
    choose(0);
    const range = getSelection()?.rangeCount ? getSelection()?.getRangeAt(0) : null;
    placeNear(menu, range?.getClientRects()[0] ?? editor.getElementByKey(key)?.getBoundingClientRect() ?? root.getBoundingClientRect());
  };

  const offUpdate = editor.registerUpdateListener(({ editorState }) => {
    const slash = editorState.read($slashQuery);
    if (!slash || document.activeElement !== root) {
      dismissed = null;
      return close();
    }
    if (slash.key === dismissed) return;
    open(slash.key, slash.query);
  });
  const key = <E extends KeyboardEvent | null>(command: LexicalCommand<E>, handle: (event: KeyboardEvent) => void) =>
    editor.registerCommand(
      command,
      (event: E) => {
        if (menu.hidden || !event) return false;
        event.preventDefault();
        handle(event);
        return true;
      },
      COMMAND_PRIORITY_HIGH,
    );
  const offs = [
    key(KEY_ARROW_DOWN_COMMAND, () => choose((active + 1) % shown.length)),
    key(KEY_ARROW_UP_COMMAND, () => choose((active + shown.length - 1) % shown.length)),
    key(KEY_ENTER_COMMAND, () => {
      const insert = shown[active];
      if (insert) run(insert);
    }),
    key(KEY_TAB_COMMAND, () => {
      const insert = shown[active];
      if (insert) run(insert);
    }),
    key(KEY_ESCAPE_COMMAND, (event) => {
      event.stopPropagation();
      dismissed = at;
      close();
    }),
  ];
  const blur = () => setTimeout(() => document.activeElement !== root && close());
  root.addEventListener('focusout', blur);
  return () => {
    offUpdate();
    for (const off of offs) off();
    root.removeEventListener('focusout', blur);
    menu.remove();
  };
}
