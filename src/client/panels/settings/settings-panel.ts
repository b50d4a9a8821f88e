// The site settings panel: a modal dialog with one control per setting the
// route declares, saving each changed setting on its own as the editor types.
// Settings are drafts, like a page: the panel says whether there is a draft
// ("Draft · 2 changes") or not ("Published"), and offers Publish (publish
// right only), Discard and History; the page shows a draft value as it is
// typed (elements marked `data-cms-setting`), visitors the published one.
// Its own chunk: panel-open.ts imports it when Settings opens it.
import { confirmAction } from '../../core/confirm.ts';
import { button, el } from '../../core/dom.ts';
import { panelFrame, restoreFocus } from '../panel-frame.ts';
import {
  createSettingsApi,
  NOT_ALLOWED,
  PUBLISH_ONLY,
  type SettingField,
  type SettingsDraft,
  type SettingsVersion,
  settingText,
  settingValue,
} from './settings-api.ts';
import { type Control, settingControl } from './settings-controls.ts';
import { createSettingsSession, type SettingsSession } from './settings-session.ts';
import { $status } from '../../core/status.ts';

/** Options of `openSettingsPanel`. */
export interface SettingsPanelOptions {
  apiBase: string;
  fetch?: typeof fetch;
  /** The editor may not publish: they save settings as a draft, and the panel offers no Publish. */
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
#louise-settings .ls-draft{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;margin:0 0 .5rem;padding:.5rem 0;border-bottom:1px solid #3f3f46}
#louise-settings .ls-state{margin:0 auto 0 0;padding:.15rem .6rem;border-radius:999px;background:#3f3f46;font-weight:600}
#louise-settings .ls-state[data-draft]{background:#fbbf24;color:#18181b}
#louise-settings .ls-publish{background:#4f46e5;border-color:#4f46e5;color:#fff}
#louise-settings .ls-history{margin:0 0 .5rem;padding:0;list-style:none}
#louise-settings .ls-history li{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;justify-content:space-between;padding:.4rem 0;border-bottom:1px solid #3f3f46}
`;

/** Words for the settings' draft state: "Published", or "Draft · 1 change". */
export function draftWords(draft: SettingsDraft | null): string {
  if (!draft || draft.changed.length === 0) return 'Published';
  return `Draft · ${draft.changed.length} ${draft.changed.length === 1 ? 'change' : 'changes'}`;
}

/** Shows a setting's value in the page's elements marked with it (`data-cms-setting`), unless one is being edited in place. */
function preview(key: string, value: unknown): void {
  if (typeof value !== 'string') return;
  for (const node of document.querySelectorAll<HTMLElement>(`[data-cms-setting="${globalThis.CSS.escape(key)}"]`)) {
    if (node !== document.activeElement && node.textContent !== value) node.textContent = value;
  }
}

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
  const api = createSettingsApi(options);
  let draft: SettingsDraft | null = null;
  const stateLine = el('p', { className: 'ls-state', textContent: '' });
  const publish = button('Publish', () => void publishDraft());
  publish.className = 'ls-publish';
  const discard = button('Discard', () => void discardDraft());
  const historyButton = button('History', () => void toggleHistory());
  historyButton.setAttribute('aria-expanded', 'false');
  const history = el('ul', { className: 'ls-history', hidden: true });
  history.setAttribute('aria-label', 'Settings versions');
  const draftBar = el('div', { className: 'ls-draft', hidden: true }, stateLine, publish, discard, historyButton);
  body.append(note, draftBar, history, status, list);

  /** The draft state line and buttons: Publish only with the publish right and a draft, Discard with a draft. */
  const showDraft = (next: SettingsDraft | null) => {
    draft = next;
    const pending = next !== null && next.changed.length > 0;
    stateLine.textContent = draftWords(next);
    stateLine.toggleAttribute('data-draft', pending);
    publish.hidden = options.readOnly === true;
    publish.disabled = !pending;
    publish.title = pending ? 'Make these settings what visitors see' : 'Nothing to publish: visitors already see these settings';
    discard.hidden = !pending;
  };

  async function publishDraft(): Promise<void> {
    if (!session || !(await session.flush())) return say('Some settings are not saved yet: fix them (see each note), then publish.', 'problem');
    if (!draft) return;
    say('Publishing…');
    const done = await api.publish(draft.versionId);
    if (!done.ok) return say(`Not published: ${done.message}`, 'problem');
    showDraft(done.value.draft);
    say('Published: visitors see these settings now.');
  }

  async function discardDraft(): Promise<void> {
    if (!draft) return;
    const sure = await confirmAction({
      title: 'Discard the settings draft?',
      body: 'Your unpublished changes to the settings are dropped. Visitors keep seeing the published settings.',
      action: 'Discard draft',
      tone: 'danger',
    });
    if (!sure || !draft) return;
    if (session) await session.flush();
    const done = await api.discard(draft.versionId);
    if (!done.ok) return say(`Not discarded: ${done.message}`, 'problem');
    await load('Draft discarded: the settings are as visitors see them.');
    discard.focus();
  }

  async function toggleHistory(): Promise<void> {
    const open = history.hidden;
    history.hidden = !open;
    historyButton.setAttribute('aria-expanded', String(open));
    if (!open) return;
    history.replaceChildren(el('li', { textContent: 'Loading the versions…' }));
    const versions = await api.versions();
    if (!versions.ok) return void history.replaceChildren(el('li', { textContent: `The versions could not load: ${versions.message}` }));
    if (versions.value.length === 0) return void history.replaceChildren(el('li', { textContent: 'No versions yet: your first change makes one.' }));
    history.replaceChildren(...versions.value.map(versionRow));
  }

  function versionRow(version: SettingsVersion): HTMLElement {
    const when = new Date(version.createdAt).toLocaleString();
    const status = version.status === 'published' ? 'Published' : version.status === 'pending' ? 'Draft' : 'Earlier';
    const name = typeof version.data.siteName === 'string' && version.data.siteName !== '' ? ` · ${version.data.siteName}` : '';
    const row = el('li', {}, el('span', { className: 'ls-version', textContent: `${status} · ${when}${name}` }));
    if (version.status !== 'pending') {
      const restore = button('Restore', async () => {
        const done = await api.restore(version.id);
        if (!done.ok) return say(`Not restored: ${done.message}`, 'problem');
        history.hidden = true;
        historyButton.setAttribute('aria-expanded', 'false');
        await load('Restored as a draft: publish it to show it to visitors.');
        historyButton.focus();
      });
      restore.setAttribute('aria-label', `Restore the version of ${when} as a draft`);
      row.append(restore);
    }
    return row;
  }

  /** The route refused this editor (403): the controls are disabled, with the reason. */
  const readOnly = () => {
    note.hidden = false;
    note.textContent = NOT_ALLOWED;
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
        const close = await confirmAction({
          title: 'Close without saving?',
          body: 'Some settings are not saved: the panel says why next to each. Closing drops those changes; the rest stay in the draft.',
          action: 'Close and drop them',
          tone: 'danger',
          cancel: 'Keep editing',
        });
        if (!close) return;
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

  /** Reads the settings and builds the controls; again after Discard or Restore (`done` then says what happened). */
  async function load(done?: string): Promise<void> {
    const answer = await api.load();
    if (!dialog.open) return;
    if (!answer.ok) return say(`The settings could not load: ${answer.message} Close this panel and press Settings to try again.`, 'problem');
    const { settings, revs, fields, draft: pending } = answer.value;
    if (fields.length === 0) return say('This site declares no settings to edit here.');
    draftBar.hidden = false;
    showDraft(pending);
    controls.length = 0;
    const values = Object.fromEntries(fields.map((field) => [field.key, settingValue(settings, field)]));
    for (const field of fields) preview(field.key, values[field.key]);
    const views = new Map<string, (key: string) => void>();
    session = createSettingsSession({
      fields,
      values,
      revs,
      async save(key, value, base) {
        const saved = await api.save(key, value, base);
        if (saved.kind === 'saved') showDraft(saved.draft);
        return saved;
      },
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
    note.hidden = options.readOnly !== true;
    say(done ?? 'Changes save as a draft as you type.');
    // Into the first setting, unless the editor already moved on from where showModal put the focus.
    if (done === undefined && document.activeElement === closer) list.querySelector<HTMLElement>('input,textarea,button')?.focus();
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
    edit: (next) => {
      session.edit(key, next);
      preview(key, next);
    },
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
