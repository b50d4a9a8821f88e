// The block picker: a small non-modal dialog listing the declared block
// types, each with its label, a sentence and a picture of its shape (the
// declared preview image, or a sketch drawn from its fields). It sits in the
// visual viewport, clear of the edit bar (never under it, wherever the bar
// is), next to the button that opened it; on a phone it is a full-width
// sheet just above the bar. Arrow keys, Home and End move between types,
// Enter picks, Escape (or a click or the focus elsewhere) closes it.
import { el } from '../core/dom.ts';
import { iconButton } from '../core/icons.ts';
import { fieldSummary, type BlockTypeNote } from './sections-model.ts';

/** Narrower than this (CSS px of the visual viewport), the picker is a sheet across the screen. */
const SHEET_BELOW = 600;
/** Room kept between the picker and the viewport's edges or the bar. */
const GAP = 8;

/**
 * Opens the picker of `types` by `opener` (one picker at a time); `pick` gets
 * the chosen type. Closing without a choice gives the focus back to `opener`.
 */
export function openBlockPicker(opener: HTMLElement, types: Readonly<Record<string, BlockTypeNote>>, pick: (type: string) => void): void {
  document.querySelector<HTMLElement & { dismiss?: () => void }>('.louise-picker')?.dismiss?.();
  let open = true;
  const dismiss = () => {
    if (!open) return;
    open = false;
    menu.remove();
    opener.setAttribute('aria-expanded', 'false');
    window.visualViewport?.removeEventListener('resize', place);
    window.visualViewport?.removeEventListener('scroll', place);
    removeEventListener('resize', place);
    document.removeEventListener('pointerdown', outside, true);
  };
  const close = () => {
    dismiss();
    opener.focus();
  };
  // Each type is a card whose button is named by the label alone (its sentence is the description); the button covers the card, so a click anywhere on it picks.
  const cards: HTMLElement[] = [];
  const choices = Object.entries(types).map(([type, note], index) => {
    const about = el('span', { className: 'lp-about', id: `louise-pick-${index}-about`, textContent: note.description ?? fieldSummary(note) });
    const choice = el('button', { type: 'button', className: 'lp-name', textContent: note.label });
    choice.setAttribute('aria-describedby', about.id);
    choice.addEventListener('click', () => {
      dismiss();
      pick(type);
    });
    cards.push(el('div', { className: 'lp-choice' }, preview(note), el('span', { className: 'lp-words' }, choice, about)));
    return choice;
  });
  const heading = el('h2', { id: 'louise-picker-title', textContent: 'Add a block' });
  const menu: HTMLElement & { dismiss?: () => void } = el(
    'div',
    { className: 'louise-picker' },
    el('div', { className: 'lp-head' }, heading, iconButton('close', 'Close', close, { label: 'hidden' })),
    el('div', { className: 'lp-list' }, ...cards),
  );
  menu.dismiss = dismiss;
  menu.dataset.louiseUi = '';
  menu.setAttribute('role', 'dialog');
  menu.setAttribute('aria-labelledby', heading.id);
  menu.addEventListener('keydown', (event) => {
    const at = choices.indexOf(document.activeElement as HTMLButtonElement);
    const to = { ArrowDown: at + 1, ArrowUp: at < 0 ? choices.length - 1 : at - 1, Home: 0, End: choices.length - 1 }[event.key];
    if (event.key === 'Escape') close();
    else if (to !== undefined) choices[(to + choices.length) % choices.length]?.focus();
    else return;
    event.preventDefault();
    event.stopPropagation();
  });
  // Tabbing out closes it; a click on the opener's block is not a choice either.
  menu.addEventListener('focusout', (event) => {
    if (!(event.relatedTarget instanceof Node && menu.contains(event.relatedTarget))) dismiss();
  });
  function outside(event: PointerEvent): void {
    if (!(event.target instanceof Node && (menu.contains(event.target) || opener.contains(event.target)))) dismiss();
  }

  /** Puts the picker in the visible part of the screen and out of the bar's way. */
  function place(): void {
    const view = window.visualViewport;
    const [left, width] = [view?.offsetLeft ?? 0, view?.width ?? innerWidth];
    let [top, bottom] = [view?.offsetTop ?? 0, (view?.offsetTop ?? 0) + (view?.height ?? innerHeight)];
    const bar = document.getElementById('louise-bar')?.getBoundingClientRect();
    if (bar && bar.height > 0 && bar.bottom > top && bar.top < bottom) {
      if (bar.top + bar.height / 2 > (top + bottom) / 2) bottom = Math.min(bottom, bar.top);
      else top = Math.max(top, bar.bottom);
    }
    const sheet = width < SHEET_BELOW;
    menu.classList.toggle('lp-sheet', sheet);
    menu.style.maxHeight = `${Math.max(120, bottom - top - (sheet ? 0 : 2 * GAP))}px`;
    const box = menu.getBoundingClientRect();
    if (sheet) {
      Object.assign(menu.style, { left: `${left}px`, width: `${width}px`, top: `${bottom - box.height}px` });
      return;
    }
    const from = opener.getBoundingClientRect();
    const below = from.bottom + 4;
    const above = from.top - 4 - box.height;
    const y = below + box.height <= bottom - GAP ? below : above >= top + GAP ? above : bottom - GAP - box.height;
    const x = Math.min(Math.max(from.left + from.width / 2 - box.width / 2, left + GAP), left + width - GAP - box.width);
    Object.assign(menu.style, { left: `${x}px`, top: `${Math.max(top + GAP, y)}px`, width: '' });
  }

  document.body.append(menu);
  opener.setAttribute('aria-expanded', 'true');
  place();
  window.visualViewport?.addEventListener('resize', place);
  window.visualViewport?.addEventListener('scroll', place);
  addEventListener('resize', place);
  document.addEventListener('pointerdown', outside, true);
  choices[0]?.focus();
}

/** The type's declared picture, or a sketch of its shape: its fields top to bottom, each drawn as it looks. */
function preview(note: BlockTypeNote): Element {
  if (note.preview) {
    const image = el('img', { src: note.preview, alt: '', width: 72, height: 48, loading: 'lazy', decoding: 'async' });
    image.className = 'lp-preview';
    return image;
  }
  const rows: string[] = [];
  let y = 5;
  let first = true;
  const bar = (x: number, w: number, h: number, extra = '') => `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="1.5"${extra}/>`;
  for (const field of Object.values(note.fields)) {
    if (field.type === 'text') {
      rows.push(bar(6, first ? 40 : 52, first ? 5 : 3));
      y += first ? 9 : 7;
    } else if (field.type === 'richtext') {
      for (const w of [60, 56, 38]) {
        rows.push(bar(6, w, 2.5, ' opacity=".6"'));
        y += 5;
      }
      y += 2;
    } else if (field.type === 'image') {
      rows.push(bar(6, 60, 18, ' opacity=".35"'), `<path d="M10 ${y + 16}l8-8 6 6 4-4 8 6" fill="none" stroke="currentColor" stroke-width="1.5"/>`);
      y += 22;
    } else if (field.type === 'link') {
      rows.push(bar(6, 22, 7, ' rx="3.5" class="lp-accent"'));
      y += 11;
    } else if (field.type === 'list') {
      for (const w of [40, 46, 34]) {
        rows.push(`<circle cx="8" cy="${y + 1.25}" r="1.5"/>`, bar(12, w, 2.5, ' opacity=".6"'));
        y += 5;
      }
      y += 2;
    }
    first = false;
  }
  const picture = el('span', { className: 'lp-preview lp-sketch' });
  picture.innerHTML = `<svg viewBox="0 0 72 ${Math.max(48, y + 3)}" width="72" height="48" preserveAspectRatio="xMidYMin meet" fill="currentColor" aria-hidden="true" focusable="false">${rows.join('')}</svg>`;
  return picture;
}

/** The picker's look, installed with the sections editor's styles: the bar's dark panel, its focus ring and touch sizes. */
export const PICKER_CSS = `
.louise-picker{position:fixed;z-index:2147483100;box-sizing:border-box;display:flex;flex-direction:column;width:min(24rem,calc(100vw - 1rem));padding:.5rem;background:#18181b;color:#fafafa;border:1px solid #52525b;border-radius:8px;box-shadow:0 8px 32px #0008;font:14px/1.35 system-ui,sans-serif;text-align:left}
.louise-picker.lp-sheet{border-radius:12px 12px 0 0;border-width:1px 0 0;padding:.5rem .5rem .75rem}
.louise-picker .lp-head{display:flex;align-items:center;justify-content:space-between;gap:.5rem;padding:0 .25rem .4rem}
.louise-picker h2{margin:0;font:600 15px/1.3 system-ui,sans-serif;color:#fafafa}
.louise-picker .lp-list{display:flex;flex-direction:column;gap:.25rem;overflow:auto;min-height:0}
.louise-picker button{font:inherit;color:#fafafa;background:#27272a;border:1px solid #3f3f46;border-radius:6px;cursor:pointer}
.louise-picker .lp-head button{display:inline-flex;align-items:center;justify-content:center;min-width:2.25rem;min-height:2.25rem;padding:0;font-size:18px;background:transparent}
.louise-picker .lp-choice{position:relative;display:flex;gap:.75rem;align-items:center;min-height:3.5rem;padding:.4rem .5rem;background:#27272a;border:1px solid #3f3f46;border-radius:6px}
.louise-picker .lp-choice:hover,.louise-picker .lp-head button:hover{background:#3f3f46}
.louise-picker .lp-choice button{padding:0;background:none;border:0;font-weight:600;text-align:left}
.louise-picker .lp-choice button::after{content:"";position:absolute;inset:0;border-radius:6px}
.louise-picker button:focus-visible{outline:3px solid #fbbf24;outline-offset:1px}
.louise-picker .lp-choice button:focus-visible{outline:0}
.louise-picker .lp-choice button:focus-visible::after{outline:3px solid #fbbf24;outline-offset:1px}
.louise-picker .lp-preview{flex:none;display:block;width:72px;height:48px;border-radius:4px;background:#3f3f46;color:#d4d4d8;object-fit:cover}
.louise-picker .lp-sketch svg{display:block}
.louise-picker .lp-accent{fill:#818cf8}
.louise-picker .lp-words{display:flex;flex-direction:column;gap:.1rem;min-width:0}
.louise-picker .lp-about{color:#d4d4d8;font-size:13px}
`;
