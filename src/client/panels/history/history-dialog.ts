// The history dialog (its own chunk, opened by the bar's History button):
// the page's versions grouped into bursts of saves by one person, each with
// its author, time and the fields it changed; Compare with live (a word-level
// diff per field); Restore (an earlier version becomes a new draft, never
// live); Publish this (asks first).
import { confirmAction } from '../../core/confirm.ts';
import { button, el } from '../../core/dom.ts';
import { icon, type IconName } from '../../core/icons.ts';
import type { VersionItem } from '../../core/transport.ts';
import { fieldChanges, valueText } from '../diff/field-changes.ts';
import { WORD_DIFF_CSS, wordDiff } from '../diff/word-diff.ts';
import { panelFrame, restoreFocus } from '../panel-frame.ts';
import { fieldLabel, groupVersions, type VersionGroup } from './history-groups.ts';
import type { VersionActions } from './version-actions.ts';

const CSS = `
#louise-history{width:min(46rem,calc(100vw - 1rem));max-height:calc(100dvh - 1rem)}
#louise-history .lm-status:empty{min-height:0;margin:0}
#louise-history .lh-list{list-style:none;margin:0;padding:0;display:grid;gap:.5rem}
#louise-history .lh-entry{padding:.6rem .75rem;border:1px solid #3f3f46;border-radius:6px}
#louise-history .lh-entry[data-state=live]{border-color:#22c55e}
#louise-history .lh-who{display:flex;flex-wrap:wrap;gap:.25rem .5rem;align-items:center;font-weight:600}
#louise-history .lh-state{padding:0 .45rem;border-radius:999px;background:#3f3f46;font-size:12px;font-weight:600}
#louise-history [data-state=live] .lh-state{background:#14532d}
#louise-history [data-state=draft] .lh-state{background:#713f12}
#louise-history .lh-fields{margin:.25rem 0 .4rem;color:#d4d4d8}
#louise-history .lh-actions{display:flex;flex-wrap:wrap;gap:.4rem}
#louise-history .lh-actions button{display:inline-flex;gap:.35rem;align-items:center;min-height:2.25rem;border-radius:6px}
#louise-history details{margin-top:.4rem}
#louise-history details ol{margin:.4rem 0 0;padding-left:1.25rem;display:grid;gap:.4rem}
#louise-history .lh-compare{display:grid;gap:.75rem;margin-top:.5rem}
#louise-history .lh-field{padding:.5rem;border:1px solid #3f3f46;border-radius:6px}
#louise-history .lh-sides{display:grid;gap:.5rem}
#louise-history .lh-side h4{margin:0 0 .2rem;font-size:12px;color:#d4d4d8;text-transform:uppercase;letter-spacing:.04em}
#louise-history .lh-side p{margin:0}
#louise-history .louise-diff{color:#fafafa}
@media (min-width:900px){#louise-history .lh-sides{grid-template-columns:1fr 1fr}}
`;

const STATE_WORDS: Record<VersionItem['state'], string> = { live: 'Live', draft: 'Draft', old: 'Earlier version', discarded: 'Discarded' };

/** Opens the page's history; resolves when it closes (the focus goes back to the History button). */
export async function openHistory(versions: VersionActions): Promise<void> {
  const opener = document.activeElement;
  const { dialog, body, status, say } = panelFrame('louise-history', 'Version history', CSS + WORD_DIFF_CSS);
  const list = el('ol', { className: 'lh-list' });
  body.append(status, list);
  const labels = versions.labels ?? {};
  const closed = new Promise<void>((resolve) =>
    dialog.addEventListener('close', () => {
      restoreFocus(dialog, opener);
      resolve();
    }),
  );
  document.body.append(dialog);
  dialog.showModal();
  say('Loading history…');
  const answer = await versions.history();
  if (!answer.ok) say(`History could not load: ${answer.message}. Close it and open it again to retry.`, 'problem');
  else if (answer.value.length === 0) say('No versions yet: a version is saved with each change you make.');
  else {
    say('');
    const live = answer.value.find((item) => item.state === 'live') ?? null;
    const newestDraft = answer.value.find((item) => item.state === 'draft')?.id;
    const ctx: EntryContext = { versions, labels, live, newestDraft, say };
    list.append(...groupVersions(answer.value).map((group) => entry(group, ctx)));
  }
  return closed;
}

interface EntryContext {
  versions: VersionActions;
  labels: Readonly<Record<string, string>>;
  live: VersionItem | null;
  newestDraft: number | undefined;
  say(text: string, tone?: 'problem'): void;
}

/** One burst: who, how many saves, when, what it changed, its actions (on its newest version), and its versions one by one. */
function entry(group: VersionGroup, ctx: EntryContext): HTMLLIElement {
  const newest = group.versions[0] as VersionItem;
  const saves = group.versions.length;
  const who = el(
    'p',
    { className: 'lh-who' },
    icon('person'),
    el('span', { textContent: group.by ?? 'An editor' }),
    saves > 1 ? el('span', { textContent: `· ${saves} saves` }) : '',
    el('span', { className: 'lh-when', textContent: `· ${span(group.from, group.to)}` }),
    el('span', { className: 'lh-state', textContent: STATE_WORDS[group.state] }),
  );
  const item = el('li', { className: 'lh-entry' }, who, changedLine(group.changed, ctx.labels), actions(newest, ctx));
  item.dataset.state = group.state;
  if (saves > 1) {
    const details = el('details', {}, el('summary', { textContent: `Show the ${saves} saves` }));
    details.append(
      el(
        'ol',
        {},
        ...group.versions.map((version) =>
          el('li', {}, el('span', { className: 'lh-when', textContent: time(version.at) }), changedLine(version.changed, ctx.labels), actions(version, ctx)),
        ),
      ),
    );
    item.append(details);
  }
  return item;
}

function changedLine(changed: readonly string[], labels: Readonly<Record<string, string>>): HTMLParagraphElement {
  const names = changed.map((field) => fieldLabel(field, labels));
  return el('p', { className: 'lh-fields', textContent: names.length > 0 ? `Changed: ${names.join(', ')}` : 'No field changed' });
}

/** A version's actions: Compare with live (not on the live one), Restore as a draft (an earlier one), Publish this (a draft, for publishers). */
function actions(version: VersionItem, ctx: EntryContext): HTMLElement {
  const row = el('div', { className: 'lh-actions' });
  if (version.state === 'live') return row;
  const compareBox = el('div', { className: 'lh-compare' });
  const compare = labelled('compare', 'Compare with live', () => {
    const open = compare.getAttribute('aria-expanded') !== 'true';
    compare.setAttribute('aria-expanded', String(open));
    compareBox.replaceChildren(...(open ? comparison(version, ctx) : []));
  });
  compare.setAttribute('aria-expanded', 'false');
  row.append(compare);
  const { restore, publishVersion } = ctx.versions;
  // The newest draft is the work the page shows already: restoring it would change nothing.
  if (restore && version.id !== ctx.newestDraft)
    row.append(
      labelled('restore', 'Restore as draft', async () => {
        ctx.say('Restoring…');
        const problem = await restore(version.id, time(version.at));
        if (problem) ctx.say(`Not restored: ${problem}`, 'problem');
      }),
    );
  if (publishVersion && version.state === 'draft')
    row.append(
      labelled('publish', 'Publish this', async () => {
        const changes = fieldChanges(ctx.live?.data ?? null, version.data).map((change) => fieldLabel(change.field, ctx.labels));
        const ok = await confirmAction({
          title: 'Publish this version?',
          body: `Visitors will see the version saved ${time(version.at)}${version.by ? ` by ${version.by}` : ''}${changes.length > 0 ? `, which changes: ${changes.join(', ')}` : ''}.`,
          action: 'Publish',
        });
        if (!ok) return;
        ctx.say('Publishing…');
        const problem = await publishVersion(version.id);
        if (problem) ctx.say(`Not published: ${problem}`, 'problem');
      }),
    );
  const wrap = el('div', {}, row, compareBox);
  return wrap;
}

/** Each field that differs from the live version: live on one side, this version with its word-level changes on the other. */
function comparison(version: VersionItem, ctx: EntryContext): HTMLElement[] {
  if (!ctx.live) return [el('p', { textContent: 'Nothing is live yet: all of this version is new to visitors.' })];
  const changes = fieldChanges(ctx.live.data, version.data);
  if (changes.length === 0) return [el('p', { textContent: 'Same as live: nothing differs.' })];
  return changes.map((change) => {
    const before = valueText(change.before);
    const after = valueText(change.after);
    return el(
      'section',
      { className: 'lh-field' },
      el('h3', { textContent: fieldLabel(change.field, ctx.labels) }),
      el(
        'div',
        { className: 'lh-sides' },
        el('div', { className: 'lh-side' }, el('h4', { textContent: 'Live' }), el('p', { textContent: before || '(empty)' })),
        el('div', { className: 'lh-side' }, el('h4', { textContent: 'This version' }), wordDiff(before, after)),
      ),
    );
  });
}

function labelled(name: IconName, label: string, onClick: () => void): HTMLButtonElement {
  const control = button('', onClick);
  control.append(icon(name), label);
  return control;
}

function time(at: number | null): string {
  return at === null ? 'at an unknown time' : new Date(at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

/** "14:02" or "14:02–14:06", with the date when it is not today. */
function span(from: number | null, to: number | null): string {
  if (to === null) return 'time unknown';
  const day = new Date(to).toDateString() === new Date().toDateString() ? '' : `${new Date(to).toLocaleDateString()} `;
  return from !== null && time(from) !== time(to) ? `${day}${time(from)}–${time(to)}` : `${day}${time(to)}`;
}
