// The page search of the edit bar: a modal dialog with a search box that
// finds pages as the editor types (drafts and unpublished pages included)
// and jumps to the chosen one in edit mode. Its own chunk: panel-open.ts
// imports it when Search, `/` or Ctrl+K / Cmd+K opens it. Results are a
// listbox the box controls (the focus stays in the box; Up/Down choose,
// Enter opens); snippets become nodes through search-snippet.ts only.
import { button, el } from '../../core/dom.ts';
import { panelFrame, restoreFocus } from '../panel-frame.ts';
import { createSearchApi, NOT_READY, type SearchAnswer, type SearchHit } from './search-api.ts';
import { searchFlight } from './search-flight.ts';
import { editLink } from './search-link.ts';
import { snippetNodes } from './search-snippet.ts';

/** Options of `openSearchPanel`. */
export interface SearchPanelOptions {
  apiBase: string;
  fetch?: typeof fetch;
  /** The searchable collections, searched together; results are grouped by collection when there are several. */
  search: readonly string[];
  /** The editor may publish: the panel offers Update search. */
  publish: boolean;
  /** The query parameter that enters edit mode (`edit`), added to the page jumped to. */
  editParam: string;
}

const ID = 'louise-search';
const EMPTY = 'Type a word from a page’s title or text: drafts and unpublished pages are found too.';

const CSS = `
#louise-search{width:min(40rem,calc(100vw - 2rem));margin-top:10vh}
#louise-search input{width:100%;font-size:1rem}
#louise-search .lq-list{max-height:50vh;overflow:auto}
#louise-search [role=option]{margin:.25rem 0;padding:.5rem .75rem;border:1px solid #3f3f46;border-radius:4px;cursor:pointer}
#louise-search [aria-selected=true]{border-color:#fbbf24;background:#3f3f46}
#louise-search [role=option][aria-disabled=true]{border-style:dashed;cursor:default}
#louise-search .lq-group{margin-top:.75rem;color:#d4d4d8;font-weight:700}
#louise-search .lq-title{font-weight:600}
#louise-search .lq-badge{margin-left:.5rem;padding:0 .4rem;border-radius:4px;background:#fbbf24;color:#18181b;font-size:12px}
#louise-search :is(.lq-text,.lq-where){display:block;color:#d4d4d8;font-size:13px;overflow-wrap:anywhere}
#louise-search mark{background:#fbbf24;color:#18181b}
#louise-search .lq-foot{display:flex;gap:1rem;align-items:center;margin-top:.75rem;padding-top:.75rem;border-top:1px solid #3f3f46}
#louise-search button[aria-disabled=true]{opacity:.6;cursor:wait}
`;

/**
 * Opens the page search as a modal dialog named "Search pages", with the
 * focus in its box, and resolves once it is closed (Escape or Close; the
 * focus goes back where it was). Asking again while it is open selects the
 * box's text. Choosing a result opens its page in edit mode (the page's own
 * guard asks before unsaved edits are left behind). For publishers, Rebuild
 * index rebuilds each collection's index batch by batch, with its progress.
 *
 * @example
 * await openSearchPanel({ apiBase: '/api/cms', search: ['pages'], publish: true, editParam: 'edit' });
 */
export function openSearchPanel(options: SearchPanelOptions): Promise<void> {
  const open = document.querySelector<HTMLInputElement>(`#${ID} input`);
  if (open) {
    open.focus();
    open.select();
    return Promise.resolve();
  }
  const opener = document.activeElement;
  const api = createSearchApi(options);
  const collections = options.search;
  const { dialog, body, status, say } = panelFrame(ID, 'Search pages', CSS);
  const box = el('input', { type: 'search', autocomplete: 'off', spellcheck: false, maxLength: 200 });
  const list = el('div', { id: `${ID}-list`, className: 'lq-list' });
  const hint = el('p', { id: `${ID}-hint`, className: 'lm-facts', textContent: 'Up and Down choose a page, Enter opens it in edit mode.' });
  attrs(box, { role: 'combobox', 'aria-autocomplete': 'list', 'aria-expanded': 'false', 'aria-controls': list.id, 'aria-describedby': hint.id });
  attrs(list, { role: 'listbox', 'aria-label': 'Pages found' });
  body.append(el('label', {}, 'Find a page', box), hint, status, list);
  /** The options shown, in list order across groups, and the chosen one (-1: none). */
  let choices: HTMLElement[] = [];
  let active = -1;
  let made = 0;

  const flight = searchFlight({
    run: (q, signal) => Promise.all(collections.map((collection) => api.search(collection, q, signal))),
    waiting: () => list.setAttribute('aria-busy', 'true'),
    show,
  });

  /** Shows each collection's answer for `q` (the empty query: none): the results, and in the status line how many and what went wrong. */
  function show(q: string, answers: SearchAnswer[]) {
    list.removeAttribute('aria-busy');
    let more = false;
    const groups = answers.map((answer, index) => {
      const hits = answer.ok ? answer.value.items : [];
      more ||= answer.ok && answer.value.more;
      const found = hits.map((hit) => option(hit));
      if (collections.length < 2 || found.length === 0) return found;
      const label = el('div', { id: `${ID}-g${index}`, className: 'lq-group', textContent: words(collections[index] ?? '') });
      return [attrs(el('div', {}, attrs(label, { role: 'presentation' }), ...found), { role: 'group', 'aria-labelledby': label.id })];
    });
    list.replaceChildren(...groups.flat());
    choices = [...list.querySelectorAll<HTMLElement>('[role=option]')];
    choose(-1);
    const count = choices.length;
    box.setAttribute('aria-expanded', String(count > 0));
    if (q === '') return say(EMPTY);
    const found = count
      ? `${count} ${count === 1 ? 'page matches' : 'pages match'} “${q}”.${more ? ' Add a word to narrow it down.' : ''}`
      : `No pages match “${q}”.`;
    const failed = answers.find((answer) => !answer.ok);
    if (!failed || failed.ok) return say(found);
    const why = failed.notReady
      ? `${NOT_READY} ${options.publish ? 'Press Update search below to build it.' : 'Ask an editor who may publish to update it here.'}`
      : `The search failed: ${failed.message} Then change the words to search again.`;
    say(count ? `${found} ${why}` : why, 'problem');
  }

  /** One result: title (or Untitled), the Not published badge, the snippet, and where it leads or why it leads nowhere. */
  function option(hit: SearchHit): HTMLElement {
    const link = editLink(hit.url, options.editParam, location.href);
    const item = el(
      'div',
      { id: `${ID}-o${made++}` },
      el('span', { textContent: hit.title.trim() || 'Untitled', className: 'lq-title' }),
      hit.published ? '' : el('span', { className: 'lq-badge', textContent: 'Not published' }),
      el('span', { className: 'lq-text' }, ...snippetNodes(hit.snippet)),
      el('span', { className: 'lq-where', textContent: 'href' in link ? new URL(link.href).pathname : link.reason }),
    );
    attrs(item, { role: 'option', 'aria-selected': 'false' });
    if ('reason' in link) item.setAttribute('aria-disabled', 'true');
    item.onclick = () => {
      if ('reason' in link) return say(link.reason, 'problem');
      say('Opening the page…');
      location.assign(link.href);
    };
    return item;
  }

  /** Makes option `index` the chosen one (-1: none), shown and announced through aria-activedescendant. */
  function choose(index: number) {
    choices[active]?.setAttribute('aria-selected', 'false');
    active = index;
    const chosen = choices[index];
    if (!chosen) return box.removeAttribute('aria-activedescendant');
    chosen.setAttribute('aria-selected', 'true');
    box.setAttribute('aria-activedescendant', chosen.id);
    chosen.scrollIntoView({ block: 'nearest' });
  }

  box.oninput = () => {
    const q = box.value.trim();
    if (q) return flight.query(q);
    flight.cancel();
    show('', []);
  };
  box.onkeydown = (event) => {
    const count = choices.length;
    const down = event.key === 'ArrowDown';
    if (down || event.key === 'ArrowUp') {
      event.preventDefault();
      if (count) choose(down ? (active + 1) % count : (active <= 0 ? count : active) - 1);
    } else if (event.key === 'Enter' && !event.isComposing) {
      event.preventDefault();
      choices[Math.max(active, 0)]?.click();
    } else if (event.key === 'Escape') {
      // One Escape closes, text or not (a search box would only clear itself first).
      event.preventDefault();
      dialog.close();
    }
  };

  if (options.publish) body.append(rebuildFooter());

  /** Update search (publishers): each collection batch by batch until the server says it is done, then the search again. */
  function rebuildFooter(): HTMLElement {
    const progress = attrs(el('p', { className: 'lm-status' }), { role: 'status', 'aria-live': 'polite' });
    const tell = (text: string, tone = 'ok') => {
      progress.dataset.tone = tone;
      progress.textContent = text;
    };
    // aria-disabled, not disabled: a disabled button would drop the focus out of the dialog.
    const rebuild = button('Update search', async () => {
      if (rebuild.ariaDisabled === 'true') return;
      rebuild.ariaDisabled = 'true';
      const failed = await reindex();
      rebuild.ariaDisabled = 'false';
      if (failed) tell(`Search was not updated: ${failed} Press Update search to try again.`, 'problem');
    });
    rebuild.ariaDisabled = 'false';
    /** Rebuilds every collection, saying how far it got; why it stopped, or null once done. */
    async function reindex(): Promise<string | null> {
      let indexed = 0;
      for (const collection of collections) {
        const where = collections.length > 1 ? ` in ${words(collection)}` : '';
        let cursor: number | null = null;
        let done = 0;
        tell(`Updating search${where}…`);
        do {
          const step = await api.reindex(collection, cursor);
          if (!step.ok) return step.message;
          // A cursor that does not move forward would loop for ever.
          if ((step.value.nextCursor ?? Infinity) <= (cursor ?? -1)) return 'the server did not move on to the next batch.';
          const { processed, total, nextCursor } = step.value;
          done = nextCursor === null ? total : Math.min(total, processed);
          tell(`Updated ${done} of ${total}${where}…`);
          cursor = nextCursor;
        } while (cursor !== null);
        indexed += done;
      }
      tell(`Search updated: ${indexed} ${indexed === 1 ? 'entry' : 'entries'}.`);
      flight.rerun();
      return null;
    }
    return el('div', { className: 'lq-foot' }, rebuild, progress);
  }

  return new Promise((resolve) => {
    dialog.addEventListener('close', () => {
      flight.cancel();
      restoreFocus(dialog, opener);
      resolve();
    });
    document.body.append(dialog);
    dialog.showModal();
    box.focus();
    say(EMPTY);
  });
}

/** Sets attributes; returns the element. */
function attrs<T extends Element>(element: T, values: Record<string, string>): T {
  for (const [name, value] of Object.entries(values)) element.setAttribute(name, value);
  return element;
}

/** A collection's slug in words (`blog-posts` → `Blog posts`). */
const words = (slug: string): string => {
  const text = slug.replace(/[-_]+/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};
