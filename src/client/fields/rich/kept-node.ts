// Markup the rich-text editor does not model (a table, a code block, a <kbd>,
// a figure...), kept as one atomic node that shows what it holds and exports
// it exactly as written: an edit never removes what the editor did not touch.
// The server's sanitizer still checks it on save.
import { DecoratorNode, type DOMConversionMap, type DOMExportOutput, type LexicalNode, type NodeKey, type SerializedLexicalNode } from 'lexical';

type SerializedKept = SerializedLexicalNode & { html: string; inline: boolean };

/** The label a kept part shows (the Markdown editor's kept blocks show it too). */
export const KEPT_CUE = 'Kept as written';
/** What the editor may do with a kept part, said to assistive technology and in its tooltip. */
export const KEPT_HOW = 'the editor does not change this part; click it and press Delete to remove it';

/**
 * Inline elements kept as written while a field loads (not on paste, where
 * they are new content and come in as text). What the editor models inline
 * (text, strong, b, em, i, u, s, code, sub, sup, mark, plain span, a, br,
 * img) is left to its own nodes.
 */
const KEPT_INLINE = ['kbd', 'samp', 'var', 'abbr', 'dfn', 'cite', 'q', 'small', 'time', 'del', 'ins', 'span', 'label', 'bdi', 'bdo', 'data', 'ruby', 'wbr'];
let loading = false;

/** Runs `load` with inline elements the editor does not model imported as kept nodes. */
export function whileLoading<T>(load: () => T): T {
  loading = true;
  try {
    return load();
  } finally {
    loading = false;
  }
}

/** Outer HTML of an element as the browser serializes it. */
const outer = (el: Element): string => el.outerHTML;

/** Tabbing and clicking stop at the kept node itself: links or summaries inside it must not navigate or toggle while editing. */
function inertInside(root: HTMLElement): void {
  for (const el of root.querySelectorAll<HTMLElement>('a, summary, details, [tabindex]')) el.tabIndex = -1;
}

/**
 * A part of the field kept as written: block-level (a whole table) or inline
 * (a `<kbd>` in a sentence). It is selected and deleted as a unit; its HTML
 * is exported unchanged.
 */
export class KeptNode extends DecoratorNode<null> {
  __html: string;
  __inline: boolean;
  /** False when the node came from Lexical JSON (a copy and paste): its HTML is then shown as text only, never parsed into the page. */
  __trusted: boolean;

  static override getType(): string {
    return 'louise-kept';
  }

  static override clone(node: KeptNode): KeptNode {
    return new KeptNode(node.__html, node.__inline, node.__trusted, node.__key);
  }

  constructor(html = '', inline = false, trusted = true, key?: NodeKey) {
    super(key);
    this.__html = html;
    this.__inline = inline;
    this.__trusted = trusted;
  }

  /** The HTML the node keeps (read in an editor read or update). */
  getHtml(): string {
    return this.getLatest().__html;
  }

  override createDOM(): HTMLElement {
    const box = document.createElement(this.__inline ? 'span' : 'div');
    box.className = this.__inline ? 'louise-kept louise-kept-inline' : 'louise-kept';
    box.contentEditable = 'false';
    box.setAttribute('role', 'group');
    box.setAttribute('aria-label', `${KEPT_CUE}: ${KEPT_HOW}`);
    box.title = `${KEPT_CUE}: ${KEPT_HOW}.`;
    const content = document.createElement(this.__inline ? 'span' : 'div');
    content.className = 'louise-kept-content';
    // The HTML came from this very page (the field's own content); from JSON it is only shown as text.
    if (this.__trusted) content.innerHTML = this.__html;
    else content.textContent = new DOMParser().parseFromString(this.__html, 'text/html').body.textContent ?? '';
    inertInside(content);
    if (!this.__inline) {
      const cue = document.createElement('span');
      cue.className = 'louise-kept-cue';
      cue.setAttribute('aria-hidden', 'true');
      cue.textContent = KEPT_CUE;
      box.append(cue);
    }
    box.append(content);
    return box;
  }

  override updateDOM(): false {
    return false;
  }

  override exportDOM(): DOMExportOutput {
    const template = document.createElement('template');
    template.innerHTML = this.__html;
    return { element: template.content };
  }

  static override importDOM(): DOMConversionMap {
    const map: DOMConversionMap = {};
    for (const tag of KEPT_INLINE) {
      map[tag] = (el: HTMLElement) =>
        loading && (tag !== 'span' || el.attributes.length > 0) && !el.hasAttribute('data-louise-img')
          ? { conversion: (node) => ({ node: new KeptNode(outer(node), true), after: () => [] }), priority: 4 }
          : null;
    }
    return map;
  }

  /** From Lexical's JSON (a copy between editors): untrusted, so shown as text; the server sanitizes what is saved. */
  static override importJSON(json: SerializedKept): KeptNode {
    return new KeptNode(typeof json.html === 'string' ? json.html : '', json.inline === true, false).updateFromJSON(json);
  }

  override exportJSON(): SerializedKept {
    return { ...super.exportJSON(), html: this.getHtml(), inline: this.__inline };
  }

  override decorate(): null {
    return null;
  }

  override isInline(): boolean {
    return this.__inline;
  }

  override isKeyboardSelectable(): boolean {
    return true;
  }
}

/** Whether `node` is kept as written. */
export const $isKeptNode = (node: LexicalNode | null | undefined): node is KeptNode => node instanceof KeptNode;
