import type { MediaAsset } from './media-api.ts';
import type { MediaPanelOptions } from './media-panel.ts';
import { lazily } from '../../core/lazily.ts';

export type { MediaPanelOptions };

/**
 * Opens the media panel, which is its own chunk: nothing of it loads until
 * the editor asks for it (the Media button, its shortcut, an image field).
 * Resolves with the image picked in pick mode, else null; a chunk that fails
 * to load is said in the status line.
 */
export async function openMedia(options: MediaPanelOptions): Promise<MediaAsset | null> {
  return lazily('media library', async () => (await import('./media-panel.ts')).openMediaPanel(options));
}
