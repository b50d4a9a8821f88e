// The two DOM helpers the edit bar's parts build with.

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
