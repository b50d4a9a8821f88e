// The settings and inbox panels are each their own chunk, like the media
// panel (media-open.ts): nothing of them loads until the editor opens them.
import type { InboxPanelOptions } from './inbox-panel.ts';
import type { SettingsPanelOptions } from './settings-panel.ts';
import { $status } from './status.ts';

export type { InboxPanelOptions, SettingsPanelOptions };

/** Runs a panel from its chunk; a chunk that fails to load is said in the status line. */
async function lazily(what: string, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    $status.set({ tone: 'problem', text: `The ${what} could not load (${String(error)}). Reload the page to try again.` });
  }
}

/**
 * Opens the built-in site settings panel (the Settings button, when no page
 * listener handles `cms:open-settings`). Resolves once it is closed.
 */
export const openSiteSettings = (options: SettingsPanelOptions): Promise<void> =>
  lazily('settings panel', async () => (await import('./settings-panel.ts')).openSettingsPanel(options));

/** Opens the form submissions inbox (the Inbox button, Alt+Shift+I). Resolves once it is closed. */
export const openInbox = (options: InboxPanelOptions): Promise<void> => lazily('inbox', async () => (await import('./inbox-panel.ts')).openInboxPanel(options));
