// Loading a field's HTML into Lexical and writing it back without touching
// what the editor did not change. Each top-level block is loaded as editable
// nodes only when the editor models it faithfully (it serializes back to the
// same markup); anything else becomes a KeptNode. The source HTML of every
// block is remembered, and a block whose nodes serialize as they did when
// loaded is written back as that source: only the block an editor changed
// is serialized again.
import { $generateNodesFromDOM } from '@lexical/html';
import { $isListItemNode, $isListNode, type ListItemNode } from '@lexical/list';
import { $isHeadingNode, $isQuoteNode } from '@lexical/rich-text';
import {
  $createLineBreakNode,
  $createParagraphNode,
  $getRoot,
  $isElementNode,
  $isLineBreakNode,
  $isParagraphNode,
  $isTextNode,
  type LexicalEditor,
  type LexicalNode,
  type NodeKey,
  type TextFormatType,
} from 'lexical';
import { holdImageSpaces } from './image-node.ts';
import { $isKeptNode, KeptNode, whileLoading } from './kept-node.ts';
import { $isLinkNode } from './link-node.ts';

/** What a loaded top-level block was: its source, the whitespace before it, its own attributes, and how it serialized. */
interface Source {
  before: string;
  html: string;
  attributes: string;
  serialized: string;
  /** Inline content with no element of its own (a field on a `<p>`, or loose text): serialized without `<p>`. */
  bare: boolean;
}

/** The sources of a loaded field, by top-level node key, and the whitespace after its last block. */
export interface Ledger {
  blocks: Map<NodeKey, Source>;
  after: string;
  /** Every paragraph is written without `<p>` (a field whose element holds phrasing content only). */
  inline: boolean;
}

/** Elements a field's top level treats as blocks; anything else is inline content. */
const BLOCK =
  /^(?:address|article|aside|blockquote|details|div|dl|fieldset|figure|footer|form|h[1-6]|header|hgroup|hr|main|menu|nav|ol|p|pre|section|table|ul)$/;
/** Blocks the editor has nodes for. */
const MODELED = /^(?:p|h[1-6]|ul|ol|blockquote)$/;
/** Inside these, whitespace between elements is not content. */
const NO_TEXT = new Set(['ul', 'ol', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'dl']);

const escapeText = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('\u00a0', '&nbsp;');
const escapeAttr = (value: string) => escapeText(value).replaceAll('"', '&quot;');
const isBlank = (node: Node) => node.nodeType === Node.TEXT_NODE && !/[^\t\n\f\r ]/.test(node.textContent ?? '');

/** An element's attributes as written (`' id="x" dir="rtl"'`). */
function attributesOf(el: Element): string {
  return [...el.attributes].map((a) => ` ${a.name}="${escapeAttr(a.value)}"`).join('');
}

// Text formats as elements, outermost first.
const FORMATS: Array<[TextFormatType, string]> = [
  ['bold', 'strong'],
  ['italic', 'em'],
  ['strikethrough', 's'],
  ['underline', 'u'],
  ['subscript', 'sub'],
  ['superscript', 'sup'],
  ['highlight', 'mark'],
  ['code', 'code'],
];

const children = (node: LexicalNode, editor: LexicalEditor): string =>
  $isElementNode(node)
    ? node
        .getChildren()
        .map((child) => serialize(child, editor))
        .join('')
    : '';

/** A list's items; an item holding only a nested list (how Lexical nests) goes inside the item before it, as HTML writes it. */
function listItems(items: LexicalNode[], editor: LexicalEditor): string {
  const out: string[] = [];
  for (const item of items) {
    const only = $isListItemNode(item) && item.getChildrenSize() === 1 ? item.getFirstChild() : null;
    if ($isListNode(only) && out.length > 0) out[out.length - 1] = `${out.at(-1)?.slice(0, -'</li>'.length)}${serialize(only, editor)}</li>`;
    else out.push(`<li>${children(item as ListItemNode, editor)}</li>`);
  }
  return out.join('');
}

/**
 * The HTML of a node in the markup the server's sanitizer keeps: the
 * elements' plain tags, no Lexical classes, spans or inline style.
 * `attributes` are a top-level block's own, as loaded.
 */
export function serialize(node: LexicalNode, editor: LexicalEditor, attributes = ''): string {
  if ($isKeptNode(node)) return node.getHtml();
  if ($isLineBreakNode(node)) return '<br>';
  if ($isTextNode(node)) {
    let html = escapeText(node.getTextContent());
    for (const [format, tag] of [...FORMATS].reverse()) if (node.hasFormat(format)) html = `<${tag}>${html}</${tag}>`;
    return html;
  }
  if ($isLinkNode(node)) return `<a href="${escapeAttr(node.getURL())}">${children(node, editor)}</a>`;
  if ($isParagraphNode(node)) return `<p${attributes}>${children(node, editor)}</p>`;
  if ($isHeadingNode(node)) return `<${node.getTag()}${attributes}>${children(node, editor)}</${node.getTag()}>`;
  if ($isQuoteNode(node)) return `<blockquote${attributes}>${children(node, editor)}</blockquote>`;
  if ($isListNode(node)) {
    const tag = node.getListType() === 'number' ? 'ol' : 'ul';
    return `<${tag}${attributes}>${listItems(node.getChildren(), editor)}</${tag}>`;
  }
  if ($isListItemNode(node)) return `<li>${children(node, editor)}</li>`;
  // Anything else (an image): its own export.
  const { element } = node.exportDOM(editor);
  const box = document.createElement('div');
  if (element) box.append(element);
  if ($isElementNode(node) && element instanceof Element) element.innerHTML = children(node, editor);
  return box.innerHTML;
}

/**
 * A form of markup for telling whether the editor models it: `b` and `i`
 * are `strong` and `em`, a span without attributes is its text, adjacent
 * text is one run, a whitespace run is one space, and whitespace at a block's
 * edge or between list items does not count. The editor's import makes
 * exactly these changes, so equal forms mean nothing but those is lost.
 */
function form(node: Node, inPre = false): string {
  if (node.nodeType === Node.TEXT_NODE) return escapeText(node.textContent ?? '');
  if (node.nodeType !== Node.ELEMENT_NODE) return node.nodeType === Node.DOCUMENT_FRAGMENT_NODE ? formOf(node.childNodes, inPre, '') : '';
  const el = node as Element;
  const name = el.localName;
  const inner = formOf(el.childNodes, inPre || name === 'pre', name);
  if (name === 'span' && el.attributes.length === 0) return inner;
  const tag = name === 'b' ? 'strong' : name === 'i' ? 'em' : name;
  const attributes = [...el.attributes]
    .map((a) => `${a.name}="${escapeAttr(a.value)}"`)
    .sort()
    .join(' ');
  return `<${tag}${attributes ? ` ${attributes}` : ''}>${inner}</${tag}>`;
}

function formOf(nodes: NodeListOf<ChildNode>, inPre: boolean, parent: string): string {
  const parts = [...nodes].filter((child) => !(NO_TEXT.has(parent) && isBlank(child))).map((child) => form(child, inPre));
  const joined = parts.join('');
  return inPre ? joined : joined.replace(/[\t\n\f\r ]+/g, ' ').replace(/^ | $/g, '');
}

/** Whether two pieces of markup have the same form (see {@link form}). */
const sameForm = (a: string, b: string): boolean => formOfHtml(a) === formOfHtml(b);
const formOfHtml = (html: string): string => {
  const template = document.createElement('template');
  template.innerHTML = html;
  return form(template.content).replaceAll(/ ?(<\/?(?:p|h[1-6]|li|blockquote|ul|ol|br)>) ?/g, '$1');
};

/** The Lexical nodes of one piece of HTML, as the editor imports it. */
function importNodes(editor: LexicalEditor, html: string): LexicalNode[] {
  const dom = new DOMParser().parseFromString(html, 'text/html');
  holdImageSpaces(dom.body);
  return whileLoading(() => $generateNodesFromDOM(editor, dom));
}

/** One top-level segment of a field: a block element, or a run of inline content. */
interface Segment {
  before: string;
  html: string;
  block: Element | null;
}

/** Splits a field's HTML into blocks and runs of inline content, with the whitespace between them. */
function segments(html: string): { parts: Segment[]; after: string } {
  // A template keeps whitespace before the first element (a document parse drops it) and loads no image.
  const template = document.createElement('template');
  template.innerHTML = html;
  const body = template.content;
  const parts: Segment[] = [];
  let pending = '';
  let run: ChildNode[] = [];
  const box = document.createElement('div');
  const htmlOf = (nodes: ChildNode[]) => {
    box.replaceChildren(...nodes.map((n) => n.cloneNode(true)));
    return box.innerHTML;
  };
  const endRun = () => {
    let end = run.length;
    while (end > 0 && isBlank(run[end - 1] as ChildNode)) end--;
    if (end > 0) {
      let start = 0;
      while (isBlank(run[start] as ChildNode)) start++;
      parts.push({ before: pending + htmlOf(run.slice(0, start)), html: htmlOf(run.slice(start, end)), block: null });
      pending = '';
    }
    pending += htmlOf(run.slice(end));
    run = [];
  };
  for (const node of [...body.childNodes]) {
    if (node.nodeType === Node.COMMENT_NODE) continue;
    if (node.nodeType === Node.ELEMENT_NODE && BLOCK.test((node as Element).localName)) {
      endRun();
      parts.push({ before: pending, html: (node as Element).outerHTML, block: node as Element });
      pending = '';
    } else run.push(node);
  }
  endRun();
  return { parts, after: pending };
}

/**
 * Replaces the editor's content with `html` (call inside an update) and
 * returns its ledger. `inline`: the field's element holds phrasing content
 * only, so everything loads into one paragraph written without `<p>`.
 */
export function $loadSource(editor: LexicalEditor, html: string, inline: boolean): Ledger {
  const root = $getRoot();
  root.clear();
  const ledger: Ledger = { blocks: new Map(), after: '', inline };
  const { parts, after } = segments(html);
  ledger.after = after;
  for (const part of parts) {
    const bare = part.block === null;
    const tag = part.block?.localName ?? '';
    const attributes = part.block ? attributesOf(part.block) : '';
    let node: LexicalNode | null = null;
    if (bare || MODELED.test(tag)) {
      const nodes = importNodes(editor, bare ? `<p>${part.html}</p>` : part.html);
      const only = nodes.length === 1 ? (nodes[0] as LexicalNode) : null;
      if (only && $isElementNode(only) && !only.isInline()) {
        const serialized = bare ? children(only, editor) : serialize(only, editor, attributes);
        if (sameForm(bare ? `<p>${serialized}</p>` : serialized, bare ? `<p>${part.html}</p>` : part.html)) node = only;
      }
    }
    node ??= new KeptNode(part.html, false);
    root.append(node);
    const serialized = $isKeptNode(node) ? part.html : bare ? children(node, editor) : serialize(node, editor, attributes);
    ledger.blocks.set(node.getKey(), { before: part.before, html: part.html, attributes, serialized, bare });
  }
  if (inline) $flattenRoot(editor, ledger);
  if (root.getChildrenSize() === 0) root.append($createParagraphNode());
  return ledger;
}

/**
 * An inline field holds one paragraph: blocks after the first join it,
 * separated by a line break (a kept block stays, as written, inside it).
 */
export function $flattenRoot(_editor: LexicalEditor, ledger: Ledger): void {
  const root = $getRoot();
  let first = root.getFirstChild();
  if (first && !$isParagraphNode(first)) {
    const paragraph = $createParagraphNode();
    first.insertBefore(paragraph);
    first = paragraph;
  }
  if (!first || !$isParagraphNode(first)) return;
  for (let next = first.getNextSibling(); next; next = first.getNextSibling()) {
    const inline = $inlineOf(next);
    if (first.getChildrenSize() > 0 && inline.length > 0) first.append($createLineBreakNode());
    first.append(...inline);
    if (next.isAttached()) next.remove();
  }
  ledger.inline = true;
}

/** A block's content as inline nodes: its blocks' content joined by line breaks; a kept block becomes kept inline. */
function $inlineOf(node: LexicalNode): LexicalNode[] {
  if ($isKeptNode(node)) return [new KeptNode(node.getHtml(), true)];
  if (!$isElementNode(node) || node.isInline()) return [node];
  const out: LexicalNode[] = [];
  for (const child of node.getChildren()) {
    const block = ($isElementNode(child) && !child.isInline()) || ($isKeptNode(child) && !child.isInline());
    if (block && out.length > 0) out.push($createLineBreakNode());
    out.push(...$inlineOf(child));
  }
  return out;
}

/** The field's HTML: each block the editor did not change exactly as it was loaded, the others serialized. */
export function $exportSource(editor: LexicalEditor, ledger: Ledger): string {
  let html = '';
  for (const node of $getRoot().getChildren()) {
    const source = ledger.blocks.get(node.getKey());
    const bare = ledger.inline || source?.bare === true;
    const serialized = bare && $isElementNode(node) ? children(node, editor) : serialize(node, editor, source?.attributes);
    if (source && serialized === source.serialized) html += source.before + source.html;
    else html += (source?.before ?? '') + serialized;
  }
  const empty = html === '' || html === '<p></p>';
  return empty ? '' : html + ledger.after;
}
