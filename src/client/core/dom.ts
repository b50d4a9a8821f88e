// The DOM helpers the edit bar's parts build with.
import type { IconName } from './icons.ts';

/** An element with properties set and children appended. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...children: Array<Node | string>
): HTMLElementTagNameMap[K] {
  const node: HTMLElementTagNameMap[K] = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

/** A plain button (never a form submit). */
export const button = (text: string, onClick: () => void) => el('button', { type: 'button', textContent: text, onclick: onClick });

/**
 * A button with its label, and its icon (`name`) named for later: the bar
 * prepends the icons from their own chunk once it is on the page (icons.ts),
 * so the core carries no SVG.
 */
export function labelled(name: IconName, label: string, onClick: () => void): HTMLButtonElement {
  const control = el('button', { type: 'button', onclick: onClick, title: label }, el('span', { className: 'louise-label', textContent: label }));
  control.dataset.icon = name;
  return control;
}
