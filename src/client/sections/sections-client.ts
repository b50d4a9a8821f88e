// The sections editor, its own chunk: mount-cms.ts imports it only on a page
// with a sections field (`data-cms-sections`). Each block gets a toolbar
// (drag, up, down, duplicate, remove with undo, add below) and its fields
// become editable in place. The list's order saves as one field and each
// block field as its own, addressed by the block's id, through the same
// queues, statuses, backup and flush-on-leave as every other field.
import type { Backup } from '../core/backup.ts';
import type { DocRevs } from '../core/doc-revs.ts';
import { button, el } from '../core/dom.ts';
import type { MediaAccess } from '../fields/image-field.ts';
import { attachLinkField } from '../fields/link-field.ts';
import { attachEditors, startUnit } from '../core/start-unit.ts';
import { blankBlock, blockFieldKey, blocksOf, copyBlock, moveId, parseBlockField, type Block, type SectionsNote } from './sections-model.ts';
import { SECTIONS_CSS } from './sections-styles.ts';
import type { Transport } from '../core/transport.ts';
import { docOf, kindOf, unitValue, type Part, type StartedUnit, type Unit } from '../core/units.ts';

/** What the core hands the sections editor: the page's units and the means to start more. */
export interface SectionsContext {
  units: Map<string, Unit>;
  /** The session island's sections fields, keyed `collection:key:field`. */
  notes: Readonly<Record<string, SectionsNote>>;
  revs: DocRevs;
  transport: Transport;
  backup: Backup;
  media: MediaAccess;
  autoSave: boolean;
  debounceMs: number | false;
  refresh(): void;
}

/** How long the bar offers to undo a removal. */
const UNDO_MS = 8000;

/** Mounts the editor of every sections field on the page. */
export async function mountSections(ctx: SectionsContext): Promise<void> {
  document.head.append(el('style', { textContent: SECTIONS_CSS }));
  const roots = document.querySelectorAll<HTMLElement>('[data-cms-sections]');
  await Promise.all([...roots].map((root) => mountList(root, ctx)));
}

async function mountList(root: HTMLElement, ctx: SectionsContext): Promise<void> {
  const raw = root.dataset.cmsSections ?? '';
  const found = { note: ctx.notes[raw], list: ctx.units.get(raw) };
  if (!found.list || !found.note) {
    console.warn(`louise: ignoring sections element "${raw}": mark it with cmsSections() from louise/astro, on a drafts collection.`);
    return;
  }
  const { note, list } = found as { note: SectionsNote; list: Unit };
  const { target } = list;
  const doc = docOf(target);
  const model = new Map(blocksOf(note.value).map((block) => [block.id, block]));
  /** Every block element this editor made or found, also while removed (for undo). */
  const elements = new Map<string, HTMLElement>();
  /** Each block's field units, by block id. */
  const fieldsOf = new Map<string, Unit[]>();
  const end = el('div', { className: 'louise-sections-end' });
  const typeLabel = (type: string | undefined) => (type && Object.hasOwn(note.types, type) ? (note.types[type]?.label ?? type) : 'block');

  const order = () => [...root.querySelectorAll<HTMLElement>(':scope > [data-cms-block]')].map((block) => block.dataset.cmsBlock ?? '');
  /** A block as this page has it: the stored one with what its fields show now. */
  const contentOf = (id: string): Block => {
    const block = { ...(model.get(id) as Block) };
    for (const unit of fieldsOf.get(id) ?? []) if (unit.parts.every((part) => part.editor)) block[nameOf(id, unit)] = unitValue(unit);
    return block;
  };
  /** A block field's save key, its unit, and the field a unit of block `id` edits. */
  const fieldKey = (id: string, name: string) => blockFieldKey(target.field, id, name);
  const fieldUnit = (id: string, name: string) => fieldsOf.get(id)?.find((unit) => unit.target.field === fieldKey(id, name));
  const nameOf = (id: string, unit: Unit) => unit.target.field.slice(fieldKey(id, '').length);
  const current = () =>
    order()
      .filter((id) => model.has(id))
      .map(contentOf);

  (list.parts[0] as Part).editor = { get: current, set: (value) => show(blocksOf(value)) };
  const started = () => list as StartedUnit;

  /** Puts the blocks in `ids` order into the page; those it has no element for wait as a placeholder. */
  function arrange(ids: readonly string[]): void {
    for (const block of root.querySelectorAll<HTMLElement>(':scope > [data-cms-block]')) if (!ids.includes(block.dataset.cmsBlock ?? '')) block.remove();
    for (const id of ids) root.insertBefore(elements.get(id) ?? placeholder(id, `Adding the ${typeLabel(model.get(id)?.type)} block…`), end);
  }

  function placeholder(id: string, text: string, look?: HTMLElement): HTMLElement {
    const element = look ?? el('div', {}, el('p', { textContent: text }));
    element.classList.add('louise-block-pending');
    element.dataset.cmsBlock = id;
    element.setAttribute('aria-busy', 'true');
    elements.set(id, element);
    return element;
  }

  /** The list's new order or membership: shown already, saved after the idle pause (`now`: at once). */
  function commit(now = false): void {
    started().queue.edit(current());
    if (now) void started().queue.flush();
  }

  /** Reload or restore gave a whole list: show it, and fetch the blocks this page has never shown. */
  function show(blocks: Block[]): void {
    for (const block of blocks) model.set(block.id, block);
    arrange(blocks.map((block) => block.id));
    queueMicrotask(settle);
  }

  let fetching = false;
  /** Once the list is saved, swaps each placeholder for the block as the site renders it. */
  async function settle(): Promise<void> {
    const state = list.queue?.state;
    const pending = [...root.querySelectorAll<HTMLElement>(':scope > .louise-block-pending')];
    if (fetching || !state || state.dirty || state.saving || pending.length === 0) return;
    fetching = true;
    await rerender(pending).finally(() => {
      fetching = false;
    });
  }

  /** Replaces `shown` (placeholders, or blocks whose shape changed) with the blocks as the site renders them now. */
  async function rerender(shown: HTMLElement[]): Promise<void> {
    try {
      const page = await renderedPage();
      const island = sessionOf(page);
      const rendered = blocksOf(island?.sections?.[raw]?.value);
      const revs = Promise.resolve(island?.revs?.[doc] ?? {});
      const children = [...(page.querySelector(`[data-cms-sections="${CSS.escape(raw)}"]`)?.children ?? [])];
      for (const old of shown) {
        const id = old.dataset.cmsBlock ?? '';
        const found = children.find((child) => child instanceof HTMLElement && child.dataset.cmsBlock === id);
        const stored = rendered.find((block) => block.id === id);
        if (!found || !stored || !old.isConnected) continue;
        const block = document.importNode(found, true) as HTMLElement;
        model.set(id, stored);
        old.replaceWith(block);
        await mountBlock(block, revs);
      }
    } catch (error) {
      console.warn(`louise: the block could not be shown as saved (${String(error)}); reload the page to see it.`);
    }
  }

  /** A `list` field of a block gains an item (`at` null) or loses item `at`; saved through its own queue, then the block is shown anew. */
  async function changeItems(id: string, name: string, at: number | null): Promise<void> {
    const unit = fieldUnit(id, name);
    const type = model.get(id)?.type;
    const added = `New ${((type && note.types[type]?.fields[name]?.label) || 'item').toLowerCase()}`;
    if (unit?.queue) {
      const items = unitValue(unit) as unknown[];
      unit.queue.edit(at === null ? [...items, added] : items.filter((_, index) => index !== at));
      if (!(await unit.queue.flush())) return;
    } else {
      // No item on the page yet, so no field to queue: one save of the new list.
      const saved = await ctx.transport.save({ ...target, field: fieldKey(id, name) }, [added], null);
      if (saved.kind !== 'saved') return void console.warn(`louise: the item was not added; try again.`);
    }
    const block = elements.get(id);
    if (block) await rerender([block]);
    // The focus goes to the new item, or the one before the removed item.
    const parts = fieldUnit(id, name)?.parts ?? [];
    parts[at === null ? parts.length - 1 : Math.max(0, at - 1)]?.el.focus();
  }

  /** Makes a block's fields editable and gives it its toolbar. */
  async function mountBlock(block: HTMLElement, revs: Promise<Record<string, string>> | undefined): Promise<void> {
    const id = block.dataset.cmsBlock ?? '';
    elements.set(id, block);
    block.append(toolbar(block, id));
    const mine = new Map<string, Unit>();
    for (const element of block.querySelectorAll<HTMLElement>('[data-cms-field]')) {
      const field = parseBlockField(element.dataset.cmsField ?? '');
      if (!field || field.list !== raw) continue;
      const key = fieldKey(id, field.name);
      let unit = mine.get(key);
      if (!unit) {
        unit = {
          id: `${doc}:${key}`,
          target: { ...target, field: key, marker: element.dataset.cmsField ?? '' },
          label: `${typeLabel(block.dataset.cmsBlockType)}: ${element.dataset.cmsLabel ?? field.name}`,
          parts: [],
          saves: 0,
          sections: true,
        };
        mine.set(key, unit);
      }
      unit.parts.push({ el: element, index: field.item, kind: kindOf(element) });
    }
    const units = [...mine.values()];
    fieldsOf.set(id, units);
    for (const unit of units)
      for (const part of unit.parts)
        if (part.index !== null)
          part.el.addEventListener('keydown', (event) => {
            // Backspace in an empty list item removes the item, as in any list editor.
            if (event.key !== 'Backspace' || (part.el.textContent ?? '') !== '') return;
            event.preventDefault();
            void changeItems(id, nameOf(id, unit), part.index);
          });
    await Promise.all(
      units.map(async (unit) => {
        ctx.units.set(unit.id, unit);
        await attachBlockEditors(unit);
        startUnit(unit, { debounceMs: ctx.debounceMs, transport: ctx.transport, revs, backup: ctx.backup, refresh: ctx.refresh });
      }),
    );
  }

  function attachBlockEditors(unit: Unit): Promise<unknown> {
    const links = unit.parts.filter((part) => part.kind === 'link');
    for (const part of links)
      part.editor = attachLinkField(
        part.el,
        () => unit.queue?.edit(unitValue(unit)),
        () => ctx.autoSave && void unit.queue?.flush(),
      );
    return links.length > 0 ? Promise.resolve() : attachEditors(unit, ctx.autoSave, ctx.media);
  }

  function toolbar(block: HTMLElement, id: string): HTMLElement {
    const label = typeLabel(block.dataset.cmsBlockType);
    const bar = el('div', { className: 'louise-block-bar', contentEditable: 'false' });
    bar.setAttribute('role', 'toolbar');
    bar.setAttribute('aria-label', `${label} block`);
    // A mouse affordance only: the keyboard moves blocks with Up and Down (Alt+↑, Alt+↓).
    const handle = el('span', { className: 'louise-drag', title: 'Drag to move', draggable: true, ariaHidden: 'true' }, icon('drag'));
    handle.addEventListener('dragstart', (event) => {
      dragging = id;
      event.dataTransfer?.setData('text/plain', label);
      if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
      block.classList.add('louise-dragging');
    });
    handle.addEventListener('dragend', () => {
      dragging = null;
      block.classList.remove('louise-dragging');
    });
    const up = tool('up', 'Up', () => move(id, -1, up));
    const down = tool('down', 'Down', () => move(id, 1, down));
    up.setAttribute('aria-keyshortcuts', 'Alt+ArrowUp');
    down.setAttribute('aria-keyshortcuts', 'Alt+ArrowDown');
    const add = tool('add', 'Add below', () => openPicker(bar, add, id));
    add.setAttribute('aria-haspopup', 'true');
    const lists = Object.entries(note.types[block.dataset.cmsBlockType ?? '']?.fields ?? {}).filter(([, field]) => field.type === 'list');
    const items = lists.map(([name, field]) => tool('add', `Add ${field.label.toLowerCase()}`, () => void changeItems(id, name, null)));
    bar.append(
      handle,
      ...items,
      up,
      down,
      tool('duplicate', 'Duplicate', () => duplicate(id)),
      tool('remove', 'Remove', () => void remove(id)),
      add,
    );
    bar.addEventListener('keydown', (event) => {
      if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
      event.preventDefault();
      move(id, event.key === 'ArrowUp' ? -1 : 1, event.key === 'ArrowUp' ? up : down);
    });
    return bar;
  }

  function move(id: string, by: number, keep: HTMLElement): void {
    const ids = order();
    const next = moveId(ids, id, by);
    if (next.join() === ids.join()) return;
    arrange(next);
    keep.focus();
    commit();
  }

  function duplicate(id: string): void {
    const copy = copyBlock(contentOf(id));
    model.set(copy.id, copy);
    const look = elements.get(id)?.cloneNode(true) as HTMLElement;
    for (const node of look.querySelectorAll('[data-cms-field],[contenteditable],.louise-block-bar,.louise-link-box')) {
      if (node.matches('.louise-block-bar,.louise-link-box')) node.remove();
      else for (const name of ['data-cms-field', 'contenteditable', 'data-cms-state', 'tabindex', 'role']) node.removeAttribute(name);
    }
    const ids = order();
    ids.splice(ids.indexOf(id) + 1, 0, copy.id);
    placeholder(copy.id, '', look);
    arrange(ids);
    commit(true);
  }

  async function remove(id: string): Promise<void> {
    const ids = order();
    const at = ids.indexOf(id);
    // What was typed into the block lands first, so Undo brings back the newest text.
    await Promise.all((fieldsOf.get(id) ?? []).map((unit) => unit.queue?.flush()));
    arrange(ids.filter((other) => other !== id));
    commit();
    const next = elements.get(order()[at] ?? '')?.querySelector<HTMLElement>('.louise-block-bar button');
    offerUndo(`Removed the ${typeLabel(model.get(id)?.type)} block.`, () => {
      const now = order().filter((other) => other !== id);
      now.splice(Math.min(at, now.length), 0, id);
      arrange(now);
      commit(true);
      elements.get(id)?.querySelector<HTMLElement>('.louise-block-bar button')?.focus();
    });
    next?.focus();
  }

  function add(type: string, after: string | null): void {
    const typeNote = note.types[type];
    if (!typeNote) return;
    const block = blankBlock(type, typeNote);
    model.set(block.id, block);
    const ids = order();
    ids.splice(after === null ? ids.length : ids.indexOf(after) + 1, 0, block.id);
    arrange(ids);
    commit(true);
  }

  /** The picker of declared block types, under `anchor`'s toolbar (or the end of the list). */
  function openPicker(host: HTMLElement, opener: HTMLElement, after: string | null): void {
    document.querySelector('.louise-picker')?.remove();
    let open = true;
    // Removing the focused choice fires focusout, which dismisses too: once.
    const dismiss = () => {
      if (!open) return;
      open = false;
      menu.remove();
    };
    const close = () => {
      dismiss();
      opener.focus();
    };
    const choices = Object.entries(note.types).map(([type, { label }]) =>
      button(label, () => {
        dismiss();
        add(type, after);
      }),
    );
    const menu = el('div', { className: 'louise-picker' }, el('p', { textContent: 'Add a block' }), ...choices, button('Cancel', close));
    menu.setAttribute('role', 'group');
    menu.setAttribute('aria-label', 'Add a block');
    menu.addEventListener('keydown', (event) => {
      const buttons = [...menu.querySelectorAll('button')];
      const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
      if (event.key === 'Escape') close();
      else if (event.key === 'ArrowDown' || event.key === 'ArrowUp')
        buttons[(at + (event.key === 'ArrowDown' ? 1 : -1) + buttons.length) % buttons.length]?.focus();
      else return;
      event.preventDefault();
      event.stopPropagation();
    });
    menu.addEventListener('focusout', (event) => {
      if (!(event.relatedTarget instanceof Node && menu.contains(event.relatedTarget))) dismiss();
    });
    host.append(menu);
    choices[0]?.focus();
  }

  let dragging: string | null = null;
  root.addEventListener('dragover', (event) => {
    if (dragging) event.preventDefault();
  });
  root.addEventListener('drop', (event) => {
    const over = (event.target as Element | null)?.closest<HTMLElement>('[data-cms-block]');
    if (!dragging || !over || over.parentElement !== root || over.dataset.cmsBlock === dragging) return;
    event.preventDefault();
    const ids = order().filter((id) => id !== dragging);
    const box = over.getBoundingClientRect();
    ids.splice(ids.indexOf(over.dataset.cmsBlock ?? '') + (event.clientY > box.top + box.height / 2 ? 1 : 0), 0, dragging);
    arrange(ids);
    commit();
  });

  const addEnd = tool('add', 'Add block', () => openPicker(end, addEnd, null));
  addEnd.setAttribute('aria-haspopup', 'true');
  end.append(addEnd);
  root.append(end);

  const revs = ctx.revs.get(doc);
  const blocks = [...root.querySelectorAll<HTMLElement>(':scope > [data-cms-block]')];
  startUnit(list, {
    debounceMs: ctx.debounceMs,
    transport: ctx.transport,
    revs,
    backup: ctx.backup,
    refresh() {
      ctx.refresh();
      void settle();
    },
  });
  await Promise.all(blocks.map((block) => mountBlock(block, revs)));
}

// The toolbar's icons, 16×16 paths drawn in the text colour (a font may lack the symbols).
const ICONS = {
  drag: 'M5 2h2v2H5zm4 0h2v2H9zM5 7h2v2H5zm4 0h2v2H9zm-4 5h2v2H5zm4 0h2v2H9z',
  up: 'M8 2 2.5 7.5h3.5V14h4V7.5h3.5z',
  down: 'M8 14l5.5-5.5H10V2H6v6.5H2.5z',
  duplicate: 'M5 1h9v10H5zm1.5 1.5v7h6v-7zM2 4h1.5v9.5H11V15H2z',
  remove: 'M3.5 2 8 6.5 12.5 2 14 3.5 9.5 8l4.5 4.5-1.5 1.5L8 9.5 3.5 14 2 12.5 6.5 8 2 3.5z',
  add: 'M7 2h2v5h5v2H9v5H7V9H2V7h5z',
} as const;

/** An icon, hidden from screen readers (the label beside it says the same). */
const icon = (name: keyof typeof ICONS) =>
  el('span', {
    className: 'lb-icon',
    ariaHidden: 'true',
    innerHTML: `<svg viewBox="0 0 16 16" width="14" height="14" focusable="false"><path fill="currentColor" fill-rule="evenodd" d="${ICONS[name]}"/></svg>`,
  });

/** A toolbar button: its icon and its label. */
function tool(name: keyof typeof ICONS, label: string, run: () => void): HTMLButtonElement {
  const control = button('', run);
  control.append(icon(name), label);
  return control;
}

/** The page as the site renders it now for this editor (edit mode: their draft), parsed, never run. */
async function renderedPage(): Promise<Document> {
  const response = await fetch(location.href, { headers: { accept: 'text/html' }, cache: 'no-store' });
  if (!response.ok) throw new Error(`the page answered ${response.status}`);
  return new DOMParser().parseFromString(await response.text(), 'text/html');
}

/** The session island of a fetched page: its sections fields and revisions. */
function sessionOf(page: Document): { sections?: Record<string, SectionsNote>; revs?: Record<string, Record<string, string>> } | null {
  try {
    return JSON.parse(page.getElementById('louise-session')?.textContent ?? 'null');
  } catch {
    return null;
  }
}

/** Offers Undo in the edit bar for a few seconds (one offer at a time). */
function offerUndo(text: string, undo: () => void): void {
  document.querySelector('#louise-bar .lb-undo')?.remove();
  const offer = el('div', { className: 'lb-panel lb-undo' }, el('span', { textContent: `${text} ` }));
  offer.setAttribute('role', 'status');
  const timer = setTimeout(() => offer.remove(), UNDO_MS);
  offer.append(
    button('Undo', () => {
      clearTimeout(timer);
      offer.remove();
      undo();
    }),
  );
  document.getElementById('louise-bar')?.prepend(offer);
}
