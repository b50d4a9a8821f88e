// The inbox: a modal dialog listing what visitors sent through the site's
// forms, one form at a time, newest first, to read, mark, delete and export.
// Its own chunk: panel-open.ts imports it when Inbox opens it. Everything a
// visitor sent is shown with textContent only.
import { confirmAction } from '../../core/confirm.ts';
import { button, el } from '../../core/dom.ts';
import { createInboxApi, type FormSummary, formOptionText, type Submission, submissionEntries } from './inbox-api.ts';
import { panelFrame, restoreFocus } from '../panel-frame.ts';

/** Options of `openInboxPanel`. */
export interface InboxPanelOptions {
  apiBase: string;
  fetch?: typeof fetch;
}

const ID = 'louise-inbox';
const PAGE = 20;

const CSS = `
#louise-inbox{width:min(48rem,calc(100vw - 2rem))}
#louise-inbox .lm-tools{display:flex;flex-wrap:wrap;gap:.75rem 1rem;align-items:flex-end}
#louise-inbox .lm-tools label{margin:0}
#louise-inbox .li-list{margin:0;padding:0;list-style:none}
#louise-inbox .li-list>li{margin:.5rem 0;padding:.75rem;border:1px solid #52525b;border-left-width:4px;border-radius:4px;background:#27272a}
#louise-inbox .li-list>li[data-unread]{border-left-color:#fbbf24}
#louise-inbox .li-new{margin-left:.5rem;padding:0 .5rem;border-radius:999px;background:#fbbf24;color:#18181b;font-size:12px;font-weight:700}
#louise-inbox dl{display:grid;grid-template-columns:minmax(6rem,max-content) 1fr;gap:.25rem .75rem;margin:.5rem 0}
#louise-inbox dt{font-weight:600;color:#d4d4d8}
#louise-inbox dd{margin:0;white-space:pre-wrap;overflow-wrap:anywhere}
`;

/**
 * Opens the inbox as a modal dialog named "Inbox" and resolves once it is
 * closed (Escape or Close; the focus goes back where it was). A form picker
 * with unread counts, the chosen form's submissions newest first with Mark
 * read / Mark unread and Delete, Load more, and Export CSV. Only one is open
 * at a time.
 *
 * @example
 * await openInboxPanel({ apiBase: '/api/cms' });
 */
export function openInboxPanel(options: InboxPanelOptions): Promise<void> {
  if (document.getElementById(ID)) return Promise.resolve();
  const opener = document.activeElement;
  const api = createInboxApi(options);
  const { dialog, body, status, say } = panelFrame(ID, 'Inbox', CSS);
  let forms: FormSummary[] = [];
  let cursor: string | null = null;
  let loads = 0;

  const picker = el('select', {});
  const csv = el('a', { className: 'lm-button', textContent: 'Export CSV' });
  const tools = el('div', { className: 'lm-tools', hidden: true }, el('label', {}, 'Form', picker), csv);
  const list = el('ol', { className: 'li-list' });
  const more = Object.assign(
    button('Load more', () => void load(false)),
    { hidden: true, className: 'lm-more' },
  );
  body.append(tools, status, list, more);

  const current = () => forms.find((form) => form.name === picker.value);
  /** Shows the forms' counts in the picker after a change. */
  const recount = (change: Partial<Record<'total' | 'unread', number>>) => {
    const form = current();
    if (!form) return;
    form.total = Math.max(0, form.total + (change.total ?? 0));
    form.unread = Math.max(0, form.unread + (change.unread ?? 0));
    const option = picker.selectedOptions[0];
    if (option) option.textContent = formOptionText(form);
  };

  /** Loads the chosen form's first page afresh (`reset`) or its next one. Answers to an earlier choice are dropped. */
  async function load(reset: boolean): Promise<void> {
    const form = picker.value;
    const mine = ++loads;
    list.setAttribute('aria-busy', 'true');
    const answer = await api.list(form, { cursor: reset ? null : cursor, limit: PAGE });
    if (mine !== loads) return;
    list.removeAttribute('aria-busy');
    if (!answer.ok) return say(`The submissions could not load: ${answer.message} Choose the form again to retry.`, 'problem');
    const items = answer.value.items.map((item) => submissionItem(item, form));
    if (reset) list.replaceChildren(...items);
    else list.append(...items);
    cursor = answer.value.nextCursor;
    more.hidden = cursor === null;
    if (!reset) items[0]?.querySelector('button')?.focus();
    const shown = list.children.length;
    say(
      shown === 0
        ? `Nothing sent through ${form} yet.`
        : `${shown} submission${shown === 1 ? '' : 's'} to ${form} shown, newest first${cursor ? ': Load more shows older ones' : ''}.`,
    );
  }

  function submissionItem(item: Submission, form: string): HTMLLIElement {
    let read = item.readAt !== null;
    const titleId = `${ID}-s${item.id}`;
    const when = new Date(item.createdAt);
    const badge = el('span', { className: 'li-new', textContent: 'Unread' });
    const title = el('h3', { id: titleId }, el('time', { dateTime: when.toISOString(), textContent: when.toLocaleString() }), badge);
    const fields = el('dl', {});
    for (const [label, text] of submissionEntries(item.data)) fields.append(el('dt', { textContent: label }), el('dd', { textContent: text || '(empty)' }));
    const toggle = button('', async () => {
      const answer = await api.mark(form, item.id, !read);
      if (!answer.ok) return say(`Not marked ${read ? 'unread' : 'read'}: ${answer.message}`, 'problem');
      read = answer.value.readAt !== null;
      recount({ unread: read ? -1 : 1 });
      show();
      say(read ? 'Marked read.' : 'Marked unread.');
    });
    const remove = button('Delete', async () => {
      const sure = await confirmAction({
        title: 'Delete this submission?',
        body: `The submission of ${when.toLocaleString()} to ${form} is deleted. This cannot be undone.`,
        action: 'Delete submission',
        tone: 'danger',
      });
      if (!sure) return;
      const answer = await api.remove(form, item.id);
      if (!answer.ok) return say(`Not deleted: ${answer.message}`, 'problem');
      const next = li.nextElementSibling ?? li.previousElementSibling;
      li.remove();
      recount({ total: -1, unread: read ? 0 : -1 });
      (next?.querySelector('button') ?? picker).focus();
      say(answer.value === 'gone' ? 'That submission was already deleted.' : 'Deleted.');
    });
    const show = () => {
      badge.hidden = read;
      toggle.textContent = read ? 'Mark unread' : 'Mark read';
      if (read) delete li.dataset.unread;
      else li.dataset.unread = '';
    };
    const article = el('article', {}, title, fields, el('div', { className: 'lm-row' }, toggle, remove));
    article.setAttribute('aria-labelledby', titleId);
    const li = el('li', {}, article);
    li.dataset.id = String(item.id);
    show();
    return li;
  }

  picker.addEventListener('change', () => {
    csv.href = api.csvUrl(picker.value);
    csv.download = `${picker.value}-submissions.csv`;
    void load(true);
  });

  async function start(): Promise<void> {
    const answer = await api.forms();
    if (!dialog.open) return;
    if (!answer.ok) return say(`The inbox could not load: ${answer.message} Close the inbox and open it again to retry.`, 'problem');
    forms = answer.value;
    if (forms.length === 0) return say('This site has no forms yet: a form declared with defineForm lists its submissions here.');
    picker.replaceChildren(...forms.map((form) => el('option', { value: form.name, textContent: formOptionText(form) })));
    picker.value = (forms.find((form) => form.unread > 0) ?? forms[0])?.name ?? '';
    tools.hidden = false;
    picker.dispatchEvent(new Event('change'));
  }

  return new Promise((resolve) => {
    dialog.addEventListener('close', () => {
      restoreFocus(dialog, opener);
      resolve();
    });
    document.body.append(dialog);
    dialog.showModal();
    say('Loading the inbox…');
    void start();
  });
}
