import { describe, expect, it } from 'vitest';
import { decodeEntities, type NodeMaker, snippetNodes, snippetParts } from './search-snippet.ts';

/** A document that records what it is asked to make: elements by tag (with their text), text nodes by text. */
function recorder() {
  const made: Array<{ element: string; text: string } | { text: string }> = [];
  const doc = {
    createElement(tag: string) {
      const node = { element: tag, text: '' };
      made.push(node);
      return {
        set textContent(text: string) {
          node.text = text;
        },
      };
    },
    createTextNode(text: string) {
      made.push({ text });
      return {};
    },
  } as unknown as NodeMaker;
  return { doc, made };
}

describe('snippetParts', () => {
  it('keeps markup a page author typed as text, and makes only the marks', () => {
    expect(snippetParts('&lt;img src=x onerror=alert(1)&gt; <mark>word</mark>')).toEqual([
      { text: '<img src=x onerror=alert(1)> ', mark: false },
      { text: 'word', mark: true },
    ]);
  });

  it('decodes the five entities once, and leaves any other & as it is', () => {
    expect(decodeEntities('&amp;lt; &lt;&gt; &quot;a&#39; &nbsp; &#60; & ;')).toBe('&lt; <> "a\' &nbsp; &#60; & ;');
    expect(snippetParts('a &amp; <mark>b&quot;</mark>')).toEqual([
      { text: 'a & ', mark: false },
      { text: 'b"', mark: true },
    ]);
  });

  it('handles stray and unbalanced tags without making markup', () => {
    // A </mark> with nothing open changes nothing.
    expect(snippetParts('a</mark>b')).toEqual([
      { text: 'a', mark: false },
      { text: 'b', mark: false },
    ]);
    // A <mark> inside a highlight changes nothing; the highlight ends at the first </mark>.
    expect(snippetParts('<mark>a<mark>b</mark>c</mark>d')).toEqual([
      { text: 'a', mark: true },
      { text: 'b', mark: true },
      { text: 'c', mark: false },
      { text: 'd', mark: false },
    ]);
    // A highlight left open runs to the end.
    expect(snippetParts('x <mark>y')).toEqual([
      { text: 'x ', mark: false },
      { text: 'y', mark: true },
    ]);
    // Only the exact lowercase tags mark; anything tag-like else is text.
    expect(snippetParts('<MARK>a</MARK> <mark class="x">b</mark >')).toEqual([{ text: '<MARK>a</MARK> <mark class="x">b</mark >', mark: false }]);
    expect(snippetParts('')).toEqual([]);
    expect(snippetParts('<mark></mark>')).toEqual([]);
  });
});

describe('snippetNodes', () => {
  it('builds a hostile snippet as text nodes and <mark> elements only', () => {
    const { doc, made } = recorder();
    const nodes = snippetNodes('&lt;img src=x onerror=alert(1)&gt; <mark>word</mark> &lt;/mark&gt;<script>x</script>', doc);
    expect(nodes).toHaveLength(3);
    expect(made).toEqual([{ text: '<img src=x onerror=alert(1)> ' }, { element: 'mark', text: 'word' }, { text: ' </mark><script>x</script>' }]);
  });
});
