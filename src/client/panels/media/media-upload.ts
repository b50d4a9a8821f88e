// The media panel's uploads: several files at once, each with its progress
// bar and then its outcome, in a log screen readers announce politely.
import { el } from '../../core/dom.ts';
import type { MediaApi, MediaAsset } from './media-api.ts';
import { eachLimited } from './media-format.ts';

/** Uploads at once: enough to overlap latency, few enough not to crowd the connection (or the rate limit). */
const AT_ONCE = 3;

/** The uploads log: a list in a region whose new lines are announced (`role="log"` is polite). */
export function uploadLog(): { element: HTMLElement; list: HTMLUListElement } {
  const list = el('ul', { className: 'lm-uploads' });
  const element = el('div', {}, list);
  element.setAttribute('role', 'log');
  element.setAttribute('aria-label', 'Uploads');
  return { element, list };
}

/**
 * Uploads the files, a few at a time, each shown in `log` with a
 * `<progress>` that is replaced by what happened: uploaded, or the refusal
 * that says what to do (type, size, rate). `done` gets each stored asset.
 */
export function uploadFiles(files: readonly File[], api: MediaApi, log: HTMLElement, done: (asset: MediaAsset, file: File) => void): Promise<void> {
  const rows = files.map((file) => {
    const progress = el('progress', { max: 1, value: 0 });
    progress.setAttribute('aria-label', `Uploading ${file.name}`);
    const row = el('li', {}, el('span', { className: 'lm-file', textContent: file.name }), progress);
    log.append(row);
    return { file, row, progress };
  });
  return eachLimited(rows, AT_ONCE, async ({ file, row, progress }) => {
    const answer = await api.upload(file, {}, (loaded, total) => {
      progress.value = total > 0 ? loaded / total : 0;
    });
    // A new line, not changed text: the log announces additions.
    row.replaceChildren(el('span', { className: answer.ok ? 'lm-ok' : 'lm-problem', textContent: answer.ok ? `Uploaded ${file.name}.` : answer.message }));
    if (answer.ok) done(answer.value, file);
  });
}
