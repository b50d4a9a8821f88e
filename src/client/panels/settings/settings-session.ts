// The settings panel's save flow, without the DOM: one save queue per key
// (save-queue.ts, the same queue the page's fields use), so each changed key
// goes out alone after the idle pause with its own `$base`, a 409 waits for
// the editor's choice and nothing typed is reverted by an answer.
import { createSaveQueue, type SaveQueue } from '../../core/save-queue.ts';
import type { SettingField, SettingSave } from './settings-api.ts';
import type { Status } from '../../core/status.ts';

/** Where one setting's saving stands (the panel's `data-state` on the field). */
export type FieldMark = 'idle' | 'dirty' | 'saving' | 'saved' | 'held' | 'invalid' | 'error' | 'conflict';

/** What the panel shows next to one field. */
export interface FieldView {
  mark: FieldMark;
  /** The sentence next to the field; '' when there is nothing to say. */
  note: string;
  /** `conflict`: the value stored now (theirs). */
  theirs?: unknown;
}

export interface SettingsSessionOptions {
  fields: readonly SettingField[];
  /** Each key's value as loaded. */
  values: Readonly<Record<string, unknown>>;
  /** Each key's revision as loaded: the `$base` of its first save. */
  revs: Readonly<Record<string, string>>;
  /** Saves one key (settings-api.ts `save`). */
  save(key: string, value: unknown, base: string | null): Promise<SettingSave>;
  /** Idle pause before a changed key saves (default 800 ms). */
  debounceMs?: number;
  /** A key's state changed. */
  onChange?(key: string): void;
  /** The route answered 403: this editor may not change settings. */
  onForbidden?(message: string): void;
}

interface Entry {
  field: SettingField;
  queue: SaveQueue;
  /** Why the text typed last cannot be sent (not valid JSON), or null. */
  held: string | null;
  /** The last failure was the route refusing the value (422) or the editor (403): sending it again would fail again. */
  refused: boolean;
}

export type SettingsSession = ReturnType<typeof createSettingsSession>;

/**
 * The save flow of the settings panel. `edit(key, value)` records a value
 * and saves it after the idle pause: one PATCH per changed key, carrying the
 * key's revision; each answer's revision becomes that key's next base (and
 * only that key's: another key's newer revision in the answer would hide a
 * conflict on it).
 *
 * @example
 * const session = createSettingsSession({ fields, values, revs, save: api.save, onChange: redraw });
 * session.edit('siteName', 'Louise');
 */
export function createSettingsSession(options: SettingsSessionOptions) {
  const entries = new Map<string, Entry>();
  let touched = false;
  for (const field of options.fields) {
    const { key } = field;
    const entry: Entry = {
      field,
      held: null,
      refused: false,
      queue: createSaveQueue({
        initial: options.values[key],
        debounceMs: options.debounceMs ?? 800,
        send: async (value, base) => {
          const outcome = await options.save(key, value, base);
          entry.refused = outcome.kind === 'invalid' || outcome.kind === 'forbidden';
          if (outcome.kind === 'forbidden') options.onForbidden?.(outcome.message);
          if (outcome.kind === 'saved') return { kind: 'saved', rev: outcome.rev, versionId: null };
          if (outcome.kind === 'conflict') return outcome;
          return { kind: 'failed', message: outcome.message };
        },
        onChange: () => options.onChange?.(key),
      }),
    };
    entry.queue.setBase(options.revs[key] ?? null);
    entries.set(key, entry);
  }
  const entry = (key: string): Entry => {
    const found = entries.get(key);
    if (!found) throw new Error(`No setting "${key}" in this panel.`);
    return found;
  };
  const all = () => [...entries.values()];
  const unsavedEntry = (e: Entry) => e.held !== null || e.queue.state.dirty || e.queue.state.saving;

  return {
    /** The newest value of `key` (what the editor typed last that could be sent). */
    value: (key: string): unknown => entry(key).queue.value,
    /** Records a new value of `key`; it saves after the idle pause. */
    edit(key: string, value: unknown): void {
      const e = entry(key);
      touched = true;
      e.held = null;
      e.queue.edit(value);
    },
    /**
     * The editor typed something that cannot be sent (JSON that does not
     * parse): nothing is sent and the field counts as unsaved until an edit
     * that can be sent. `reason` says why, in words.
     */
    hold(key: string, reason: string): void {
      entry(key).held = reason;
      touched = true;
      options.onChange?.(key);
    },
    /** Saves `key` now instead of after the pause; true once it is saved. */
    flushKey: (key: string): Promise<boolean> => entry(key).queue.flush(),
    /** Saves every changed key now; true when nothing is left unsaved. */
    async flush(): Promise<boolean> {
      await Promise.all(all().map((e) => e.queue.flush()));
      return !all().some(unsavedEntry);
    },
    /** Keep mine: sends the editor's value again over the revision the 409 showed. */
    keepMine: (key: string): Promise<boolean> => entry(key).queue.keepMine(),
    /** Take theirs: drops the editor's value for the stored one; returns it, to show in the field. */
    takeTheirs(key: string): unknown {
      const e = entry(key);
      e.held = null;
      return e.queue.reload();
    },
    /** Saves that failed for a reason other than the value (the connection) go again. */
    retry(): void {
      for (const e of all()) if (!e.refused) e.queue.retry();
    },
    /** True while a key has an edit not yet saved, a save in flight or text that cannot be sent. */
    unsaved: (): boolean => all().some(unsavedEntry),
    /** What the panel shows next to `key`. */
    view: (key: string): FieldView => viewOf(entry(key)),
    /**
     * The status line for the whole panel, worded as the edit bar words it: a
     * problem first, then Saving…, then Saved, then no unsaved changes; null
     * before the editor changed anything.
     */
    status(): Status | null {
      const views = all().map((e) => [e.field.label, viewOf(e)] as const);
      for (const [label, view] of views) {
        if (view.mark === 'conflict') return { tone: 'problem', text: `${label} was changed by someone else: choose Keep mine or Take theirs.` };
        if (view.mark === 'held' || view.mark === 'invalid') return { tone: 'problem', text: `${label}: ${view.note}` };
        if (view.mark === 'error') return { tone: 'problem', text: view.note };
      }
      if (views.some(([, view]) => view.mark === 'saving' || view.mark === 'dirty')) return { tone: 'busy', text: 'Saving…' };
      if (views.some(([, view]) => view.mark === 'saved')) return { tone: 'ok', text: 'Saved' };
      // Edited back to what is stored: "Saving…" must not stay up.
      return touched ? { tone: 'idle', text: 'No unsaved changes.' } : null;
    },
  };
}

function viewOf(e: Entry): FieldView {
  const s = e.queue.state;
  if (s.conflict) return { mark: 'conflict', note: 'Someone else changed this while you edited it: keep yours or take theirs.', theirs: s.conflict.value };
  if (e.held !== null) return { mark: 'held', note: e.held };
  if (s.saving) return { mark: 'saving', note: 'Saving…' };
  if (s.error && s.dirty && e.refused) return { mark: 'invalid', note: `Not saved: ${s.error}` };
  if (s.error && s.dirty) return { mark: 'error', note: `Not saved: ${s.error} Your text is kept and saves on your next edit or when the connection returns.` };
  if (s.dirty) return { mark: 'dirty', note: 'Saving…' };
  return s.saves > 0 ? { mark: 'saved', note: 'Saved' } : { mark: 'idle', note: '' };
}
