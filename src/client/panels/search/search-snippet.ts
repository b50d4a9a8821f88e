// A search snippet (escaped text with the matches between `<mark>` and
// `</mark>`, see the search contract) as DOM nodes, without ever parsing it
// as HTML: the only element it can make is <mark>, and everything else,
// markup a page's author typed included, stays text.

/** A run of snippet text, highlighted or not. */
export interface SnippetPart {
  text: string;
  mark: boolean;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };

/** The five entities the server escapes with, decoded in one pass (so `&amp;lt;` is `&lt;`, not `<`); any other `&` stays as it is. */
export const decodeEntities = (text: string): string => text.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ENTITIES[name] ?? '');

/**
 * Splits a snippet on the literal `<mark>` and `</mark>` into text runs.
 * Unbalanced tags cannot make markup: a `</mark>` with nothing open and a
 * `<mark>` inside a highlight change nothing, and a highlight left open
 * runs to the end. Empty runs are dropped.
 *
 * @example
 * snippetParts('a <mark>b</mark> &amp; c') // [{ text: 'a ', mark: false }, { text: 'b', mark: true }, { text: ' & c', mark: false }]
 */
export function snippetParts(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let mark = false;
  // Split with a capture group, so the tags come out as pieces of their own (text never equals one).
  for (const piece of snippet.split(/(<\/?mark>)/)) {
    if (piece === '<mark>' || piece === '</mark>') mark = piece === '<mark>';
    else if (piece !== '') parts.push({ text: decodeEntities(piece), mark });
  }
  return parts;
}

/** What `snippetNodes` builds with (the page's `document`; tests pass a recorder). */
export type NodeMaker = Pick<Document, 'createElement' | 'createTextNode'>;

/** A snippet as text nodes and <mark> elements (textContent only), ready to append. */
export function snippetNodes(snippet: string, doc: NodeMaker = document): Node[] {
  return snippetParts(snippet).map(({ text, mark }) => {
    if (!mark) return doc.createTextNode(text);
    const element = doc.createElement('mark');
    element.textContent = text;
    return element;
  });
}
