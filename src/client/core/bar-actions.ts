import type { ConfirmOptions } from './confirm.ts';
import type { DraftChanges } from './draft-changes.ts';
import type { BarActions } from './edit-bar.ts';
import type { StatusTone } from './status.ts';
import type { SaveTarget, Transport } from './transport.ts';

export interface BarActionDeps {
  transport: Transport;
  /**
   * The page's drafts documents, in page order: Publish and Discard act on
   * every one of them (a page's own fields and, say, a region in the layout),
   * History and Restore on the first.
   */
  docs: readonly SaveTarget[];
  /** The documents' changed fields, as the server counted them (Publish shows them first when there are several). */
  changes?: Pick<DraftChanges, 'get' | 'cleared'>;
  /** A changed field's human label (the page's `data-cms-label`, else the declared one). */
  labelOf?: (doc: SaveTarget, field: string) => string;
  editParam: string;
  /** Auto-save is off: show Save. */
  manual: boolean;
  /** The editor has `access.publish`. */
  publish: boolean;
  /** Opens the settings panel (the site's or the built-in one); null when there is none (no Settings button). */
  openSettings: (() => void) | null;
  /** Opens the media library (the Media button and its shortcut). */
  openMedia?: () => void;
  /** Opens the submissions inbox (the Inbox button and its shortcut); absent when the site has no submissions route. */
  openInbox?: () => void;
  /** Opens the page search (the Search button, `/`, Ctrl+K / Cmd+K); absent when no collection is searchable. */
  openSearch?: () => void;
  /** A writer asks publishers to publish the page's documents (the reviews chunk); used only without `publish`. */
  askToPublish?: (docs: readonly SaveTarget[]) => Promise<void>;
  /** Opens the review requests (a publisher's Reviews button). */
  openReviews?: () => void;
  flush(): Promise<void>;
  unsaved(): boolean;
  say(tone: StatusTone, text: string): void;
  /** The page is about to navigate on purpose: no unsaved-changes warning. */
  leave(): void;
  refresh(): void;
  /** The page's field labels (by stored field) of the first document, for History. */
  labels?: Readonly<Record<string, string>>;
}

/** What the edit bar's buttons do. Publishing and restoring wait until every edit is saved. */
export function barActions(deps: BarActionDeps): BarActions {
  const { transport, docs, say } = deps;
  const actions: BarActions = {
    done: async () => {
      say('busy', 'Saving…');
      await deps.flush();
      const leave =
        !deps.unsaved() ||
        (await confirmAction({
          title: 'Leave edit mode?',
          body: 'Some edits are not saved yet. Leaving now may lose them; stay to let them save.',
          action: 'Leave anyway',
          cancel: 'Stay',
          tone: 'danger',
        }));
      if (!leave) return deps.refresh();
      const url = new URL(location.href);
      url.searchParams.set(deps.editParam, '0');
      deps.leave();
      location.assign(url.toString());
    },
  };
  if (deps.manual) actions.save = () => void deps.flush();
  if (deps.openSettings) actions.settings = deps.openSettings;
  if (deps.openMedia) actions.media = deps.openMedia;
  if (deps.openInbox) actions.inbox = deps.openInbox;
  if (deps.openSearch) actions.search = deps.openSearch;
  if (deps.publish && deps.openReviews) actions.reviews = deps.openReviews;
  const primary = docs[0];
  if (!primary) return actions;

  const { collection, key } = primary;
  const settled = async (what: string) => {
    await deps.flush();
    if (!deps.unsaved()) return true;
    say('problem', `${what} waits until every edit is saved.`);
    return false;
  };
  const reload = () => {
    deps.leave();
    location.reload();
  };
  // What a restore said before its reload (sessionStorage: this tab only), said again once the page is back.
  const said = remembered(null);
  if (said) say('ok', said);
  const ask = deps.askToPublish;
  if (!deps.publish && ask)
    actions.askToPublish = async () => {
      // The request names the newest saved draft: what is still in the editor would be left out.
      if (await settled('Asking for review')) await ask(docs);
    };
  actions.versions = {
    history: () => transport.history(collection, key),
    labels: deps.labels ?? {},
    // Any editor may restore: it saves a draft, and visitors keep the live version until someone publishes.
    restore: async (versionId, when) => {
      if (!(await settled('Restoring'))) return 'every edit must be saved first';
      const answer = await transport.restore(collection, key, versionId);
      if (!answer.ok) return answer.message;
      const next = deps.publish ? 'Publish to make it live.' : 'A publisher can make it live.';
      remembered(`Restored version from ${when} as a draft. ${next}`);
      reload();
      return null;
    },
    discard: async () => {
      const sure = await confirmAction({
        title: 'Discard the draft?',
        body: 'Unpublished changes to this page are dropped. Visitors keep seeing the published page.',
        action: 'Discard draft',
        tone: 'danger',
      });
      if (!sure) return;
      // A save still in flight would land after the discard and bring the draft back.
      await deps.flush();
      for (const doc of docs) {
        const problem = await discardDoc(transport, doc);
        if (problem) return say('problem', `Not discarded: ${problem}`);
        deps.changes?.cleared(doc);
      }
      reload();
    },
  };
  if (deps.publish) {
    actions.versions.publish = async () => {
      if (!(await settled('Publishing'))) return;
      if (!(await previewed(deps))) return;
      say('busy', 'Publishing…');
      let published = 0;
      for (const doc of docs) {
        const answer = await transport.publish(doc.collection, doc.key);
        if (!answer.ok) return say('problem', `${published > 0 ? 'Published in part. ' : ''}Not published: ${answer.message}`);
        if (answer.value !== null) published++;
        deps.changes?.cleared(doc);
      }
      say('ok', published > 0 ? 'Published: visitors now see this version.' : 'Nothing to publish: visitors already see this page.');
    };
    // History's "Publish this" (it asks first): that version goes live.
    actions.versions.publishVersion = async (versionId) => {
      if (!(await settled('Publishing'))) return 'every edit must be saved first';
      const answer = await transport.publish(collection, key, versionId);
      if (!answer.ok) return answer.message;
      reload();
      return null;
    };
  }
  return actions;
}

const SAID = 'louise-history-said';

/** Keeps `text` for the next page load of this tab (`null`: takes what was kept, once). Storage may be missing or refused: then nothing is kept. */
function remembered(text: string | null): string | null {
  try {
    if (text !== null) sessionStorage.setItem(SAID, text);
    else {
      const kept = sessionStorage.getItem(SAID);
      sessionStorage.removeItem(SAID);
      return kept;
    }
  } catch {}
  return null;
}

/** The styled confirmation, loaded when first asked (its own chunk, out of the core). */
async function confirmAction(options: ConfirmOptions): Promise<boolean> {
  return (await import('./confirm.ts')).confirmAction(options);
}

/**
 * With more than one changed field, asks first and shows what will change
 * (each field by its label, with a word-level diff: its own chunk); with one,
 * or when the count is not known, publishing goes ahead at once.
 */
async function previewed(deps: BarActionDeps): Promise<boolean> {
  const { changes, labelOf } = deps;
  if (!changes || !labelOf) return true;
  const pending = deps.docs.map((doc) => ({ doc, fields: changes.get(doc) })).filter((entry) => entry.fields.length > 0);
  const count = pending.reduce((sum, entry) => sum + entry.fields.length, 0);
  if (count <= 1) return true;
  const { publishPreview } = await import('./publish-preview.ts');
  const body = await publishPreview(deps.transport, pending, labelOf);
  return confirmAction({ title: `Publish ${count} changes?`, body, action: 'Publish' });
}

/** Discards a document's pending work up to the newest draft the server lists now (the server discards only what it is named); the words of a failure, or null. */
async function discardDoc(transport: Transport, doc: SaveTarget): Promise<string | null> {
  const history = await transport.history(doc.collection, doc.key);
  if (!history.ok) return history.message;
  const answer = await transport.discard(doc.collection, doc.key, history.value.find((item) => item.state === 'draft')?.id ?? null);
  return answer.ok ? null : answer.message;
}
