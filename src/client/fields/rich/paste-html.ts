// Clipboard HTML from word processors, made into what a rich field holds
// before Lexical imports it. Word writes a list as paragraphs styled
// `mso-list:l0 level1` whose bullet ("·", "1.") is text in a span; Google
// Docs wraps everything in `<b id="docs-internal-guid-…">` and marks bold and
// italic with inline styles only. Pure DOM work on a parsed copy: no editor.
import type { FieldRules } from './field-rules.ts';

/** Elements dropped with their content: never text an editor meant to paste. */
const DROP = new Set(['script', 'style', 'meta', 'link', 'title', 'head', 'xml', 'template', 'iframe', 'object', 'embed', 'noscript', 'svg', 'math']);
/** Elements kept (without attributes, `href` and image sources aside); anything else is unwrapped to its content. */
const KEEP = new Set(['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'code', 'a', 'ul', 'ol', 'li', 'blockquote', 'img', 'h2', 'h3']);
const TABLE = ['table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'];
const HEADING = /^h[1-6]$/;
const CELL_BLOCKS = 'p,ul,ol,blockquote,h1,h2,h3,h4,h5,h6,table';

/**
 * The clipboard's `html` as the field allows it: Word's and Google Docs'
 * lists as real `<ul>`/`<ol>` (nested by level), headings mapped into the
 * allowed levels (`h1` to the highest, `h4`-`h6` to the lowest, paragraphs
 * where none are allowed), tables flattened to a paragraph per cell unless
 * the field allows tables, bold and italic inline styles as `<strong>` and
 * `<em>`, and every other style, class and attribute dropped. No text is
 * lost: what is not kept is unwrapped.
 *
 * @example
 * cleanPastedHtml('<h1 class="x">Title</h1>', fieldRules(false)) // '<h2>Title</h2>'
 */
export function cleanPastedHtml(html: string, rules: FieldRules): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const body = doc.body;
  for (const comment of comments(body)) comment.remove();
  for (const dropped of body.querySelectorAll([...DROP].join(','))) dropped.remove();
  wordLists(body);
  styledInline(body);
  if (!rules.tables) for (const table of [...body.querySelectorAll('table')].reverse()) flattenTable(table);
  for (const heading of [...body.querySelectorAll('h1,h2,h3,h4,h5,h6')]) mapHeading(heading, rules);
  for (const p of [...body.querySelectorAll('li > p')]) if (p.parentElement?.children.length === 1) unwrap(p);
  clean(body, rules.tables ? new Set([...KEEP, ...TABLE]) : KEEP);
  return body.innerHTML;
}

function comments(root: Node): Comment[] {
  const found: Comment[] = [];
  const walker = (root.ownerDocument ?? document).createTreeWalker(root, NodeFilter.SHOW_COMMENT);
  while (walker.nextNode()) found.push(walker.currentNode as Comment);
  return found;
}

function unwrap(node: Element): void {
  node.replaceWith(...node.childNodes);
}

function rename(node: Element, tag: string): Element {
  const renamed = node.ownerDocument.createElement(tag);
  renamed.append(...node.childNodes);
  node.replaceWith(renamed);
  return renamed;
}

/** Word's list paragraph: `mso-list:l0 level2 lfo1` → list `l0`, level 2. */
function wordListItem(p: Element): { list: string; level: number } | null {
  const found = /mso-list:\s*(l\d+)\s+level(\d+)/i.exec(p.getAttribute('style') ?? '');
  if (found) return { list: found[1] ?? '', level: Number(found[2]) };
  return /^MsoListParagraph/i.test(p.className) ? { list: 'l?', level: 1 } : null;
}

/** Word's bullet or number: the `mso-list:Ignore` span (its font span and spaces with it), taken out of the item. */
function takeMarker(p: Element): string {
  const marker = [...p.querySelectorAll('span')].find((span) => /mso-list:\s*ignore/i.test(span.getAttribute('style') ?? ''));
  if (!marker) {
    // Some exports keep only the marker text: "1.", "a)", "·" followed by spaces.
    const first = p.firstChild;
    const found = first?.nodeType === Node.TEXT_NODE ? /^\s*([·•▪o§-]|\(?\w{1,4}[.)])(\s|\u00a0)+/.exec(first.textContent ?? '') : null;
    if (found && first) first.textContent = (first.textContent ?? '').slice(found[0].length);
    return found?.[1] ?? '';
  }
  const text = marker.textContent ?? '';
  // The span sits inside a font span (Symbol, Wingdings) that holds nothing else.
  let outer: Element = marker;
  while (outer.parentElement && outer.parentElement !== p && outer.parentElement.textContent === outer.textContent) outer = outer.parentElement;
  outer.remove();
  return text.replace(/[\s\u00a0]+/g, ' ').trim();
}

/** Whether Word's marker numbers its item ("1.", "a)", "iv.") rather than bullets it ("·", "o", "§"). */
const numbered = (marker: string) => /^\(?(\d+|[a-z]|[ivxlcdm]+)[.)]$/i.test(marker) && marker !== 'o';

/** Word's list paragraphs, each run of them made one list, nested by level. */
function wordLists(body: HTMLElement): void {
  const doc = body.ownerDocument;
  for (const p of [...body.querySelectorAll('p')]) {
    if (!p.isConnected) continue;
    const item = wordListItem(p);
    if (!item) continue;
    // The run of list paragraphs that starts here.
    const run: Array<{ p: Element; level: number; marker: string }> = [];
    let at: Element | null = p;
    for (let next = wordListItem(at); at && at.localName === 'p' && next?.list === item.list; at = at.nextElementSibling, next = at && wordListItem(at))
      run.push({ p: at, level: next.level, marker: takeMarker(at) });
    const make = (marker: string) => doc.createElement(numbered(marker) ? 'ol' : 'ul');
    const top = make(run[0]?.marker ?? '');
    p.before(top);
    // The open lists, innermost last; a deeper item opens a list inside the item before it.
    const open: Element[] = [top];
    let inner: Element = top;
    for (const { p: para, level, marker } of run) {
      while (open.length > Math.max(level, 1)) open.pop();
      inner = open[open.length - 1] ?? top;
      while (open.length < level) {
        const holder = inner.lastElementChild ?? inner.appendChild(doc.createElement('li'));
        inner = holder.appendChild(make(marker));
        open.push(inner);
      }
      const li = doc.createElement('li');
      li.append(...para.childNodes);
      inner.append(li);
      para.remove();
    }
  }
}

/** Google Docs' bold and italic (inline styles on spans, and `font-weight:normal` on its wrapper) as elements. */
function styledInline(body: HTMLElement): void {
  for (const node of [...body.querySelectorAll<HTMLElement>('[style]')]) {
    const style = node.style;
    if (node.localName === 'b' && /^(normal|400)$/.test(style.fontWeight)) {
      unwrap(node);
      continue;
    }
    if (node.localName !== 'span') continue;
    const bold = /^(bold|bolder|[6-9]00)$/.test(style.fontWeight);
    const italic = style.fontStyle === 'italic';
    let inner: Element = node;
    if (bold) inner = wrapChildren(inner, 'strong');
    if (italic) wrapChildren(inner, 'em');
  }
}

function wrapChildren(node: Element, tag: string): Element {
  const wrap = node.ownerDocument.createElement(tag);
  wrap.append(...node.childNodes);
  node.append(wrap);
  return wrap;
}

/** A table as a paragraph per cell (a cell's own blocks kept as they are), in reading order. */
function flattenTable(table: Element): void {
  const doc = table.ownerDocument;
  const out = doc.createDocumentFragment();
  for (const cell of table.querySelectorAll('td,th')) {
    if (cell.closest('table') !== table || !cell.textContent?.trim()) continue;
    if (cell.querySelector(CELL_BLOCKS)) out.append(...cell.childNodes);
    else {
      const p = doc.createElement('p');
      p.append(...cell.childNodes);
      out.append(p);
    }
  }
  // A caption is text too.
  const caption = table.querySelector('caption');
  if (caption?.textContent?.trim()) out.prepend(Object.assign(doc.createElement('p'), { textContent: caption.textContent.trim() }));
  table.replaceWith(out);
}

function mapHeading(heading: Element, rules: FieldRules): void {
  const level = Number(heading.localName.slice(1));
  const allowed = rules.headings;
  if (allowed.some((tag) => tag === heading.localName)) return;
  // The nearest allowed level at or below this one (h1 → h2), or else the lowest allowed (h4-h6 → h3).
  const to = allowed.find((tag) => Number(tag.slice(1)) >= level) ?? allowed[allowed.length - 1] ?? 'p';
  rename(heading, to);
}

/** Every element kept (attributes dropped, but a link's address and an image's source and text) or unwrapped. */
function clean(root: Element, keep: ReadonlySet<string>): void {
  for (const node of [...root.querySelectorAll('*')].reverse()) {
    const tag = node.localName;
    if (!keep.has(tag) && !HEADING.test(tag)) {
      // A block that is unwrapped keeps its line: a div or a section becomes a paragraph when it holds text only.
      if (/^(div|section|article|header|footer|aside|main|figure|figcaption|address|pre|dd|dt)$/.test(tag) && !node.querySelector(CELL_BLOCKS))
        rename(node, 'p');
      else unwrap(node);
      continue;
    }
    for (const attribute of [...node.attributes]) {
      const kept = (tag === 'a' && attribute.name === 'href') || (tag === 'img' && /^(src|alt|width|height)$/.test(attribute.name));
      if (!kept) node.removeAttribute(attribute.name);
    }
  }
}
