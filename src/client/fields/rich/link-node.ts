// A minimal link node for the rich-text chunk. @lexical/link would cost about
// 2.5 KB gzipped of an 80 KB budget for autolink and attribute handling the
// toolbar does not use; the server's sanitizer owns URL safety either way.
import {
  $findMatchingParent,
  $getSelection,
  $isRangeSelection,
  $isTextNode,
  ElementNode,
  type DOMConversionMap,
  type LexicalNode,
  type NodeKey,
  type SerializedElementNode,
} from 'lexical';

type SerializedLink = SerializedElementNode & { url: string };

/** An inline `<a href>` element. */
export class LinkNode extends ElementNode {
  __url: string;

  static override getType(): string {
    return 'link';
  }

  static override clone(node: LinkNode): LinkNode {
    return new LinkNode(node.__url, node.__key);
  }

  constructor(url = '', key?: NodeKey) {
    super(key);
    this.__url = url;
  }

  override createDOM(): HTMLElement {
    const a = document.createElement('a');
    a.setAttribute('href', this.__url);
    return a;
  }

  override updateDOM(prev: LinkNode, dom: HTMLElement): boolean {
    if (prev.__url !== this.__url) dom.setAttribute('href', this.__url);
    return false;
  }

  static override importDOM(): DOMConversionMap {
    return { a: () => ({ conversion: (el) => ({ node: new LinkNode(el.getAttribute('href') ?? '') }), priority: 1 }) };
  }

  static override importJSON(json: SerializedLink): LinkNode {
    return new LinkNode(json.url).updateFromJSON(json);
  }

  override exportJSON(): SerializedLink {
    return { ...super.exportJSON(), url: this.__url };
  }

  override isInline(): true {
    return true;
  }

  override canInsertTextBefore(): false {
    return false;
  }

  override canInsertTextAfter(): false {
    return false;
  }

  override canBeEmpty(): false {
    return false;
  }

  /** The link's address (read in an editor read or update). */
  getURL(): string {
    return this.getLatest().__url;
  }

  setURL(url: string): void {
    this.getWritable().__url = url;
  }
}

/** Whether `node` is a link. */
export const $isLinkNode = (node: LexicalNode | null | undefined): node is LinkNode => node instanceof LinkNode;

/** Links the selected text to `url`, or unlinks it when `url` is null. */
export function $toggleLink(url: string | null): void {
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return;
  const nodes = selection.extract();
  let wrap: LinkNode | null = null;
  for (const node of nodes) {
    const link = $findMatchingParent(node, $isLinkNode);
    if (url === null) {
      if (link?.isAttached()) {
        for (const child of link.getChildren()) link.insertBefore(child);
        link.remove();
      }
    } else if (link) link.setURL(url);
    else if ($isTextNode(node)) {
      if (!wrap || node.getPreviousSibling() !== wrap) {
        wrap = new LinkNode(url);
        node.insertBefore(wrap);
      }
      wrap.append(node);
    }
  }
}
