// Links in a rich-text field: an inline popover instead of the browser's
// prompt(). OPEN_LINK_EDITOR (the toolbar's Link, Ctrl+K / Cmd+K in the text)
// opens the address form, with this site's pages as suggestions; a caret in
// a link shows its address with Edit, Open and Remove. The popover lives on
// <body>, outside the text, so nothing in it is ever saved.
import {
  $createTextNode,
  $findMatchingParent,
  $getNodeByKey,
  $getSelection,
  $isRangeSelection,
  $setSelection,
  type BaseSelection,
  COMMAND_PRIORITY_EDITOR,
  COMMAND_PRIORITY_LOW,
  KEY_DOWN_COMMAND,
  type LexicalEditor,
} from 'lexical';
import { el } from '../../core/dom.ts';
import { icon } from '../../core/icons.ts';
import { createSearchApi, type SearchHit } from '../../panels/search/search-api.ts';
import type { RichContext } from '../rich-context.ts';
import { OPEN_LINK_EDITOR } from './commands.ts';
import { linkAddress } from './link-address.ts';
import { $isLinkNode, $toggleLink, LinkNode } from './link-node.ts';
import { placeNear } from './popover-place.ts';

const CSS = `
.louise-link{position:absolute;z-index:2147483000;box-sizing:border-box;overflow:auto;width:min(24rem,calc(100vw - 1rem));padding:.5rem;border:1px solid #52525b;border-radius:6px;background:#18181b;color:#fafafa;font:14px/1.4 system-ui,sans-serif;text-align:left;box-shadow:0 8px 24px #0008}
.louise-link *{box-sizing:border-box}
.louise-link label{display:block;margin:0 0 .25rem;font-weight:600}
.louise-link input{width:100%;min-height:2.25rem;font:inherit;padding:.3rem .5rem;border:1px solid #a1a1aa;border-radius:6px;background:#09090b;color:#fafafa}
.louise-link .ll-row{display:flex;flex-wrap:wrap;gap:.375rem;align-items:center}
.louise-link form .ll-row{margin-top:.5rem}
.louise-link :is(button,a.ll-open){display:inline-flex;gap:.3rem;align-items:center;min-height:2.25rem;padding:.3rem .7rem;border:1px solid #a1a1aa;border-radius:6px;background:#27272a;color:#fafafa;font:inherit;text-decoration:none;cursor:pointer}
.louise-link :is(button,a.ll-open):hover{background:#3f3f46}
.louise-link .ll-primary{border-color:#a5b4fc;background:#4f46e5}
.louise-link :focus-visible{outline:3px solid #fbbf24;outline-offset:1px}
.louise-link [role=listbox]{max-height:12rem;margin:.5rem 0 0;padding:0;overflow:auto;list-style:none}
.louise-link [role=option]{padding:.35rem .5rem;border:1px solid #3f3f46;border-radius:6px;margin-top:.25rem;cursor:pointer}
.louise-link [role=option][aria-selected=true]{border-color:#fbbf24;background:#3f3f46}
.louise-link .ll-url{display:block;color:#d4d4d8;font-size:12px;overflow-wrap:anywhere}
.louise-link .ll-problem{margin:.4rem 0 0;color:#fecaca;font-weight:600}
.louise-link .ll-problem:empty{display:none}
.louise-link .ll-address{flex:1 1 8rem;min-width:0;overflow:hidden;color:#e4e4e7;text-overflow:ellipsis;white-space:nowrap}
`;

let ids = 0;

/** Where the selection is, as the popover saves it: what to link, and the link it is in (if any). */
interface Target {
  at: BaseSelection | null;
  key: string | null;
  url: string;
}

/** The link the selection is in (both ends in the same link), or null. */
function $linkOf(selection: BaseSelection | null): LinkNode | null {
  if (!$isRangeSelection(selection)) return null;
  const a = $findMatchingParent(selection.anchor.getNode(), $isLinkNode);
  const b = $findMatchingParent(selection.focus.getNode(), $isLinkNode);
  return a && a === b ? a : null;
}

function $target(): Target {
  const selection = $getSelection();
  const link = $linkOf(selection);
  return { at: selection?.clone() ?? null, key: link?.getKey() ?? null, url: link?.getURL() ?? '' };
}

/** Links the saved selection to `url` (null: unlinks it); a caret outside a link gets a new link whose text is `text`. */
function $applyLink(target: Target, url: string | null, text: string): void {
  const link = target.key ? $getNodeByKey(target.key) : null;
  if ($isLinkNode(link)) {
    if (url !== null) link.setURL(url);
    else {
      for (const child of link.getChildren()) link.insertBefore(child);
      link.remove();
    }
    return;
  }
  if (!$isRangeSelection(target.at)) return;
  const at = target.at.clone();
  $setSelection(at);
  if (!at.isCollapsed()) $toggleLink(url);
  else if (url !== null) at.insertNodes([new LinkNode(url).append($createTextNode(text || url))]);
}

/** The selection's box on screen (a caret has one too), or the field's. */
function selectionRect(root: HTMLElement): DOMRect {
  const range = getSelection()?.rangeCount ? getSelection()?.getRangeAt(0) : null;
  const rect = range && root.contains(range.startContainer) ? (range.getClientRects()[0] ?? range.getBoundingClientRect()) : null;
  return rect && (rect.width || rect.height) ? rect : root.getBoundingClientRect();
}

/** An Open link for `url` (a new tab, no opener), or null when the address is not one to follow. */
function openLink(url: string): HTMLAnchorElement | null {
  const checked = linkAddress(url, location.href);
  if (!('url' in checked)) return null;
  const a = el('a', { className: 'll-open', href: checked.url, target: '_blank', rel: 'noopener' }, icon('external'), 'Open');
  a.title = 'Open the address in a new tab';
  return a;
}

function toolButton(name: Parameters<typeof icon>[0], text: string, onClick: () => void, primary = false): HTMLButtonElement {
  const b = el('button', { type: 'button', className: primary ? 'll-primary' : '', onclick: onClick }, icon(name), text);
  // A tap or click keeps the text's selection where it is.
  b.addEventListener('mousedown', (event) => event.preventDefault());
  return b;
}

/**
 * Registers the link popover on `editor` (its text is `root`): the address
 * form on OPEN_LINK_EDITOR and on Ctrl+K / Cmd+K in the text, and the small
 * popover of the link the caret is in. `context.search` names the
 * collections whose pages are suggested as the editor types.
 */
export function registerLinks(editor: LexicalEditor, root: HTMLElement, context: RichContext): () => void {
  if (!document.getElementById('louise-link-css')) document.head.append(el('style', { id: 'louise-link-css', textContent: CSS }));
  const pop = el('div', { className: 'louise-link', hidden: true });
  pop.dataset.louiseUi = 'link';
  document.body.append(pop);
  const search = context.search?.length ? createSearchApi({ apiBase: context.apiBase, ...(context.fetch ? { fetch: context.fetch } : {}) }) : null;
  let mode: 'closed' | 'view' | 'form' = 'closed';
  let flight: AbortController | null = null;
  // The link the small popover shows (key and address), so typing in it does not rebuild it.
  let shown = '';

  const close = (refocus: boolean) => {
    flight?.abort();
    mode = 'closed';
    pop.hidden = true;
    pop.replaceChildren();
    pop.removeAttribute('role');
    pop.removeAttribute('aria-label');
    if (refocus) editor.focus();
  };

  const apply = (target: Target, url: string | null, text = '') => {
    close(false);
    editor.update(() => $applyLink(target, url, text));
    editor.focus();
  };

  /** The small popover of the link the caret is in: its address, Edit, Open, Remove. */
  const view = (target: Target) => {
    mode = 'view';
    pop.setAttribute('role', 'group');
    pop.setAttribute('aria-label', 'Link');
    const address = el('span', { className: 'll-address', textContent: target.url, title: target.url });
    const open = openLink(target.url);
    pop.replaceChildren(
      el(
        'div',
        { className: 'll-row' },
        address,
        toolButton('link', 'Edit', () => editor.dispatchCommand(OPEN_LINK_EDITOR, undefined)),
        ...(open ? [open] : []),
        toolButton('unlink', 'Remove', () => apply(target, null)),
      ),
    );
    pop.hidden = false;
    const dom = target.key ? editor.getElementByKey(target.key) : null;
    placeNear(pop, (dom ?? root).getBoundingClientRect());
  };

  /** The address form: a box with page suggestions, Apply, Open, Remove link, Cancel. */
  const form = (target: Target) => {
    flight?.abort();
    mode = 'form';
    const id = `louise-link-${++ids}`;
    pop.setAttribute('role', 'dialog');
    pop.setAttribute('aria-label', target.key ? 'Edit link' : 'Add link');
    const input = el('input', {
      id: `${id}-address`,
      type: 'text',
      value: target.url,
      autocomplete: 'off',
      spellcheck: false,
      placeholder: 'https://… or a page’s title',
    });
    input.setAttribute('inputmode', 'url');
    input.setAttribute('role', 'combobox');
    input.setAttribute('aria-autocomplete', 'list');
    input.setAttribute('aria-expanded', 'false');
    input.setAttribute('aria-controls', `${id}-pages`);
    input.setAttribute('aria-describedby', `${id}-problem`);
    const list = el('ul', { id: `${id}-pages`, hidden: true });
    list.setAttribute('role', 'listbox');
    list.setAttribute('aria-label', 'Pages of this site');
    const problem = el('p', { id: `${id}-problem`, className: 'll-problem' });
    problem.setAttribute('aria-live', 'polite');
    const row = el('div', { className: 'll-row' });
    const openSlot = el('span', { hidden: true });
    const showOpen = () => {
      const open = openLink(input.value);
      openSlot.hidden = !open;
      openSlot.replaceChildren(...(open ? [open] : []));
    };
    const submit = el('button', { type: 'submit', className: 'll-primary' }, icon('done'), 'Apply');
    row.append(submit, openSlot);
    if (target.key) row.append(toolButton('unlink', 'Remove link', () => apply(target, null)));
    row.append(toolButton('close', 'Cancel', () => close(true)));
    const box = el('form', {}, el('label', { htmlFor: input.id, textContent: 'Address' }), input, list, problem, row);
    pop.replaceChildren(box);
    pop.hidden = false;

    let hits: SearchHit[] = [];
    let active = -1;
    const choose = (index: number) => {
      active = index;
      for (const [i, option] of [...list.children].entries()) option.setAttribute('aria-selected', String(i === index));
      const option = list.children[index];
      if (option) {
        input.setAttribute('aria-activedescendant', option.id);
        option.scrollIntoView({ block: 'nearest' });
      } else input.removeAttribute('aria-activedescendant');
    };
    const show = (found: SearchHit[]) => {
      hits = found;
      list.replaceChildren(
        ...found.map((hit, i) => {
          const option = el(
            'li',
            { id: `${id}-page-${i}` },
            el('span', { textContent: hit.title || hit.url || '' }),
            el('span', { className: 'll-url', textContent: hit.url ?? '' }),
          );
          option.setAttribute('role', 'option');
          option.setAttribute('aria-selected', 'false');
          option.addEventListener('mousedown', (event) => event.preventDefault());
          option.addEventListener('click', () => pick(hit));
          return option;
        }),
      );
      list.hidden = found.length === 0;
      input.setAttribute('aria-expanded', String(found.length > 0));
      choose(-1);
    };
    const pick = (hit: SearchHit) => {
      const checked = linkAddress(hit.url ?? '', location.href);
      if ('url' in checked) apply(target, checked.url, hit.title);
      else problem.textContent = checked.problem;
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const suggest = () => {
      clearTimeout(timer);
      flight?.abort();
      const q = input.value.trim();
      // An address being typed is not a title to look for.
      if (!search || q.length < 2 || /[:/#@.]/.test(q)) return show([]);
      timer = setTimeout(async () => {
        const mine = new AbortController();
        flight = mine;
        const answers = await Promise.all((context.search ?? []).map((collection) => search.search(collection, q, mine.signal)));
        if (mine.signal.aborted || mode !== 'form') return;
        show(answers.flatMap((got) => (got.ok ? got.value.items.filter((hit) => hit.url) : [])).slice(0, 8));
      }, 200);
    };
    input.addEventListener('input', () => {
      problem.textContent = '';
      input.removeAttribute('aria-invalid');
      showOpen();
      suggest();
    });
    input.addEventListener('keydown', (event) => {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        if (hits.length === 0) return;
        event.preventDefault();
        choose((active + (event.key === 'ArrowDown' ? 1 : hits.length - 1 + (active < 0 ? 1 : 0))) % hits.length);
      }
    });
    pop.onkeydown = (event) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      event.stopPropagation();
      close(true);
    };
    box.addEventListener('submit', (event) => {
      event.preventDefault();
      const hit = hits[active];
      if (hit) return pick(hit);
      if (!input.value.trim() && target.key) return apply(target, null);
      const checked = linkAddress(input.value, location.href);
      if ('url' in checked) return apply(target, checked.url);
      problem.textContent = checked.problem;
      input.setAttribute('aria-invalid', 'true');
      input.focus();
    });
    showOpen();
    const dom = target.key ? editor.getElementByKey(target.key) : null;
    placeNear(pop, dom ? dom.getBoundingClientRect() : selectionRect(root));
    input.focus();
    input.select();
  };

  const offForm = editor.registerCommand(
    OPEN_LINK_EDITOR,
    () => {
      form($target());
      return true;
    },
    COMMAND_PRIORITY_EDITOR,
  );
  const offKey = editor.registerCommand(
    KEY_DOWN_COMMAND,
    (event) => {
      const k = /^k$/i.test(event.key) || (!/^[a-z]$/i.test(event.key) && event.code === 'KeyK');
      if (!k || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return false;
      event.preventDefault();
      return editor.dispatchCommand(OPEN_LINK_EDITOR, undefined);
    },
    COMMAND_PRIORITY_LOW,
  );
  // The caret in a link shows the link's popover while the text has the focus.
  const offUpdate = editor.registerUpdateListener(({ editorState }) => {
    if (mode === 'form') return;
    const target = editorState.read($target);
    if (target.key && document.activeElement === root) {
      if (mode !== 'view' || shown !== `${target.key} ${target.url}`) view(target);
      shown = `${target.key} ${target.url}`;
    } else if (mode === 'view') close(false);
  });
  const blur = () =>
    setTimeout(() => {
      if (mode === 'view' && document.activeElement !== root && !pop.contains(document.activeElement)) close(false);
    });
  root.addEventListener('focusout', blur);
  return () => {
    offForm();
    offKey();
    offUpdate();
    root.removeEventListener('focusout', blur);
    pop.remove();
  };
}
