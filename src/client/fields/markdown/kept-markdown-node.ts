// Markdown the editor does not model (raw HTML, MDX/JSX, footnotes, reference
// definitions, front-matter-like blocks, HTML comments, or a block whose
// Markdown would not come back the same): one atomic block that shows its
// source as text and writes it back byte for byte. It can be deleted, never
// edited, so an edit elsewhere never rewrites it.
import type { DOMConversionMap, LexicalNode, NodeKey, SerializedLexicalNode } from 'lexical';
import { KEPT_CUE, KEPT_HOW, KeptNode } from '../rich/kept-node.ts';

// Optional to read: JSON from elsewhere (a paste from another editor) may lack it.
type SerializedKeptMarkdown = SerializedLexicalNode & { markdown?: string };

/** A top-level block kept as its Markdown source. Being a KeptNode, a click selects it and Delete removes it (as in rich text). */
export class KeptMarkdownNode extends KeptNode {
  __markdown: string;

  static override getType(): string {
    return 'louise-kept-markdown';
  }

  static override clone(node: KeptMarkdownNode): KeptMarkdownNode {
    return new KeptMarkdownNode(node.__markdown, node.__key);
  }

  constructor(markdown = '', key?: NodeKey) {
    super('', false, false, key);
    this.__markdown = markdown;
  }

  /** The Markdown kept, exactly as it was in the file (read in an editor read or update). */
  getMarkdown(): string {
    return this.getLatest().__markdown;
  }

  /** Shown as its source, in a monospaced box under the cue: never parsed into the page. */
  override createDOM(): HTMLElement {
    const box = document.createElement('div');
    box.className = 'louise-kept louise-kept-markdown';
    box.contentEditable = 'false';
    box.setAttribute('role', 'group');
    box.setAttribute('aria-label', `${KEPT_CUE}: ${KEPT_HOW}`);
    box.title = `${KEPT_CUE}: ${KEPT_HOW}.`;
    const cue = document.createElement('span');
    cue.className = 'louise-kept-cue';
    cue.setAttribute('aria-hidden', 'true');
    cue.textContent = KEPT_CUE;
    const source = document.createElement('pre');
    source.className = 'louise-kept-content';
    source.style.whiteSpace = 'pre-wrap';
    source.textContent = this.__markdown;
    box.append(cue, source);
    return box;
  }

  /** Never made from pasted HTML (the rich field's KeptNode conversions are not inherited). */
  static override importDOM(): DOMConversionMap {
    return {};
  }

  static override importJSON(json: SerializedKeptMarkdown): KeptMarkdownNode {
    return new KeptMarkdownNode(typeof json.markdown === 'string' ? json.markdown : '').updateFromJSON(json);
  }

  override exportJSON(): SerializedKeptMarkdown & { html: string; inline: boolean; markdown: string } {
    return { ...super.exportJSON(), type: KeptMarkdownNode.getType(), markdown: this.getMarkdown() };
  }

  override getTextContent(): string {
    return this.getMarkdown();
  }
}

/** A Markdown block kept as written. */
export const $createKeptMarkdownNode = (markdown: string): KeptMarkdownNode => new KeptMarkdownNode(markdown);

/** Whether `node` is a Markdown block kept as written. */
export const $isKeptMarkdownNode = (node: LexicalNode | null | undefined): node is KeptMarkdownNode => node instanceof KeptMarkdownNode;
