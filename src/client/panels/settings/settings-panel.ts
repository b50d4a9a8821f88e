// The site settings panel: a modal dialog with one control per setting the
// route declares, saving each changed setting on its own as the editor types.
// Its own chunk: panel-open.ts imports it when Settings opens it.
import { button, el } from '../../core/dom.ts';
import { panelFrame, restoreFocus } from '../panel-frame.ts';
import { createSettingsApi, PUBLISH_ONLY, type SettingField, settingText, settingValue } from './settings-api.ts';
import { type Control, settingControl } from './settings-controls.ts';
import { createSettingsSession, type SettingsSession } from './settings-session.ts';
import { $status } from '../../core/status.ts';

/** Options of `openSettingsPanel`. */
export interface SettingsPanelOptions {
  apiBase: string;
  fetch?: typeof fetch;
  /** The editor may not publish, so may not change settings: the panel shows them with disabled controls. */
  readOnly?: boolean;
  /** Idle pause before a changed setting saves (default 800 ms). */
  debounceMs?: number;
}

const ID = 'louise-settings';

const CSS = `
#louise-settings{width:min(44rem,calc(100vw - 2rem))}
#louise-settings .ls-field{padding:.75rem 0;border-bottom:1px solid #3f3f46}
#louise-settings .ls-field:last-child{border-bottom:0}
#louise-settings :is(input,textarea){width:100%}
#louise-settings textarea{resize:vertical}
#louise-settings .ls-json{font:13px/1.4 ui-monospace,monospace}
#louise-settings fieldset{margin:0;padding:.5rem .75rem;border:1px solid #52525b;border-radius:4px}
#louise-settings legend{padding:0 .25rem;font-weight:600}
#louise-settings .ls-links{margin:0 0 .5rem;padding:0;list-style:none}
#louise-settings .ls-link{display:grid;grid-template-columns:1fr 2fr;gap:0 .5rem;margin:.5rem 0;padding:.5rem;border:1px solid #3f3f46;border-radius:4px}
#louise-settings .ls-link .lm-row{grid-column:1/-1}
#louise-settings .ls-image{display:flex;flex-wrap:wrap;gap:1rem;align-items:flex-start}
#louise-settings .ls-image img{width:10rem;height:6rem;object-fit:contain;background:#3f3f46}
#louise-settings .ls-note{min-height:1.2em;margin-top:.25rem}
#louise-settings :is([data-state=invalid],[data-state=error],[data-state=held],[data-state=conflict]) .ls-note{color:#fecaca;font-weight:600}
#louise-settings .lm-warn{margin:.5rem 0}
#louise-settings q{color:#e4e4e7}
`;

/**
 * Opens the site settings as a modal dialog named "Site settings" and
 * resolves once it is closed. Each changed setting saves on its own after
 * the idle pause; Close and Escape save what is pending first and ask
 * before dropping anything that cannot be saved. The focus goes into the
 * panel and back to where it was (the Settings button) on close. Only one
 * is open at a time.
 *
 * @example
 * await openSettingsPanel({ apiBase: '/api/cms', readOnly: !access.publish });
 */
export function openSettingsPanel(options: SettingsPanelOptions): Promise<void> {
  if (document.getElementById(ID)) return Promise.resolve();
  const opener = document.activeElement;
  let session: SettingsSession | null = null;
  let closing = false;
  let dropped = false;
  const controls: Control[] = [];
  const { dialog, body, status, say, closer } = panelFrame(ID, 'Site settings', CSS, () => void requestClose());
  const note = el('p', { className: 'lm-warn', textContent: PUBLISH_ONLY, hidden: true, tabIndex: -1 });
  const list = el('div', { className: 'ls-fields' });
  body.append(note, status, list);

  const readOnly = () => {
    if (!note.hidden) return;
    note.hidden = false;
    const hadFocus = list.contains(document.activeElement);
    for (const control of controls) control.disable();
    if (hadFocus) note.focus();
  };

  /** Close and Escape: save what is pending first; what cannot be saved is dropped only when the editor says so. */
  async function requestClose(): Promise<void> {
    if (closing) return;
    if (session?.unsaved()) {
      closing = true;
      const saved = await session.flush();
      closing = false;
      if (!saved) {
        if (!confirm('Some settings are not saved: the panel says why next to each. Close anyway and lose those changes?')) return;
        dropped = true;
      }
    }
    dialog.close();
  }

  dialog.addEventListener('cancel', (event) => {
    event.preventDefault();
    void requestClose();
  });
  const guard = (event: BeforeUnloadEvent) => {
    if (session?.unsaved()) event.preventDefault();
  };
  const retry = () => session?.retry();
  // The bar's status line is behind the modal: the panel shows the same statuses in its own.
  const unlisten = $status.listen(({ tone, text }) => say(text, tone === 'problem' ? 'problem' : undefined));

  return new Promise((resolve) => {
    dialog.addEventListener('close', () => {
      // Closed some other way (the browser closes a dialog on a second Escape): what is pending still saves, and the bar says how it went.
      if (session?.unsaved() && !dropped) void session.flush();
      unlisten();
      removeEventListener('beforeunload', guard);
      removeEventListener('online', retry);
      restoreFocus(dialog, opener);
      resolve();
    });
    addEventListener('beforeunload', guard);
    addEventListener('online', retry);
    document.body.append(dialog);
    dialog.showModal();
    say('Loading the settings…');
    void load();
  });

  async function load(): Promise<void> {
    const api = createSettingsApi(options);
    const loaded = await api.load();
    if (!dialog.open) return;
    if (!loaded.ok) return say(`The settings could not load: ${loaded.message} Close this panel and press Settings to try again.`, 'problem');
    const { settings, revs, fields } = loaded.value;
    if (fields.length === 0) return say('This site declares no settings to edit here.');
    const values = Object.fromEntries(fields.map((field) => [field.key, settingValue(settings, field)]));
    const views = new Map<string, (key: string) => void>();
    session = createSettingsSession({
      fields,
      values,
      revs,
      save: api.save,
      ...(options.debounceMs === undefined ? {} : { debounceMs: options.debounceMs }),
      onChange(key) {
        views.get(key)?.(key);
        const now = session?.status();
        if (now) $status.set(now);
      },
      onForbidden: readOnly,
    });
    const live = session;
    list.replaceChildren(
      ...fields.map((field, index) => {
        const row = fieldRow(field, `${ID}-f${index}`, values[field.key], live, options);
        controls.push(row.control);
        views.set(field.key, row.refresh);
        return row.element;
      }),
    );
    if (options.readOnly) readOnly();
    say(options.readOnly ? 'Shown read-only.' : 'Changes save as you type.');
    // Into the first setting, unless the editor already moved on from where showModal put the focus.
    if (!options.readOnly && document.activeElement === closer) list.querySelector<HTMLElement>('input,textarea,button')?.focus();
  }
}

/** One setting: its control, the note next to it and, after a 409, the choice between the two values. */
function fieldRow(field: SettingField, id: string, value: unknown, session: SettingsSession, options: SettingsPanelOptions) {
  const { key, kind, label } = field;
  const noteId = `${id}-note`;
  const media = { apiBase: options.apiBase, ...(options.fetch ? { fetch: options.fetch } : {}) };
  const control = settingControl({
    field,
    value,
    noteId,
    media,
    edit: (next) => session.edit(key, next),
    hold: (reason) => session.hold(key, reason),
  });
  const noteLine = el('p', { className: 'lm-facts ls-note', id: noteId });
  const choice = el('div', { className: 'lm-warn', hidden: true });
  choice.setAttribute('role', 'group');
  // Not named after the setting: `getByLabel(label)` and screen readers' form lists should find the control alone.
  choice.setAttribute('aria-label', 'Changed by someone else');
  let shown: unknown;
  const element = el('div', { className: 'ls-field' }, control.element, noteLine, choice);
  element.dataset.key = key;
  element.dataset.kind = kind;
  element.dataset.state = 'idle';
  // Leaving a setting saves it at once, as leaving a field on the page does.
  element.addEventListener('focusout', (event) => {
    if (!element.contains(event.relatedTarget as Node | null)) void session.flushKey(key);
  });

  const refresh = () => {
    const view = session.view(key);
    element.dataset.state = view.mark;
    noteLine.textContent = view.note;
    const conflict = view.mark === 'conflict';
    choice.hidden = !conflict;
    // Rebuilt only when their value changes: rebuilding on every refresh would drop the focus from a choice button.
    if (!conflict || shown === view.theirs) return;
    shown = view.theirs;
    const take = button('Take theirs', () => {
      control.set(session.takeTheirs(key));
      shown = undefined;
      element.querySelector<HTMLElement>('input,textarea,button')?.focus();
    });
    choice.replaceChildren(
      el('p', {}, el('strong', { textContent: label }), ' was changed by someone else while you edited it.'),
      el('p', {}, 'Theirs: ', el('q', { textContent: settingText(kind, view.theirs) })),
      el('p', {}, 'Yours: ', el('q', { textContent: settingText(kind, session.value(key)) })),
      el(
        'div',
        { className: 'lm-row' },
        button('Keep mine', () => {
          shown = undefined;
          void session.keepMine(key);
          element.querySelector<HTMLElement>('input,textarea,button')?.focus();
        }),
        take,
      ),
    );
  };
  return { element, control, refresh };
}
