import type { BarActions } from './edit-bar.ts';
import type { StatusTone } from './status.ts';
import type { SaveTarget, Transport } from './transport.ts';

export interface BarActionDeps {
  transport: Transport;
  /** The page's drafts document, if any (Publish, Discard and History act on it). */
  doc: SaveTarget | undefined;
  editParam: string;
  /** Auto-save is off: show Save. */
  manual: boolean;
  /** The editor has `access.publish`. */
  publish: boolean;
  /** Opens the page's settings panel; null when the page has none (no Settings button). */
  openSettings: (() => void) | null;
  flush(): Promise<void>;
  unsaved(): boolean;
  say(tone: StatusTone, text: string): void;
  /** The page is about to navigate on purpose: no unsaved-changes warning. */
  leave(): void;
  refresh(): void;
}

/** What the edit bar's buttons do. Publishing and restoring wait until every edit is saved. */
export function barActions(deps: BarActionDeps): BarActions {
  const { transport, doc, say } = deps;
  const actions: BarActions = {
    done: async () => {
      say('busy', 'Saving…');
      await deps.flush();
      if (deps.unsaved() && !confirm('Some edits are not saved. Leave edit mode anyway?')) return deps.refresh();
      const url = new URL(location.href);
      url.searchParams.set(deps.editParam, '0');
      deps.leave();
      location.assign(url.toString());
    },
  };
  if (deps.manual) actions.save = () => void deps.flush();
  if (deps.openSettings) actions.settings = deps.openSettings;
  if (!doc) return actions;

  const { collection, key } = doc;
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
  actions.versions = {
    history: () => transport.history(collection, key),
    discard: async () => {
      if (!confirm('Discard the draft? Unpublished changes to this page are dropped.')) return;
      // A save still in flight would land after the discard and bring the draft back.
      await deps.flush();
      // The server discards only what it is named: the newest pending version now, and everything pending before it.
      const history = await transport.history(collection, key);
      if (!history.ok) return say('problem', `Not discarded: ${history.message}`);
      const answer = await transport.discard(collection, key, history.value.find((item) => item.state === 'draft')?.id ?? null);
      if (!answer.ok) return say('problem', `Not discarded: ${answer.message}`);
      reload();
    },
  };
  if (deps.publish) {
    actions.versions.publish = async () => {
      if (!(await settled('Publishing'))) return;
      say('busy', 'Publishing…');
      const answer = await transport.publish(collection, key);
      say(answer.ok ? 'ok' : 'problem', answer.ok ? 'Published: visitors now see this version.' : `Not published: ${answer.message}`);
    };
    actions.versions.restore = async (versionId) => {
      if (!(await settled('Restoring'))) return;
      const answer = await transport.publish(collection, key, versionId);
      if (!answer.ok) return say('problem', `Not restored: ${answer.message}`);
      reload();
    };
  }
  return actions;
}
