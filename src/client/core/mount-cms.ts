import { createBackup, browserStorage } from './backup.ts';
import { barActions } from './bar-actions.ts';
import { loadRevs } from './doc-revs.ts';
import { lockField } from './field-access.ts';
import { invalidFields } from './invalid-notice.ts';
import { holdJoining, releaseJoining } from './join-hold.ts';
import { lazily } from './lazily.ts';
import { openMedia } from '../panels/media/media-open.ts';
import { createEditBar } from './edit-bar.ts';
import { trackChanges } from './draft-changes.ts';
import { watchPage } from './page-lifecycle.ts';
import { askToPublish, openInbox, openReviews, openSearch, openSiteSettings } from '../panels/panel-open.ts';
import { loadReviews } from './review-state.ts';
import { resolveOptions, type MountOptions, type ResolvedOptions } from './options.ts';
import { resetField } from './reset-field.ts';
import { createSaveReport } from './save-report.ts';
import { findSettings, openSettings } from '../panels/settings/settings.ts';
import { attachEditors, startUnit } from './start-unit.ts';
import { $status, type StatusTone } from './status.ts';
import { CSS } from './styles.ts';
import { createTransport, type SaveTarget } from './transport.ts';
import { collectUnits, docOf, type StartedUnit, type Unit } from './units.ts';

/** What `mountCms` returns on a page with markers. */
export interface CmsHandle {
  /** Resolves once every field is editable: a rich-text field is then armed, its editor mounting on first focus or pointer-over, keeping the caret and any early keys. */
  ready: Promise<void>;
  /** Saves every pending edit now; resolves when nothing is in flight. */
  flush(): Promise<void>;
  /** True while an edit is unsaved or a save is in flight. */
  unsaved(): boolean;
}

/**
 * Makes every `data-cms-field` marker on the page editable in place and
 * mounts the edit bar (with a Settings button when the site mounted the
 * settings route or the page has an element with `data-cms-settings`: see
 * settings.ts, an Inbox button with `inbox`, and a Search button with
 * searchable collections in `search`). Safe on every page: with no markers it does nothing
 * and returns null. Without `access.publish`, fields that would save live
 * (collections in `live`) stay locked unless their element carries
 * `data-cms-access="edit"`. With `realtime`, the first drafts document
 * joins its live session once the editors are ready (realtime-client.ts, its
 * own chunk): presence in the bar, locks on fields others hold, saves and
 * typing over the socket, and the others' changes as they are made.
 *
 * @example
 * mountCms({ autoSave: { debounceMs: 500 }, access: { publish: true } });
 */
export function mountCms(input?: MountOptions): CmsHandle | null {
  const options = resolveOptions(input);
  const { units, locked, docs } = collectUnits(options);
  if (docs.size === 0) return null;

  installStyles(locked);

  const backup = createBackup(browserStorage());
  const autoSave = options.debounceMs !== false;
  let leaving = false;
  const draftsDocs = draftDocuments(units.values());
  const changes = trackChanges(draftsDocs);
  const transport = createTransport({
    apiBase: options.apiBase,
    fetch: options.fetch,
    onKeepaliveRefused: (target) => report.keepaliveRefused(target),
    onChanges: changes.saved,
  });
  changes.load(transport);
  const revs = loadRevs(units.values(), options.revs, transport);

  const started = () => [...units.values()].filter((unit): unit is StartedUnit => unit.queue !== undefined);
  const unsaved = () => started().some((unit) => unit.queue.state.dirty || unit.queue.state.saving);
  const flush = async () => void (await Promise.all(started().map((unit) => unit.queue.flush())));
  const say = (tone: StatusTone, text: string) => $status.set({ tone, text });
  const media = { apiBase: options.apiBase, fetch: options.fetch, search: options.search };

  const invalid = noticeFields(options, units, docs, draftsDocs[0]);
  const leave = () => {
    leaving = true;
  };
  const bar = createEditBar(
    barActions({
      transport,
      docs: draftsDocs,
      changes,
      labelOf: (doc, field) => labelOf(units, doc, field),
      editParam: options.editParam,
      manual: !autoSave,
      publish: options.publish,
      openSettings: settingsOpener(options),
      openMedia: () => void openMedia(media),
      ...(options.inbox ? { openInbox: () => void openInbox(media) } : {}),
      ...(options.search.length > 0 ? { openSearch: () => void openSearch(options) } : {}),
      openReviews: () => void openReviews(media),
      askToPublish: (targets) => askToPublish({ ...media, docs: targets, say }),
      flush,
      unsaved,
      say,
      leave,
      refresh: () => report.refresh(),
      labels: fieldLabels(units.values(), draftsDocs[0]),
    }),
  );
  if (draftsDocs.length > 0 || options.publish) void loadReviews(media, draftsDocs);
  const reset = resetField({ transport, revs, live: options.live, say, leave });
  const report = createSaveReport({
    started,
    showChoices: bar.showChoices,
    invalid,
    showNotice: bar.showNotice,
    reset,
    backup,
    autoSave,
    unsaved,
    say,
    landed: changes.landed,
  });
  const labels = new WeakMap<Element, string>();
  for (const unit of units.values()) for (const { el } of unit.parts) labels.set(el, humanLabel(unit));
  // The fields' hover and focus cue: its own chunk, loaded once the bar is up.
  void import('./field-cue.ts').then(({ fieldCue }) => fieldCue((field) => labels.get(field) ?? field.dataset.cmsLabel ?? null));

  // The live session's document: the first page document (overlay regions have no live session: their saves take
  // another write path), or none. Its fields take no typing until the session's welcome was applied (realtime-client.ts).
  const liveDoc = options.realtime ? draftsDocs.find((target) => target.region === undefined) : undefined;
  const loading: Promise<unknown>[] = [...units.values()]
    .filter((unit) => !unit.sections)
    .map((unit) =>
      attachEditors(unit, autoSave, media, options.markdown).then(
        () => {
          if (liveDoc && !unit.target.live && docOf(unit.target) === docOf(liveDoc)) holdJoining(unit.parts);
          startUnit(unit, { debounceMs: options.debounceMs, transport, revs: revs.get(docOf(unit.target)), backup, refresh: report.refresh });
        },
        (error: unknown) => say('problem', `The editor for ${unit.label} could not load (${String(error)}). Reload the page to try again.`),
      ),
    );
  // Sections fields: their editor is its own chunk, loaded only where the page has one.
  if (document.querySelector('[data-cms-sections]'))
    loading.push(
      lazily('page sections editor', async () =>
        (await import('../sections/sections-client.ts')).mountSections({
          units,
          notes: options.sections,
          revs,
          transport,
          backup,
          media,
          autoSave,
          debounceMs: options.debounceMs,
          refresh: report.refresh,
        }),
      ),
    );
  const ready = Promise.all(loading).then(() => {
    if (started().some((unit) => unit.earlier)) report.refresh();
    // The notice fills its live region a moment after the bar is added, or screen readers would not announce it.
    if (invalid.length > 0) setTimeout(report.refresh, 100);
    if (liveDoc)
      void lazily('live collaboration', async () =>
        (await import('../realtime/realtime-client.ts')).joinLive(liveDoc, units, transport, options.apiBase, revs),
      ).then((session) => session ?? releaseJoining());
    document.dispatchEvent(new CustomEvent('cms:ready'));
  });

  watchPage({ autoSave, queues: () => started().map((unit) => unit.queue), unsaved, leaving: () => leaving });

  return { ready, flush, unsaved };
}

/**
 * What Settings does on this page: `cms:open-settings` on the page's
 * settings element (else the document), then the built-in panel when the
 * site mounted the settings route; null when there is neither.
 */
function settingsOpener(options: ResolvedOptions): (() => void) | null {
  const panel = findSettings();
  const { apiBase, fetch, publish, debounceMs } = options;
  const builtIn = options.settings ? () => void openSiteSettings({ apiBase, fetch, readOnly: !publish, debounceMs: debounceMs || 800 }) : undefined;
  return panel || builtIn ? () => openSettings(panel, builtIn) : null;
}

/** The edit-mode styles, and the quiet look of fields this editor may not change. */
function installStyles(locked: Iterable<HTMLElement>): void {
  const style = document.createElement('style');
  style.textContent = CSS;
  document.head.append(style);
  const fields = [...locked];
  for (const el of fields) lockField(el);
  if (fields.length > 0) void lazily('read-only fields', async () => (await import('./readonly-view.ts')).explainReadonly(fields));
}

/** The stored fields the notice names, with the repairs this editor has (History needs the publish right). */
function noticeFields(options: ResolvedOptions, units: Map<string, Unit>, docs: ReadonlySet<string>, draftsDoc: SaveTarget | undefined) {
  const historyDoc = draftsDoc && options.publish ? docOf(draftsDoc) : undefined;
  const maySave = (doc: string) => options.publish || !options.live.has(doc.slice(0, doc.indexOf(':')));
  return invalidFields(options.invalid, { docs, labelOf: (id) => units.get(id)?.label, historyDoc, maySave });
}

/** A stored field's human label: the label of its unit on the page, else the field's name in words. */
function labelOf(units: Map<string, Unit>, doc: SaveTarget, field: string): string {
  for (const unit of units.values()) if (docOf(unit.target) === docOf(doc) && unit.target.field === field) return humanLabel(unit);
  return inWords(field);
}

/** A unit's label for people: its `data-cms-label` (or a sections label), never the bare stored name. */
function humanLabel(unit: Unit): string {
  return unit.label === unit.target.field ? inWords(unit.label) : unit.label;
}

/** `heroImage`, `hero_image` → "Hero image". */
function inWords(name: string): string {
  const words = name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The page's drafts documents (not saved live), once each, in page order. */
/** The labels the page gives the stored fields of document `doc` (History names fields by them); a field the page did not label is left out. */
function fieldLabels(units: Iterable<Unit>, doc: SaveTarget | undefined): Record<string, string> {
  const labels: Record<string, string> = {};
  if (!doc) return labels;
  for (const unit of units) if (docOf(unit.target) === docOf(doc) && unit.label !== unit.target.field) labels[unit.target.field] = unit.label;
  return labels;
}

function draftDocuments(units: Iterable<Unit>): SaveTarget[] {
  const found = new Map<string, SaveTarget>();
  for (const unit of units) if (!unit.target.live && !found.has(docOf(unit.target))) found.set(docOf(unit.target), unit.target);
  return [...found.values()];
}
