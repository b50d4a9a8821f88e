import type { Backup } from './backup.ts';
import { attachImageField, type MediaAccess } from '../fields/image-field.ts';
import { attachMarkdownField } from '../fields/markdown-field.ts';
import type { MarkdownSource } from '../fields/markdown-note.ts';
import { attachPlainField } from '../fields/plain-field.ts';
import { attachRichField } from '../fields/rich-field.ts';
import { same } from './same-value.ts';
import { createSaveQueue, type SaveQueue } from './save-queue.ts';
import type { Transport } from './transport.ts';
import { unitValue, type Unit } from './units.ts';

/**
 * Mounts each part's editor (plain text, rich text, Markdown or image; `media` says where images are uploaded and
 * picked; `markdown` holds the Markdown regions' sources by marker), sending every input to the unit's queue.
 */
export function attachEditors(unit: Unit, autoSave: boolean, media: MediaAccess, markdown: Readonly<Record<string, MarkdownSource>> = {}): Promise<unknown> {
  const attach = unit.parts.map(async (part) => {
    const onInput = () => unit.queue?.edit(unitValue(unit));
    if (part.kind === 'image') part.editor = attachImageField(part.el, onInput, media);
    // A Markdown region edits the island's Markdown, never the HTML the page shows (markdown-field.ts).
    else if (part.kind === 'markdown') part.editor = attachMarkdownField(part.el, onInput, media, markdown[unit.target.marker]);
    // A rich field is armed: its editor mounts on first focus or pointer-over (rich-field.ts).
    else part.editor = part.kind === 'rich' ? attachRichField(part.el, onInput, media) : attachPlainField(part.el, onInput);
    part.el.addEventListener('focusout', () => autoSave && void unit.queue?.flush());
    // A field inside a link (the site name) must not navigate while being edited.
    part.el.addEventListener('click', (event) => part.el.closest('a') && event.preventDefault());
  });
  return Promise.all(attach);
}

export interface StartDeps {
  debounceMs: number | false;
  transport: Transport;
  /** The revisions of a drafts unit's document, which its saves wait for. */
  revs: Promise<Record<string, string>> | undefined;
  backup: Backup;
  refresh(): void;
}

/** Gives a unit whose editors loaded its save queue, and picks up an unsaved copy an earlier visit left. */
export function startUnit(unit: Unit, deps: StartDeps): void {
  const { target } = unit;
  const base = deps.revs;
  const queue = createSaveQueue({
    initial: unitValue(unit),
    debounceMs: deps.debounceMs,
    // Keepalive bodies are capped at 64 KiB: a field near that saves at once, not at unload.
    eagerChars: 20_000,
    send: (value, rev, keepalive) => deps.transport.save(target, value, rev, keepalive),
    ...(base ? { ready: base.then((map) => queue.setBase(map[target.field] ?? null)) } : {}),
    onChange: () => {
      remember(unit, queue, deps.backup);
      deps.refresh();
    },
  });
  unit.queue = queue;
  // A copy equal to what the page shows was saved after all (a keepalive save lands unseen).
  const earlier = deps.backup.read(unit.id);
  if (earlier && !same(earlier.value, queue.value)) unit.earlier = earlier;
  else if (earlier) deps.backup.drop(unit.id);
}

/** Keeps the browser's copy of an unsaved field current, and drops it once saved. */
function remember(unit: Unit, queue: SaveQueue, backup: Backup): void {
  if (queue.state.dirty) {
    if (unit.kept === undefined || !same(unit.kept, queue.value)) backup.keep(unit.id, queue.value);
    unit.kept = queue.value;
  } else if (unit.kept !== undefined) {
    backup.drop(unit.id);
    unit.kept = undefined;
  }
}
