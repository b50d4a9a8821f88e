import { createBackup, browserStorage, type KeptEdit } from './backup.ts';
import { barActions } from './bar-actions.ts';
import type { ChoiceView } from './choices-panel.ts';
import { createEditBar } from './edit-bar.ts';
import { parseMarker } from './marker.ts';
import { watchPage } from './page-lifecycle.ts';
import { resolveOptions, type MountOptions } from './options.ts';
import { attachPlainField, type FieldEditor } from './plain-field.ts';
import { attachRichField } from './rich-field.ts';
import { same } from './same-value.ts';
import { createSaveQueue, type SaveQueue } from './save-queue.ts';
import { $status, IDLE, type StatusTone } from './status.ts';
import { CSS } from './styles.ts';
import { createTransport, type SaveTarget } from './transport.ts';

/** What `mountCms` returns on a page with markers. */
export interface CmsHandle {
  /** Resolves once every field is editable (rich-text fields load their editor first). */
  ready: Promise<void>;
  /** Saves every pending edit now; resolves when nothing is in flight. */
  flush(): Promise<void>;
  /** True while an edit is unsaved or a save is in flight. */
  unsaved(): boolean;
}

interface Part {
  el: HTMLElement;
  index: number | null;
  rich: boolean;
  editor?: FieldEditor;
}

interface Unit {
  /** `collection:key:field`: names the unit's backup copy. */
  id: string;
  target: SaveTarget;
  label: string;
  parts: Part[];
  queue?: SaveQueue;
  saves: number;
  /** The value in the backup copy, while the field is unsaved. */
  kept?: unknown;
  /** Unsaved text an earlier visit left, until the editor restores or discards it. */
  earlier?: KeptEdit | undefined;
}

const text = (value: unknown): string =>
  Array.isArray(value) ? value.map(text).join(' / ') : new DOMParser().parseFromString(String(value ?? ''), 'text/html').body.textContent ?? '';

/**
 * Makes every `data-cms-field` marker on the page editable in place and
 * mounts the edit bar. Safe on every page: with no markers it does nothing
 * and returns null.
 *
 * @example
 * mountCms({ autoSave: { debounceMs: 500 }, access: { publish: true } });
 */
export function mountCms(input?: MountOptions): CmsHandle | null {
  const options = resolveOptions(input);
  const units = new Map<string, Unit>();
  for (const el of document.querySelectorAll<HTMLElement>('[data-cms-field]')) {
    const marker = parseMarker(el.dataset.cmsField ?? '');
    if (!marker) {
      console.warn(`louise: ignoring malformed marker "${el.dataset.cmsField}" (expected <collection>:<key>:<field>).`);
      continue;
    }
    const versioned = options.versioned.has(marker.collection);
    // Items of one stored list share a queue: saved one by one, they would conflict with each other.
    const field = versioned ? marker.root : marker.field;
    const id = `${marker.collection}:${marker.key}:${field}`;
    let unit = units.get(id);
    if (!unit) {
      unit = { id, target: { collection: marker.collection, key: marker.key, field, marker: marker.raw, versioned }, label: el.dataset.cmsLabel ?? field, parts: [], saves: 0 };
      units.set(id, unit);
    }
    unit.parts.push({ el, index: versioned ? marker.index : null, rich: el.dataset.cmsType === 'richtext' });
  }
  if (units.size === 0) return null;

  const style = document.createElement('style');
  style.textContent = CSS;
  document.head.append(style);

  const backup = createBackup(browserStorage());
  let keepaliveRefused: string | null = null;
  let lastVersioned = false;
  let leaving = false;
  const transport = createTransport({
    apiBase: options.apiBase,
    fetch: options.fetch,
    onKeepaliveRefused: (target) => {
      keepaliveRefused = `${target.field} is too large to save while the page closes: stay on the page until it says saved.`;
      refresh();
    },
  });

  // Field revisions of each versioned document, the `$base` of its draft saves.
  const revs = new Map<string, Promise<Record<string, string>>>();
  const docOf = (t: SaveTarget) => `${t.collection}:${t.key}`;
  for (const unit of units.values()) {
    const { target } = unit;
    if (!target.versioned || revs.has(docOf(target))) continue;
    const rendered = options.revs[docOf(target)];
    if (rendered) {
      revs.set(docOf(target), Promise.resolve({ ...rendered }));
      continue;
    }
    revs.set(
      docOf(target),
      transport.revs(target.collection, target.key).then((answer) => {
        if (answer.ok) return answer.value;
        console.warn(`louise: field revisions of ${docOf(target)} did not load (${answer.message}); saves go unchecked.`);
        return {};
      }),
    );
  }

  const valueOf = (unit: Unit): unknown => {
    const list = unit.parts.some((part) => part.index !== null);
    if (!list) return unit.parts[0]?.editor?.get() ?? '';
    return [...unit.parts].sort((a, b) => (a.index ?? 0) - (b.index ?? 0)).map((part) => part.editor?.get() ?? '');
  };
  const apply = (unit: Unit, value: unknown) => {
    if (!Array.isArray(value)) return unit.parts[0]?.editor?.set(String(value ?? ''));
    for (const part of unit.parts) part.editor?.set(String(value[part.index ?? 0] ?? ''));
  };

  const all = () => [...units.values()].filter((unit) => unit.queue);
  const unsaved = () => all().some((unit) => unit.queue!.state.dirty || unit.queue!.state.saving);
  const flush = async () => void (await Promise.all(all().map((unit) => unit.queue!.flush())));
  const say = (tone: StatusTone, text: string) => $status.set({ tone, text });

  function refresh() {
    let saving = false;
    let problem: string | null = null;
    const choices: ChoiceView[] = [];
    for (const unit of all()) {
      const queue = unit.queue!;
      const s = queue.state;
      if (s.saves > unit.saves) {
        unit.saves = s.saves;
        lastVersioned = unit.target.versioned;
      }
      const mark = s.conflict ? 'conflict' : s.locked ? 'locked' : s.error ? 'error' : s.saving ? 'saving' : s.dirty ? 'dirty' : '';
      for (const { el } of unit.parts) {
        if (mark) el.dataset.cmsState = mark;
        else delete el.dataset.cmsState;
      }
      saving ||= s.saving || (s.dirty && options.debounceMs !== false);
      const earlier = unit.earlier;
      if (earlier) {
        choices.push({
          kind: 'unsaved',
          label: unit.label,
          mine: text(earlier.value),
          theirs: text(queue.value),
          at: earlier.at,
          keepMine: () => {
            unit.earlier = undefined;
            apply(unit, earlier.value);
            queue.edit(earlier.value);
          },
          takeTheirs: () => {
            unit.earlier = undefined;
            if (!queue.state.dirty) backup.drop(unit.id);
            refresh();
          },
        });
      }
      if (s.conflict) {
        const conflict = s.conflict;
        choices.push({
          kind: 'conflict',
          label: unit.label,
          mine: text(queue.value),
          theirs: text(conflict.value),
          keepMine: () => void queue.keepMine(),
          takeTheirs: () => apply(unit, queue.reload()),
        });
        problem ??= `${unit.label} was changed by someone else: choose Keep mine or Reload.`;
      } else if (s.locked) problem ??= `${unit.label} is being edited by someone else. Your text is kept here but not saved; edit it again to retry.`;
      else if (s.error) problem ??= `Not saved: ${s.error} Your text is kept and saves on your next edit or when the connection returns.`;
      else if (earlier) problem ??= `${unit.label} has unsaved text from earlier: choose Restore mine or Discard mine.`;
    }
    bar.showChoices(choices);
    if (!unsaved()) keepaliveRefused = null;
    if (problem ?? keepaliveRefused) say('problem', (problem ?? keepaliveRefused)!);
    else if (saving) say('busy', 'Saving…');
    else if (all().some((unit) => unit.queue!.state.dirty)) say('busy', 'Unsaved changes: press Save.');
    else if (all().some((unit) => unit.saves > 0)) say('ok', lastVersioned ? 'Draft saved' : 'Saved');
    else say('idle', IDLE);
  }

  const versionedDoc = [...units.values()].find((unit) => unit.target.versioned)?.target;
  const actions = barActions({
    transport,
    doc: versionedDoc,
    editParam: options.editParam,
    manual: options.debounceMs === false,
    publish: options.publish,
    flush,
    unsaved,
    say,
    leave: () => (leaving = true),
    refresh: () => refresh(),
  });
  const bar = createEditBar(actions);

  const start = (unit: Unit) => {
    const { target } = unit;
    const base = target.versioned ? revs.get(docOf(target)) : undefined;
    const queue = createSaveQueue({
      initial: valueOf(unit),
      debounceMs: options.debounceMs,
      // Keepalive bodies are capped at 64 KiB: a field near that saves at once, not at unload.
      eagerChars: 20_000,
      send: (value, rev, keepalive) => transport.save(target, value, rev, keepalive),
      ...(base ? { ready: base.then((map) => queue.setBase(map[target.field] ?? null)) } : {}),
      onChange: () => {
        remember(unit, queue);
        refresh();
      },
    });
    unit.queue = queue;
    // A copy equal to what the page shows was saved after all (a keepalive save lands unseen).
    const earlier = backup.read(unit.id);
    if (earlier && !same(earlier.value, queue.value)) unit.earlier = earlier;
    else if (earlier) backup.drop(unit.id);
  };

  /** Keeps the browser's copy of an unsaved field current, and drops it once saved. */
  const remember = (unit: Unit, queue: SaveQueue) => {
    if (queue.state.dirty) {
      if (unit.kept === undefined || !same(unit.kept, queue.value)) backup.keep(unit.id, queue.value);
      unit.kept = queue.value;
    } else if (unit.kept !== undefined) {
      backup.drop(unit.id);
      unit.kept = undefined;
    }
  };

  const loading: Promise<unknown>[] = [];
  for (const unit of units.values()) {
    const attach = unit.parts.map(async (part) => {
      const onInput = () => unit.queue?.edit(valueOf(unit));
      part.editor = part.rich ? await attachRichField(part.el, onInput) : attachPlainField(part.el, onInput);
      part.el.addEventListener('focusout', () => options.debounceMs !== false && void unit.queue?.flush());
      // A field inside a link (the site name) must not navigate while being edited.
      part.el.addEventListener('click', (event) => part.el.closest('a') && event.preventDefault());
    });
    loading.push(
      Promise.all(attach).then(
        () => start(unit),
        (error: unknown) => say('problem', `The editor for ${unit.label} could not load (${String(error)}). Reload the page to try again.`),
      ),
    );
  }
  const ready = Promise.all(loading).then(() => {
    if (all().some((unit) => unit.earlier)) refresh();
    document.dispatchEvent(new CustomEvent('cms:ready'));
  });

  watchPage({ autoSave: options.debounceMs !== false, queues: () => all().map((unit) => unit.queue!), unsaved, leaving: () => leaving });

  return { ready, flush, unsaved };
}
