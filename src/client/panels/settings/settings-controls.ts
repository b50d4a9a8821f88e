// One control per setting kind in the settings panel: text, long text,
// a list of links, an image from the media library, JSON. Each reports
// values through `edit` and knows nothing of saving (settings-session.ts).
import { button, el } from '../../core/dom.ts';
import { fromAsset, imageValue, type ImageValue } from '../../fields/image-value.ts';
import { addRow, type LinkRow, linkRows, linksValue, MAX_LINKS, moveRow, removeRow, updateRow } from './link-list.ts';
import { openMedia } from '../media/media-open.ts';
import { jsonText, parseJsonText, type SettingField } from './settings-api.ts';

/** What a control needs from the panel. */
export interface ControlDeps {
  field: SettingField;
  value: unknown;
  /** The id of the field's note: the control's `aria-describedby`. */
  noteId: string;
  /** The editor changed the value. */
  edit(value: unknown): void;
  /** The editor typed something that cannot be sent; `reason` says why. */
  hold(reason: string): void;
  /** Where the media panel finds the library (image settings). */
  media: { apiBase: string; fetch?: typeof fetch };
}

/** A setting's control in the panel. */
export interface Control {
  /** A `<label>` around the input (in a `<div>` with a hint for JSON), or a `<fieldset>` with a `<legend>`. */
  element: HTMLElement;
  /** Shows a value (the stored one, after Take theirs). */
  set(value: unknown): void;
  /** Read-only: every input and button of the control is disabled. */
  disable(): void;
}

/** The control for a field's kind. */
export function settingControl(deps: ControlDeps): Control {
  const { kind } = deps.field;
  if (kind === 'links') return linksControl(deps);
  if (kind === 'image') return imageControl(deps);
  return textControl(deps);
}

const describedBy = (node: HTMLElement, deps: ControlDeps) => node.setAttribute('aria-describedby', deps.noteId);

/** text, longtext and json: an input or textarea inside its label. */
function textControl(deps: ControlDeps): Control {
  const { kind, label } = deps.field;
  const json = kind === 'json';
  const input = kind === 'text' ? el('input', { type: 'text', maxLength: 500 }) : el('textarea', { rows: json ? 6 : 4, className: json ? 'ls-json' : '' });
  input.spellcheck = !json;
  describedBy(input, deps);
  const set = (value: unknown) => {
    input.value = json ? jsonText(value) : typeof value === 'string' ? value : '';
  };
  set(deps.value);
  input.addEventListener('input', () => {
    if (!json) return deps.edit(input.value);
    const parsed = parseJsonText(input.value);
    if (parsed.ok) deps.edit(parsed.value);
    else deps.hold(parsed.reason);
  });
  const labelled = el('label', {}, label, input);
  return {
    // The hint stays out of the label, so the field's name is its label alone.
    element: json ? el('div', {}, labelled, el('p', { className: 'lm-facts', textContent: 'In JSON; leave it empty for no value.' })) : labelled,
    set,
    disable() {
      input.disabled = true;
    },
  };
}

/** links: rows of label and URL, each with Move up, Move down and Remove, and Add link. */
function linksControl(deps: ControlDeps): Control {
  let rows = linkRows(deps.value);
  let disabled = false;
  const list = el('ol', { className: 'ls-links' });
  const empty = el('p', { className: 'lm-facts', textContent: 'No links yet: Add link adds one.' });
  const add = button('Add link', () => {
    change(addRow(rows));
    focusRow(rows.at(-1)?.id, 'label');
  });
  const fieldset = el('fieldset', {}, el('legend', { textContent: deps.field.label }), empty, list, add);
  describedBy(fieldset, deps);

  const change = (next: LinkRow[]) => {
    rows = next;
    render();
    deps.edit(linksValue(rows));
  };
  const render = () => {
    list.replaceChildren(...rows.map(row));
    empty.hidden = rows.length > 0;
    add.disabled = disabled || rows.length >= MAX_LINKS;
    if (disabled) for (const control of list.querySelectorAll<HTMLInputElement | HTMLButtonElement>('input,button')) control.disabled = true;
  };
  /** Focuses a part of a row after a re-render; a disabled move button hands over to the other one. */
  const focusRow = (id: number | undefined, part: string) => {
    const item = list.querySelector(`[data-row="${id}"]`);
    const wanted = item?.querySelector<HTMLElement>(`[data-part="${part}"]`);
    const target =
      wanted && !(wanted as HTMLButtonElement).disabled ? wanted : item?.querySelector<HTMLElement>(`[data-part="${part === 'up' ? 'down' : 'up'}"]`);
    (target && !(target as HTMLButtonElement).disabled ? target : item?.querySelector<HTMLElement>('input'))?.focus();
  };
  const row = (link: LinkRow, index: number) => {
    const text = (part: 'label' | 'href', value: string, max: number) => {
      const input = el('input', { type: 'text', value, maxLength: max });
      input.dataset.part = part;
      input.addEventListener('input', () => {
        rows = updateRow(rows, link.id, { [part]: input.value });
        deps.edit(linksValue(rows));
      });
      return input;
    };
    const href = text('href', link.href, 2000);
    href.inputMode = 'url';
    href.placeholder = '/page or https://…';
    const act = (words: string, part: string, run: () => void, off = false) => {
      const b = button(words, run);
      b.dataset.part = part;
      b.disabled = off;
      return b;
    };
    const move = (by: number, part: string) => () => {
      change(moveRow(rows, link.id, by));
      focusRow(link.id, part);
    };
    const group = el(
      'div',
      { className: 'ls-link' },
      el('label', {}, 'Label', text('label', link.label, 100)),
      el('label', {}, 'URL', href),
      el(
        'div',
        { className: 'lm-row' },
        act('Move up', 'up', move(-1, 'up'), index === 0),
        act('Move down', 'down', move(1, 'down'), index === rows.length - 1),
        act('Remove', 'remove', () => {
          const at = rows.findIndex((r) => r.id === link.id);
          change(removeRow(rows, link.id));
          const next = rows[at] ?? rows[at - 1];
          if (next) focusRow(next.id, 'label');
          else add.focus();
        }),
      ),
    );
    group.setAttribute('role', 'group');
    group.setAttribute('aria-label', `Link ${index + 1} of ${rows.length}`);
    const item = el('li', {}, group);
    item.dataset.row = String(link.id);
    return item;
  };
  render();
  return {
    element: fieldset,
    set(value) {
      rows = linkRows(value);
      render();
    },
    disable() {
      disabled = true;
      render();
    },
  };
}

/** image: the image now, Choose image (the media panel in pick mode) and Remove image. */
function imageControl(deps: ControlDeps): Control {
  const { label } = deps.field;
  let value: ImageValue | null = imageValue(deps.value);
  const preview = el('img', { alt: '' });
  const facts = el('p', { className: 'lm-facts' });
  const change = (next: ImageValue | null) => {
    show(next);
    deps.edit(next);
  };
  const choose = button('Choose image', async () => {
    const setAlt = (alt: string) => value && change({ ...value, alt });
    const asset = await openMedia({ ...deps.media, pick: { kind: 'image', label, current: value, setAlt, remove: () => change(null) } });
    if (asset) change(fromAsset(asset));
  });
  const remove = button('Remove image', () => {
    change(null);
    choose.focus();
  });
  const show = (next: ImageValue | null) => {
    value = next;
    preview.hidden = !next;
    if (next) preview.src = next.src;
    else preview.removeAttribute('src');
    facts.textContent = next ? (next.alt ? `Alt text: ${next.alt}` : 'No alt text: add one in Choose image.') : 'No image.';
    remove.hidden = !next;
  };
  show(value);
  const fieldset = el(
    'fieldset',
    {},
    el('legend', { textContent: label }),
    el('div', { className: 'ls-image' }, preview, el('div', {}, facts, el('div', { className: 'lm-row' }, choose, remove))),
  );
  describedBy(fieldset, deps);
  return {
    element: fieldset,
    set: (next) => show(imageValue(next)),
    disable() {
      choose.disabled = true;
      remove.disabled = true;
    },
  };
}
