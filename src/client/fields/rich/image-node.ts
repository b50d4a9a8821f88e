// An image in rich text, for the rich-text chunk. A DecoratorNode whose
// decorate() returns nothing: without React, the `<img>` createDOM makes is
// the whole view. Inline, so `<p><img …></p>` (what the sanitizer keeps)
// loads and exports as it was.
import {
  DecoratorNode,
  type DOMConversionMap,
  type DOMExportOutput,
  type LexicalNode,
  type NodeKey,
  type SerializedLexicalNode,
  type SerializedPartial,
} from 'lexical';

/** What an image carries: what the server's sanitizer keeps of an `<img>`. */
export interface ImageData {
  src: string;
  alt: string;
  width: number | null;
  height: number | null;
  /** `lazy`, `eager`, or '' for no attribute (kept as loaded so stored HTML round-trips). */
  loading: string;
}

type SerializedImage = SerializedLexicalNode & ImageData;

/** A pixel size attribute as stored (`"640"`), or null when it is missing or not a positive integer. */
const pixels = (value: string | null): number | null => (value && /^\d{1,5}$/.test(value) && Number(value) > 0 ? Number(value) : null);

/**
 * Sources worth loading: http(s) and relative URLs. A pasted `data:` or
 * `blob:` image would put megabytes (or a dead link) into the saved HTML,
 * and the server drops them anyway.
 */
export const usableSrc = (src: string): boolean => src !== '' && (!/^[a-z][a-z\d+.-]*:/i.test(src) || /^https?:/i.test(src));

/** The node for an `<img>`, or null when its src is not worth loading. */
function fromImg(el: Element | null): ImageNode | null {
  const src = el?.getAttribute('src') ?? '';
  if (el?.localName !== 'img' || !usableSrc(src)) return null;
  const loading = el.getAttribute('loading')?.toLowerCase() ?? '';
  return new ImageNode({
    src,
    alt: el.getAttribute('alt') ?? '',
    width: pixels(el.getAttribute('width')),
    height: pixels(el.getAttribute('height')),
    loading: loading === 'lazy' || loading === 'eager' ? loading : '',
  });
}

const HOLD = 'data-louise-img';

/**
 * Wraps each `<img>` of parsed HTML in a span that also holds a character, so
 * Lexical's import keeps the spaces around it: it collapses whitespace per
 * line and takes an image for a line break, so `an <img> inline` would load
 * as `an<img>inline`. ImageNode's import turns the span back into the image.
 */
export function holdImageSpaces(root: ParentNode): void {
  for (const img of root.querySelectorAll('img')) {
    const span = img.ownerDocument.createElement('span');
    span.setAttribute(HOLD, '');
    img.replaceWith(span);
    span.append(img, '\uFFFC');
  }
}

/** An inline `<img src alt width height>` in rich text. */
export class ImageNode extends DecoratorNode<null> {
  __data: ImageData;

  static override getType(): string {
    return 'image';
  }

  static override clone(node: ImageNode): ImageNode {
    return new ImageNode(node.__data, node.__key);
  }

  constructor(data: ImageData = { src: '', alt: '', width: null, height: null, loading: '' }, key?: NodeKey) {
    super(key);
    this.__data = data;
  }

  /** The image's attributes (read them in an editor read or update). */
  getData(): ImageData {
    return this.getLatest().__data;
  }

  /** Replaces some of the image's attributes (alt text after the editor describes it). */
  setData(change: Partial<ImageData>): void {
    const writable = this.getWritable();
    writable.__data = { ...writable.__data, ...change };
  }

  override createDOM(): HTMLElement {
    const img = this.exportDOM().element as HTMLImageElement;
    // Large images fit the field while editing; the exported HTML carries no style.
    img.style.maxWidth = '100%';
    img.style.height = 'auto';
    return img;
  }

  override updateDOM(prev: ImageNode): boolean {
    return prev.__data !== this.__data;
  }

  override exportDOM(): DOMExportOutput {
    const { src, alt, width, height, loading } = this.__data;
    const img = document.createElement('img');
    img.setAttribute('src', src);
    img.setAttribute('alt', alt);
    if (width) img.setAttribute('width', String(width));
    if (height) img.setAttribute('height', String(height));
    if (loading) img.setAttribute('loading', loading);
    return { element: img };
  }

  static override importDOM(): DOMConversionMap {
    return {
      img: () => ({ conversion: (el) => ({ node: fromImg(el) }), priority: 0 }),
      // An image held by holdImageSpaces: the image, and nothing of the placeholder text.
      span: (el) => (el.hasAttribute(HOLD) ? { conversion: (span) => ({ node: fromImg(span.firstElementChild), after: () => [] }), priority: 4 } : null),
    };
  }

  /** From Lexical's JSON (history, or a copy from another Lexical editor): untrusted, read field by field. */
  static override importJSON(json: SerializedPartial<SerializedImage>): ImageNode {
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    const size = (value: unknown) => (typeof value === 'number' ? pixels(String(value)) : null);
    const src = text(json.src);
    return new ImageNode({
      src: usableSrc(src) ? src : '',
      alt: text(json.alt),
      width: size(json.width),
      height: size(json.height),
      loading: json.loading === 'lazy' || json.loading === 'eager' ? json.loading : '',
    }).updateFromJSON(json);
  }

  override exportJSON(): SerializedImage {
    return { ...super.exportJSON(), ...this.getData() };
  }

  override decorate(): null {
    return null;
  }

  override isInline(): true {
    return true;
  }
}

/** A new image node (in an editor update). */
export const $createImageNode = (data: Omit<ImageData, 'loading'> & { loading?: string }): ImageNode => new ImageNode({ loading: 'lazy', ...data });

/** Whether `node` is an image. */
export const $isImageNode = (node: LexicalNode | null | undefined): node is ImageNode => node instanceof ImageNode;
