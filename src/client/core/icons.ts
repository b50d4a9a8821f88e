// The edit-mode client's one icon set: inline SVG (no icon font, no request),
// 24x24 strokes in `currentColor`, drawn for Louise. Every icon is decorative
// (`aria-hidden`): the control beside it carries the words, shown as its label
// or, where space is short, as its accessible name and tooltip. It imports
// nothing: dom.ts (in the core) names its icons by this file's IconName type.

/** The icons' strokes, by name: one or more SVG path `d` strings each. */
const PATHS = {
  publish: ['M12 16V4', 'M7 9l5-5 5 5', 'M5 20h14'],
  history: ['M3 12a9 9 0 1 0 3-6.7', 'M3 4v5h5', 'M12 7v5l3 2'],
  discard: ['M4 7h16', 'M10 11v6', 'M14 11v6', 'M6 7l1 13h10l1-13', 'M9 7V4h6v3'],
  search: ['M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14z', 'M20 20l-4-4'],
  media: ['M4 5h16v14H4z', 'M4 16l5-5 4 4 3-3 4 4', 'M15 9h.01'],
  inbox: ['M4 13l2-8h12l2 8', 'M4 13v6h16v-6', 'M4 13h5l1 2h4l1-2h5'],
  settings: [
    'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
    'M12 2v3',
    'M12 19v3',
    'M2 12h3',
    'M19 12h3',
    'M4.9 4.9l2.1 2.1',
    'M17 17l2.1 2.1',
    'M4.9 19.1L7 17',
    'M17 7l2.1-2.1',
  ],
  done: ['M5 12l5 5 9-10'],
  close: ['M6 6l12 12', 'M18 6L6 18'],
  more: ['M5 12h.01', 'M12 12h.01', 'M19 12h.01'],
  save: ['M5 4h11l3 3v13H5z', 'M8 4v5h7V4', 'M8 20v-6h8v6'],
  lock: ['M6 11h12v9H6z', 'M8 11V8a4 4 0 0 1 8 0v3'],
  link: ['M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1', 'M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1'],
  unlink: ['M15 9l3-3', 'M6 18l3-3', 'M9 5V3', 'M15 21v-2', 'M5 9H3', 'M21 15h-2'],
  external: ['M14 4h6v6', 'M20 4l-9 9', 'M18 14v6H4V6h6'],
  bold: ['M7 4h6a4 4 0 0 1 0 8H7z', 'M7 12h7a4 4 0 0 1 0 8H7z'],
  italic: ['M10 4h8', 'M6 20h8', 'M14 4l-4 16'],
  underline: ['M7 4v7a5 5 0 0 0 10 0V4', 'M5 21h14'],
  heading: ['M6 4v16', 'M18 4v16', 'M6 12h12'],
  paragraph: ['M13 4v16', 'M17 4v16', 'M19 4H9.5a4.5 4.5 0 0 0 0 9H13'],
  list: ['M9 6h11', 'M9 12h11', 'M9 18h11', 'M4 6h.01', 'M4 12h.01', 'M4 18h.01'],
  numbered: ['M10 6h10', 'M10 12h10', 'M10 18h10', 'M4 4h1v4', 'M4 14h2l-2 4h2'],
  quote: ['M6 17c-2-1-2-4-2-6 0-3 2-5 5-5', 'M4 11h5v6H4', 'M16 17c-2-1-2-4-2-6 0-3 2-5 5-5', 'M14 11h5v6h-5'],
  image: ['M4 5h16v14H4z', 'M4 16l5-5 4 4 3-3 4 4'],
  plus: ['M12 5v14', 'M5 12h14'],
  up: ['M12 19V5', 'M6 11l6-6 6 6'],
  down: ['M12 5v14', 'M6 13l6 6 6-6'],
  copy: ['M9 9h11v11H9z', 'M15 9V4H4v11h5'],
  drag: ['M9 6h.01', 'M15 6h.01', 'M9 12h.01', 'M15 12h.01', 'M9 18h.01', 'M15 18h.01'],
  eye: ['M2 12s4-7 10-7 10 7 10 7-4 7-10 7S2 12 2 12z', 'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z'],
  compare: ['M12 3v18', 'M4 7h5', 'M4 12h5', 'M15 7h5', 'M15 12h5', 'M15 17h5'],
  restore: ['M3 12a9 9 0 1 0 3-6.7', 'M3 4v5h5'],
  person: ['M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8z', 'M4 21a8 8 0 0 1 16 0'],
  review: ['M4 5h16v11H8l-4 4z', 'M8 10l3 3 5-5'],
  warning: ['M12 3l10 18H2z', 'M12 10v5', 'M12 18h.01'],
  undo: ['M9 14L4 9l5-5', 'M4 9h11a5 5 0 0 1 0 10h-3'],
  redo: ['M15 14l5-5-5-5', 'M20 9H9a5 5 0 0 0 0 10h3'],
  code: ['M8 8l-4 4 4 4', 'M16 8l4 4-4 4'],
  offline: ['M2 2l20 20', 'M8.5 16.5a5 5 0 0 1 7 0', 'M5 12.5a10 10 0 0 1 5-2.7', 'M12 20h.01'],
} as const;

/** The name of an icon in the set. */
export type IconName = keyof typeof PATHS;

const SVG = 'http://www.w3.org/2000/svg';

/** The icon `name`, 1em square, decorative (`aria-hidden`). */
export function icon(name: IconName): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  for (const [attribute, value] of <Array<[string, string]>>[
    ['viewBox', '0 0 24 24'],
    ['width', '1em'],
    ['height', '1em'],
    ['fill', 'none'],
    ['stroke', 'currentColor'],
    ['stroke-width', '2'],
    ['stroke-linecap', 'round'],
    ['stroke-linejoin', 'round'],
    ['aria-hidden', 'true'],
    ['focusable', 'false'],
    ['class', 'louise-icon'],
  ])
    svg.setAttribute(attribute, value);
  for (const d of PATHS[name]) {
    const path = document.createElementNS(SVG, 'path');
    path.setAttribute('d', d);
    svg.append(path);
  }
  return svg;
}

/**
 * A button with an icon and its label. `label: 'hidden'` keeps the words as
 * the accessible name and tooltip only (toolbars, narrow screens); by default
 * they show beside the icon.
 *
 * @example
 * row.append(iconButton('history', 'History', openHistory));
 */
export function iconButton(name: IconName, label: string, onClick: () => void, options: { label?: 'shown' | 'hidden' } = {}): HTMLButtonElement {
  const control = Object.assign(document.createElement('button'), { type: 'button', onclick: onClick, title: label });
  control.append(icon(name));
  if (options.label === 'hidden') control.setAttribute('aria-label', label);
  else control.append(Object.assign(document.createElement('span'), { className: 'louise-label', textContent: label }));
  return control;
}
