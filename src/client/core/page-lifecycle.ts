import type { SaveQueue } from './save-queue.ts';

export interface PageWatch {
  autoSave: boolean;
  queues(): SaveQueue[];
  unsaved(): boolean;
  /** True once the edit bar navigates on purpose (Done, after Discard or Restore). */
  leaving(): boolean;
}

/**
 * Flushes pending edits when the tab is hidden and (with keepalive) when the
 * page goes away, retries failed saves when the connection returns, and has
 * the browser warn before leaving with an edit unsaved or a save in flight.
 */
export function watchPage(watch: PageWatch): void {
  if (watch.autoSave) {
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') for (const queue of watch.queues()) void queue.flush(true);
    });
    addEventListener('pagehide', () => {
      for (const queue of watch.queues()) queue.leave();
    });
  }
  addEventListener('online', () => {
    for (const queue of watch.queues()) queue.retry();
  });
  addEventListener('beforeunload', (event) => {
    if (watch.leaving() || !watch.unsaved()) return;
    event.preventDefault();
    // Older browsers still read returnValue.
    event.returnValue = '';
  });
}
