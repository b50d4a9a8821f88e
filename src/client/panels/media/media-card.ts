// One asset in the media panel's grid: its thumbnail or type badge, alt text
// and caption, Copy URL, Delete (with the in-use warning) and, when picking
// an image, Use this image.
import { confirmAction } from '../../core/confirm.ts';
import { button, el } from '../../core/dom.ts';
import type { MediaApi, MediaAsset, MediaReference } from './media-api.ts';
import { assetFacts, assetName, kindLabel, kindOf, referenceText } from './media-format.ts';

/** What a card needs from its panel. */
export interface CardContext {
  api: MediaApi;
  /** Pick mode: an image's Use this image picks it (and closes the panel). */
  use?: ((asset: MediaAsset) => void) | undefined;
  /** Says a sentence in the panel's polite status line. */
  say(text: string, tone?: 'problem'): void;
  /** The name a file was uploaded with, when this panel uploaded it. */
  filename(asset: MediaAsset): string | undefined;
  /** The asset changed (alt text or caption saved). */
  changed(asset: MediaAsset): void;
  /** The card's asset was deleted: the panel removes the card and moves the focus on. */
  removed(card: HTMLElement): void;
}

/** A grid card for one asset (an `<li>` holding a group named after the asset). */
export function assetCard(asset: MediaAsset, ctx: CardContext): HTMLLIElement {
  let current = asset;
  const image = kindOf(asset.type) === 'image';
  const name = el('p', { className: 'lm-name' });
  const hint = el('p', { className: 'lm-hint', textContent: 'No alt text yet: add one so everyone knows what it shows.' });
  const picture = image ? el('img', { src: asset.url, alt: asset.alt, loading: 'lazy', decoding: 'async' }) : null;
  const thumb = el('div', { className: 'lm-thumb' }, picture ?? el('span', { className: 'lm-badge', textContent: kindLabel(asset.type) }));
  const group = el('div', { className: 'lm-group' }, thumb, name, el('p', { className: 'lm-facts', textContent: assetFacts(asset) }), hint);
  group.setAttribute('role', 'group');
  const nameOf = () => assetName(current, ctx.filename(current));
  const show = () => {
    name.textContent = nameOf();
    group.setAttribute('aria-label', nameOf());
    hint.hidden = !image || current.alt.trim() !== '';
    if (picture) picture.alt = current.alt;
  };
  show();

  group.append(
    details(current, image, ctx, (saved) => {
      current = saved;
      show();
      ctx.changed(saved);
    }),
  );
  const warn = el('div', { className: 'lm-warn', hidden: true });
  const remove = async (force: boolean) => {
    if (
      !force &&
      !(await confirmAction({
        title: `Delete ${nameOf()}?`,
        body: 'It is removed from the library and from storage. This cannot be undone.',
        action: 'Delete image',
        tone: 'danger',
      }))
    )
      return;
    const outcome = await ctx.api.remove(current.id, force);
    if (outcome.ok) {
      ctx.say(`Deleted ${nameOf()}.`);
      ctx.removed(card);
    } else if (outcome.references)
      inUse(
        warn,
        nameOf(),
        outcome.references,
        () => void remove(true),
        () => del.focus(),
      );
    else ctx.say(`Not deleted: ${outcome.message}`, 'problem');
  };
  const del = button('Delete', () => void remove(false));
  const row = el('div', { className: 'lm-row' });
  const use = ctx.use;
  if (use && image)
    row.append(
      Object.assign(
        button('Use this image', () => use(current)),
        { className: 'lm-primary' },
      ),
    );
  row.append(
    button('Copy URL', () => void copy(current, ctx)),
    del,
  );
  group.append(row, warn);
  const card = el('li', { className: 'lm-card' }, group);
  card.dataset.id = String(asset.id);
  return card;
}

/** The alt text and caption, behind a disclosure so the grid stays a grid. */
function details(asset: MediaAsset, image: boolean, ctx: CardContext, saved: (asset: MediaAsset) => void): HTMLElement {
  const alt = el('input', { type: 'text', value: asset.alt, maxLength: 1000 });
  const caption = el('input', { type: 'text', value: asset.caption, maxLength: 2000 });
  let busy = false;
  // Not `disabled` while saving: disabling the focused button would drop the focus.
  const save = button('Save', async () => {
    if (busy) return;
    busy = true;
    const answer = await ctx.api.patch(asset.id, image ? { alt: alt.value.trim(), caption: caption.value.trim() } : { caption: caption.value.trim() });
    busy = false;
    if (!answer.ok) return ctx.say(`Not saved: ${answer.message}`, 'problem');
    alt.value = answer.value.alt;
    caption.value = answer.value.caption;
    saved(answer.value);
    ctx.say(`Saved: ${image ? 'alt text and caption' : 'caption'} of ${assetName(answer.value, ctx.filename(answer.value))}.`);
  });
  const fields: HTMLElement[] = [el('label', {}, 'Caption', caption)];
  if (image) fields.unshift(el('label', {}, 'Alt text', alt));
  return el('details', {}, el('summary', { textContent: image ? 'Alt text and caption' : 'Caption' }), ...fields, save);
}

/** Copies the asset's full address; where the browser refuses, says it so it can be copied by hand. */
async function copy(asset: MediaAsset, ctx: CardContext): Promise<void> {
  const url = new URL(asset.url, location.href).href;
  try {
    await navigator.clipboard.writeText(url);
    ctx.say(`Copied the address of ${assetName(asset, ctx.filename(asset))}: ${url}`);
  } catch {
    ctx.say(`The browser did not let the page copy. The address is ${url}`, 'problem');
  }
}

/** The 409 `in_use` warning: where the asset is used, Delete anyway and Keep it. Takes the focus so it is read at once. */
function inUse(warn: HTMLElement, name: string, references: MediaReference[], force: () => void, keep: () => void): void {
  const places = references.length === 1 ? 'one place' : `${references.length} places`;
  const intro = el('p', { tabIndex: -1, textContent: `Not deleted: ${name} is still used in ${places}:` });
  warn.replaceChildren(
    intro,
    el('ul', {}, ...references.map((ref) => el('li', { textContent: referenceText(ref) }))),
    el('p', { textContent: 'Deleting it anyway leaves a missing file there.' }),
    el(
      'div',
      { className: 'lm-row' },
      button('Delete anyway', force),
      button('Keep it', () => {
        warn.hidden = true;
        keep();
      }),
    ),
  );
  warn.hidden = false;
  intro.focus();
}
