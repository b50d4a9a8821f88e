import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { htmlSoup, visibleSoup } from '../../tests/fixtures/xss/html-arbitrary.ts';
import { sanitizeRichHtml } from './sanitize-rich.ts';
import { PLAIN_TEXT_PASSES, SEO_DESCRIPTION_MAX, hasRichText, metaDescription, plainText, stripEmptyHeadings } from './text.ts';

// What a browser's tokenizer in the data state reads as the start of markup:
// `<` followed by an ASCII letter (tag), `!` (comment, doctype, CDATA), `?`
// (bogus comment), or `/` and any character (end tag or bogus comment). A
// `</` at the very end is text to a browser too (end of input in end tag open).
const MARKUP_START = /<(?:[a-zA-Z!?]|\/[\s\S])/;
const escapeText = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

describe('plainText', () => {
  it('turns tags into spaces and collapses whitespace onto one line', () => {
    expect(plainText('<h1>Title</h1>\n<p>First\tline<br>second&nbsp;&nbsp;line</p><ul><li>a</li><li>b</li></ul>')).toBe('Title First line second line a b');
    expect(plainText('  <p> \u2028 </p> ')).toBe('');
  });

  it('drops the contents of script, style, template, svg and other hidden or foreign elements', () => {
    expect(
      plainText(
        'a<script>var x = "<p>no</p>";</script><style>p{}</style><template>t</template><svg><text>s</text></svg><noscript>n</noscript><title>t</title><!-- c -->b',
      ),
    ).toBe('a b');
  });

  it('decodes entities, double-encoded ones up to maxPasses', () => {
    expect(plainText('Fish &amp; chips &copy; &#8364; &#x1F600;')).toBe('Fish & chips © € 😀');
    expect(plainText('Fish &amp;amp; chips')).toBe('Fish & chips');
    expect(plainText('&amp;amp;amp;')).toBe('&');
    expect(plainText('&amp;amp;amp;amp;')).toBe('&amp;');
    expect(PLAIN_TEXT_PASSES).toBe(3);
    expect(plainText('&amp;amp;lt;', { maxPasses: 1 })).toBe('&amp;lt;');
    expect(plainText('&amp;amp;lt;', { maxPasses: 2 })).toBe('&lt;');
    expect(plainText('&amp;amp;lt;', { maxPasses: 3 })).toBe('<');
  });

  it('keeps literal less-than and greater-than text, never re-reading decoded text as markup', () => {
    expect(plainText('a < b > c')).toBe('a < b > c');
    expect(plainText('<p>1 &lt; 2 &gt; 0</p>')).toBe('1 < 2 > 0');
    expect(plainText('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe('<script>alert(1)</script>');
    expect(plainText('&amp;lt;img src=x onerror=alert(1)&amp;gt; after')).toBe('<img src=x onerror=alert(1)> after');
    expect(plainText('&amp;lt;b&amp;gt;bold&amp;lt;/b&amp;gt;')).toBe('<b>bold</b>');
  });

  it('drops unterminated tags as a browser does', () => {
    expect(plainText('text <img src=x onerror=alert(1)')).toBe('text');
  });

  it('refuses a bad maxPasses or a non-string', () => {
    for (const maxPasses of [0, -1, 1.5, 11, Number.NaN]) expect(() => plainText('x', { maxPasses })).toThrow(RangeError);
    expect(() => plainText(42 as unknown as string)).toThrow(TypeError);
  });

  it("never yields markup from the input's tags: when every `<` of the input opens markup, none survives", () => {
    fc.assert(
      fc.property(htmlSoup({ markupOnly: true }), (html) => {
        const text = plainText(html);
        expect(text).not.toMatch(MARKUP_START);
        expect(text).not.toContain('<');
      }),
      { numRuns: 600 },
    );
  });

  it('yields a markup start only from a `<` that was text in the input, which stays literal text', () => {
    fc.assert(
      fc.property(htmlSoup(), (html) => {
        const text = plainText(html);
        if (MARKUP_START.test(text)) expect(/&|<(?![a-zA-Z!?/])|<\/(?![a-zA-Z])/.test(html), html).toBe(true);
      }),
      { numRuns: 600 },
    );
  });

  it('yields trimmed one-line text that reads back unchanged once escaped', () => {
    fc.assert(
      fc.property(htmlSoup(), (html) => {
        const text = plainText(html);
        expect(text).not.toMatch(/[\n\r\t\u0000-\u001f]|\s\s|^\s|\s$/);
        expect(plainText(escapeText(text), { maxPasses: 1 })).toBe(text);
      }),
      { numRuns: 600 },
    );
  });

  it('keeps every word of visible elements, in order', () => {
    fc.assert(
      fc.property(visibleSoup, ({ html, words }) => {
        expect(plainText(html)).toBe(words.join(' '));
      }),
    );
  });
});

describe('metaDescription', () => {
  const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

  it('returns short text whole and undefined for markup-only input', () => {
    expect(metaDescription('<p>Short <b>text</b>.</p>')).toBe('Short text .');
    for (const html of ['', '   ', '<p><br></p>', '<img src="/a.png">', '<h2>&nbsp;</h2>', '<script>x</script>'])
      expect(metaDescription(html), html).toBeUndefined();
  });

  it('cuts at a word boundary and counts the ellipsis within maxLength', () => {
    const text = words(40);
    const cut = metaDescription(`<p>${text}</p>`);
    expect(SEO_DESCRIPTION_MAX).toBe(155);
    expect(cut).toMatch(/^word0 .* word\d+…$/);
    expect(cut!.length).toBeLessThanOrEqual(SEO_DESCRIPTION_MAX);
    expect(text.startsWith(cut!.slice(0, -1))).toBe(true);
    expect(text[cut!.length - 1]).toBe(' ');
    expect(metaDescription('<p>one two three four</p>', { maxLength: 13 })).toBe('one two…');
    expect(metaDescription('<p>one two three four</p>', { maxLength: 14 })).toBe('one two three…');
    expect(metaDescription('<p>one two, three</p>', { maxLength: 13 })).toBe('one two…');
  });

  it('hard-cuts a single long word without splitting a surrogate pair', () => {
    expect(metaDescription('abcdefghij', { maxLength: 5 })).toBe('abcd…');
    expect(metaDescription('abc😀defgh', { maxLength: 5 })).toBe('abc…');
  });

  it('passes maxPasses through and refuses a bad maxLength', () => {
    expect(metaDescription('&amp;amp;', { maxPasses: 1 })).toBe('&amp;');
    for (const maxLength of [0, 1, 2.5, Number.NaN]) expect(() => metaDescription('x', { maxLength })).toThrow(RangeError);
  });

  it('never exceeds maxLength and is always a prefix of the plain text', () => {
    fc.assert(
      fc.property(htmlSoup(), fc.integer({ min: 2, max: 60 }), (html, maxLength) => {
        const description = metaDescription(html, { maxLength });
        const text = plainText(html);
        if (text === '') {
          expect(description).toBeUndefined();
          return;
        }
        expect(description!.length).toBeLessThanOrEqual(maxLength);
        expect(text.startsWith(description!.endsWith('…') && text.length > maxLength ? description!.slice(0, -1) : description!)).toBe(true);
      }),
      { numRuns: 400 },
    );
  });
});

describe('hasRichText', () => {
  it.each([
    '',
    ' \n ',
    '&nbsp;',
    '\u00a0\u200b',
    '<p><br></p>',
    '<h1></h1><h2> </h2>',
    '<p><span>&nbsp;</span></p>',
    '<!-- note -->',
    '<script>x()</script><style>p{}</style>',
    '<template>t</template>',
  ])('is false for empty leftover %j', (html) => {
    expect(hasRichText(html)).toBe(false);
  });

  it.each([
    'x',
    '<p>Hello</p>',
    '<h2>0</h2>',
    '&amp;nbsp;',
    '<img src="/a.png">',
    '<video src="/v.mp4"></video>',
    '<iframe src="https://x"></iframe>',
    '<svg></svg>',
    '<p><br><img src=a></p>',
  ])('is true for %j', (html) => {
    expect(hasRichText(html)).toBe(true);
  });

  it('agrees with plainText: visible text always counts', () => {
    fc.assert(
      fc.property(htmlSoup(), (html) => {
        if (plainText(html, { maxPasses: 1 }).replace(/[\s\u200b-\u200d\u2060\ufeff]/g, '') !== '') expect(hasRichText(html)).toBe(true);
      }),
      { numRuns: 400 },
    );
  });
});

describe('stripEmptyHeadings', () => {
  it('removes headings with no text and no media, however nested', () => {
    expect(
      stripEmptyHeadings(
        '<h1>Title</h1><h2></h2><h3> &nbsp;<br></h3><h4><span>\u200b</span></h4><p>x</p><h5><a href="/a"><img src="/i.png"></a></h5><h6>0</h6>',
      ),
    ).toBe('<h1>Title</h1><p>x</p><h5><a href="/a"><img src="/i.png" /></a></h5><h6>0</h6>');
  });

  it('keeps every other tag and attribute, only normalised by the parser', () => {
    const html = '<p class="c" style="color: red" data-x="">a</p><figure><img src="data:image/png;base64,AA" alt=""></figure><h2 id="k">Kept</h2>';
    expect(stripEmptyHeadings(html)).toBe(
      '<p class="c" style="color: red" data-x>a</p><figure><img src="data:image/png;base64,AA" alt="" /></figure><h2 id="k">Kept</h2>',
    );
  });

  it('is idempotent on sanitized HTML and changes neither its words nor whether it has content', () => {
    fc.assert(
      fc.property(htmlSoup(), (html) => {
        const clean = sanitizeRichHtml(html);
        const stripped = stripEmptyHeadings(clean);
        expect(stripEmptyHeadings(stripped)).toBe(stripped);
        // A removed heading was a block boundary holding only blank characters
        // (whitespace, nbsp, zero-width), so only those may change.
        const words = (h: string) => plainText(h).replace(/[\s\u00a0\u200b-\u200d\u2060\ufeff]/g, '');
        expect(words(stripped)).toBe(words(clean));
        expect(hasRichText(stripped)).toBe(hasRichText(clean));
        expect(stripped).not.toMatch(/<h[1-6]>(?:\s|<br \/>)*<\/h[1-6]>/);
      }),
      { numRuns: 400, examples: [['<h5>\u200b</h5>'], ['<h2>\u00a0<br></h2>x']] },
    );
  });
});
