// Putting images into rich text: from the media library, or a file pasted or
// dropped into the field (uploaded first), each with its alt text. Its own
// lazy chunk: the rich-text chunk loads it on the first Image click, image
// paste or drop, so the upload code and the alt dialog cost that chunk nothing.
import {
  $getNodeByKey,
  $insertNodes,
  $isElementNode,
  $isNodeSelection,
  $isRangeSelection,
  $isTextNode,
  $setSelection,
  type BaseSelection,
  type LexicalEditor,
  type PointType,
} from 'lexical';
import { el } from '../../core/dom.ts';
import { $createImageNode, $isImageNode, type ImageNode } from './image-node.ts';
import { createMediaApi, type MediaApi, type MediaAsset } from '../../panels/media/media-api.ts';
import { openMedia } from '../../panels/media/media-open.ts';
import type { RichContext } from '../rich-context.ts';
import { $status } from '../../core/status.ts';

/** The image types the media route accepts (by content; checked here by the browser's type to refuse early). */
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif']);

/**
 * Opens the media panel to pick an image for the field `label` and inserts
 * it at `at` (the selection when the Image button was pressed), asking for
 * alt text when the library has none for it.
 */
export async function insertFromLibrary(editor: LexicalEditor, context: RichContext, at: BaseSelection | null, label: string): Promise<void> {
  const asset = await openMedia({ apiBase: context.apiBase, ...(context.fetch ? { fetch: context.fetch } : {}), pick: { kind: 'image', label } });
  if (asset) $status.set(await place(editor, createMediaApi(context), asset, at));
}

/**
 * Uploads image files pasted or dropped into the field, one after the other,
 * and inserts each at `at` with its alt text. A file that is not an image,
 * or that the server refuses, inserts nothing; the status line says why.
 */
export function insertFiles(editor: LexicalEditor, context: RichContext, files: readonly File[], at: BaseSelection | null): Promise<void> {
  // A second paste while the first is uploading waits its turn: one alt dialog at a time.
  const run = turn.then(() => uploadAndInsert(editor, context, files, at));
  turn = run.catch(() => {});
  return run;
}

let turn: Promise<void> = Promise.resolve();

async function uploadAndInsert(editor: LexicalEditor, context: RichContext, files: readonly File[], at: BaseSelection | null): Promise<void> {
  const api = createMediaApi(context);
  const problems: string[] = [];
  let last: { tone: 'ok' | 'idle'; text: string } | null = null;
  for (const file of files) {
    const refusal = notAnImage(file);
    if (refusal) {
      problems.push(refusal);
      continue;
    }
    const uploading = `Uploading ${file.name}…`;
    $status.set({ tone: 'busy', text: uploading });
    const sent = await api.upload(file, {}, (loaded, total) => {
      if (total > 0) $status.set({ tone: 'busy', text: `${uploading} ${Math.floor((loaded / total) * 100)}%` });
    });
    if (!sent.ok) {
      problems.push(sent.message);
      continue;
    }
    if (!sent.value.alt) $status.set({ tone: 'idle', text: `${file.name} is uploaded: give it alt text to insert it.` });
    last = await place(editor, api, sent.value, at, file.name);
    // The next file goes after this one.
    at = null;
  }
  if (problems.length > 0) $status.set({ tone: 'problem', text: problems.join(' ') });
  else if (last) $status.set(last);
}

/** Asks for a new alt text of the image node `key` and sets it. */
export async function editAlt(editor: LexicalEditor, key: string): Promise<void> {
  const data = editor.read(() => {
    const node = $getNodeByKey(key);
    return $isImageNode(node) ? node.getData() : null;
  });
  if (!data) return;
  const alt = await askAlt(data.src, data.alt, 'Change');
  if (alt !== null) editor.update(() => $getNodeByKey<ImageNode>(key)?.setData({ alt }));
}

/** Why `file` cannot go into rich text, or null when it may be uploaded. */
export function notAnImage(file: File): string | null {
  if (IMAGE_TYPES.has(file.type)) return null;
  if (file.type === 'image/svg+xml')
    return `${file.name} is an SVG image, which cannot be uploaded (it can carry script): export it as PNG or WebP and paste that.`;
  return `${file.name} is not an image, so it cannot go into the text: paste or drop a JPEG, PNG, GIF, WebP or AVIF image.`;
}

/**
 * Inserts `asset` as an image at `at` once it has alt text (the library's,
 * or the editor's answer, which is also saved to the library). Answers the
 * status to show, also when the editor cancelled; `fileName` names it there
 * (default: the alt text, else the stored key).
 */
async function place(editor: LexicalEditor, api: MediaApi, asset: MediaAsset, at: BaseSelection | null, fileName?: string) {
  const alt = asset.alt || (await askAlt(asset.url, '', 'Insert'));
  const name = fileName ?? (alt ? `“${alt}”` : asset.key);
  if (alt === null) return { tone: 'idle' as const, text: `${name} is in the media library; it was not inserted.` };
  editor.update(
    () => {
      if (at && $usable(at)) $setSelection(at.clone());
      $insertNodes([$createImageNode({ src: asset.url, alt, width: asset.width, height: asset.height })]);
    },
    { discrete: true },
  );
  editor.focus();
  if (!asset.alt && alt) {
    const saved = await api.patch(asset.id, { alt });
    if (!saved.ok) return { tone: 'idle' as const, text: `Inserted ${name}; its alt text was not saved in the media library (${saved.message})` };
  }
  return { tone: 'ok' as const, text: `Inserted ${name}.` };
}

/** Whether a selection saved before an await still points into the document. */
function $usable(at: BaseSelection): boolean {
  if ($isNodeSelection(at)) return at.getNodes().some((node) => node.isAttached());
  if (!$isRangeSelection(at)) return false;
  const fits = (point: PointType) => {
    const node = $getNodeByKey(point.key);
    if (!node?.isAttached()) return false;
    return point.offset <= ($isTextNode(node) ? node.getTextContentSize() : $isElementNode(node) ? node.getChildrenSize() : 0);
  };
  return fits(at.anchor) && fits(at.focus);
}

const STYLE_ID = 'louise-alt-style';
const CSS = `
.louise-alt{max-width:min(32rem,calc(100vw - 2rem));padding:1rem 1.25rem;border:1px solid #52525b;border-radius:6px;background:#18181b;color:#fafafa;font:14px/1.4 system-ui,sans-serif}
.louise-alt::backdrop{background:#0008}
.louise-alt h2{margin:0 0 .5rem;font-size:1.1rem}
.louise-alt img{display:block;max-width:100%;max-height:12rem;margin:0 auto .75rem;background:#fff}
.louise-alt label{display:block;margin:.5rem 0}
.louise-alt input[type=text]{box-sizing:border-box;width:100%;margin-top:.25rem;padding:.35rem .5rem;font:inherit;border:1px solid #a1a1aa;border-radius:4px;background:#fff;color:#18181b}
.louise-alt p{margin:.25rem 0;color:#d4d4d8}
.louise-alt .lb-row{display:flex;gap:.5rem;justify-content:flex-end;margin-top:.75rem}
.louise-alt button{font:inherit;padding:.3rem .75rem;border:1px solid #a1a1aa;border-radius:4px;background:#27272a;color:#fafafa;cursor:pointer}
.louise-alt button:focus-visible,.louise-alt input:focus-visible{outline:3px solid #fbbf24;outline-offset:1px}
`;

/**
 * Asks for an image's alt text in a small modal dialog showing the image.
 * Answers the text ('' when the editor marks the image decorative), or null
 * when cancelled. The field is required unless Decorative is ticked.
 */
export function askAlt(src: string, current: string, action: 'Insert' | 'Change'): Promise<string | null> {
  if (!document.getElementById(STYLE_ID)) document.head.append(el('style', { id: STYLE_ID, textContent: CSS }));
  const input = document.createElement('input');
  Object.assign(input, { type: 'text', value: current, pattern: '.*\\S.*', maxLength: 1000 });
  const decorative = document.createElement('input');
  Object.assign(decorative, { type: 'checkbox', checked: current === '' && action === 'Change' });
  const sync = () => {
    input.disabled = decorative.checked;
    input.required = !decorative.checked;
  };
  decorative.addEventListener('change', sync);
  sync();
  const hint = el('p', {
    id: 'louise-alt-hint',
    textContent: 'Say what the image shows, for people who cannot see it (screen readers read this aloud).',
  });
  input.setAttribute('aria-describedby', hint.id);
  const cancel = el('button', { type: 'button', textContent: 'Cancel' });
  const form = el(
    'form',
    { method: 'dialog' },
    el('h2', { id: 'louise-alt-title', textContent: 'Alt text' }),
    el('img', { src, alt: '' }),
    el('label', {}, 'Describe the image', input),
    hint,
    el('label', {}, decorative, ' Decorative: it adds nothing to the text (no alt text)'),
    el('div', { className: 'lb-row' }, cancel, el('button', { type: 'submit', textContent: action, value: 'ok' })),
  );
  const dialog = el('dialog', { className: 'louise-alt' }, form);
  dialog.setAttribute('aria-labelledby', 'louise-alt-title');
  document.body.append(dialog);
  return new Promise((resolve) => {
    cancel.addEventListener('click', () => dialog.close());
    dialog.addEventListener('close', () => {
      dialog.remove();
      resolve(dialog.returnValue === 'ok' ? (decorative.checked ? '' : input.value.replace(/\s+/g, ' ').trim()) : null);
    });
    dialog.showModal();
  });
}
