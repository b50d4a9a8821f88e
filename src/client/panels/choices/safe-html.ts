// Rich text shown for reading only (the bar's conflict choice): the value's
// markup, rebuilt element by element from an inert parse, keeping only what
// the server's rich-text sanitizer allows and nothing that can act. Stored
// values were sanitized when saved; this does not trust that they were.
import { ALLOWED_TAGS } from '../../../security/rich-tags.ts';

/**
 * Tags shown as they are: the server's rich-text allowlist, less the one
 * interactive pair (`details`/`summary` are unwrapped, so what a collapsed
 * block holds is in view when the editor compares two versions).
 */
export const SHOWN_TAGS: ReadonlySet<string> = new Set(ALLOWED_TAGS.filter((tag) => tag !== 'details' && tag !== 'summary'));

/**
 * Attributes kept, per tag (`*`: every tag). Fewer than the server keeps: no
 * `href`, `target` or `rel` (a link in the bar is read, not followed), and an
 * img's `src` only through {@link safeImageSrc}.
 */
export const SHOWN_ATTRS: Readonly<Record<string, readonly string[]>> = {
  '*': ['dir', 'lang', 'title'],
  img: ['alt', 'width', 'height'],
  ol: ['start', 'reversed', 'type'],
  li: ['value'],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
};

/** Attributes whose value must be a small whole number. */
const NUMBERS = new Set(['width', 'height', 'start', 'value', 'colspan', 'rowspan']);

/** Elements left out together with what they hold: code, styles, frames, forms' options, foreign (SVG, MathML) and hidden content. */
const DROPPED: ReadonlySet<string> = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'textarea',
  'select',
  'option',
  'svg',
  'math',
  'title',
  'head',
  'link',
  'meta',
  'base',
]);

/** What becomes of an element: shown, left out with its content, or replaced by its content (an unknown wrapper's text still shows). */
export function elementFate(tag: string): 'keep' | 'drop' | 'unwrap' {
  const name = tag.toLowerCase();
  if (SHOWN_TAGS.has(name)) return 'keep';
  return DROPPED.has(name) ? 'drop' : 'unwrap';
}

/** The value an attribute keeps on a shown element, or null when it is left out (every `on*`, `style`, `href`, `src`, …). */
export function keptAttribute(tag: string, name: string, value: string): string | null {
  const attr = name.toLowerCase();
  if (!(SHOWN_ATTRS['*']?.includes(attr) || SHOWN_ATTRS[tag.toLowerCase()]?.includes(attr))) return null;
  if (NUMBERS.has(attr)) return /^\d{1,5}$/.test(value.trim()) ? value.trim() : null;
  if (attr === 'dir') return ['ltr', 'rtl', 'auto'].includes(value) ? value : null;
  return value;
}

/** An image address that may be shown: http(s) or root-relative (not `//host`, `javascript:`, `data:` or relative). */
export function safeImageSrc(src: string | null): string | null {
  const value = src?.trim() ?? '';
  return /^(https?:\/\/|\/(?!\/))/i.test(value) ? value : null;
}

/** Deeper nesting than any editor writes is shown as text, so a hostile value cannot exhaust the stack. */
const MAX_DEPTH = 64;

/**
 * `html` as inert nodes of `doc`: parsed with DOMParser (a document without
 * a browsing context, where nothing loads or runs), then rebuilt with only
 * the allowed elements and attributes, so no handler, script, style, frame
 * or followable link reaches the page. Images keep their alt text and show
 * without sending a referrer; one whose address is not allowed shows as its
 * alt text in brackets.
 */
export function safeFragment(html: string, doc: Document = document): DocumentFragment {
  const source = new DOMParser().parseFromString(html, 'text/html').body;
  const out = doc.createDocumentFragment();
  copyChildren(source, out, doc, 0);
  return out;
}

function copyChildren(from: Node, to: Node, doc: Document, depth: number): void {
  for (const node of Array.from(from.childNodes)) {
    if (node.nodeType === Node.TEXT_NODE) {
      to.appendChild(doc.createTextNode(node.textContent ?? ''));
      continue;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) continue;
    const source = node as Element;
    // Only HTML elements: an SVG or MathML subtree is foreign content, dropped whole.
    if (source.namespaceURI !== 'http://www.w3.org/1999/xhtml') continue;
    const tag = source.localName;
    const fate = elementFate(tag);
    if (fate === 'drop') continue;
    if (fate === 'unwrap' || depth >= MAX_DEPTH) {
      if (depth >= MAX_DEPTH) to.appendChild(doc.createTextNode(source.textContent ?? ''));
      else copyChildren(source, to, doc, depth + 1);
      continue;
    }
    if (tag === 'img') {
      to.appendChild(image(source, doc));
      continue;
    }
    const copy = doc.createElement(tag);
    for (const { name, value } of Array.from(source.attributes)) {
      const kept = keptAttribute(tag, name, value);
      if (kept !== null) copy.setAttribute(name, kept);
    }
    // Where a link points is part of what it holds: said on hover, as text, never followed.
    const href = tag === 'a' ? source.getAttribute('href') : null;
    if (href) copy.setAttribute('title', `Link to ${href}`);
    copyChildren(source, copy, doc, depth + 1);
    to.appendChild(copy);
  }
}

function image(source: Element, doc: Document): Node {
  const alt = source.getAttribute('alt') ?? '';
  const src = safeImageSrc(source.getAttribute('src'));
  if (!src) return doc.createTextNode(`[image${alt ? `: ${alt}` : ''}]`);
  const img = doc.createElement('img');
  for (const { name, value } of Array.from(source.attributes)) {
    const kept = keptAttribute('img', name, value);
    if (kept !== null) img.setAttribute(name, kept);
  }
  img.alt = alt;
  img.referrerPolicy = 'no-referrer';
  img.src = src;
  return img;
}
