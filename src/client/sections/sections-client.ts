// The sections editor, its own chunk: mount-cms.ts imports it only on a page
// with a sections field (`data-cms-sections`). Each block gets a toolbar
// (drag, up, down, duplicate, delete with a confirmation and undo), a "+"
// under it opens the block picker to add a block there, and its fields
// become editable in place. The list's order saves as one field and each
// block field as its own, addressed by the block's id, through the same
// queues, statuses, backup and flush-on-leave as every other field.
import type { Backup } from '../core/backup.ts';
import type { DocRevs } from '../core/doc-revs.ts';
import { confirmAction } from '../core/confirm.ts';
import { button, el } from '../core/dom.ts';
import { icon, iconButton, type IconName } from '../core/icons.ts';
import type { MediaAccess } from '../fields/image-field.ts';
import { attachLinkField } from '../fields/link-field.ts';
import { attachEditors, startUnit } from '../core/start-unit.ts';
import { openBlockPicker, PICKER_CSS } from './block-picker.ts';
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
  document.head.append(el('style', { textContent: SECTIONS_CSS + PICKER_CSS }));
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
  /** Each block's controls whose state follows its place in the list. */
  const controls = new Map<string, { up: HTMLButtonElement; down: HTMLButtonElement; insert: HTMLButtonElement }>();
  /** The block just added: its first field gets the focus once it is shown as the site renders it. */
  let focusNew: string | null = null;
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
    ends();
  }

  /** Up is off on the first block and Down on the last (still focusable, saying why); the last block's "+" is the end's. */
  function ends(): void {
    const ids = order();
    for (const [id, { up, down, insert }] of controls) {
      const at = ids.indexOf(id);
      edge(up, at === 0, 'Up: already the first block');
      edge(down, at === ids.length - 1, 'Down: already the last block');
      insert.hidden = at === ids.length - 1;
    }
  }

  function placeholder(id: string, text: string, look?: HTMLElement): HTMLElement {
    const element = look ?? el('div', {}, el('p', { textContent: text }));
    element.classList.add('louise-block-pending');
    element.dataset.cmsBlock = id;
    element.setAttribute('aria-busy', 'true');
    const type = model.get(id)?.type;
    if (type) element.dataset.cmsBlockType = type;
    // It can hold the focus until the block is shown as the site renders it.
    element.tabIndex = -1;
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
        const active = document.activeElement;
        const hadFocus = old.contains(active) || active === document.body || active === null;
        old.replaceWith(block);
        await mountBlock(block, revs);
        if (focusNew === id) {
          focusNew = null;
          if (hadFocus) focusFirstField(block);
        }
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
    const insert = iconButton('plus', `Add block after ${typeLabel(block.dataset.cmsBlockType)}`, () => openPicker(insert, id), { label: 'hidden' });
    insert.className = 'louise-insert';
    insert.setAttribute('aria-haspopup', 'dialog');
    block.append(toolbar(block, id, insert), insert);
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
    ends();
  }

  /** Focuses the block's first field (in page order), else its first control. */
  function focusFirstField(block: HTMLElement): void {
    for (const field of block.querySelectorAll<HTMLElement>('[data-cms-field]')) {
      field.focus();
      if (document.activeElement === field) return;
    }
    block.querySelector<HTMLElement>('.louise-block-bar button')?.focus();
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

  function toolbar(block: HTMLElement, id: string, insert: HTMLButtonElement): HTMLElement {
    const label = typeLabel(block.dataset.cmsBlockType);
    const bar = el('div', { className: 'louise-block-bar', contentEditable: 'false' });
    bar.setAttribute('role', 'toolbar');
    bar.setAttribute('aria-label', `${label} block`);
    // A mouse affordance only: the keyboard and touch move blocks with Up and Down (Alt+↑, Alt+↓).
    const handle = el('span', { className: 'louise-drag', title: 'Drag to move', draggable: true, ariaHidden: 'true' }, icon('drag'));
    handle.addEventListener('dragstart', (event) => {
      dragging = id;
      event.dataTransfer?.setData('text/plain', label);
      if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
      block.classList.add('louise-dragging');
    });
    handle.addEventListener('dragend', () => {
      dragging = null;
      dropLine.hidden = true;
      block.classList.remove('louise-dragging');
    });
    const up = tool('up', 'Up', () => move(id, -1, up));
    const down = tool('down', 'Down', () => move(id, 1, down));
    up.setAttribute('aria-keyshortcuts', 'Alt+ArrowUp');
    down.setAttribute('aria-keyshortcuts', 'Alt+ArrowDown');
    controls.set(id, { up, down, insert });
    const lists = Object.entries(note.types[block.dataset.cmsBlockType ?? '']?.fields ?? {}).filter(([, field]) => field.type === 'list');
    const items = lists.map(([name, field]) => tool('plus', `Add ${field.label.toLowerCase()}`, () => void changeItems(id, name, null)));
    bar.append(
      handle,
      ...items,
      up,
      down,
      tool('copy', 'Duplicate', () => duplicate(id)),
      tool('discard', 'Delete', () => void remove(id)),
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
    for (const node of look.querySelectorAll('[data-cms-field],[contenteditable],.louise-block-bar,.louise-insert,.louise-link-box')) {
      if (node.matches('.louise-block-bar,.louise-insert,.louise-link-box')) node.remove();
      else for (const name of ['data-cms-field', 'contenteditable', 'data-cms-state', 'tabindex', 'role']) node.removeAttribute(name);
    }
    const ids = order();
    ids.splice(ids.indexOf(id) + 1, 0, copy.id);
    placeholder(copy.id, '', look);
    arrange(ids);
    commit(true);
  }

  async function remove(id: string): Promise<void> {
    const label = typeLabel(model.get(id)?.type);
    const sure = await confirmAction({
      title: `Delete the ${label} block?`,
      body: 'It leaves this page, with its text. Visitors see the change once you publish; Undo in the bar brings it back for a few seconds.',
      action: 'Delete block',
      tone: 'danger',
    });
    if (!sure) return;
    const ids = order();
    const at = ids.indexOf(id);
    // What was typed into the block lands first, so Undo brings back the newest text.
    await Promise.all((fieldsOf.get(id) ?? []).map((unit) => unit.queue?.flush()));
    arrange(ids.filter((other) => other !== id));
    commit();
    // The focus goes to the next block's first control (the last block's: the end's Add block).
    const next = elements.get(order()[at] ?? '')?.querySelector<HTMLElement>('.louise-block-bar button') ?? addEnd;
    offerUndo(`Deleted the ${label} block.`, () => {
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
    focusNew = block.id;
    arrange(ids);
    elements.get(block.id)?.focus();
    commit(true);
  }

  /** The picker of declared block types, by `opener`; the chosen type is added after block `after` (null: at the end). */
  function openPicker(opener: HTMLElement, after: string | null): void {
    openBlockPicker(opener, note.types, (type) => add(type, after));
  }

  let dragging: string | null = null;
  /** Where a dragged block would land: before or after the block under the pointer (null over itself or outside). */
  const dropPlace = (event: DragEvent) => {
    const over = (event.target as Element | null)?.closest<HTMLElement>('[data-cms-block]');
    if (!dragging || !over || over.parentElement !== root || over.dataset.cmsBlock === dragging) return null;
    const box = over.getBoundingClientRect();
    return { over, box, after: event.clientY > box.top + box.height / 2 };
  };
  // The line where the block will land, drawn over the page while dragging.
  const dropLine = el('div', { className: 'louise-drop-line', hidden: true });
  dropLine.setAttribute('aria-hidden', 'true');
  document.body.append(dropLine);
  root.addEventListener('dragover', (event) => {
    if (!dragging) return;
    event.preventDefault();
    const place = dropPlace(event);
    dropLine.hidden = !place;
    if (place)
      Object.assign(dropLine.style, { top: `${place.after ? place.box.bottom : place.box.top}px`, left: `${place.box.left}px`, width: `${place.box.width}px` });
  });
  root.addEventListener('dragleave', (event) => {
    if (!(event.relatedTarget instanceof Node && root.contains(event.relatedTarget))) dropLine.hidden = true;
  });
  root.addEventListener('drop', (event) => {
    const place = dropPlace(event);
    dropLine.hidden = true;
    if (!place || !dragging) return;
    event.preventDefault();
    const ids = order().filter((id) => id !== dragging);
    ids.splice(ids.indexOf(place.over.dataset.cmsBlock ?? '') + (place.after ? 1 : 0), 0, dragging);
    arrange(ids);
    commit();
  });

  const addEnd = tool('plus', 'Add block', () => openPicker(addEnd, null));
  addEnd.setAttribute('aria-haspopup', 'dialog');
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

/** A toolbar button: its icon and its label (on a phone, its accessible name and tooltip only). */
const tool = (name: IconName, label: string, run: () => void): HTMLButtonElement => iconButton(name, label, run);

/** A move that cannot happen here: the button stays focusable (focus must not drop after a move to the end) and says why. */
function edge(control: HTMLButtonElement, off: boolean, why: string): void {
  control.setAttribute('aria-disabled', String(off));
  control.title = off ? why : (control.textContent ?? '');
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
