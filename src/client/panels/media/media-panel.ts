// The media panel: a modal dialog over the page with the library's grid,
// search, type filter, uploads and, in pick mode, the image on the page and
// its alt text. Its own chunk: media-open.ts imports it on first use.
import { button, el } from '../../core/dom.ts';
import type { ImageValue } from '../../fields/image-value.ts';
import { createMediaApi, type MediaAsset } from './media-api.ts';
import { assetCard, type CardContext } from './media-card.ts';
import { acceptFor, KIND_FILTERS, keyOfUrl, kindOf, listStatus } from './media-format.ts';
import { MEDIA_CSS } from './media-styles.ts';
import { uploadFiles, uploadLog } from './media-upload.ts';
import { panelFrame, restoreFocus } from '../panel-frame.ts';
import { $status } from '../../core/status.ts';

/** Options of `openMediaPanel`. */
export interface MediaPanelOptions {
  apiBase: string;
  fetch?: typeof fetch;
  /**
   * Pick mode, for an image field: only images are listed, each with Use
   * this image. `current` is the image the field shows; `setAlt` changes its
   * alt text on the page (the panel also writes it to the library's asset).
   */
  pick?: { kind: 'image'; label?: string; current?: ImageValue | null; setAlt?: (alt: string) => void; remove?: () => void };
  onClose?: () => void;
}

const ID = 'louise-media';
const PAGE = 24;

/**
 * Opens the media library as a modal dialog (Escape or Close closes it and
 * the focus goes back where it was). Resolves, once closed, with the image
 * picked in pick mode, else null. Only one panel is open at a time: asking
 * again while one is open resolves null and leaves it open.
 *
 * @example
 * const asset = await openMediaPanel({ apiBase: '/api/cms', pick: { kind: 'image' } });
 */
export function openMediaPanel(options: MediaPanelOptions): Promise<MediaAsset | null> {
  if (document.getElementById(ID)) return Promise.resolve(null);
  const opener = document.activeElement;
  const api = createMediaApi(options);
  const pick = options.pick;
  let chosen: MediaAsset | null = null;
  let cursor: string | null = null;
  let loads = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** The search the list shows. */
  let query = '';
  /** Uploads stored while the newest load was on its way: its answer may not have them, and they stay in the list. */
  let late: MediaAsset[] = [];
  /** Uploads the list does not show (another type than it lists). */
  let unlisted = 0;

  const { dialog, body, status, say } = panelFrame(
    ID,
    pick ? (pick.label ? `Choose an image for ${pick.label}` : 'Choose an image') : 'Media library',
    MEDIA_CSS,
  );
  const grid = el('ul', { className: 'lm-grid' });
  grid.setAttribute('aria-label', pick ? 'Images' : 'Files');
  const known = new Map<string, MediaAsset>();
  const filenames = new Map<string, string>();
  const remember = (asset: MediaAsset) => known.set(absolute(asset.url), asset);

  const search = el('input', { type: 'search', maxLength: 200 });
  const typeFilter = el('select', {}, ...KIND_FILTERS.map(([value, label]) => el('option', { value, textContent: label })));
  const files = el('input', { type: 'file', multiple: true, accept: acceptFor(pick ? 'image' : null), hidden: true });
  const uploadButton = button('Upload files…', () => files.click());
  const log = uploadLog();
  const more = Object.assign(
    button('Load more', () => void load(false)),
    { hidden: true, className: 'lm-more' },
  );

  const ctx: CardContext = {
    api,
    say,
    use: pick
      ? (asset) => {
          chosen = asset;
          dialog.close();
        }
      : undefined,
    filename: (asset) => filenames.get(String(asset.id)),
    changed: remember,
    removed(card) {
      late = late.filter((asset) => String(asset.id) !== card.dataset.id);
      const next = card.nextElementSibling ?? card.previousElementSibling;
      card.remove();
      (next?.querySelector<HTMLElement>('.lm-row button') ?? uploadButton).focus();
    },
  };
  const fits = (asset: MediaAsset) => {
    const wanted = pick ? 'image' : typeFilter.value;
    return !wanted || asset.type === wanted || kindOf(asset.type) === wanted;
  };
  const cardOf = (asset: MediaAsset) => grid.querySelector(`[data-id="${CSS.escape(String(asset.id))}"]`);
  /** The status line for the list as it stands (after a load, an upload). */
  const tell = () => say(listStatus({ count: grid.children.length, more: cursor !== null, pick: Boolean(pick), query, unlisted }));
  const upload = (list: File[]) => {
    if (list.length === 0) return;
    void uploadFiles(list, api, log.list, (asset, file) => {
      remember(asset);
      filenames.set(String(asset.id), file.name);
      cardOf(asset)?.remove();
      if (fits(asset)) {
        late.push(asset);
        grid.prepend(assetCard(asset, ctx));
      } else unlisted++;
      tell();
    });
  };

  /** Loads the first page afresh (`reset`) or the next one. Answers to an older query are dropped. */
  async function load(reset: boolean) {
    const mine = ++loads;
    if (reset) late = [];
    grid.setAttribute('aria-busy', 'true');
    const q = search.value.trim();
    const kind = pick ? 'image' : typeFilter.value;
    const answer = await api.list({ cursor: reset ? null : cursor, type: kind, q, limit: PAGE });
    if (mine !== loads) return;
    grid.removeAttribute('aria-busy');
    if (!answer.ok) return say(`The library could not load: ${answer.message}`, 'problem');
    for (const asset of answer.value.items) remember(asset);
    const cards = answer.value.items.map((asset) => assetCard(asset, ctx));
    if (reset) {
      // An upload stored after the server read this page would vanish with the old cards: it stays first.
      const listed = new Set(answer.value.items.map((asset) => String(asset.id)));
      const kept = late.filter((asset) => !listed.has(String(asset.id)) && fits(asset)).reverse();
      grid.replaceChildren(...kept.map((asset) => assetCard(asset, ctx)), ...cards);
      query = q;
    } else grid.append(...cards);
    cursor = answer.value.nextCursor;
    more.hidden = cursor === null;
    if (!reset) cards[0]?.querySelector<HTMLElement>('.lm-row button')?.focus();
    tell();
  }

  search.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => void load(true), 300);
  });
  typeFilter.addEventListener('change', () => void load(true));
  files.addEventListener('change', () => {
    upload([...(files.files ?? [])]);
    files.value = '';
  });
  dropTarget(dialog, upload);

  const tools = el(
    'div',
    { className: 'lm-tools' },
    el('label', {}, 'Search', search),
    pick ? '' : el('label', {}, 'Type', typeFilter),
    el('div', { className: 'lm-upload' }, uploadButton, files, el('p', { className: 'lm-drop-hint', textContent: uploadHint(Boolean(pick)) })),
  );
  const redraw = (asset: MediaAsset) => {
    remember(asset);
    grid.querySelector(`[data-id="${CSS.escape(String(asset.id))}"]`)?.replaceWith(assetCard(asset, ctx));
  };
  const removeImage = pick?.remove;
  const remove = removeImage
    ? () => {
        removeImage();
        dialog.close();
      }
    : undefined;
  const current = pick?.current && pick.setAlt ? onThePage(pick.current, pick.setAlt, { api, say, known, redraw, remove }) : '';
  body.append(current, tools, log.element, status, grid, more);

  return new Promise((resolve) => {
    dialog.addEventListener('close', () => {
      clearTimeout(timer);
      restoreFocus(dialog, opener);
      options.onClose?.();
      resolve(chosen);
    });
    document.body.append(dialog);
    dialog.showModal();
    say('Loading the library…');
    void load(true);
  });
}

const uploadHint = (pick: boolean) =>
  pick
    ? 'Or drop images on this panel: JPEG, PNG, GIF, WebP or AVIF.'
    : 'Or drop files on this panel: images, video (MP4, WebM), audio (MP3, OGG, WAV) or PDF.';

const absolute = (url: string) => new URL(url, location.href).href;

/** Dropping files anywhere on the panel (its backdrop included) uploads them instead of opening them in the tab. */
function dropTarget(dialog: HTMLDialogElement, upload: (files: File[]) => void): void {
  const carriesFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') === true;
  dialog.addEventListener('dragover', (event) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    dialog.classList.add('lm-dropping');
  });
  dialog.addEventListener('dragleave', (event) => {
    if (!dialog.contains(event.relatedTarget as Node | null)) dialog.classList.remove('lm-dropping');
  });
  dialog.addEventListener('drop', (event) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    dialog.classList.remove('lm-dropping');
    upload([...(event.dataTransfer?.files ?? [])]);
  });
}

interface CurrentDeps {
  api: ReturnType<typeof createMediaApi>;
  say(text: string, tone?: 'problem'): void;
  known: Map<string, MediaAsset>;
  /** Shows an asset's new alt text in its card. */
  redraw(asset: MediaAsset): void;
  /** Takes the image off the field (no image), when the field allows it. */
  remove?: (() => void) | undefined;
}

/**
 * Pick mode: the image the field shows and its alt text. Saving the alt
 * changes the field (it saves like any edit) and, best effort, the asset's
 * alt in the library; a failed library write is said but undoes nothing.
 */
function onThePage(image: ImageValue, setAlt: (alt: string) => void, deps: CurrentDeps): HTMLElement {
  const alt = el('input', { type: 'text', value: image.alt, maxLength: 1000 });
  const save = button('Save alt text', async () => {
    const text = alt.value.trim();
    setAlt(text);
    const asset = await findAsset(image.src, deps);
    if (!asset) return deps.say('Alt text changed on the page. This image was not found in the media library, so only the page has the new text.');
    const answer = await deps.api.patch(asset.id, { alt: text });
    if (!answer.ok) {
      const words = `Alt text changed on the page, but not in the media library: ${answer.message}`;
      $status.set({ tone: 'problem', text: words });
      return deps.say(words, 'problem');
    }
    deps.redraw(answer.value);
    deps.say('Alt text changed on the page and in the media library.');
  });
  const section = el(
    'section',
    { className: 'lm-current' },
    el('img', { src: image.src, alt: '' }),
    el(
      'div',
      {},
      el('h3', { id: `${ID}-current`, textContent: 'On the page now' }),
      el('label', {}, 'Alt text', alt),
      el('p', { className: 'lm-facts', textContent: 'Say what the image shows for people who cannot see it; leave it empty only for decoration.' }),
      deps.remove ? el('div', { className: 'lm-row' }, save, button('Remove image', deps.remove)) : save,
    ),
  );
  section.setAttribute('aria-labelledby', `${ID}-current`);
  return section;
}

/** The library asset an image URL points at: among those loaded, else searched by its key, else among the newest images. */
async function findAsset(src: string, deps: CurrentDeps): Promise<MediaAsset | null> {
  const url = absolute(src);
  const seen = deps.known.get(url);
  if (seen) return seen;
  for (const query of [{ q: keyOfUrl(src) }, { type: 'image' }]) {
    let cursor: string | null = null;
    for (let page = 0; page < 3; page++) {
      const answer = await deps.api.list({ ...query, cursor, limit: 100 });
      if (!answer.ok) return null;
      const hit = answer.value.items.find((asset) => absolute(asset.url) === url);
      if (hit) return hit;
      cursor = answer.value.nextCursor;
      if (!cursor) break;
    }
  }
  return null;
}
