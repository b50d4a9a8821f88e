// The settings, inbox and search panels are each their own chunk, like the
// media panel (media/media-open.ts): nothing of them loads until the editor opens them.
import type { InboxPanelOptions } from './inbox/inbox-panel.ts';
import { lazily } from '../core/lazily.ts';
import type { SearchPanelOptions } from './search/search-panel.ts';
import type { SettingsPanelOptions } from './settings/settings-panel.ts';
import type { AskReviewOptions } from './reviews/ask-review.ts';
import type { ReviewsPanelOptions } from './reviews/reviews-panel.ts';

export type { InboxPanelOptions, SearchPanelOptions, SettingsPanelOptions };

/**
 * Opens the built-in site settings panel (the Settings button, when no page
 * listener handles `cms:open-settings`). Resolves once it is closed.
 */
export const openSiteSettings = async (options: SettingsPanelOptions): Promise<void> =>
  void (await lazily('settings panel', async () => (await import('./settings/settings-panel.ts')).openSettingsPanel(options)));

/** Opens the form submissions inbox (the Inbox button, Alt+Shift+I). Resolves once it is closed. */
export const openInbox = async (options: InboxPanelOptions): Promise<void> =>
  void (await lazily('inbox', async () => (await import('./inbox/inbox-panel.ts')).openInboxPanel(options)));

/** Opens the page search (the Search button, `/`, Ctrl+K / Cmd+K). Resolves once it is closed. */
export const openSearch = async (options: SearchPanelOptions): Promise<void> =>
  void (await lazily('search', async () => (await import('./search/search-panel.ts')).openSearchPanel(options)));

/** Opens a publisher's review requests (the Reviews button). Resolves once it is closed. */
export const openReviews = async (options: ReviewsPanelOptions): Promise<void> =>
  void (await lazily('review requests', async () => (await import('./reviews/reviews-panel.ts')).openReviewsPanel(options)));

/** A writer's Ask to publish: the note dialog and the requests (their own chunk). */
export const askToPublish = async (options: AskReviewOptions): Promise<void> =>
  void (await lazily('review request', async () => (await import('./reviews/ask-review.ts')).askReview(options)));
